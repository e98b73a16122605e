internal import CSodium

extension Base64 {
    /// The bytes of base64url `text` without padding (as WebAuthn's JSON forms carry binary fields),
    /// or nil when it is anything else, padding and non-canonical trailing bits included.
    static func decodeURLSafe(_ text: String) -> [UInt8]? {
        Sodium.ensureInitialized()
        let input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count / 4 * 3 + 3)
        var length = 0
        let status = input.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                sodium_base642bin(
                    &output, output.count, chars.baseAddress, chars.count, nil, &length, nil,
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING)
            }
        }
        return status == 0 ? Array(output.prefix(length)) : nil
    }
}
