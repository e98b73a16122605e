import Foundation

/// The `oidc_signing_keys` table, inside the caller's transaction. Private keys go in and come out
/// sealed under the installation secret, bound to their key ID.
struct SigningKeyStore: Sendable {
    let box: SecretBox

    init(secret: InstallationSecret) {
        box = SecretBox(secret: secret, keyID: 7, context: "lkoidkey")
    }

    private static let columns = "id, kid, algorithm, private_key_box, public_jwk, created_at, signing_from, retire_at"

    /// Every key not retired at `now`, oldest first.
    func published(at now: Date, in db: Database) throws -> [StoredSigningKey] {
        try db.query(
            "SELECT \(Self.columns) FROM oidc_signing_keys WHERE retire_at IS NULL OR retire_at > ? ORDER BY id",
            [now.databaseSeconds], Self.row)
    }

    /// Every key, retired ones too, oldest first.
    func all(in db: Database) throws -> [StoredSigningKey] {
        try db.query("SELECT \(Self.columns) FROM oidc_signing_keys ORDER BY id", [], Self.row)
    }

    /// The key that signs for `algorithm` at `now`: the newest that has begun signing and is not
    /// retired.
    func signing(_ algorithm: SigningAlgorithm, at now: Date, in db: Database) throws -> StoredSigningKey? {
        try published(at: now, in: db).last { $0.algorithm == algorithm && $0.signingFrom != nil }
    }

    /// The key that signs for each algorithm at `now`, making the first keys when an algorithm has
    /// none: one read on the token endpoint's path, two writes once in an installation's life.
    func signingKeys(at now: Date, in db: Database) throws -> [SigningAlgorithm: StoredSigningKey] {
        var published = try published(at: now, in: db)
        if !SigningAlgorithm.allCases.allSatisfy({ algorithm in published.contains { $0.algorithm == algorithm } }) {
            try ensure(at: now, in: db)
            published = try self.published(at: now, in: db)
        }
        var keys: [SigningAlgorithm: StoredSigningKey] = [:]
        for key in published where key.signingFrom != nil { keys[key.algorithm] = key }
        return keys
    }

    /// Makes the first keys of each algorithm that has none: one signing from `now`, and the next.
    /// Returns whether it made any. Two processes doing this at once cannot both make a next key
    /// (a unique index allows one per algorithm): the loser's transaction fails and changes nothing.
    @discardableResult
    func ensure(at now: Date, in db: Database) throws -> Bool {
        let present = Set(try published(at: now, in: db).map(\.algorithm))
        let missing = SigningAlgorithm.allCases.filter { !present.contains($0) }
        for algorithm in missing {
            try insert(try SigningKeyMaterial.generate(algorithm), signingFrom: now, now: now, in: db)
            try insert(try SigningKeyMaterial.generate(algorithm), signingFrom: nil, now: now, in: db)
        }
        return !missing.isEmpty
    }

    /// The rotation, for each algorithm: the next key signs from `now`, the one that signed until
    /// now retires after `grace` (tokens it signed still verify until then), and a new next key is
    /// published. Keys already past their retirement are left as they are; an algorithm with no
    /// key gets a signing one and a next one.
    func rotate(at now: Date, grace: Duration, in db: Database) throws {
        let retireAt = now.addingTimeInterval(TimeInterval(grace.components.seconds))
        let published = try published(at: now, in: db)
        for algorithm in SigningAlgorithm.allCases {
            let keys = published.filter { $0.algorithm == algorithm }
            for signing in keys where signing.signingFrom != nil && signing.retireAt == nil {
                try db.execute(
                    "UPDATE oidc_signing_keys SET retire_at = ? WHERE id = ?", [retireAt.databaseSeconds, signing.id])
            }
            if let next = keys.first(where: { $0.signingFrom == nil }) {
                try db.execute(
                    "UPDATE oidc_signing_keys SET signing_from = ? WHERE id = ?", [now.databaseSeconds, next.id])
            } else {
                try insert(try SigningKeyMaterial.generate(algorithm), signingFrom: now, now: now, in: db)
            }
            try insert(try SigningKeyMaterial.generate(algorithm), signingFrom: nil, now: now, in: db)
        }
    }

    /// The key's private half, opened.
    func material(of key: StoredSigningKey) throws -> SigningKeyMaterial {
        SigningKeyMaterial(
            algorithm: key.algorithm, privateKey: try box.open(key.privateKeyBox, associatedData: Self.bound(key.kid)))
    }

    private func insert(_ material: SigningKeyMaterial, signingFrom: Date?, now: Date, in db: Database) throws {
        let kid = try material.keyID()
        try db.execute(
            """
            INSERT INTO oidc_signing_keys (kid, algorithm, private_key_box, public_jwk, created_at, signing_from)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                kid, material.algorithm.rawValue, try box.seal(material.privateKey, associatedData: Self.bound(kid)),
                try material.publicJWK(kid: kid), now.databaseSeconds, signingFrom?.databaseSeconds,
            ])
    }

    private static func bound(_ kid: String) -> [UInt8] { Array("latchkey-oidc-key:\(kid)".utf8) }

    private static func row(_ row: Row) throws -> StoredSigningKey {
        guard let algorithm = SigningAlgorithm(rawValue: try row.string("algorithm")) else {
            throw DatabaseError.misused("an unknown signing algorithm")
        }
        return StoredSigningKey(
            id: try row.int64("id"), kid: try row.string("kid"), algorithm: algorithm,
            privateKeyBox: try row.bytes("private_key_box"), publicJWK: try row.string("public_jwk"),
            createdAt: try row.date("created_at"), signingFrom: try row.optionalDate("signing_from"),
            retireAt: try row.optionalDate("retire_at"))
    }
}
