/// How the other refused fields are explained.
enum FieldText {
    static let invalidEmail =
        "Invalid email address: expected one @, a name before it and a domain with a dot after it."
    static let invalidDisplayName =
        "Invalid display name: at most \(SecurityPolicy.maximumDisplayNameLength) characters, "
        + "no control, invisible or direction-changing characters."
    static let invalidLabel =
        "Invalid session label: at most \(SecurityPolicy.maximumDisplayNameLength) characters, "
        + "no control, invisible or direction-changing characters."
    static func invalidPhone(_ reason: String) -> String {
        "Invalid phone number: it \(reason) (for example +44 20 7946 0958)."
    }
}
