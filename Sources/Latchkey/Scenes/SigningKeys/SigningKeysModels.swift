package import Foundation

/// The SigningKeys scene: the OpenID provider's signing keys. An operator (or a signed-in
/// administrator) lists them and rotates them; anyone reads the published set (the JWKS), which
/// makes the first keys when there are none.
package enum SigningKeys {
    package enum List {
        /// Who asks.
        package struct Request: Sendable {
            package var authority: Admin.Authority

            package init(authority: Admin.Authority) { self.authority = authority }
        }

        package enum Response: Sendable, Hashable {
            /// Every key, retired ones too, oldest first, as they stood at `now`.
            case keys([StoredSigningKey], now: Date)
            case refused(Admin.AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the keys (never a private one), or the presenter's failure.
        package typealias ViewModel = Result<[SigningKeySummary], LatchkeyError>
    }

    package enum Rotate {
        /// How long the key that signed until a rotation stays published by default: a day, longer
        /// than any token it signed lives and than relying parties cache a JWKS.
        package static let defaultGrace: Duration = .seconds(86_400)
        /// The grace periods an operator may choose.
        package static let graceBounds: ClosedRange<Duration> = .seconds(3_600)...(.seconds(30 * 86_400))
        /// How long a next key is published before a rotation may make it sign: relying parties
        /// refresh a cached key set at least this often.
        package static let nextKeyMinimumAge: Duration = .seconds(3_600)

        /// Who asks, and how long the key that signed until now stays published.
        package struct Request: Sendable {
            package var authority: Admin.Authority
            /// `defaultGrace` when nil.
            package var grace: Duration?
            /// Rotate even if the next key was published less than `nextKeyMinimumAge` ago: for a
            /// key that must stop signing now (a leaked one), at the cost of relying parties that
            /// have not fetched the new key yet.
            package var force: Bool

            package init(authority: Admin.Authority, grace: Duration? = nil, force: Bool = false) {
                self.authority = authority
                self.grace = grace
                self.force = force
            }
        }

        package enum Response: Sendable, Hashable {
            case rotated([StoredSigningKey], now: Date)
            /// A grace period outside the policy's bounds.
            case invalidGrace(ClosedRange<Duration>)
            /// The next keys were published too recently for relying parties to have them; a
            /// rotation may make them sign from `readyAt`.
            case nextKeyTooNew(readyAt: Date)
            case refused(Admin.AccessProblem)
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the keys after the rotation, or the presenter's failure.
        package typealias ViewModel = Result<[SigningKeySummary], LatchkeyError>
    }

    package enum Publish {
        /// Anyone may read the published keys.
        package struct Request: Sendable {
            package init() {}
        }

        package enum Response: Sendable, Hashable {
            /// The public JWK of each key not retired, oldest first.
            case published([String])
            case unavailable(ServiceProblem)
        }

        /// What every display shows: the JWKS, or the presenter's failure.
        package typealias ViewModel = Result<PublishedKeySet, LatchkeyError>
    }
}

extension SigningKeys.List.Response: ServiceResponse {}
extension SigningKeys.Rotate.Response: ServiceResponse {}
extension SigningKeys.Publish.Response: ServiceResponse {}

/// What the SigningKeys interactor does for a display.
package protocol SigningKeysBusinessLogic: AnyObject {
    /// Lists every key, retired ones too.
    func list(request: SigningKeys.List.Request)
    /// Rotates the keys, audited.
    func rotate(request: SigningKeys.Rotate.Request)
    /// Presents the published keys, making the first ones if there are none.
    func publish(request: SigningKeys.Publish.Request)
}

/// How the SigningKeys presenter is reached.
package protocol SigningKeysPresentationLogic: AnyObject {
    func presentKeys(response: SigningKeys.List.Response)
    func presentRotated(response: SigningKeys.Rotate.Response)
    func presentPublished(response: SigningKeys.Publish.Response)
}

/// What a display of the SigningKeys scene implements.
package protocol SigningKeysDisplayLogic: AnyObject {
    func displayKeys(viewModel: SigningKeys.List.ViewModel)
    func displayRotated(viewModel: SigningKeys.Rotate.ViewModel)
    func displayPublished(viewModel: SigningKeys.Publish.ViewModel)
}
