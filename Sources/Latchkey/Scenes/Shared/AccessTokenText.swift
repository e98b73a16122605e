/// How presenters word the access tokens a password change or reset revoked or left working.
package enum AccessTokenText {
    /// " 2 access tokens were revoked.", or nothing for none.
    package static func revoked(_ count: Int) -> String {
        switch count {
        case 0: ""
        case 1: " 1 access token was revoked."
        default: " \(count) access tokens were revoked."
        }
    }

    /// " 2 access tokens still work (…).", or nothing for none.
    package static func kept(_ count: Int) -> String {
        switch count {
        case 0: ""
        case 1: " 1 access token still works ('latchkey tokens' lists it)."
        default: " \(count) access tokens still work ('latchkey tokens' lists them)."
        }
    }
}
