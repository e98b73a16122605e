import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Hashes made by the real tools (mkpasswd, htpasswd, openssl, argon2) are understood, verified, and
/// malformed ones refused.
@Suite struct ForeignHashTests {
    static let password = "correct horse battery staple"

    static let tools: [(String, [String], String?, String, ForeignHash.Scheme)] = [
        ("mkpasswd", ["-m", "yescrypt", "--stdin"], password + "\n", "", .yescrypt),
        ("mkpasswd", ["-m", "sha512crypt", "--stdin"], password + "\n", "", .sha512crypt),
        ("mkpasswd", ["-m", "sha256crypt", "--stdin"], password + "\n", "", .sha256crypt),
        ("mkpasswd", ["-m", "bcrypt", "--stdin"], password + "\n", "", .bcrypt),
        ("mkpasswd", ["-m", "bcrypt-a", "--stdin"], password + "\n", "", .bcrypt),
        ("mkpasswd", ["-m", "md5crypt", "--stdin"], password + "\n", "", .md5crypt),
        ("mkpasswd", ["-m", "sha512crypt", "-R", "20000", "--stdin"], password + "\n", "", .sha512crypt),
        ("htpasswd", ["-nbB", "alice", password], nil, "alice:", .bcrypt),
        ("htpasswd", ["-nbm", "alice", password], nil, "alice:", .apr1),
        ("htpasswd", ["-nbs", "alice", password], nil, "alice:", .sha1),
        ("openssl", ["passwd", "-apr1", "-stdin"], password + "\n", "", .apr1),
        ("openssl", ["passwd", "-6", "-stdin"], password + "\n", "", .sha512crypt),
        ("openssl", ["passwd", "-5", "-stdin"], password + "\n", "", .sha256crypt),
        ("openssl", ["passwd", "-1", "-stdin"], password + "\n", "", .md5crypt),
        ("argon2", ["saltsaltsalt", "-i", "-t", "2", "-m", "10", "-p", "2", "-e"], password, "", .argon2i),
        ("argon2", ["saltsaltsalt", "-id", "-t", "2", "-m", "10", "-p", "4", "-e"], password, "", .argon2id),
    ]

    @Test(arguments: 0..<tools.count)
    func aHashMadeByTheRealToolVerifiesItsPasswordOnly(_ index: Int) throws {
        let (tool, arguments, stdin, prefix, scheme) = Self.tools[index]
        let text = try RealTool.output(tool, arguments, stdin: stdin, after: prefix)
        let hash = try #require(ForeignHash(text), "\(tool) \(arguments): \(text)")
        #expect(hash.scheme == scheme)
        #expect(hash.verify(Self.password))
        #expect(!hash.verify(Self.password + " "))
        #expect(!hash.verify(""))
        // Cut short by one character: refused when imported, not stored to fail later.
        #expect(ForeignHash(String(text.dropLast())) == nil, "\(text)")
    }

    @Test(arguments: ["pbkdf2_sha256", "pbkdf2_sha1", "argon2", "bcrypt_sha256", "bcrypt", "scrypt"])
    func aHashMadeByDjangosMakePasswordVerifiesItsPasswordOnly(_ hasher: String) throws {
        let text = try #require(try DjangoTool.hashes(Self.password, hashers: [hasher]).first)
        let hash = try #require(ForeignHash(text), "\(hasher): \(text)")
        let schemes: [String: ForeignHash.Scheme] = [
            "pbkdf2_sha256": .pbkdf2SHA256, "pbkdf2_sha1": .pbkdf2SHA1, "argon2": .argon2id,
            "bcrypt_sha256": .bcryptSHA256, "bcrypt": .bcrypt, "scrypt": .scrypt,
        ]
        #expect(hash.scheme == schemes[hasher])
        #expect(hash.verify(Self.password))
        #expect(!hash.verify(Self.password + " "))
        #expect(!hash.verify(""))
        #expect(ForeignHash(String(text.dropLast())) == nil, "\(text)")
    }

    @Test(arguments: [
        "pbkdf2_sha256$600000$salt$hash", "pbkdf2_sha256$9000000$salt$" + String(repeating: "A", count: 43) + "=",
        "pbkdf2_sha256$600000$$" + String(repeating: "A", count: 43) + "=",
        "pbkdf2_sha1$600000$salt$" + String(repeating: "A", count: 43) + "=",
        "scrypt$16384$salt$8$1$short", "scrypt$1048576$salt$8$1$" + String(repeating: "A", count: 86) + "==",
        "scrypt$16385$salt$8$1$" + String(repeating: "A", count: 86) + "==",
        "argon2$argon2id$v=19$m=1024,t=2,p=1$c2FsdHNhbHQ$short", "bcrypt_sha256$$2b$12$short",
        "md5$salt$0123456789abcdef0123456789abcdef", "bcrypt_sha256$$6$salt$" + String(repeating: "a", count: 86),
    ])
    func malformedOrTooCostlyDjangoHashesAreRefused(_ text: String) {
        #expect(ForeignHash(text) == nil, "\(text)")
    }

    @Test(arguments: [
        "", "plain text", "$6$", "$6$salt", "$1$$", "$2b$99$abcdefghijklmnopqrstuuOPQRSTUVWXYZ0123456789abcdefghi",
        "$2b$05$short", "$y$j9T$", "$apr1$abcdefghi$0123456789abcdefghijkl", "{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g",
        "{SHA}W6ph5Mm5Pz8Ggi-LbPgzG37mj9g=", "$apr1$$0123456789abcdefghijkl",
        "$argon2id$v=19$m=4194304,t=3,p=1$c2FsdHNhbHQ$" + String(repeating: "A", count: 43),
        "$argon2id$v=19$m=1024,t=2,p=1$c2FsdHNhbHQ$short",
        "$argon2d$v=19$m=1024,t=2,p=1$c2FsdHNhbHQ$" + String(repeating: "A", count: 43),
        "$6$salt$\u{1b}[2J", "$2b$17$" + String(repeating: "a", count: 53),
        "$6$rounds=5000000$saltsalt$" + String(repeating: "a", count: 86),
        "$5$rounds=1000$salt$" + String(repeating: "a", count: 43) + "\n",
    ])
    func malformedUnknownOrTooCostlyHashesAreRefused(_ text: String) {
        #expect(ForeignHash(text) == nil, "\(text)")
    }
}
