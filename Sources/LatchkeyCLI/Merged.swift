/// A shared value's keys with a command's own keys beside them, in one JSON object: the value is
/// what every display shows, the extra keys what the command printed before it.
struct Merged<Value: Encodable, Extra: Encodable>: Encodable {
    let value: Value
    let extra: Extra

    init(_ value: Value, _ extra: Extra) {
        self.value = value
        self.extra = extra
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        try extra.encode(to: encoder)
    }
}
