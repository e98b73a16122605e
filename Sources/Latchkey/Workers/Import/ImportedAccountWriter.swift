import Foundation

/// Writes an import's new accounts many to a statement: on PostgreSQL every statement is a round
/// trip, and one per row made 100,000 rows take 24 s. Rows a unique key stops are left out
/// (`ON CONFLICT DO NOTHING`), and so are rows whose address an existing account has verified (an
/// imported address is unverified, and an unverified address reserves nothing, so no index stops
/// those), for the caller to explain one by one.
struct ImportedAccountWriter {
    let now: Date

    /// At most this many rows to a statement, in powers of two so that few statement texts exist.
    private static let largest = 128

    /// Inserts `candidates` (in the file's order: of two rows with one username the first wins) and
    /// their hashes and roles; the new accounts' ids by line.
    func insert(_ candidates: [ImportCandidate], in db: Database) throws -> [Int: Int64] {
        var ids: [Int: Int64] = [:]
        for chunk in Self.chunks(candidates) { try insertAccounts(chunk, into: &ids, in: db) }
        let new = candidates.compactMap { candidate in ids[candidate.line].map { (id: $0, candidate: candidate) } }
        try insertHashes(new.compactMap { new in new.candidate.hash.map { (new.id, $0) } }, in: db)
        for (id, candidate) in new {
            for role in candidate.roles {
                try db.execute(
                    "INSERT INTO user_roles (user_id, role) VALUES (?, ?) ON CONFLICT DO NOTHING", [id, role.value])
            }
        }
        return ids
    }

    private func insertAccounts(_ all: ArraySlice<ImportCandidate>, into ids: inout [Int: Int64], in db: Database)
        throws
    {
        let taken = try verifiedKeys(all.compactMap { $0.email?.key }, in: db)
        let chunk = taken.isEmpty ? all : all.filter { !taken.contains($0.email?.key ?? "") }
        guard !chunk.isEmpty else { return }
        let row = "(?, ?, ?, ?, ?, ?, ?, ?, ?)"
        var values: [any SQLBindable] = []
        values.reserveCapacity(chunk.count * 9)
        for candidate in chunk {
            values += [
                candidate.username.value, candidate.email?.value, candidate.email?.key, candidate.phone?.e164,
                candidate.name?.value, ImportCandidate.noPassword, candidate.createdAt.databaseSeconds,
                now.databaseSeconds, candidate.disabled ? now.databaseSeconds : nil,
            ]
        }
        let returned = try db.query(
            """
            INSERT INTO users (
                username, email, email_key, phone, display_name, password_hash, created_at, updated_at, disabled_at)
            VALUES \(Array(repeating: row, count: chunk.count).joined(separator: ", "))
            ON CONFLICT DO NOTHING RETURNING id, username, email_key
            """, values
        ) { (Self.key(try $0.string("username"), try $0.optionalString("email_key")), try $0.int64("id")) }
        // RETURNING's order is the engine's: the unique keys say which rows went in (two rows with
        // the same keys stand or fall together; of those, the earlier line went in).
        var byKeys = Dictionary(returned, uniquingKeysWith: { first, _ in first })
        for candidate in chunk {
            if let id = byKeys.removeValue(forKey: Self.key(candidate.username.value, candidate.email?.key)) {
                ids[candidate.line] = id
            }
        }
    }

    /// Which of `keys` an existing account has verified: one statement for the chunk.
    private func verifiedKeys(_ keys: [String], in db: Database) throws -> Set<String> {
        guard !keys.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: keys.count).joined(separator: ", ")
        return Set(
            try db.query(
                "SELECT email_key FROM users WHERE email_verified_at IS NOT NULL AND email_key IN (\(marks))", keys
            ) { try $0.string("email_key") })
    }

    /// `rows` in order, cut into runs of `largest` and then of smaller powers of two.
    private static func chunks<Row>(_ rows: [Row]) -> [ArraySlice<Row>] {
        var chunks: [ArraySlice<Row>] = []
        var rest = rows[...]
        while !rest.isEmpty {
            var size = largest
            while size > rest.count { size /= 2 }
            chunks.append(rest.prefix(size))
            rest = rest.dropFirst(size)
        }
        return chunks
    }

    private static func key(_ username: String, _ emailKey: String?) -> String {
        username + "\u{0}" + (emailKey ?? "")
    }

    /// Each new account's imported hash: one placeholder row per value row, by construction.
    private func insertHashes(_ hashes: [(userID: Int64, hash: ForeignHash)], in db: Database) throws {
        for chunk in Self.chunks(hashes) {
            var values: [any SQLBindable] = []
            for (userID, hash) in chunk { values += [userID, hash.scheme.rawValue, hash.text, now.databaseSeconds] }
            try db.execute(
                "INSERT INTO imported_passwords (user_id, scheme, hash, imported_at) VALUES "
                    + Array(repeating: "(?, ?, ?, ?)", count: chunk.count).joined(separator: ", "), values)
        }
    }
}
