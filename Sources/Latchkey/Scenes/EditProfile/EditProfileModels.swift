/// The EditProfile scene: a signed-in user changes the display name, phone or email, and proves an
/// email address with a code sent to it. A new address waits beside its code until it is verified
/// (the old one stays and is told); changing or removing the address asks for the password again.
package enum EditProfile {
    /// What to do with one field of the profile (the service's public input).
    package typealias FieldChange = ProfileFieldChange

    package enum Update {
        /// The session's token, the changes, and the password (needed to change the email).
        package struct Request: Sendable {
            package var token: SessionToken?
            package var displayName: FieldChange
            package var phone: FieldChange
            package var email: FieldChange
            package var password: String?

            /// A change for the session of `token`; fields left `.keep` stay as they are.
            package init(
                token: SessionToken?, displayName: FieldChange = .keep, phone: FieldChange = .keep,
                email: FieldChange = .keep, password: String? = nil
            ) {
                self.token = token
                self.displayName = displayName
                self.phone = phone
                self.email = email
                self.password = password
            }
        }

        /// Why a change was refused before anything was stored.
        package enum Problem: Error, Sendable, Hashable {
            case nothingToChange
            case invalidDisplayName
            case invalidPhone(reason: String)
            case invalidEmail
            /// Another account has verified the address.
            case emailTaken
            /// Changing or removing the email asks for the password.
            case passwordRequired
            /// A new address cannot be verified without a delivery.
            case deliveryNotConfigured
        }

        package enum Response: Sendable, Hashable {
            /// Stored; `pendingEmail` is the address waiting for its code, if any.
            case updated(UserProfile, pendingEmail: String?)
            case rejected(Problem)
            case invalidCredentials
            /// Refused by the throttle, for as long as the lock has left.
            case throttled(retryAfter: Duration)
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the profile as changed, with the address waiting for its
        /// code, or the presenter's failure.
        package typealias ViewModel = Result<Principal, LatchkeyError>
    }

    package enum RequestVerification {
        /// A new code for the address waiting (or the account's unverified one).
        package struct Request: Sendable {
            package var token: SessionToken?

            /// A code for the session of `token`'s user.
            package init(token: SessionToken?) {
                self.token = token
            }
        }

        package enum Response: Sendable, Hashable {
            /// A code went to the delivery for `address`.
            case sent(address: String)
            /// No address, or it is verified already.
            case nothingToVerify
            case deliveryNotConfigured
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the address the code went to, or the presenter's failure.
        package typealias ViewModel = Result<String, LatchkeyError>
    }

    package enum Verify {
        /// How the user proves the address.
        package enum Proof: Sendable, Hashable {
            /// The code typed by the signed-in user of `token`.
            case code(token: SessionToken?, code: String)
            /// The link token from the message's URL (no session needed).
            case link(token: String)
        }

        /// The proof.
        package struct Request: Sendable {
            package var proof: Proof

            /// A verification with `proof`.
            package init(proof: Proof) {
                self.proof = proof
            }
        }

        package enum Response: Sendable, Hashable {
            /// `address` is now the account's, verified.
            case verified(username: String, address: String)
            /// Wrong, used, replaced, expired or another user's code: one answer for all.
            case invalidCode
            /// Refused by the throttle, for as long as the lock has left.
            case throttled(retryAfter: Duration)
            /// Another account verified the address first.
            case emailTaken
            case sessionRefused(SessionProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the address, now the account's, or the presenter's failure.
        package typealias ViewModel = Result<String, LatchkeyError>
    }
}

extension EditProfile.Update.Response: SessionScopedResponse, ReauthenticationAnswer {}
extension EditProfile.RequestVerification.Response: SessionScopedResponse {}
extension EditProfile.Verify.Response: SessionScopedResponse {}

/// What the EditProfile interactor does for a display.
package protocol EditProfileBusinessLogic: AnyObject {
    func updateProfile(request: EditProfile.Update.Request)
    func requestVerification(request: EditProfile.RequestVerification.Request)
    func verifyEmail(request: EditProfile.Verify.Request)
}

/// How the EditProfile presenter is reached.
package protocol EditProfilePresentationLogic: AnyObject {
    func presentUpdate(response: EditProfile.Update.Response)
    func presentVerificationRequest(response: EditProfile.RequestVerification.Response)
    func presentVerification(response: EditProfile.Verify.Response)
}

/// What a display of the EditProfile scene implements.
package protocol EditProfileDisplayLogic: AnyObject {
    func displayUpdate(viewModel: EditProfile.Update.ViewModel)
    func displayVerificationRequest(viewModel: EditProfile.RequestVerification.ViewModel)
    func displayVerification(viewModel: EditProfile.Verify.ViewModel)
}
