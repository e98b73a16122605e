/// A JSON value as a configuration file may hold it: objects of settings, whole numbers and strings;
/// anything else (a fraction, a boolean, an array, null) is `other`, which the file is refused for.
enum JSONValue: Decodable {
    case object([String: JSONValue])
    case integer(Int64)
    case text(String)
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let object = try? container.decode([String: JSONValue].self) {
            self = .object(object)
        } else {
            self = .other
        }
    }
}
