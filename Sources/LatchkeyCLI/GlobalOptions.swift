import ArgumentParser
import Foundation
import Latchkey

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file (default: $LATCHKEY_DATABASE, else $XDG_DATA_HOME/latchkey/latchkey.sqlite3).",
            valueName: "path"))
    var database: String?

    @Flag(name: .long, help: "Print the result as one JSON object on stdout.")
    var json = false

    /// Opens the database and assembles the scenes' Workers at policy strength.
    func sceneFactory() throws -> SceneFactory {
        let path = try database ?? Paths.database()
        do {
            return SceneFactory(workers: LatchkeyWorkers(database: try DatabaseWorker(.file(path: path))))
        } catch {
            throw CLIFailure(
                message: "Cannot use the database at \(path): \(Self.explain(error))",
                exitCode: error.isBusy ? ExitStatus.busy : ExitStatus.storage)
        }
    }

    private static func explain(_ error: DatabaseError) -> String {
        switch error {
        case .sqlite(let sqlite) where sqlite.code == 26: "it is not a Latchkey database."
        case .readOnly: "it is read-only."
        case .unknownMigration: "it was written by a newer version of Latchkey."
        case .sqlite(let sqlite): sqlite.message + "."
        default: error.description
        }
    }
}
