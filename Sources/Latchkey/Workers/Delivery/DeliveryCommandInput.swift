import Foundation

/// The JSON object a delivery command reads on its standard input: every key always present, an
/// absent value as null.
struct DeliveryCommandInput: Encodable {
    let kind: String
    let to: String?
    let username: String
    let displayName: String?
    let code: String?
    let link: String?
    let newAddress: String?
    let expiresAt: String

    init(_ message: OutgoingMessage, link: String?) {
        kind = message.kind.rawValue
        to = message.to
        username = message.username
        displayName = message.displayName
        code = message.code
        self.link = link
        newAddress = message.newAddress
        expiresAt = DateText.iso8601(message.expiresAt)
    }

    enum CodingKeys: String, CodingKey {
        case kind, to, username, code, link
        case displayName = "display_name"
        case newAddress = "new_address"
        case expiresAt = "expires_at"
    }

    /// Written by hand: the synthesized encoding leaves a nil out, and the command is told null.
    func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(kind, forKey: .kind)
        try object.encode(to, forKey: .to)
        try object.encode(username, forKey: .username)
        try object.encode(displayName, forKey: .displayName)
        try object.encode(code, forKey: .code)
        try object.encode(link, forKey: .link)
        try object.encode(newAddress, forKey: .newAddress)
        try object.encode(expiresAt, forKey: .expiresAt)
    }

    /// The object on one line, keys sorted, and a newline.
    func line() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
