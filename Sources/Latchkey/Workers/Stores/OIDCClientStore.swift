internal import CSodium
import Foundation

/// The `oidc_clients` and `oidc_client_uris` tables, inside the caller's transaction.
package struct OIDCClientStore: Sendable {
    private static let columns = """
        c.id, c.client_id, c.name, c.public, c.first_party, c.scopes, c.created_at, c.secret_rotated_at,
        u.username AS created_by_name
        """
    private static let source = "oidc_clients c LEFT JOIN users u ON u.id = c.created_by"

    /// The key names are unique by: two clients may not differ only by case.
    static func nameKey(_ name: String) -> String { name.precomposedStringWithCanonicalMapping.lowercased() }

    /// Stores `client` under `clientID`, with the hash of its secret (nil for a public client);
    /// `createdBy` is the administrator's account, nil for the operator.
    func insert(
        _ client: NewOIDCClient, clientID: String, secretHash: [UInt8]?, createdBy: Int64?, now: Date,
        in db: Database
    ) throws -> StoredOIDCClient {
        let id: Int64?
        do {
            id = try db.queryFirst(
                """
                INSERT INTO oidc_clients (
                    client_id, name, name_key, secret_hash, public, first_party, scopes, created_at, created_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """,
                [
                    clientID, client.name, Self.nameKey(client.name), secretHash, client.isPublic ? 1 : 0,
                    client.isFirstParty ? 1 : 0, OIDCScope.text(client.scopes), now.databaseSeconds, createdBy,
                ]
            ) { try $0.int64("id") }
        } catch let error as DatabaseError where error.constraint == .unique {
            throw OIDCClientNameTaken()
        }
        guard let id else { throw DatabaseError.misused("INSERT … RETURNING id gave no row") }
        for (kind, uris) in [
            ("redirect", client.redirectURIs), ("post_logout_redirect", client.postLogoutRedirectURIs),
        ] {
            for (position, uri) in uris.enumerated() {
                try db.execute(
                    "INSERT INTO oidc_client_uris (client_id, kind, position, uri) VALUES (?, ?, ?, ?)",
                    [id, kind, Int64(position), uri.value])
            }
        }
        guard let stored = try find(id: id, in: db) else { throw DatabaseError.misused("the new client is gone") }
        return stored
    }

    /// Whether a client has the name `name` in any case.
    func nameIsTaken(_ name: String, in db: Database) throws -> Bool {
        try db.queryFirst("SELECT id FROM oidc_clients WHERE name_key = ?", [Self.nameKey(name)]) {
            try $0.int64("id")
        } != nil
    }

    /// The client whose client ID is `reference`, or else whose name is `reference` in any case.
    func find(_ reference: String, in db: Database) throws -> StoredOIDCClient? {
        let byID = try db.queryFirst("SELECT \(Self.columns) FROM \(Self.source) WHERE c.client_id = ?", [reference]) {
            try Self.row($0)
        }
        let found =
            try byID
            ?? db.queryFirst(
                "SELECT \(Self.columns) FROM \(Self.source) WHERE c.name_key = ?", [Self.nameKey(reference)]
            ) { try Self.row($0) }
        return try found.map { try withURIs($0, in: db) }
    }

    /// Every client, by name.
    func list(in db: Database) throws -> [StoredOIDCClient] {
        try db.query("SELECT \(Self.columns) FROM \(Self.source) ORDER BY c.name_key, c.id") { try Self.row($0) }
            .map { try withURIs($0, in: db) }
    }

    /// Removes the client `id` and its URIs; answers whether it was there.
    func remove(id: Int64, in db: Database) throws -> Bool {
        try db.queryFirst("DELETE FROM oidc_clients WHERE id = ? RETURNING id", [id]) { try $0.int64("id") } != nil
    }

    /// Replaces the secret of the confidential client `id` with the one hashed as `hash`; answers
    /// whether it did (a public client has no secret to replace).
    func replaceSecret(id: Int64, hash: [UInt8], now: Date, in db: Database) throws -> Bool {
        try db.queryFirst(
            """
            UPDATE oidc_clients SET secret_hash = ?, secret_rotated_at = ?
            WHERE id = ? AND public = 0 RETURNING id
            """, [hash, now.databaseSeconds, id]
        ) { try $0.int64("id") } != nil
    }

    /// The confidential client `clientID` when `secret` is its secret; nil for an unknown client, a
    /// public one or a wrong secret (the token endpoint answers all three alike). The hashes are
    /// compared in constant time.
    package func verifySecret(clientID: String, secret: String, in db: Database) throws -> StoredOIDCClient? {
        let given = OIDCClientSecret.hash(secret)
        let stored = try db.queryFirst(
            "SELECT id, secret_hash FROM oidc_clients WHERE client_id = ? AND public = 0", [clientID]
        ) { (id: try $0.int64("id"), hash: try $0.optionalBytes("secret_hash")) }
        // An unknown or public client is compared with a hash nothing matches, so each answer costs the same.
        let expected = stored?.hash ?? [UInt8](repeating: 0, count: given.count)
        guard expected.count == given.count, sodium_memcmp(given, expected, given.count) == 0, let stored,
            stored.hash != nil
        else { return nil }
        return try find(id: stored.id, in: db)
    }

    /// The client whose client ID is exactly `clientID` (never by name: the provider's endpoints).
    func find(clientID: String, in db: Database) throws -> StoredOIDCClient? {
        try db.queryFirst("SELECT \(Self.columns) FROM \(Self.source) WHERE c.client_id = ?", [clientID]) {
            try Self.row($0)
        }.map { try withURIs($0, in: db) }
    }

    func find(id: Int64, in db: Database) throws -> StoredOIDCClient? {
        try db.queryFirst("SELECT \(Self.columns) FROM \(Self.source) WHERE c.id = ?", [id]) { try Self.row($0) }
            .map { try withURIs($0, in: db) }
    }

    private func withURIs(_ client: StoredOIDCClient, in db: Database) throws -> StoredOIDCClient {
        let uris = try db.query(
            "SELECT kind, uri FROM oidc_client_uris WHERE client_id = ? ORDER BY kind, position", [client.id]
        ) { (kind: try $0.string("kind"), uri: try $0.string("uri")) }
        var client = client
        client.redirectURIs = uris.filter { $0.kind == "redirect" }.map(\.uri)
        client.postLogoutRedirectURIs = uris.filter { $0.kind == "post_logout_redirect" }.map(\.uri)
        return client
    }

    private static func row(_ row: Row) throws -> StoredOIDCClient {
        StoredOIDCClient(
            id: try row.int64("id"), clientID: try row.string("client_id"), name: try row.string("name"),
            isPublic: try row.int64("public") == 1, isFirstParty: try row.int64("first_party") == 1,
            redirectURIs: [], postLogoutRedirectURIs: [], scopes: OIDCScope.scopes(try row.string("scopes")),
            createdAt: try row.date("created_at"), secretRotatedAt: try row.optionalDate("secret_rotated_at"),
            createdBy: try row.optionalString("created_by_name"))
    }
}
