@testable import Latchkey

/// A CBOR encoder for tests only: builds the attestation objects, COSE keys and authenticator data
/// the verifiers are tested on. Map keys go in CTAP2's canonical order (shorter encodings first).
enum CBOREncoder {
    static func encode(_ value: CBORValue) -> [UInt8] {
        switch value {
        case .unsigned(let number): head(0, number)
        case .negative(let number): head(1, number)
        case .bytes(let bytes): head(2, UInt64(bytes.count)) + bytes
        case .text(let text): head(3, UInt64(text.utf8.count)) + Array(text.utf8)
        case .array(let items): head(4, UInt64(items.count)) + items.flatMap(encode)
        case .map(let entries):
            head(5, UInt64(entries.count))
                + entries.map { (encode($0.key), encode($0.value)) }
                .sorted { $0.0.count != $1.0.count ? $0.0.count < $1.0.count : $0.0.lexicographicallyPrecedes($1.0) }
                .flatMap { $0.0 + $0.1 }
        case .bool(let flag): [flag ? 0xf5 : 0xf4]
        case .null: [0xf6]
        }
    }

    /// A major type and its argument in the shortest form.
    static func head(_ major: UInt8, _ argument: UInt64) -> [UInt8] {
        let type = major << 5
        switch argument {
        case 0..<24: return [type | UInt8(argument)]
        case 24..<0x100: return [type | 24, UInt8(argument)]
        case 0x100..<0x1_0000: return [type | 25] + bigEndian(argument, 2)
        case 0x1_0000..<0x1_0000_0000: return [type | 26] + bigEndian(argument, 4)
        default: return [type | 27] + bigEndian(argument, 8)
        }
    }

    static func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }
}

extension CBORValue {
    /// The CBOR integer `value`, positive or negative.
    static func int(_ value: Int) -> CBORValue { value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value)) }
}
