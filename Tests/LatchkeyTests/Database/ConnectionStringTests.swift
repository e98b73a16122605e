import Foundation
import Testing

@testable import Latchkey

/// Connection strings are printed only through libpq's own parser and one redacting formatter.
@Suite struct ConnectionStringTests {
    /// Every spelling of a password the review found leaking, with the secret text to look for.
    static let forms: [(url: String, secret: String)] = [
        ("postgresql://alice:Sup3rSecret@db.internal/latchkey", "Sup3rSecret"),
        ("postgresql://alice:Sup3r%53ecret@db.internal/latchkey", "Sup3rSecret"),
        ("postgresql://db.internal/latchkey?password=Sup3rSecret", "Sup3rSecret"),
        ("postgresql://db.internal/latchkey?%70assword=Sup3rSecret", "Sup3rSecret"),
        ("postgresql://db.internal/latchkey?PASSWORD=Sup3rSecret&password=Sup3rSecret", "Sup3rSecret"),
        ("postgresql://db.internal/latchkey?sslpassword=Sup3rSecret", "Sup3rSecret"),
        ("postgresql://alice:Sup3r%zzSecret@db.internal/latchkey", "Sup3r"),
        ("postgresql://alice:Sup3r?Secret@db.internal/latchkey", "Sup3r"),
        ("postgresql://alice:Sup3r%Secret@db.internal/latchkey", "Sup3r"),
        ("postgresql://alice:Sup3r%3FSe%25cret@db.internal/latchkey", "Sup3r"),
        ("postgresql://alice:Sup3r%00Secret@db.internal/latchkey", "Sup3r"),
        ("postgres://alice:Sup3rSecret@db.internal:6432/latchkey?sslmode=require", "Sup3rSecret"),
    ]

    @Test(arguments: forms)
    func noSpellingOfAPasswordIsEverPrinted(url: String, secret: String) {
        let shown = DatabaseLocation(parsing: url).description
        #expect(!shown.contains(secret), "\(shown)")
        #expect(!shown.lowercased().contains("password"), "\(shown)")
        #expect(!shown.contains("%53ecret") && !shown.contains("Se%25cret"))
    }

    @Test func whatIsNotSecretIsShownAsLibpqReadsIt() {
        let shown = DatabaseLocation(parsing: "postgres://alice:pw@db.internal:6432/latchkey?sslmode=require")
            .description
        #expect(shown == "postgresql://alice@db.internal:6432/latchkey?sslmode=require")
    }
}
