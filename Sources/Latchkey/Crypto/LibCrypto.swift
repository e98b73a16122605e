internal import CLibCrypto
import Foundation

/// PBKDF2-HMAC from OpenSSL's libcrypto (`PKCS5_PBKDF2_HMAC`), loaded on first use as libpq is:
/// only a process that verifies an imported Django hash needs it.
enum LibCrypto {
    /// The digests Django's PBKDF2 hashers use.
    enum Digest {
        case sha256, sha1

        var length: Int { self == .sha256 ? 32 : 20 }
    }

    private typealias PBKDF2 =
        @convention(c) (
            UnsafePointer<CChar>?, Int32, UnsafePointer<UInt8>?, Int32, Int32, OpaquePointer?, Int32,
            UnsafeMutablePointer<UInt8>?
        ) -> Int32
    private typealias DigestFunction = @convention(c) () -> OpaquePointer?

    private struct Functions {
        let pbkdf2: PBKDF2
        let sha256: DigestFunction
        let sha1: DigestFunction
    }

    /// The functions, or nil when libcrypto is not installed (Django's hashes then never verify).
    private static let functions: Functions? = {
        // The versioned name only, found on the system's library path (libpq's own dependency).
        guard let handle = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL),
            let pbkdf2 = dlsym(handle, "PKCS5_PBKDF2_HMAC"), let sha256 = dlsym(handle, "EVP_sha256"),
            let sha1 = dlsym(handle, "EVP_sha1")
        else { return nil }
        return Functions(
            pbkdf2: unsafeBitCast(pbkdf2, to: PBKDF2.self), sha256: unsafeBitCast(sha256, to: DigestFunction.self),
            sha1: unsafeBitCast(sha1, to: DigestFunction.self))
    }()

    /// True when libcrypto is there to compute PBKDF2.
    static var available: Bool { functions != nil }

    /// PBKDF2-HMAC of `password` with `salt`, `iterations` and `digest`, its digest's length long;
    /// nil when libcrypto is missing or refuses.
    static func pbkdf2(_ password: [UInt8], salt: [UInt8], iterations: Int, digest: Digest) -> [UInt8]? {
        guard let functions, let iterations = Int32(exactly: iterations),
            let passwordLength = Int32(exactly: password.count), let saltLength = Int32(exactly: salt.count),
            let method = digest == .sha256 ? functions.sha256() : functions.sha1()
        else { return nil }
        var output = [UInt8](repeating: 0, count: digest.length)
        let status = password.withUnsafeBufferPointer { passwordBytes in
            passwordBytes.withMemoryRebound(to: CChar.self) { passwordChars in
                functions.pbkdf2(
                    passwordChars.baseAddress, passwordLength, salt, saltLength, iterations,
                    method, Int32(digest.length), &output)
            }
        }
        return status == 1 ? output : nil
    }
}
