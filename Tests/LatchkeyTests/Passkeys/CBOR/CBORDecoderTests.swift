import Testing

@testable import Latchkey

@Suite struct CBORDecoderTests {
    private func reason(_ bytes: [UInt8]) -> String? {
        do {
            _ = try CBORDecoder.decode(bytes)
            return nil
        } catch { return error.reason }
    }

    @Test("decodes the kinds of item WebAuthn uses")
    func decodesTheKinds() throws {
        let value: CBORValue = .map([
            .text("a"): .int(-257), .int(1): .bytes([1, 2]), .int(2): .array([.bool(true), .bool(false), .null]),
            .int(3): .unsigned(UInt64.max), .int(-4): .text("é"),
        ])
        #expect(try CBORDecoder.decode(CBOREncoder.encode(value)) == value)
        #expect(try CBORDecoder.decode([0x39, 0x01, 0x00]).integer == -257)
    }

    @Test("refuses trailing bytes when exactly one item is wanted, and reports the length of a prefix")
    func trailingBytesAndPrefixes() throws {
        #expect(reason([0x01, 0x02]) == "trailing bytes after the item")
        let (value, length) = try CBORDecoder.decodePrefix([0x82, 0x01, 0x02, 0xff, 0xff])
        #expect(value == .array([.unsigned(1), .unsigned(2)]))
        #expect(length == 3)
    }

    @Test("refuses a claimed length larger than the rest of the input without allocating it")
    func claimedLengths() {
        #expect(reason([0x5b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) == "length beyond the input")
        #expect(reason([0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) == "length beyond the input")
        #expect(reason([0xbb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) == "length beyond the input")
        #expect(reason([0xa2, 0x01, 0x02, 0x03]) == "truncated")
        #expect(reason([0x43, 0x01, 0x02]) == "length beyond the input")
        #expect(reason([0x19, 0x01]) == "truncated")
        #expect(reason([]) == "truncated")
    }

    @Test("refuses indefinite lengths, tags, floats, undefined and stray breaks")
    func refusedKinds() {
        #expect(reason([0x5f, 0x41, 0x00, 0xff]) == "indefinite lengths are not accepted")
        #expect(reason([0x9f, 0xff]) == "indefinite lengths are not accepted")
        #expect(reason([0xc2, 0x41, 0x01]) == "tags are not accepted")
        #expect(reason([0xf9, 0x3c, 0x00]) == "floating-point numbers are not accepted")
        #expect(reason([0xfb, 0, 0, 0, 0, 0, 0, 0, 0]) == "floating-point numbers are not accepted")
        #expect(reason([0xf7]) == "simple value not accepted")
        #expect(reason([0xff]) == "unexpected break")
        #expect(reason([0x1c]) == "reserved additional information")
    }

    @Test("refuses integers and lengths in a longer form than needed")
    func overlongForms() {
        #expect(reason([0x18, 0x17]) == "integer not in its shortest form")
        #expect(reason([0x19, 0x00, 0xff]) == "integer not in its shortest form")
        #expect(reason([0x1a, 0x00, 0x00, 0xff, 0xff]) == "integer not in its shortest form")
        #expect(reason([0x1b, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]) == "integer not in its shortest form")
        #expect(reason([0x58, 0x01, 0x00]) == "integer not in its shortest form")
        #expect(reason([0x18, 0x18]) == nil)
    }

    @Test("refuses duplicate map keys")
    func duplicateKeys() {
        #expect(reason([0xa2, 0x01, 0x02, 0x01, 0x03]) == "duplicate map key")
    }

    @Test("refuses text that is not UTF-8")
    func invalidText() {
        #expect(reason([0x62, 0xc3, 0x28]) == "text string is not UTF-8")
    }

    @Test("refuses nesting deeper than its limit and more items than its limit")
    func limits() {
        let deep = [UInt8](repeating: 0x81, count: CBORDecoder.maximumDepth) + [0x00]
        #expect(reason(deep) == "nested too deeply")
        let allowed = [UInt8](repeating: 0x81, count: CBORDecoder.maximumDepth - 1) + [0x00]
        #expect(reason(allowed) == nil)
        let many =
            CBOREncoder.head(4, UInt64(CBORDecoder.maximumItems))
            + [UInt8](repeating: 0, count: CBORDecoder.maximumItems)
        #expect(reason(many) == "too many items")
    }
}
