/// Why bytes are not an acceptable CBOR item: a short reason and where the decoder stopped.
package struct CBORError: Error, Equatable, Sendable, CustomStringConvertible {
    package let reason: String
    package let offset: Int

    package init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    package var description: String { "CBOR: \(reason) at byte \(offset)" }
}
