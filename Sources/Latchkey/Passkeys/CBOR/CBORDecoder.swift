/// A bounded decoder for the CBOR (RFC 8949) that WebAuthn sends: integers, byte and text strings,
/// arrays, maps, true, false and null, in definite lengths only.
///
/// Its input is untrusted, so it never allocates from a claimed length larger than what is left of the
/// input, caps nesting and the total number of items, refuses duplicate map keys, integers in a longer
/// form than needed, floats, tags and indefinite lengths, and throws a ``CBORError`` for all of it.
package struct CBORDecoder {
    /// How deep arrays and maps may nest.
    package static let maximumDepth = 16
    /// How many data items one input may hold in all.
    package static let maximumItems = 2048

    private let bytes: [UInt8]
    private var position = 0
    private var items = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The one item that `bytes` holds, with nothing after it.
    package static func decode(_ bytes: [UInt8]) throws(CBORError) -> CBORValue {
        let (value, length) = try decodePrefix(bytes)
        guard length == bytes.count else { throw CBORError("trailing bytes after the item", at: length) }
        return value
    }

    /// The first item of `bytes` and how many bytes it took, for an item that other data follows.
    package static func decodePrefix(_ bytes: [UInt8]) throws(CBORError) -> (value: CBORValue, length: Int) {
        var decoder = CBORDecoder(bytes)
        let value = try decoder.item(depth: 1)
        return (value, decoder.position)
    }

    private var remaining: Int { bytes.count - position }

    private mutating func byte() throws(CBORError) -> UInt8 {
        guard position < bytes.count else { throw CBORError("truncated", at: position) }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func take(_ count: Int) throws(CBORError) -> ArraySlice<UInt8> {
        guard count <= remaining else { throw CBORError("truncated", at: position) }
        defer { position += count }
        return bytes[position..<position + count]
    }

    private mutating func item(depth: Int) throws(CBORError) -> CBORValue {
        guard depth <= Self.maximumDepth else { throw CBORError("nested too deeply", at: position) }
        items += 1
        guard items <= Self.maximumItems else { throw CBORError("too many items", at: position) }
        let start = position
        let initial = try byte()
        let major = initial >> 5
        let info = initial & 0x1f
        if major == 7 { return try simple(info, at: start) }
        let argument = try argument(info, at: start)
        switch major {
        case 0: return .unsigned(argument)
        case 1: return .negative(argument)
        case 2: return .bytes(Array(try take(length(argument, at: start))))
        case 3:
            let utf8 = try take(length(argument, at: start))
            guard let text = String(validating: utf8, as: UTF8.self) else {
                throw CBORError("text string is not UTF-8", at: start)
            }
            return .text(text)
        case 4:
            // Every element takes at least one byte, so a count beyond the input is a lie.
            let count = try length(argument, at: start)
            var elements: [CBORValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try item(depth: depth + 1)) }
            return .array(elements)
        case 5:
            let count = try length(argument, at: start)
            guard count <= remaining / 2 else { throw CBORError("truncated", at: start) }
            var entries: [CBORValue: CBORValue] = [:]
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let keyStart = position
                let key = try item(depth: depth + 1)
                let value = try item(depth: depth + 1)
                guard entries.updateValue(value, forKey: key) == nil else {
                    throw CBORError("duplicate map key", at: keyStart)
                }
            }
            return .map(entries)
        default:
            throw CBORError("tags are not accepted", at: start)
        }
    }

    /// A claimed length or count, refused when the input cannot hold that many bytes.
    private func length(_ argument: UInt64, at start: Int) throws(CBORError) -> Int {
        guard argument <= UInt64(remaining) else { throw CBORError("length beyond the input", at: start) }
        return Int(argument)
    }

    private mutating func argument(_ info: UInt8, at start: Int) throws(CBORError) -> UInt64 {
        let size: Int
        switch info {
        case 0..<24: return UInt64(info)
        case 24: size = 1
        case 25: size = 2
        case 26: size = 4
        case 27: size = 8
        case 31: throw CBORError("indefinite lengths are not accepted", at: start)
        default: throw CBORError("reserved additional information", at: start)
        }
        var value: UInt64 = 0
        for byte in try take(size) { value = value << 8 | UInt64(byte) }
        // The shortest form is the only form: another encoding of the same value could hide a second
        // reading of the same bytes.
        let smallest: UInt64 = size == 1 ? 24 : 1 << (UInt64(size) * 4)
        guard value >= smallest else { throw CBORError("integer not in its shortest form", at: start) }
        return value
    }

    private func simple(_ info: UInt8, at start: Int) throws(CBORError) -> CBORValue {
        switch info {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 25, 26, 27: throw CBORError("floating-point numbers are not accepted", at: start)
        case 31: throw CBORError("unexpected break", at: start)
        default: throw CBORError("simple value not accepted", at: start)
        }
    }
}
