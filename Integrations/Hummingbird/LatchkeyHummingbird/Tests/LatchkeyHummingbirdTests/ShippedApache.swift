import Foundation
import LatchkeyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Apache httpd with mod_auth_openidc running the shipped `examples/mod_auth_openidc.conf` exactly as
/// it is: everything a deployment chooses reaches it through the environment the file names, and
/// its pid file, error log and shared memory stay in a folder of the test's own.
struct ShippedApache {
    /// The shipped configuration.
    static let file = ShippedExamples.folder.appendingPathComponent("mod_auth_openidc.conf")
    static let module = "/usr/lib/apache2/modules/mod_auth_openidc.so"

    /// What the file reads from the environment (its comment says what each one is).
    struct Settings {
        var issuer = "http://127.0.0.1:8080"
        var clientID = "lkc_placeholder"
        var clientSecret = "lks_placeholder"
        var port = 8090
        var upstream = "http://127.0.0.1:3000"

        /// This server as the browser reaches it.
        var origin: String { "http://127.0.0.1:\(port)" }
        /// The redirect URI the file gives mod_auth_openidc, to register with the client.
        var redirectURI: String { origin + "/oidc/callback" }
        /// The page Latchkey's end-session endpoint sends the browser back to.
        var signedOutURI: String { origin + "/signed-out" }
    }

    /// The folder for the pid file, the error log and the shared memory: readable by the workers,
    /// which run as another user when Apache is started as root.
    let folder: URL

    /// apache2, or a thrown error saying how to install it and the module.
    static func binary() throws -> String {
        guard let binary = ["/usr/sbin/apache2", "/usr/sbin/httpd"].first(where: FileManager.default.isExecutableFile),
            FileManager.default.fileExists(atPath: module)
        else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "apache2 with mod_auth_openidc is not installed "
                        + "(apt-get install apache2 libapache2-mod-auth-openidc)"
                ])
        }
        return binary
    }

    /// The error log so far (empty when there is none), for a failure message.
    var errorLog: String {
        (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    /// Apache's own check of the file (`apache2 -t -f FILE`): its exit status and what it printed.
    func check(_ settings: Settings) throws -> (status: Int32, output: String) {
        let arguments = ["-t", "-f", Self.file.path]
        let checking = try SpawnedProcess(try Self.binary(), arguments, environment: environment(settings))
        let exit = try checking.wait(timeout: .seconds(60))
        return (exit.signalled ? 128 + exit.status : exit.status, exit.output + exit.errors)
    }

    /// Starts Apache in the foreground on the file and waits until it listens; `stop` ends it.
    func start(_ settings: Settings) throws -> SpawnedProcess {
        let process = try SpawnedProcess(
            try Self.binary(), ["-f", Self.file.path, "-DFOREGROUND"], environment: environment(settings))
        guard FreePort.isListening(settings.port, within: 30, gaveUp: { !process.isRunning }) else {
            Self.stop(process)
            throw CocoaError(
                .fileReadUnknown,
                userInfo: [NSLocalizedDescriptionKey: "apache2 did not start listening:\n\(errorLog)"])
        }
        return process
    }

    /// Ends Apache the way `apache2ctl stop` does (SIGTERM to the parent, which ends its workers).
    static func stop(_ process: SpawnedProcess) {
        process.sendSignal(SIGTERM)
        _ = try? process.wait(timeout: .seconds(20))
    }

    private func environment(_ settings: Settings) -> [String: String] {
        let account = Self.workersAccount()
        return [
            "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
            "LATCHKEY_ISSUER": settings.issuer,
            "OIDC_CLIENT_ID": settings.clientID,
            "OIDC_CLIENT_SECRET": settings.clientSecret,
            "OIDC_CRYPTO_PASSPHRASE": UUID().uuidString + UUID().uuidString,
            "APP_ORIGIN": settings.origin,
            "APP_LISTEN": "127.0.0.1:\(settings.port)",
            "APP_UPSTREAM": settings.upstream,
            "APACHE_RUN_DIR": folder.path,
            "APACHE_LOG_DIR": folder.path,
            "APACHE_RUN_USER": account.user,
            "APACHE_RUN_GROUP": account.group,
        ]
    }

    /// Who the workers run as: Apache refuses to serve as root, so a root test names Debian's
    /// www-data (or nobody); anyone else names themselves (Apache cannot switch users then anyway).
    static func workersAccount() -> (user: String, group: String) {
        if geteuid() == 0 {
            return getpwnam("www-data") != nil ? ("www-data", "www-data") : ("nobody", "nogroup")
        }
        let user = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? "nobody"
        let group = getgrgid(getegid()).map { String(cString: $0.pointee.gr_name) } ?? "nogroup"
        return (user, group)
    }
}
