import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The lookups every request runs (a session's, an access token's) read no password hash; the reads
/// that verify a password get the account's own hash, or an imported one through one join.
@Suite(.onEveryEngine, .tags(.postgres)) struct AccountRowTests {
    let workers: LatchkeyWorkers

    init() throws {
        workers = try Seeds.workers()
    }

    @Test(arguments: [SQLDialect.sqlite, .postgresql])
    func theSessionAndAccessTokenLookupsReadNoPasswordHash(_ dialect: SQLDialect) {
        for sql in [SessionStore.findSQL(in: dialect), AccessTokenStore.findSQL(in: dialect)] {
            #expect(!sql.contains("password_hash"))
            #expect(!sql.contains("imported_passwords"))
        }
    }

    @Test func aSessionLookupStillKnowsItsUserIsDisabledOrAskedForANewPassword() throws {
        try Seeds.register(Seeds.alice, with: workers)
        let token = try Seeds.login("alice", with: workers)
        let now = workers.time.now()
        try workers.database.write { db in
            try db.execute("UPDATE users SET password_change_required = 1", [])
        }
        let found = try #require(try workers.database.read { db in try workers.sessions.find(token, in: db) })
        #expect(found.user.username == "alice" && found.passwordChangeRequired && !found.isUserDisabled)
        try workers.database.write { db in _ = try workers.accounts.disable(userID: found.user.id, now: now, in: db) }
        #expect(try workers.database.read { db in try workers.sessions.find(token, in: db) }?.isUserDisabled == true)
    }

    @Test func anImportedHashIsVerifiedUntilTheAccountHasItsOwn() throws {
        let user = try Seeds.register(Seeds.alice, with: workers)
        let own = try #require(
            try workers.database.read { db in try workers.accounts.passwordHash(userID: user.id, in: db) })
        let md5crypt = "$1$saltsalt$qjXMvbEw8oaL.CzflDugX/"
        try workers.database.write { db in
            try db.execute(
                "INSERT INTO imported_passwords (user_id, scheme, hash, imported_at) VALUES (?, 'md5crypt', ?, 0)",
                [user.id, md5crypt])
        }
        let imported = try #require(
            try workers.database.read { db in try workers.accounts.credentials(userID: user.id, in: db) })
        #expect(imported.passwordHash == md5crypt && imported.importedScheme == "md5crypt")
        #expect(
            try workers.database.read { db in try workers.accounts.passwordHash(userID: user.id, in: db) } == md5crypt)
        try workers.database.write { db in
            try workers.accounts.updatePasswordHash(userID: user.id, to: own, now: workers.time.now(), in: db)
        }
        let replaced = try #require(
            try workers.database.read { db in try workers.accounts.credentials(userID: user.id, in: db) })
        #expect(replaced.passwordHash == own && replaced.importedScheme == nil)
        let listed = try workers.database.read { db in try workers.accounts.list(search: "ali", limit: 10, in: db) }
        #expect(listed.map(\.profile.username) == ["alice"])
    }
}
