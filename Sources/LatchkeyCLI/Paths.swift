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

    /// The environment variables named `LATCHKEY_…`, every one the configuration reads (its file's
    /// variable, the policy's and the server's): read from `environ`, the others never decoded, where
    /// `ProcessInfo.environment` copies the whole environment into a dictionary. Of a name given
    /// twice, the first, as getenv reads it.
    static func latchkeyVariables() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            entry += 1
            guard strncmp(pointer, "LATCHKEY_", 9) == 0, let equals = strchr(pointer, 61) else { continue }
            let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: equals - pointer), as: UTF8.self)
            if variables[name] == nil { variables[name] = String(cString: equals + 1) }
        }
        return variables
    }

    /// An empty variable counts as unset. Read with getenv: `ProcessInfo.environment` copies the
    /// whole environment into a dictionary at every call.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
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
