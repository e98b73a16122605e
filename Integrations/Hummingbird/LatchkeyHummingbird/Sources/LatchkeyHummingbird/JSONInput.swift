import Foundation
import Hummingbird
import Latchkey
import NIOCore

/// A request's JSON object, read strictly: a bounded body, an object at the top, only the fields a
/// route names, each of its type. Anything else is a 400 (or 413, 415) with the one error object.
struct JSONInput {
    private let fields: [String: Value]
    /// The body as read, for a field that is an object of its own (a passkey's credential).
    private let body: Data

    enum Value: Decodable {
        case string(String)
        case bool(Bool)
        case number(Double)
        case strings([String])
        case null
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode([String].self) {
                self = .strings(value)
            } else {
                self = .other
            }
        }
    }

    /// Reads the body of `request` (at most `limit` bytes) as an object with only `allowed` keys.
    /// The body must be declared `application/json`: a browser sends that cross-site only after a
    /// CORS preflight, which Latchkey never grants, so a page elsewhere cannot post a form or a
    /// `text/plain` body to these routes.
    static func read(_ request: Request, allowed: Set<String>, limit: Int) async throws(ErrorResponse) -> JSONInput {
        guard isJSON(request.headers[.contentType]) else {
            throw ErrorResponse.badRequest(
                "Send the body as JSON, with Content-Type: application/json.", status: .unsupportedMediaType)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw ErrorResponse.badRequest(
                "The request body is larger than \(limit / 1024) KiB.", status: .contentTooLarge)
        }
        let body = Data(buffer.readableBytesView)
        let fields: [String: Value]
        do {
            fields = try JSONDecoder().decode([String: Value].self, from: body)
        } catch {
            throw ErrorResponse.badRequest("The request body is not a JSON object.")
        }
        if let unknown = fields.keys.filter({ !allowed.contains($0) }).sorted().first {
            throw ErrorResponse.badRequest("Unknown field \(Self.quoted(unknown)).")
        }
        return JSONInput(fields: fields, body: body)
    }

    /// The object at `key`, which must be there, as JSON of its own.
    func object(_ key: String) throws(ErrorResponse) -> Data {
        guard fields[key] != nil else { throw ErrorResponse.badRequest("The field \(key) is required.") }
        guard let top = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let object = top[key] as? [String: Any], let data = try? JSONSerialization.data(withJSONObject: object)
        else { throw ErrorResponse.badRequest("The field \(key) must be an object.") }
        return data
    }

    /// The text of `key`; nil when absent or null, a refusal when it is of another type.
    func string(_ key: String) throws(ErrorResponse) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw ErrorResponse.badRequest("The field \(key) must be a string.")
        }
    }

    /// The text of `key`, which must be there.
    func required(_ key: String) throws(ErrorResponse) -> String {
        guard let text = try string(key) else {
            throw ErrorResponse.badRequest("The field \(key) is required.")
        }
        return text
    }

    /// A profile field's change: absent keeps it, null or "" removes it, a string sets it.
    func change(_ key: String) throws(ErrorResponse) -> ProfileFieldChange {
        switch fields[key] {
        case nil: return .keep
        case .null?: return .remove
        case .string(let text)?: return text.isEmpty ? .remove : .set(text)
        default: throw ErrorResponse.badRequest("The field \(key) must be a string or null.")
        }
    }

    /// The strings of `key`, an array of strings (empty when absent).
    func strings(_ key: String) throws(ErrorResponse) -> [String] {
        switch fields[key] {
        case nil, .null?: return []
        case .strings(let values)?: return values
        default: throw ErrorResponse.badRequest("The field \(key) must be an array of strings.")
        }
    }

    /// The truth of `key`, or `absent` when it is absent or null (a choice whose default is true).
    func bool(_ key: String, absent: Bool) throws(ErrorResponse) -> Bool {
        switch fields[key] {
        case nil, .null?: absent
        default: try bool(key)
        }
    }

    /// The truth of `key` (false when absent).
    func bool(_ key: String) throws(ErrorResponse) -> Bool {
        switch fields[key] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        default: throw ErrorResponse.badRequest("The field \(key) must be true or false.")
        }
    }

    /// True for `application/json`, in any case, with or without parameters (`; charset=utf-8`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    /// A field name as the message may show it: printable ASCII only, cut short.
    private static func quoted(_ key: String) -> String {
        let printable = key.unicodeScalars.prefix(32).map { (0x20..<0x7F).contains($0.value) ? Character($0) : "?" }
        return "\"" + String(printable) + "\""
    }
}
