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

    /// `pooler=transaction` is Latchkey's own option: taken out before libpq (which refuses names it
    /// does not know), shown in the printed form, and refused when misspelled rather than ignored.
    @Test(arguments: [
        ("postgresql://db.internal/latchkey?pooler=transaction", "postgresql://db.internal/latchkey", true),
        (
            "postgresql://db.internal/latchkey?sslmode=require&pooler=transaction&application_name=x",
            "postgresql://db.internal/latchkey?sslmode=require&application_name=x", true
        ),
        ("postgresql://db.internal/latchkey?%70ooler=transaction", "postgresql://db.internal/latchkey", true),
        ("host=db.internal pooler=transaction dbname=latchkey", "host=db.internal dbname=latchkey", true),
        ("postgresql://db.internal/latchkey?pooler=none", "postgresql://db.internal/latchkey", false),
        ("postgresql://db.internal/latchkey", "postgresql://db.internal/latchkey", false),
    ])
    func thePoolerOptionIsLatchkeysOwn(url: String, libpq: String, pooled: Bool) {
        let parsed = ConnectionString(url)
        #expect(parsed.parsed)
        #expect(parsed.libpqText == libpq)
        #expect(parsed.transactionPooler == pooled)
        #expect(parsed.redacted.hasSuffix("pooler=transaction") == pooled, "\(parsed.redacted)")
    }

    @Test func aMisspelledPoolerValueIsRefusedNotIgnored() {
        #expect(!ConnectionString("postgresql://db.internal/latchkey?pooler=transactions").parsed)
    }

    /// Without the option behind a transaction pooler, named statements collide or vanish on the
    /// shared server connections: the line says what to add, not "tables not what this version expects".
    @Test(arguments: ["42P05", "26000"])
    func aNamedStatementLostToAPoolerSaysToAddTheOption(sqlState: String) {
        let error = DatabaseError.postgresFailure(sqlState: sqlState, message: "prepared statement \"lk1\"")
        #expect(StorageText.explain(error).contains("add pooler=transaction to the URL"))
    }
}
