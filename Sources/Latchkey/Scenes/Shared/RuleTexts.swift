/// How a refused username is explained.
enum UsernameText {
    static func explain(_ problem: Username.Problem) -> String {
        switch problem {
        case .tooShort: "use at least 3 characters."
        case .tooLong: "use at most 32 characters."
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
        }
    }
}
