internal import CSodium
internal import CXCrypt

/// A password hash made by another system, as an import brings it: checked when it is imported (an
/// unknown scheme or a malformed hash is refused then, never stored to fail later) and verified at
/// the user's next sign-in, which replaces it with Argon2id at policy strength. The algorithms are
/// the maintained libraries' own: libxcrypt for the crypt family, libsodium for Argon2 and scrypt,
/// APR-util for Apache's, OpenSSL's libcrypto for PBKDF2.
struct ForeignHash: Sendable, Hashable {
    enum Scheme: String, Sendable, CaseIterable {
        case argon2id, argon2i, bcrypt, sha512crypt, sha256crypt, yescrypt, md5crypt
        /// Apache's MD5 (`$apr1$`, htpasswd's default) and unsalted SHA-1 (`{SHA}`), only to upgrade.
        case apr1, sha1
        /// Django's own encodings (`ForeignHash+Django.swift`); its `argon2$` and `bcrypt$` hashes are
        /// kept as the plain Argon2 and bcrypt strings they wrap.
        case pbkdf2SHA256 = "pbkdf2_sha256", pbkdf2SHA1 = "pbkdf2_sha1", bcryptSHA256 = "bcrypt_sha256"
        case scrypt
    }

    let scheme: Scheme
    /// The hash as stored (a PHC or crypt string).
    let text: String

    /// The hash in `text`, or nil when its scheme is unknown or it is malformed (a wrong length, a
    /// bad salt or cost, bytes a crypt string cannot hold).
    init?(_ given: String) {
        let text = Self.unwrappingDjango(given)
        guard text.utf8.count <= 512, text.utf8.allSatisfy({ (0x21..<0x7F).contains($0) }),
            let scheme = Self.scheme(of: text), Self.wellFormed(text, scheme)
        else { return nil }
        self.scheme = scheme
        self.text = text
    }

    /// Why `text` is not a hash Latchkey can import, in words an operator can act on (its scheme's
    /// prefix, never the hash).
    static func problem(with given: String) -> String {
        let text = unwrappingDjango(given)
        if let scheme = scheme(of: text) { return "a malformed or too costly \(scheme.rawValue) hash" }
        // The scheme's marker only: `$apr1$`, `{SHA}`, `pbkdf2_sha256$`.
        let marker: Substring? =
            if text.hasPrefix("$") {
                text.dropFirst().split(separator: "$", maxSplits: 1).first.map { "$" + $0 + "$" }
            } else if text.hasPrefix("{") {
                text.firstIndex(of: "}").map { text[...$0] }
            } else {
                text.firstIndex(of: "$").map { text[...$0] }
            }
        guard let marker, marker.count <= 24 else { return "not a password hash of a known scheme" }
        return "an unsupported password hash scheme (\(TerminalEscaping.escape(String(marker))))"
    }

    private static func scheme(of text: String) -> Scheme? {
        let prefixes: [(String, Scheme)] = [
            ("$argon2id$", .argon2id), ("$argon2i$", .argon2i), ("$2a$", .bcrypt), ("$2b$", .bcrypt),
            ("$2y$", .bcrypt), ("$6$", .sha512crypt), ("$5$", .sha256crypt), ("$y$", .yescrypt), ("$1$", .md5crypt),
            ("$apr1$", .apr1), ("{SHA}", .sha1), ("pbkdf2_sha256$", .pbkdf2SHA256), ("pbkdf2_sha1$", .pbkdf2SHA1),
            ("bcrypt_sha256$", .bcryptSHA256), ("scrypt$", .scrypt),
        ]
        return prefixes.first { text.hasPrefix($0.0) }?.1
    }

    /// True when the hash is complete, checked without computing it (an import of a million
    /// bcrypt hashes must not run bcrypt a million times): a crypt string whose setting libxcrypt
    /// accepts (`crypt_checksalt`) and whose digest has its scheme's length in crypt's alphabet; a
    /// PHC string within the costs below.
    static func wellFormed(_ text: String, _ scheme: Scheme) -> Bool {
        let digestLength: Int
        switch scheme {
        case .pbkdf2SHA256, .pbkdf2SHA1, .bcryptSHA256, .scrypt: return djangoWellFormed(text, scheme)
        case .argon2id, .argon2i: return argon2WellFormed(text)
        case .apr1, .sha1: return apacheWellFormed(text, scheme)
        case .bcrypt: digestLength = 53  // 22 characters of salt and 31 of digest, after the cost
        case .sha512crypt: digestLength = 86
        case .sha256crypt, .yescrypt: digestLength = 43
        case .md5crypt: digestLength = 22
        }
        let check = crypt_checksalt(text)
        // Bytes, not Characters: an import checks a million of these.
        let fields = text.utf8.split(separator: UInt8(ascii: "$"), omittingEmptySubsequences: false)
        guard check == CRYPT_SALT_OK || check == CRYPT_SALT_METHOD_LEGACY, let last = fields.last else { return false }
        return last.count == digestLength && last.allSatisfy(isCryptCharacter) && affordable(fields, scheme)
    }

    /// `$apr1$salt$digest` (a salt of 1 to 8 characters, a 22-character digest in crypt's alphabet)
    /// or `{SHA}` and the 28 base64 characters of 20 bytes. Only when libaprutil can verify them.
    private static func apacheWellFormed(_ text: String, _ scheme: Scheme) -> Bool {
        guard APRPasswords.available else { return false }
        if scheme == .sha1 {
            let digest = text.utf8.dropFirst(5)
            return digest.count == 28 && digest.last == UInt8(ascii: "=")
                && digest.dropLast().allSatisfy(Base64.isStandard)
        }
        let fields = text.utf8.split(separator: UInt8(ascii: "$"), omittingEmptySubsequences: false)
        return fields.count == 4 && (1...8).contains(fields[2].count) && fields[2].allSatisfy(isCryptCharacter)
            && fields[3].count == 22 && fields[3].allSatisfy(isCryptCharacter)
    }

    /// crypt's base64 alphabet: `./0-9A-Za-z`.
    private static func isCryptCharacter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")
            || (Base64.isURLSafe(byte) && byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_"))
    }

    /// Costs a sign-in can pay, each at most about a bcrypt at cost 13 (a few hundred milliseconds,
    /// paid once before the re-hash; bcrypt at 16 took 5.6 s a try): bcrypt at most 2^13 rounds,
    /// sha-crypt at most 1,000,000 (its default is 5,000), yescrypt at most 64 MiB (libxcrypt's
    /// cost 7; its default, 5, is 16 MiB). crypt_checksalt checks their form, not their size.
    private static func affordable(_ fields: [Substring.UTF8View], _ scheme: Scheme) -> Bool {
        let number = { (bytes: Substring.UTF8View.SubSequence) in Int(String(decoding: bytes, as: UTF8.self)) }
        switch scheme {
        case .bcrypt:
            guard fields.count == 4, fields[2].count == 2, let cost = number(fields[2][...]) else { return false }
            return (4...13).contains(cost)
        case .yescrypt:
            return fields.count == 5 && yescryptMemory(Array(fields[2])).map { $0 <= 64 << 20 } == true
        case .sha512crypt, .sha256crypt:
            let prefix = Array("rounds=".utf8)
            guard let rounds = fields.first(where: { $0.starts(with: prefix) }) else { return true }
            return number(rounds.dropFirst(prefix.count)).map { (1_000...1_000_000).contains($0) } ?? false
        default: return true
        }
    }

    /// The memory yescrypt's parameters (`j9T`: flavour, log2 N - 1, r - 1, in crypt's alphabet, as
    /// libxcrypt writes them) ask for, 128 · N · r bytes; nil for any other form (optional extra
    /// parameters such as more passes are not accepted: no tool writes them).
    private static func yescryptMemory(_ parameters: [UInt8]) -> Int? {
        let alphabet = Array("./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        // One character encodes values below 47; larger ones take more and are far past any cap.
        guard parameters.count == 3, let log2N = alphabet.firstIndex(of: parameters[1]),
            let r = alphabet.firstIndex(of: parameters[2]), log2N < 47, r < 47, alphabet.contains(parameters[0])
        else { return nil }
        return log2N + 1 > 40 ? nil : (128 << (log2N + 1)) * (r + 1)
    }

    /// `$argon2id$v=19$m=M,t=T,p=P$salt$digest` (or `argon2i`), with costs a sign-in can afford: an
    /// imported hash must not make one sign-in hold gigabytes or run long (at most 256 MiB, 16 lanes,
    /// and memory times passes at most 256 MiB: 128 MiB and 2 passes, PHP's 64 MiB and 4, Django's
    /// 100 MiB and 2).
    private static func argon2WellFormed(_ text: String) -> Bool {
        let fields = text.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 6, fields[2] == "v=19" else { return false }
        var values: [Substring: Int] = [:]
        for pair in fields[3].split(separator: ",") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]), value > 0 else { return false }
            values[parts[0]] = value
        }
        guard values.count == 3, let memory = values["m"], let passes = values["t"], let lanes = values["p"],
            memory <= 262_144, memory * passes <= 262_144, lanes <= 16
        else { return false }
        let base64 = { (field: Substring) in
            !field.isEmpty && field.utf8.allSatisfy { Base64.isStandard($0) }
        }
        // A salt of at least 8 bytes and a digest of 32 (the length every common Argon2 library
        // writes: libsodium, argon2-cffi and so Django, PHP): a digest cut short is refused.
        return base64(fields[4]) && fields[4].utf8.count >= 11 && base64(fields[5]) && fields[5].utf8.count == 43
    }

    /// True when `password` (as typed: the other system hashed what it was given) matches.
    func verify(_ password: String) -> Bool {
        switch scheme {
        case .argon2id, .argon2i:
            Sodium.ensureInitialized()
            var bytes = Array(password.utf8)
            defer { sodium_memzero(&bytes, bytes.count) }
            return crypto_pwhash_str_verify(text, bytes.map { CChar(bitPattern: $0) }, UInt64(bytes.count)) == 0
        case .apr1, .sha1:
            return APRPasswords.verify(password, against: text)
        case .pbkdf2SHA256, .pbkdf2SHA1, .bcryptSHA256, .scrypt:
            return verifyDjango(password)
        case .bcrypt, .sha512crypt, .sha256crypt, .yescrypt, .md5crypt:
            guard let computed = Self.crypt(password, setting: text) else { return false }
            return Self.constantTimeEqual(Array(computed.utf8), Array(text.utf8))
        }
    }

    /// `crypt_r` of `password` with `setting` (a whole stored hash works as its own setting), or nil
    /// when libxcrypt refuses it (its failure tokens start with `*`) or the password holds a NUL.
    static func crypt(_ password: String, setting: String) -> String? {
        guard !password.utf8.contains(0) else { return nil }
        var data = crypt_data()
        return withUnsafeMutablePointer(to: &data) { pointer -> String? in
            defer { sodium_memzero(pointer, MemoryLayout<crypt_data>.size) }
            guard let result = crypt_r(password, setting, pointer) else { return nil }
            let text = String(cString: result)
            return text.hasPrefix("*") ? nil : text
        }
    }
}
