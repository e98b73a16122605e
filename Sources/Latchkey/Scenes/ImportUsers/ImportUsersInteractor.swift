import Foundation

/// Imports accounts from a file, streamed a record at a time into one write transaction, so that a
/// refused import leaves nothing behind and memory stays flat whatever the file's size. Every field
/// passes the same validation as `register`; a password hash must be of a scheme Latchkey verifies
/// (`ForeignHash`). Duplicates inside the file and accounts that already exist are found by the
/// database's unique keys, not by a set in memory.
public final class ImportUsersInteractor: SceneInteractor<any ImportUsersPresentationLogic>,
    ImportUsersBusinessLogic
{
    public func importUsers(request: ImportUsers.Request) {
        presenter.presentImport(response: SceneWork.respond { try run(request) })
    }

    /// Thrown out of the write transaction to roll it back: a dry run, or a refused import.
    private struct RollBack: Error {
        let summary: ImportUsers.Summary
    }

    /// Thrown when the engine ran the transaction a second time (a serialization conflict): the
    /// stream cannot be read again.
    private struct Interrupted: Error {}

    private func run(_ request: ImportUsers.Request) throws -> ImportUsers.Response {
        let started = ContinuousClock.now
        let now = workers.time.now()
        let reader: ImportReader
        do { reader = try ImportReader(request.format, ImportBytes(descriptor: request.descriptor)) } catch {
            return .unreadable(error)
        }
        var ran = false
        do {
            let summary = try workers.database.write { db -> ImportUsers.Summary in
                guard !ran else { throw Interrupted() }
                ran = true
                var summary = try importAll(reader, request, now: now, started: started, in: db)
                summary.seconds = Self.seconds(since: started)
                if request.dryRun || (summary.refused > 0 && request.conflict != .skip) {
                    throw RollBack(summary: summary)
                }
                try workers.audit.record(
                    .usersImported, usernameKey: "import", userID: nil, by: request.actor,
                    detail: Self.detail(summary, request.format), now: now, in: db)
                return summary
            }
            return .imported(summary)
        } catch let rollBack as RollBack {
            return rollBack.summary.dryRun || rollBack.summary.refused == 0
                ? .imported(rollBack.summary) : .refused(rollBack.summary)
        } catch let problem as ImportFileProblem {
            return .unreadable(problem)
        } catch is Interrupted {
            return .unreadable(
                ImportFileProblem(
                    line: 0,
                    message:
                        "The database interrupted the import (a write conflict): nothing was imported; run it again."))
        }
    }

    private func importAll(
        _ reader: ImportReader, _ request: ImportUsers.Request, now: Date, started: ContinuousClock.Instant,
        in db: Database
    ) throws -> ImportUsers.Summary {
        var summary = ImportUsers.Summary()
        summary.dryRun = request.dryRun
        let lastIDBefore =
            try db.queryFirst("SELECT COALESCE(MAX(id), 0) AS id FROM users", []) { try $0.int64("id") } ?? 0
        let records = CheckedRecords(reader, now: now)
        defer { records.close() }
        while let batch = try records.next() {
            for item in batch.items {
                try importOne(item, request, now: now, lastIDBefore: lastIDBefore, into: &summary, in: db)
                if summary.rows % 10_000 == 0 {
                    presenter.presentProgress(
                        response: .init(
                            rows: summary.rows, seconds: Self.seconds(since: started), fraction: batch.fraction))
                }
            }
        }
        return summary
    }

    private func importOne(
        _ item: CheckedRecords.Item, _ request: ImportUsers.Request, now: Date, lastIDBefore: Int64,
        into summary: inout ImportUsers.Summary, in db: Database
    ) throws {
        summary.rows += 1
        let candidate: ImportCandidate
        switch item {
        case .failure(let problem):
            Self.refuse(problem, in: &summary)
            return
        case .success(let value): candidate = value
        }
        switch try insert(candidate, now: now, lastIDBefore: lastIDBefore, in: db) {
        case .inserted: summary.imported += 1
        case .conflict(let reason, let existingID):
            if request.conflict == .update, let existingID {
                try update(existingID, with: candidate, now: now, in: db)
                summary.updated += 1
            } else if request.conflict == .skip {
                summary.skipped += 1
                Self.note(ImportRowProblem(line: candidate.line, reason: reason), in: &summary)
            } else {
                Self.refuse(ImportRowProblem(line: candidate.line, reason: reason), in: &summary)
            }
        }
    }

    private enum Outcome {
        case inserted
        /// Why, and the existing account's id when it existed before this import.
        case conflict(String, existingID: Int64?)
    }

    private func insert(_ candidate: ImportCandidate, now: Date, lastIDBefore: Int64, in db: Database) throws
        -> Outcome
    {
        let id = try db.insertReturningID(
            """
            INSERT INTO users (
                username, email, email_key, phone, display_name, password_hash, created_at, updated_at, disabled_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """,
            [
                candidate.username.value, candidate.email?.value, candidate.email?.key, candidate.phone?.e164,
                candidate.name?.value, ImportCandidate.noPassword, candidate.createdAt.databaseSeconds,
                now.databaseSeconds, candidate.disabled ? now.databaseSeconds : nil,
            ])
        guard let id else {
            let existing = try db.queryFirst(
                "SELECT id FROM users WHERE username = ?", [candidate.username.value]
            ) { try $0.int64("id") }
            switch existing {
            case let existing? where existing > lastIDBefore:
                return .conflict("the username appears earlier in the file", existingID: nil)
            case let existing?: return .conflict("the username exists already", existingID: existing)
            case nil: return .conflict("the email address is in use", existingID: nil)
            }
        }
        try storeHash(candidate, userID: id, now: now, replacing: false, in: db)
        for role in candidate.roles {
            try db.execute(
                "INSERT INTO user_roles (user_id, role) VALUES (?, ?) ON CONFLICT DO NOTHING", [id, role.value])
        }
        return .inserted
    }

    /// `--on-conflict update`: the file's hash (and email, phone, name when given) replace the account's.
    private func update(_ id: Int64, with candidate: ImportCandidate, now: Date, in db: Database) throws {
        try storeHash(candidate, userID: id, now: now, replacing: true, in: db)
        if let email = candidate.email {
            try db.execute(
                "UPDATE users SET email = ?, email_key = ?, email_verified_at = NULL WHERE id = ?",
                [email.value, email.key, id])
        }
        if let phone = candidate.phone { try db.execute("UPDATE users SET phone = ? WHERE id = ?", [phone.e164, id]) }
        if let name = candidate.name {
            try db.execute("UPDATE users SET display_name = ? WHERE id = ?", [name.value, id])
        }
        try db.execute("UPDATE users SET updated_at = ? WHERE id = ?", [now.databaseSeconds, id])
    }

    /// The imported hash beside a new account, or `replacing` an existing account's.
    private func storeHash(_ candidate: ImportCandidate, userID: Int64, now: Date, replacing: Bool, in db: Database)
        throws
    {
        guard let hash = candidate.hash else { return }
        let values: [any SQLBindable] = [userID, hash.scheme.rawValue, hash.text, now.databaseSeconds]
        guard replacing else {
            try db.execute(
                "INSERT INTO imported_passwords (user_id, scheme, hash, imported_at) VALUES (?, ?, ?, ?)", values)
            return
        }
        try db.execute(
            """
            INSERT INTO imported_passwords (user_id, scheme, hash, imported_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET scheme = excluded.scheme, hash = excluded.hash,
                imported_at = excluded.imported_at
            """, values)
    }

    private static func refuse(_ problem: ImportRowProblem, in summary: inout ImportUsers.Summary) {
        summary.refusedByReason[problem.reason, default: 0] += 1
        note(problem, in: &summary)
    }

    private static func note(_ problem: ImportRowProblem, in summary: inout ImportUsers.Summary) {
        if summary.refusals.count < ImportUsers.Summary.shownRefusals {
            summary.refusals.append(ImportUsers.Refusal(line: problem.line, reason: problem.reason))
        }
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The audit event's counts (never a name or a hash).
    private static func detail(_ summary: ImportUsers.Summary, _ format: ImportFormat) -> String {
        "\(format.rawValue): \(summary.imported) imported, \(summary.updated) updated, \(summary.skipped) skipped, "
            + "\(summary.refused) refused"
    }
}
