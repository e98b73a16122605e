internal import COath
package import Foundation

/// liboath needs one global initialisation; a global `let` runs it exactly once, thread-safely.
private let oathStatus: Int32 = oath_init()

/// Time-based one-time codes (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps) through liboath.
package struct TOTP: Sendable {
    /// Digits in a code.
    package static let digits = 6
    /// Seconds in a time step.
    package static let period = 30
    /// Steps of clock drift accepted either side of now.
    package static let window = 1
    /// Bytes in a new secret (160 bits, as RFC 4226 recommends).
    package static let secretBytes = 20

    /// A TOTP worker.
    package init() {}

    /// The code for `secret` at `time` (`digits` other than 6 serve the RFC's test vectors).
    package func code(secret: [UInt8], at time: Date, digits: Int = TOTP.digits) -> String {
        precondition(oathStatus == OATH_OK.rawValue, "liboath failed to initialize")
        var output = [CChar](repeating: 0, count: digits + 1)
        let status = secret.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                oath_totp_generate(
                    $0.baseAddress, $0.count, time_t(time.databaseSeconds), UInt32(Self.period), 0, UInt32(digits),
                    &output)
            }
        }
        precondition(status == OATH_OK.rawValue, "liboath refused to generate a code")
        return String(decoding: output.prefix(digits).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The time step (seconds / 30 since 1970) that `code` belongs to, within ±1 step of `time`, or nil.
    package func step(of code: String, secret: [UInt8], at time: Date) -> Int64? {
        precondition(oathStatus == OATH_OK.rawValue, "liboath failed to initialize")
        guard code.utf8.count == Self.digits, code.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        var position: Int32 = 0
        var counter: UInt64 = 0
        let status = secret.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                oath_totp_validate3(
                    $0.baseAddress, $0.count, time_t(time.databaseSeconds), UInt32(Self.period), 0, Self.window,
                    &position, &counter, code)
            }
        }
        return status >= 0 ? Int64(counter) : nil
    }

    /// RFC 4648 base32 without padding, as authenticator apps take secrets.
    package static func base32(_ bytes: [UInt8]) -> String {
        var output: UnsafeMutablePointer<CChar>?
        var length = 0
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { oath_base32_encode($0.baseAddress, $0.count, &output, &length) }
        }
        guard status == OATH_OK.rawValue, let output else { return "" }
        defer { free(output) }
        let text = String(decoding: UnsafeRawBufferPointer(start: output, count: length), as: UTF8.self)
        return String(text.prefix { $0 != "=" })
    }

    /// The `otpauth://` URI an authenticator app reads (Google's Key Uri Format).
    package static func uri(issuer: String, account: String, secret: [UInt8]) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let issuerText = issuer.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        let accountText = account.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        return "otpauth://totp/\(issuerText):\(accountText)?secret=\(base32(secret))&issuer=\(issuerText)"
            + "&algorithm=SHA1&digits=\(digits)&period=\(period)"
    }
}
