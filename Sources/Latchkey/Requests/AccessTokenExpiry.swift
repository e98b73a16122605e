/// When a new token stops working.
public enum AccessTokenExpiry: Sendable, Hashable {
    /// The policy's `accessTokenLifetime` (90 days), or its maximum if that is shorter.
    case policyDefault
    /// This long after creation (within the policy's maximum).
    case after(Duration)
    /// Never (only where the policy sets no maximum).
    case never
}

extension AccessTokenExpiry {
    /// Reads `never` or a whole number with a unit: `45m`, `12h`, `90d`, `8w` (the CLI's
    /// `--expires-in` and the server's `expires_in`); nil for anything else.
    public init?(_ text: String) {
        if text == "never" {
            self = .never
            return
        }
        let seconds: Int64
        switch text.last {
        case "m": seconds = 60
        case "h": seconds = 3_600
        case "d": seconds = 86_400
        case "w": seconds = 7 * 86_400
        default: return nil
        }
        let digits = text.dropLast()
        guard (1...6).contains(digits.count), digits.allSatisfy(\.isASCII), let count = Int64(digits), count > 0 else {
            return nil
        }
        self = .after(.seconds(count * seconds))
    }
}
