import Hummingbird

/// An object of one field, `{"name": value}` (`{"events": [...]}`, `{"status": "ok"}`), encoded
/// through the request context's response encoder.
struct JSONField<Value: Encodable>: ResponseEncodable {
    let name: String
    let value: Value

    init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(value, forKey: Key(stringValue: name))
    }
}
