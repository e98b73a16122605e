/// A JSON value as a configuration file may hold it: objects of settings, whole numbers, strings,
/// booleans and lists; anything else (a fraction, null) is `other`, which the file is refused for.
enum JSONValue: Decodable, Equatable {
    case object([String: JSONValue])
    case integer(Int64)
    case text(String)
    case boolean(Bool)
    case list([JSONValue])
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let boolean = try? container.decode(Bool.self) {
            self = .boolean(boolean)
        } else if let list = try? container.decode([JSONValue].self) {
            self = .list(list)
        } else if let object = try? container.decode([String: JSONValue].self) {
            self = .object(object)
        } else {
            self = .other
        }
    }
}
