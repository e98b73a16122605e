/// One decoded CBOR data item (RFC 8949), limited to the kinds WebAuthn uses.
package enum CBORValue: Hashable, Sendable {
    /// Major type 0: a non-negative integer.
    case unsigned(UInt64)
    /// Major type 1: the integer -1 - n, kept as n so that every value CBOR can carry fits.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBORValue])
    /// A map whose keys were unique on the wire (the decoder refuses duplicates).
    case map([CBORValue: CBORValue])
    case bool(Bool)
    case null

    /// The integer as an `Int`, when it is one and fits.
    package var integer: Int? {
        switch self {
        case .unsigned(let value): value <= UInt64(Int.max) ? Int(value) : nil
        case .negative(let value): value <= UInt64(Int.max) ? -1 - Int(value) : nil
        default: nil
        }
    }

    /// The CBOR integer key `key` of a map, as COSE keys use them.
    package subscript(_ key: Int) -> CBORValue? {
        guard case .map(let entries) = self else { return nil }
        return entries[key >= 0 ? .unsigned(UInt64(key)) : .negative(UInt64(-1 - key))]
    }

    /// The text key `key` of a map, as attestation objects use them.
    package subscript(_ key: String) -> CBORValue? {
        guard case .map(let entries) = self else { return nil }
        return entries[.text(key)]
    }
}
