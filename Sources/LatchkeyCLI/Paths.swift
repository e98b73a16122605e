import Foundation

/// Where the CLI keeps its files, after the XDG Base Directory specification.
enum Paths {
    static func database() throws(CLIError) -> String {
        if let path = environment("LATCHKEY_DATABASE") { return path }
        return try base("XDG_DATA_HOME", fallback: ".local/share") + "/latchkey/latchkey.sqlite3"
    }

    /// The session file, made absolute against the working folder when given relative.
    static func sessionFile() throws(CLIError) -> String {
        if let path = environment("LATCHKEY_SESSION_FILE") { return absolute(path) }
        return try base("XDG_STATE_HOME", fallback: ".local/state") + "/latchkey/session"
    }

    /// The installation secret's key file when named (`LATCHKEY_SECRET_KEY_FILE`); else it lies
    /// beside the database.
    static func secretKeyFile() -> String? {
        environment("LATCHKEY_SECRET_KEY_FILE").map(absolute)
    }

    /// A personal access token to act with instead of the session file (`LATCHKEY_TOKEN`, as `gh`
    /// reads `GH_TOKEN`).
    static func accessToken() -> String? {
        environment("LATCHKEY_TOKEN")
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// An empty variable counts as unset.
    private static func environment(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// `$variable` when it is an absolute path (the specification ignores relative ones), else `~/fallback`.
    private static func base(_ variable: String, fallback: String) throws(CLIError) -> String {
        if let value = environment(variable), value.hasPrefix("/") { return value }
        guard let home = environment("HOME") else {
            throw CLIError(
                message: "Cannot find the home folder: set HOME, or name the files with --database and "
                    + "LATCHKEY_SESSION_FILE.",
                exitCode: ExitStatus.storage)
        }
        return home + "/" + fallback
    }
}
