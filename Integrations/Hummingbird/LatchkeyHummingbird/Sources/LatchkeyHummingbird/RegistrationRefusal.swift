import Latchkey

/// The refusals of a registration the server's `--registration` decides before the service is
/// asked: one wording for `POST /v1/register` and the sign-in page's form.
enum RegistrationRefusal {
    static let closed = LatchkeyError(
        code: .forbidden, message: "Registration is closed: an operator creates accounts here.")
    static let invitationMissing = LatchkeyError(
        code: .forbidden, message: "Registration is by invitation only: give an invitation code.")

    /// The refusal under `registration` of a request carrying `invitation`, or nil to go on.
    static func check(_ registration: LatchkeyHTTPOptions.Registration, invitation: String?) -> LatchkeyError? {
        switch registration {
        case .closed: closed
        case .invite where invitation?.isEmpty != false: invitationMissing
        case .invite, .open: nil
        }
    }
}
