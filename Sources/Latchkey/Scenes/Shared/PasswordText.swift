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
