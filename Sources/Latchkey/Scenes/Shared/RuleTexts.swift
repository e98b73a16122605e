/// How a refused username is explained; the numbers come from the policy.
enum UsernameText {
    static func explain(_ problem: Username.Problem) -> String {
        switch problem {
        case .tooShort: "use at least \(Username.length.lowerBound) characters."
        case .tooLong: "use at most \(Username.length.upperBound) characters."
        case .invalidCharacters: "use only letters a-z, digits, '.', '_' and '-'."
        case .mustStartWithLetterOrDigit: "start with a letter or a digit."
        }
    }
}

/// How a refused password is explained.
enum PasswordText {
    static func explain(_ rejection: PasswordRejection) -> String {
        switch rejection {
        case .tooShort(let minimum):
            "Password too short: use at least \(minimum) characters; a few words make a good one."
        case .tooLong(let maximum): "Password too long: use at most \(maximum) characters."
        case .containsUsername: "Password refused: it must not contain the username."
        case .containsEmail: "Password refused: it must not contain the email address."
        case .common: "Password refused: it is one of the most common passwords. Choose another."
        case .controlCharacters: "Password refused: it must not contain control characters."
        }
    }
}

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
