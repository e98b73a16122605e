import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin import FILE|- --format …`: the ImportUsers scene's display.
struct AdminImportCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Bring existing accounts in with their password hashes (re-hashed with Argon2id at their next sign-in).",
        discussion: """
            csv: a header row naming columns from username, password_hash, email, phone, name, roles \
            (';'-separated), created_at, disabled; RFC 4180 quoting. htpasswd: user:hash lines. shadow: \
            /etc/shadow lines (a locked password imports the account disabled). django: auth_user as \
            psql \\copy ... CSV HEADER or sqlite3 -csv writes it. Hashes: Argon2id, Argon2i, bcrypt, \
            sha512crypt, sha256crypt, yescrypt, md5crypt, Apache $apr1$ and {SHA}, Django's pbkdf2_sha256, \
            pbkdf2_sha1, argon2, bcrypt_sha256, bcrypt and scrypt. Every row passes the same \
            checks as register; unless --on-conflict skip, one refused row imports nothing (exit 65), \
            and the refused rows are listed with their line numbers. One transaction, one audit event.

            Examples:
              latchkey admin import users.csv --format csv --dry-run
              latchkey admin import /etc/apache2/.htpasswd --format htpasswd --on-conflict skip
              sudo cat /etc/shadow | latchkey admin import - --format shadow --json
              sqlite3 -csv -header db.sqlite3 'SELECT * FROM auth_user' | latchkey admin import - --format django
            """)

    @Argument(help: "The file, or - for standard input.")
    var file: String

    @Option(help: "csv, htpasswd, shadow or django.")
    var format: String

    @Option(help: "fail (import nothing), skip (leave such rows out) or update (replace an existing account's hash).")
    var onConflict = "fail"

    @Flag(help: "Check and count everything, then keep nothing.")
    var dryRun = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard ImportFormat(rawValue: format) != nil else {
            throw ValidationError("--format takes csv, htpasswd, shadow or django.")
        }
        guard ImportUsers.Conflict(rawValue: onConflict) != nil else {
            throw ValidationError("--on-conflict takes fail, skip or update.")
        }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let format = ImportFormat(rawValue: format) ?? .csv
        let conflict = ImportUsers.Conflict(rawValue: onConflict) ?? .fail
        let descriptor = file == "-" ? STDIN_FILENO : open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CLIError(
                message: "Cannot open \(TerminalEscaping.escape(file)): \(String(cString: strerror(errno))).",
                exitCode: ExitStatus.invalidInput)
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        let view = AdminImportView(json: options.json, progress: isatty(STDERR_FILENO) == 1 && !options.json)
        try root.sceneFactory().makeImportUsersScene(display: view).interactor.importUsers(
            request: .init(
                descriptor: descriptor, format: format, conflict: conflict, dryRun: dryRun,
                actor: AdminCommand.operatorName()))
        try view.finish()
    }
}
