import Foundation

/// Imports accounts from a file, streamed a record at a time into one write transaction, so that a
/// refused import leaves nothing behind and memory stays flat whatever the file's size. Every field
/// passes the same validation as `register`; a password hash must be of a scheme Latchkey verifies
/// (`ForeignHash`). Duplicates inside the file and accounts that already exist are found by the
/// database's unique keys, not by a set in memory.
package final class ImportUsersInteractor: SceneInteractor<any ImportUsersPresentationLogic>,
    ImportUsersBusinessLogic
{
    package func importUsers(request: ImportUsers.Request) {
        presenter.presentImport(response: SceneWork.respond { try run(request) })
    }

    /// Thrown out of the write transaction to roll it back: a dry run, or a refused import.
    private struct RollBackError: Error {
        let summary: ImportUsers.Summary
    }

    /// Thrown when the engine ran the transaction a second time (a serialization conflict): the
    /// stream cannot be read again.
    private struct InterruptedError: Error {}

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
                guard !ran else { throw InterruptedError() }
                ran = true
                var summary = try importAll(reader, request, now: now, started: started, in: db)
                summary.seconds = Self.seconds(since: started)
                if request.dryRun || (summary.refused > 0 && request.conflict != .skip) {
                    throw RollBackError(summary: summary)
                }
                try audit.record(
                    .usersImported, usernameKey: "import", userID: nil, by: request.actor,
                    detail: Self.detail(summary, request.format), now: now, in: db)
                return summary
            }
            return .imported(summary)
        } catch let rollBack as RollBackError {
            return rollBack.summary.dryRun || rollBack.summary.refused == 0
                ? .imported(rollBack.summary) : .refused(rollBack.summary)
        } catch let problem as ImportFileProblem {
            return .unreadable(problem)
        } catch is InterruptedError {
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
        let writer = ImportedAccountWriter(now: now)
        while let batch = try records.next() {
            let inserted = try writer.insert(batch.items.compactMap { try? $0.get() }, in: db)
            for item in batch.items {
                try account(item, inserted, request, now: now, lastIDBefore: lastIDBefore, into: &summary, in: db)
                if summary.rows % 10_000 == 0 {
                    presenter.presentProgress(
                        response: .init(
                            rows: summary.rows, seconds: Self.seconds(since: started), fraction: batch.fraction))
                }
            }
        }
        return summary
    }

    /// Counts one record: refused, inserted (by the writer), or stopped by a unique key and then
    /// updated, skipped or refused as `--on-conflict` says.
    private func account(
        _ item: CheckedRecords.Item, _ inserted: [Int: Int64], _ request: ImportUsers.Request, now: Date,
        lastIDBefore: Int64, into summary: inout ImportUsers.Summary, in db: Database
    ) throws {
        summary.rows += 1
        let candidate: ImportCandidate
        switch item {
        case .failure(let problem):
            Self.refuse(problem, in: &summary)
            return
        case .success(let value): candidate = value
        }
        guard inserted[candidate.line] == nil else {
            summary.imported += 1
            return
        }
        let (reason, existingID) = try conflict(candidate, inserted, lastIDBefore: lastIDBefore, in: db)
        if request.conflict == .update, let existingID {
            try update(existingID, with: candidate, by: request.actor, now: now, in: db)
            summary.updated += 1
        } else if request.conflict == .skip {
            summary.skipped += 1
            Self.note(ImportRowProblem(line: candidate.line, reason: reason), in: &summary)
        } else {
            Self.refuse(ImportRowProblem(line: candidate.line, reason: reason), in: &summary)
        }
    }

    /// Why the writer left `candidate` out, and the existing account's id when it existed before
    /// this import. `inserted` is its batch's: an account a later line of the batch made did not stop it.
    private func conflict(
        _ candidate: ImportCandidate, _ inserted: [Int: Int64], lastIDBefore: Int64, in db: Database
    ) throws -> (String, existingID: Int64?) {
        let existing = try db.queryFirst("SELECT id FROM users WHERE username = ?", [candidate.username.value]) {
            try $0.int64("id")
        }
        let madeLater = { (id: Int64) in inserted.contains { $0.value == id && $0.key > candidate.line } }
        switch existing {
        case let existing? where existing > lastIDBefore && madeLater(existing):
            return ("the email address is in use", nil)
        case let existing? where existing > lastIDBefore: return ("the username appears earlier in the file", nil)
        case let existing?: return ("the username exists already", existing)
        case nil: return ("the email address is in use", nil)
        }
    }

    /// `--on-conflict update`: the file's hash (and email, phone, name when given) replace the account's.
    /// A hash that changes the password ends what the old one opened, as `admin set-password` does.
    private func update(
        _ id: Int64, with candidate: ImportCandidate, by actor: AuthEvent.Operator, now: Date, in db: Database
    ) throws {
        if try replaceHash(candidate, userID: id, now: now, in: db) {
            _ = try workers.endSignInsForOperatorPassword(
                userID: id, usernameKey: candidate.username.value, by: actor, client: client, now: now, in: db)
        }
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

    /// `--on-conflict update`: the file's hash replaces the account's imported one, if any; false when
    /// it gives none or the account's own (the password stays what it was).
    private func replaceHash(_ candidate: ImportCandidate, userID: Int64, now: Date, in db: Database) throws -> Bool {
        guard let hash = candidate.hash else { return false }
        let current = try db.queryFirst("SELECT hash FROM imported_passwords WHERE user_id = ?", [userID]) {
            try $0.string("hash")
        }
        guard current != hash.text else { return false }
        try db.execute(
            """
            INSERT INTO imported_passwords (user_id, scheme, hash, imported_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET scheme = excluded.scheme, hash = excluded.hash,
                imported_at = excluded.imported_at
            """, [userID, hash.scheme.rawValue, hash.text, now.databaseSeconds])
        return true
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
