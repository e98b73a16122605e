import ArgumentParser
import Foundation
import Latchkey

/// `latchkey database copy --to URL | --from URL`.
struct DatabaseCopyCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy every account, session and event to another database, or from one.",
        discussion: """
            The database named by --database (or $LATCHKEY_DATABASE) is the source with --to and the \
            target with --from. The target must hold no Latchkey data: the copy is one transaction on it, \
            so it ends with all rows or none, and each table's row count is checked before it commits. \
            Password and session hashes move as they are, so everyone stays signed in. The key file \
            goes with the data (written where the target's key file belongs when it has none).

            Examples:
              latchkey database copy --to postgresql://latchkey@db.internal/latchkey
              latchkey --database postgresql:///latchkey database copy --to ~/latchkey-backup.sqlite3
              latchkey database copy --from old.sqlite3 --json
            """)

    @Option(help: ArgumentHelp("The database to copy into (a file path or a postgresql:// URL).", valueName: "url"))
    var to: String?

    @Option(help: ArgumentHelp("The database to copy from (a file path or a postgresql:// URL).", valueName: "url"))
    var from: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (to == nil) != (from == nil) else { throw ValidationError("Give --to or --from (one of them).") }
        guard (to ?? from) != "", (to ?? from) != ":memory:" else {
            throw ValidationError("--to and --from need a file or a postgresql:// URL.")
        }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let here = try root.databaseLocation()
        let there = DatabaseLocation(parsing: to ?? from ?? "")
        let (source, target) = to != nil ? (here, there) : (there, here)
        guard source != target else {
            throw CLIError(message: "The source and the target are the same database.", exitCode: ExitStatus.usage)
        }
        let sourceSecret = root.secret(for: source)
        let targetSecret = root.secret(for: target)
        do { try sourceSecret.checkCarry(to: targetSecret) } catch {
            throw CLIError(LatchkeyError.unavailable(.from(error)))
        }
        let from = try root.open(source)
        let into = try root.open(target)
        let meter = CopyMeter(showing: !options.json && isatty(STDERR_FILENO) == 1)
        let counts = try copy(from: from, into: into, meter: meter)
        let carried: InstallationSecret.Carried
        do { carried = try sourceSecret.carry(to: targetSecret) } catch {
            throw CLIError(
                message: "The rows were copied, but not the key file: \(error) Copy it by hand.",
                exitCode: ExitStatus.storage)
        }
        try report(counts, source: source, target: target, carried: carried, seconds: meter.elapsed, key: targetSecret)
    }

    /// The copy, its progress line cleared from the terminal however it ends.
    private func copy(from: DatabaseWorker, into: DatabaseWorker, meter: CopyMeter) throws(CLIError)
        -> [(table: String, rows: Int)]
    {
        defer { meter.end() }
        do {
            return try DatabaseCopy.copy(from: from, to: into) { meter.show($0) }
        } catch let failure as DatabaseCopyError {
            let code = if case .targetNotEmpty = failure { ExitStatus.cannotCreate } else { ExitStatus.storage }
            throw CLIError(message: "Nothing was copied: \(failure).", exitCode: code)
        } catch {
            throw CLIError(LatchkeyError.unavailable(.from(error)))
        }
    }

    private func report(
        _ counts: [(table: String, rows: Int)], source: DatabaseLocation, target: DatabaseLocation,
        carried: InstallationSecret.Carried, seconds: Double, key: InstallationSecret
    ) throws(CLIError) {
        let total = counts.map(\.rows).reduce(0, +)
        if options.json {
            try Console.json(
                JSONOutput.Copy(
                    from: source.description, to: target.description,
                    tables: Dictionary(uniqueKeysWithValues: counts.map { ($0.table, $0.rows) }), rows: total,
                    seconds: (seconds * 10).rounded() / 10, keyFile: carried.rawValue))
            return
        }
        try Console.out(
            "Copied \(CopyMeter.grouped(total)) rows from \(source) to \(target) in "
                + String(format: "%.1f s", seconds) + ".")
        let width = counts.map(\.table.count).max() ?? 0
        for (table, rows) in counts {
            try Console.out(
                "  " + table.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + CopyMeter.grouped(rows))
        }
        switch carried {
        case .copied: try Console.out("Key file copied to \(key.keyFilePath ?? "")")
        case .same, .none: break
        }
    }
}
