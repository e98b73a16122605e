internal import CSodium

/// Base64 encodings from libsodium, constant-time and without padding.
enum Base64 {
    /// The standard alphabet with no padding, as PHC strings use.
    static func standard(_ bytes: [UInt8]) -> String {
        encode(bytes, variant: sodium_base64_VARIANT_ORIGINAL_NO_PADDING)
    }

    /// The URL- and file-safe alphabet with no padding, as session tokens use.
    static func urlSafe(_ bytes: [UInt8]) -> String { encode(bytes, variant: sodium_base64_VARIANT_URLSAFE_NO_PADDING) }

    /// Whether `byte` is a character of the URL-safe alphabet.
    static func isURLSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// Whether `byte` is a character of the standard alphabet.
    static func isStandard(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
            || (isURLSafe(byte) && byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_"))
    }

    /// The bytes of `text` in the standard alphabet with its `=` padding (as Django writes digests),
    /// or nil when it is anything else.
    static func decodePadded(_ text: some StringProtocol) -> [UInt8]? {
        decode(text, variant: sodium_base64_VARIANT_ORIGINAL)
    }

    /// The bytes of base64url `text` without padding (as WebAuthn's JSON forms carry binary fields),
    /// or nil when it is anything else, padding and non-canonical trailing bits included.
    static func decodeURLSafe(_ text: String) -> [UInt8]? {
        decode(text, variant: sodium_base64_VARIANT_URLSAFE_NO_PADDING)
    }

    private static func decode(_ text: some StringProtocol, variant: Int32) -> [UInt8]? {
        Sodium.ensureInitialized()
        let input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count / 4 * 3 + 3)
        var length = 0
        let status = input.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                sodium_base642bin(
                    &output, output.count, chars.baseAddress, chars.count, nil, &length, nil, variant)
            }
        }
        return status == 0 ? Array(output.prefix(length)) : nil
    }

    private static func encode(_ bytes: [UInt8], variant: Int32) -> String {
        Sodium.ensureInitialized()
        let length = sodium_base64_encoded_len(bytes.count, variant)
        var output = [CChar](repeating: 0, count: length)
        _ = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                sodium_bin2base64(out.baseAddress!, length, input.baseAddress, input.count, variant)
            }
        }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
