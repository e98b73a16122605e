import Foundation
import Latchkey
import LatchkeyConfiguration

/// Where the CLI assembles what the scenes need: it opens the storage at the path the options name,
/// words a failure through the library's own failure view models, and finds the session file.
struct CompositionRoot {
    /// `--database`, when given.
    let database: String?

    init(database: String?) {
        self.database = database
    }

    init(options: GlobalOptions) {
        self.init(database: options.database)
    }

    /// The scene factory over the database, at policy strength, for requests from the local user.
    func sceneFactory() throws(CLIError) -> SceneFactory {
        SceneFactory(workers: try workers(), client: LocalClient.context())
    }

    /// The Workers over the database, its key file checked.
    func workers() throws(CLIError) -> LatchkeyWorkers {
        // The configuration first: a refused one opens (and creates) nothing.
        let policy = try Self.policy()
        let location = try databaseLocation()
        let workers = LatchkeyWorkers(
            database: try open(location), policy: policy, secret: secret(for: location), delivery: Self.delivery())
        do { try workers.checkInstallationKey() } catch { throw CLIError(error) }
        return workers
    }

    /// The policy the file `$LATCHKEY_CONFIG` names and the `LATCHKEY_POLICY_…` variables set; a
    /// configuration Latchkey refuses stops the command before it opens anything (exit 78).
    static func policy() throws(CLIError) -> SecurityPolicy {
        do {
            return try LatchkeyConfiguration.forCommandLine(environment: Paths.latchkeyVariables()).policy
        } catch {
            throw CLIError(message: "configuration refused: \(error)", exitCode: ExitStatus.configuration)
        }
    }

    /// `$LATCHKEY_DELIVER_COMMAND`, run for each reset or verification code as latchkey-server's
    /// --deliver-command; no delivery without it.
    static func delivery() -> any MessageDelivery {
        guard let command = Paths.environment("LATCHKEY_DELIVER_COMMAND") else { return NoDelivery() }
        return CommandDelivery(command: command)
    }

    /// The storage at `location`, opened and migrated, or the failure worded for a person. A command
    /// runs on one thread, so a SQLite file gets one connection (no readers beside the writer).
    func open(_ location: DatabaseLocation) throws(CLIError) -> DatabaseWorker {
        do {
            return try DatabaseWorker(location, migrations: nil, use: .oneCommand)
        } catch {
            throw CLIError(LatchkeyError.cannotOpen(location.description, error))
        }
    }

    /// The installation secret for `location`: `$LATCHKEY_SECRET_KEY_FILE`, else the key file beside it.
    func secret(for location: DatabaseLocation) -> InstallationSecret {
        Paths.secretKeyFile().map { InstallationSecret(keyFile: $0) } ?? .beside(location)
    }

    /// The session file.
    func sessionFile() throws(CLIError) -> SessionFile {
        SessionFile(path: try Paths.sessionFile())
    }

    /// The session token for a command only a session may run: with `LATCHKEY_TOKEN` set, the
    /// command says an access token cannot `action` (exit 1) instead of quietly using the session file.
    func sessionToken(for action: String) throws(CLIError) -> SessionToken? {
        guard Paths.accessToken() == nil else {
            throw CLIError(
                message: "LATCHKEY_TOKEN holds an access token, which cannot \(action): unset it to use your session.",
                exitCode: ExitStatus.notAuthenticated, code: .forbidden)
        }
        return try sessionFile().read()
    }

    /// The database: a PostgreSQL URL (`postgresql://` or `postgres://`) or a SQLite file path.
    func databaseLocation() throws(CLIError) -> DatabaseLocation {
        DatabaseLocation(parsing: try databasePath())
    }

    /// The database path or URL; the CLI needs one that persists, so `:memory:` is a usage error.
    private func databasePath() throws(CLIError) -> String {
        var path = database ?? ""
        if database == nil { path = try Paths.database() }
        guard !path.isEmpty, path != ":memory:" else {
            throw CLIError(
                message: "--database needs a file: an in-memory database would forget everything at exit.",
                exitCode: ExitStatus.usage)
        }
        return path
    }
}
