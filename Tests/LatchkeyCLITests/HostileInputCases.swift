import Foundation
import Testing

/// One hostile command line: what runs, what it is fed, where it starts from, and the exit code
/// the documentation promises.
struct HostileCase: Sendable, CustomTestStringConvertible {
    enum Start: Sendable { case empty, registered, signedIn }

    let label: String
    let arguments: [String]
    var stdin: [UInt8]? = nil
    /// Standard input from a file of this many bytes (too large for a pipe the child may not drain).
    var stdinFileBytes: Int? = nil
    var start: Start = .empty
    let expected: Int32

    var testDescription: String { "\(label) → \(expected)" }

    static let password = Array("correct horse battery staple\n".utf8)

    /// At least 150 cases over usernames, passwords, emails, phones, display names, options and stdin.
    static let all: [HostileCase] = usernames + passwords + emails + phones + displayNames + options + stdins

    static let hostileNames: [(String, String)] = [
        ("empty", ""), ("two letters", "ab"), ("33 letters", String(repeating: "a", count: 33)),
        ("100 KiB", String(repeating: "a", count: 100 * 1024)), ("space", "al ice"),
        ("newline", "alice\nroot"), ("carriage return", "alice\r"), ("tab", "al\tice"), ("escape", "alice\u{1B}[2J"),
        ("C1 CSI", "alice\u{9B}"), ("RLO", "alice\u{202E}"), ("LRI", "al\u{2066}ice"), ("ZWSP", "al\u{200B}ice"),
        ("line separator", "alice\u{2028}"), ("combining", "ali\u{0301}ce"), ("full-width", "ａｌｉｃｅ"),
        ("Cyrillic a", "\u{0430}lice"), ("dotted I", "İstanbul"), ("emoji", "🙂alice"), ("leading dot", ".alice"),
        ("leading underscore", "_alice"), ("SQL quote", "alice'--"),
        ("SQL drop", "Robert'); DROP TABLE users;--"), ("semicolon", "a;drop"), ("format %n", "%n%n%n%n"),
        ("format %s", "%s%s%s"), ("path", "../../etc/passwd"), ("shell", "$(reboot)"), ("backticks", "`id`"),
        ("email-like", "alice@example.com"), ("BOM", "\u{FEFF}alice"), ("soft hyphen", "al\u{AD}ice"),
        ("surrogate-like", "alice\u{FFFD}"),
    ]

    static let usernames: [HostileCase] =
        hostileNames.map {
            HostileCase(
                label: "register username \($0.0)", arguments: ["register", $0.1, "--password-stdin"],
                stdin: password, expected: 65)
        }
        + hostileNames.map {
            HostileCase(
                label: "login username \($0.0)", arguments: ["login", $0.1, "--password-stdin"], stdin: password,
                start: .registered, expected: 1)
        }
        + [
            // A name that starts with a dash is an option to the parser: a usage error.
            HostileCase(
                label: "register leading dash", arguments: ["register", "-alice", "--password-stdin"], stdin: password,
                expected: 64),
            HostileCase(
                label: "login leading dash", arguments: ["login", "-alice", "--password-stdin"], stdin: password,
                start: .registered, expected: 64),
            HostileCase(
                label: "register upper case", arguments: ["register", "ALICE", "--password-stdin"], stdin: password,
                expected: 0),
            HostileCase(
                label: "register dots and dashes", arguments: ["register", "a.b-c_d", "--password-stdin"],
                stdin: password, expected: 0),
            HostileCase(
                label: "register taken in another case", arguments: ["register", "Alice", "--password-stdin"],
                stdin: password, start: .registered, expected: 65),
            HostileCase(
                label: "register --json bad name", arguments: ["register", "a b", "--password-stdin", "--json"],
                stdin: password, expected: 65),
        ]

    static let hostilePasswords: [(String, [UInt8], Int32)] = [
        ("14 characters", Array("fourteen chars\n".utf8), 65),
        ("common", Array("polniypizdec0211\n".utf8), 65),
        ("holds the username", Array("alice alice alice alice\n".utf8), 65),
        ("20 NUL bytes", [UInt8](repeating: 0, count: 20) + [10], 65),
        ("NUL inside", Array("correct horse\u{0}battery staple\n".utf8), 65),
        ("invalid UTF-8 FF", [UInt8](repeating: 0xFF, count: 20) + [10], 65),
        ("invalid UTF-8 FE", [UInt8](repeating: 0xFE, count: 20) + [10], 65),
        ("truncated UTF-8", Array("correct horse battery".utf8) + [0xE2, 0x82, 10], 65),
        ("overlong UTF-8", Array("correct horse battery".utf8) + [0xC0, 0xAF, 10], 65),
        ("lone surrogate UTF-8", Array("correct horse battery".utf8) + [0xED, 0xA0, 0x80, 10], 65),
        ("escape sequence", Array("correct horse \u{1B}[2J battery\n".utf8), 65),
        ("tab", Array("correct\thorse battery staple\n".utf8), 65),
        ("C1 control", Array("correct horse \u{85} battery\n".utf8), 65),
        ("16 KiB", Array(String(repeating: "x", count: 16 * 1024).utf8) + [10], 65),
        ("emoji", Array("🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐🔐\n".utf8), 0),
        ("full-width", Array("ｃｏｒｒｅｃｔ ｈｏｒｓｅ ｓｔａｐｌｅ\n".utf8), 0),
        ("combining", Array("corréct hórse battery staplé\n".utf8), 0),
        ("SQL", Array("'); DROP TABLE users; --xx\n".utf8), 0),
        ("format string", Array("%n%n%n%n%s%s%s%s%x%x\n".utf8), 0),
        ("CRLF", Array("correct horse battery staple\r\n".utf8), 0),
        ("bidi inside", Array("correct \u{202E}horse battery\n".utf8), 0),
        ("no newline at end", Array("correct horse battery staple".utf8), 0),
    ]

    /// Inputs that are the registered password once the line end is taken off.
    static let sameAsRegistered: Set<String> = ["CRLF", "no newline at end"]

    static let passwords: [HostileCase] =
        hostilePasswords.map {
            HostileCase(
                label: "register password \($0.0)", arguments: ["register", "alice", "--password-stdin"], stdin: $0.1,
                expected: $0.2)
        }
        + hostilePasswords.map {
            // A sign-in with any of them simply does not match (or is not valid UTF-8: 65).
            HostileCase(
                label: "login password \($0.0)", arguments: ["login", "alice", "--password-stdin"], stdin: $0.1,
                start: .registered, expected: $0.0.contains("UTF-8") ? 65 : sameAsRegistered.contains($0.0) ? 0 : 1)
        }
        + hostilePasswords.filter { $0.2 != 0 }.map {
            HostileCase(
                label: "passwd new password \($0.0)", arguments: ["passwd", "--password-stdin"],
                stdin: password + $0.1, start: .signedIn, expected: $0.2)
        }

    static let hostileEmails: [(String, String)] = [
        ("no at", "alice"), ("two ats", "a@b@example.com"), ("space", "alice @example.com"),
        ("no dot", "alice@example"), ("trailing dot", "alice@example.com."), ("newline", "alice@example.com\n"),
        ("NUL", "alice\u{0}@example.com"), ("RLO", "bob\u{202E}@example.com"), ("C1 CSI", "bob\u{9B}2J@example.com"),
        ("ZWSP", "b\u{200B}ob@example.com"), ("ZWJ", "b\u{200D}ob@example.com"), ("LRI", "\u{2066}bob@example.com"),
        ("line separator", "bob@example.com\u{2028}"),
        ("255 bytes", String(repeating: "a", count: 245) + "@example.com"),
        ("escape", "bob\u{1B}[31m@example.com"),
    ]

    static let emails: [HostileCase] =
        hostileEmails.map {
            HostileCase(
                label: "email \($0.0)", arguments: ["register", "alice", "--password-stdin", "--email", $0.1],
                stdin: password, expected: 65)
        } + [
            HostileCase(
                label: "email valid", arguments: ["register", "alice", "--password-stdin", "--email", "a@example.com"],
                stdin: password, expected: 0),
            HostileCase(
                label: "email unicode domain",
                arguments: ["register", "alice", "--password-stdin", "--email", "a@exämple.com"], stdin: password,
                expected: 0),
        ]

    static let hostilePhones: [(String, String)] = [
        ("no plus", "12125550134"), ("too short", "+44 20"), ("16 digits", "+1234567890123456"),
        ("letters", "+44 20 7946 0958 ext 1"), ("NUL", "+44\u{0}2079460958"), ("Arabic digits", "+٤٤٢٠٧٩٤٦٠٩٥٨"),
        ("unassigned code", "+999 1234567"), ("double plus", "++441234567"), ("slash", "+44 20/7946 0958"),
        ("SQL", "'; DROP TABLE users; --"), ("full-width digit", "+44 20 7946 095８"),
        ("combining acute", "+4\u{0301}4 20 7946 0958"), ("keycap", "+1\u{FE0F}\u{20E3} 212 555 0134"),
        ("diaeresis", "+44 20 7946 095\u{0308}8"), ("RLO", "+44 20 \u{202E}7946 0958"),
        ("newline", "+44 20\n7946 0958"),
        ("65 bytes", "+" + String(repeating: "1", count: 64)),
    ]

    static let phones: [HostileCase] =
        hostilePhones.map {
            HostileCase(
                label: "phone \($0.0)", arguments: ["register", "alice", "--password-stdin", "--phone", $0.1],
                stdin: password, expected: 65)
        } + [
            HostileCase(
                label: "phone valid",
                arguments: ["register", "alice", "--password-stdin", "--phone", "+44 20 7946 0958"],
                stdin: password, expected: 0),
            HostileCase(
                label: "phone 00",
                arguments: ["register", "alice", "--password-stdin", "--phone", "0044 (20) 7946-0958"],
                stdin: password, expected: 0),
        ]

    static let hostileDisplayNames: [(String, String, Int32)] = [
        ("line separator", "Bob\u{2028}  Email: admin@corp.example", 65), ("RLO", "Bob\u{202E}nimda", 65),
        ("ZWSP", "Bo\u{200B}b", 65), ("isolates", "Bob\u{2066}x\u{2069}", 65),
        ("newline", "Bob\nEmail: x", 65), ("escape", "Bob\u{1B}[2J", 65), ("C1", "Bob\u{9B}", 65),
        ("65 characters", String(repeating: "b", count: 65), 65), ("BOM", "\u{FEFF}Bob", 65),
        ("emoji", "Bob 🙂", 0), ("accents", "Zoë Ångström", 0), ("CJK", "山田太郎", 0),
        ("SQL", "Robert'); DROP TABLE users;--", 0), ("format", "%s%n%x", 0),
    ]

    static let displayNames: [HostileCase] = hostileDisplayNames.map {
        HostileCase(
            label: "name \($0.0)", arguments: ["register", "alice", "--password-stdin", "--name", $0.1],
            stdin: password,
            expected: $0.2)
    }

    static let options: [HostileCase] = [
        HostileCase(label: "no command", arguments: ["--bogus"], expected: 64),
        HostileCase(label: "unknown command", arguments: ["frobnicate"], expected: 64),
        HostileCase(label: "unknown option", arguments: ["whoami", "--bogus"], expected: 64),
        HostileCase(label: "unknown option json", arguments: ["whoami", "--bogus", "--json"], expected: 64),
        HostileCase(label: "missing value", arguments: ["history", "--limit"], expected: 64),
        HostileCase(label: "limit zero", arguments: ["history", "--limit", "0"], expected: 64),
        HostileCase(label: "limit negative", arguments: ["history", "--limit", "-5"], expected: 64),
        HostileCase(label: "limit huge", arguments: ["history", "--limit", "99999999999999999999"], expected: 64),
        HostileCase(label: "limit text", arguments: ["history", "--limit", "ten"], expected: 64),
        HostileCase(label: "show token alone", arguments: ["login", "alice", "--show-token"], expected: 64),
        HostileCase(label: "missing username", arguments: ["register"], expected: 64),
        HostileCase(label: "extra argument", arguments: ["whoami", "extra"], expected: 64),
        HostileCase(label: "password as option", arguments: ["login", "alice", "--password", "x"], expected: 64),
        HostileCase(label: "database in memory", arguments: ["--database", ":memory:", "whoami"], expected: 64),
        HostileCase(label: "database empty", arguments: ["whoami", "--database", ""], expected: 64),
        HostileCase(label: "database device", arguments: ["whoami", "--database", "/dev/null"], expected: 74),
        HostileCase(label: "database folder", arguments: ["whoami", "--database", "/tmp"], expected: 74),
        HostileCase(
            label: "database under a file", arguments: ["whoami", "--database", "/etc/hostname/x.db"], expected: 74),
        HostileCase(label: "database proc", arguments: ["whoami", "--database", "/proc/version"], expected: 74),
        HostileCase(label: "no terminal", arguments: ["login", "alice"], start: .registered, expected: 64),
        HostileCase(label: "no terminal passwd", arguments: ["passwd"], start: .signedIn, expected: 64),
        HostileCase(label: "whoami signed out", arguments: ["whoami"], expected: 1),
        HostileCase(label: "whoami signed out json", arguments: ["whoami", "--json"], expected: 1),
        HostileCase(label: "history signed out", arguments: ["history"], expected: 1),
        HostileCase(
            label: "passwd signed out", arguments: ["passwd", "--password-stdin"], stdin: password + password,
            expected: 1),
        HostileCase(label: "logout signed out", arguments: ["logout"], expected: 0),
        HostileCase(label: "options before", arguments: ["--json", "--database", "x.sqlite3", "whoami"], expected: 1),
        HostileCase(label: "option equals", arguments: ["--database=y.sqlite3", "whoami"], expected: 1),
        HostileCase(label: "double dash", arguments: ["register", "--", "--alice", "--password-stdin"], expected: 64),
    ]

    static let stdins: [HostileCase] = [
        HostileCase(
            label: "stdin empty", arguments: ["register", "alice", "--password-stdin"], stdin: [], expected: 64),
        HostileCase(
            label: "stdin newline only", arguments: ["register", "alice", "--password-stdin"], stdin: [10], expected: 64
        ),
        HostileCase(
            label: "stdin 100 MiB", arguments: ["register", "alice", "--password-stdin"], stdinFileBytes: 100 << 20,
            expected: 65),
        HostileCase(
            label: "stdin 100 MiB login", arguments: ["login", "alice", "--password-stdin"], stdinFileBytes: 100 << 20,
            start: .registered, expected: 1),
        HostileCase(
            label: "passwd one line only", arguments: ["passwd", "--password-stdin"], stdin: password, start: .signedIn,
            expected: 64),
        HostileCase(
            label: "stdin NUL only", arguments: ["register", "alice", "--password-stdin"], stdin: [0, 10], expected: 65),
    ]
}
