import Foundation

/// Reads records of one format from an import file, one at a time.
struct ImportReader {
    static let csvColumns: Set<String> = [
        "username", "password_hash", "email", "phone", "name", "roles", "created_at", "disabled",
    ]

    private let format: ImportFormat
    private var lines: ImportLines?
    private var records: CSVRecords?
    private var header: [String] = []

    /// A reader of `format` over `bytes`; for CSV, the header is read and checked now.
    init(_ format: ImportFormat, _ bytes: ImportBytes) throws(ImportFileProblem) {
        self.format = format
        switch format {
        case .csv, .django:
            var records = CSVRecords(bytes)
            guard let first = try records.next() else {
                throw ImportFileProblem(
                    line: 1,
                    message: format == .csv
                        ? "The file is empty: a CSV import starts with a header row."
                        : "The file is empty: no auth_user rows.")
            }
            header = try format == .csv ? Self.header(first.fields) : Self.djangoHeader(first.fields)
            self.records = records
        case .htpasswd, .shadow:
            lines = ImportLines(bytes)
        }
    }

    private static func header(_ fields: [[UInt8]]) throws(ImportFileProblem) -> [String] {
        var names: [String] = []
        for field in fields {
            let name = String(decoding: field, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
            guard csvColumns.contains(name) else {
                throw ImportFileProblem(
                    line: 1,
                    message:
                        "Line 1 is not a header: \(TerminalEscaping.escape(String(name.prefix(40)))) is not a column "
                        + "(username, password_hash, email, phone, name, roles, created_at, disabled).")
            }
            guard !names.contains(name) else {
                throw ImportFileProblem(line: 1, message: "The header names the column \(name) twice.")
            }
            names.append(name)
        }
        guard names.contains("username") && names.contains("password_hash") else {
            throw ImportFileProblem(line: 1, message: "The header must name the columns username and password_hash.")
        }
        return names
    }

    /// A Django export's header: its columns named, `username` and `password` among them. A file
    /// without one is refused: `auth_user`'s column order is not Django's to fix (on SQLite, a
    /// migration that altered `first_name` moved it to the end of the table).
    private static func djangoHeader(_ fields: [[UInt8]]) throws(ImportFileProblem) -> [String] {
        let names = fields.map {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard names.contains("username") && names.contains("password") else {
            throw ImportFileProblem(
                line: 1,
                message:
                    "Line 1 is not a header naming username and password: export auth_user with one "
                    + "(sqlite3 -csv -header, or psql's \\copy auth_user TO 'file' CSV HEADER).")
        }
        if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw ImportFileProblem(
                line: 1, message: "The header names the column \(TerminalEscaping.escape(twice)) twice.")
        }
        return names
    }

    /// The share of the file read so far, when its size is known (not a pipe).
    var fraction: Double? { records?.fraction ?? lines?.fraction }

    /// The next record, a row problem, or nil at the end of the file.
    mutating func next() throws(ImportFileProblem) -> Result<ImportRecord, ImportRowProblem>? {
        switch format {
        case .csv, .django:
            guard let (line, fields) = try records?.next() else { return nil }
            return format == .csv ? csv(line, fields) : django(line, fields)
        case .htpasswd, .shadow:
            while true {
                guard let bytes = try lines?.next() else { return nil }
                let line = lines?.lineNumber ?? 0
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    return .failure(ImportRowProblem(line: line, reason: "not UTF-8 text"))
                }
                if text.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                return format == .htpasswd ? htpasswd(line, text) : shadow(line, text)
            }
        }
    }

    private func csv(_ line: Int, _ fields: [[UInt8]]) -> Result<ImportRecord, ImportRowProblem> {
        guard fields.count == header.count else {
            return .failure(
                ImportRowProblem(line: line, reason: "\(fields.count) fields where the header names \(header.count)"))
        }
        var record = ImportRecord(line: line)
        for (name, bytes) in zip(header, fields) {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(ImportRowProblem(line: line, reason: "not UTF-8 text"))
            }
            let value: String? = text.isEmpty ? nil : text
            switch name {
            case "username": record.username = text
            case "password_hash": record.passwordHash = value
            case "email": record.email = value
            case "phone": record.phone = value
            case "name": record.name = value
            case "roles": record.roles = text.split(separator: ";").map { String($0) }
            case "created_at": record.createdAt = value
            default: record.disabled = value
            }
        }
        return .success(record)
    }

    /// A row of `auth_user`: its password (`!…`, Django's unusable password, or empty imports none),
    /// first and last name as the name, `is_active` and `is_superuser` (the `admin` role); the other
    /// columns (id, last_login, is_staff, a custom user model's own) are not Latchkey's.
    private func django(_ line: Int, _ fields: [[UInt8]]) -> Result<ImportRecord, ImportRowProblem> {
        guard fields.count == header.count else {
            return .failure(
                ImportRowProblem(line: line, reason: "\(fields.count) fields where the header names \(header.count)"))
        }
        var record = ImportRecord(line: line)
        var first = "", last = ""
        for (name, bytes) in zip(header, fields) {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(ImportRowProblem(line: line, reason: "not UTF-8 text"))
            }
            switch name {
            case "username": record.username = text
            case "password":
                if text.isEmpty || text.hasPrefix("!") {
                    record.passwordless = true
                } else {
                    record.passwordHash = text
                }
            case "email": record.email = text.isEmpty ? nil : text
            case "first_name": first = text.trimmingCharacters(in: .whitespaces)
            case "last_name": last = text.trimmingCharacters(in: .whitespaces)
            case "is_active": record.active = text
            case "is_superuser": record.superuser = text
            case "date_joined": record.createdAt = text.isEmpty ? nil : text
            default: continue
            }
        }
        let name = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
        record.name = name.isEmpty ? nil : name
        return .success(record)
    }

    /// `user:hash`: the hash is everything after the first colon.
    private func htpasswd(_ line: Int, _ text: String) -> Result<ImportRecord, ImportRowProblem> {
        guard let colon = text.firstIndex(of: ":"), text.index(after: colon) < text.endIndex else {
            return .failure(ImportRowProblem(line: line, reason: "not user:hash"))
        }
        var record = ImportRecord(line: line)
        record.username = String(text[..<colon])
        record.passwordHash = String(text[text.index(after: colon)...])
        return .success(record)
    }

    /// `name:hash:lastchg:min:max:warn:inactive:expire:reserved`. A hash behind `!` is locked: the
    /// account imports disabled, with its hash for when an operator enables it; `*` or `!` alone is
    /// no password at all (disabled, and no password signs it in). An empty hash is refused: on
    /// the system it came from, it let anyone in.
    private func shadow(_ line: Int, _ text: String) -> Result<ImportRecord, ImportRowProblem> {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 9 else {
            return .failure(ImportRowProblem(line: line, reason: "\(fields.count) fields where shadow has 9"))
        }
        var hash = String(fields[1])
        guard !hash.isEmpty else {
            return .failure(ImportRowProblem(line: line, reason: "an empty password field (no password at all)"))
        }
        var record = ImportRecord(line: line)
        record.username = String(fields[0])
        if hash.hasPrefix("!") || hash.hasPrefix("*") {
            record.disabled = "true"
            hash = String(hash.drop { $0 == "!" })
            if hash.isEmpty || hash.hasPrefix("*") { hash = "" }
        }
        record.passwordHash = hash.isEmpty ? nil : hash
        return .success(record)
    }
}
