internal import CSodium
import Foundation
import Synchronization

/// Hexadecimal text of bytes.
package enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Written straight into the string's storage: a session's short ID (four bytes) is made on
    /// every session check and, at eight characters, needs no allocation at all.
    package static func encode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            var index = 0
            for byte in bytes {
                text[index] = digits[Int(byte >> 4)]
                text[index + 1] = digits[Int(byte & 0xF)]
                index += 2
            }
            return index
        }
    }
}
