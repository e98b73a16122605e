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
