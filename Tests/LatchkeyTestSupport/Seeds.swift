import Foundation
import Latchkey
import Synchronization

/// A clock the test moves by hand.
final class ManualTime: TimeSource {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_790_000_000)) {
        current = Mutex(start)
    }

    func now() -> Date { current.withLock { $0 } }

    func advance(by duration: Duration) {
        current.withLock { $0 = $0.addingTimeInterval(TimeInterval(duration.wholeSeconds)) }
    }
}

/// Shared fixtures, after CleanStore's Seeds.
enum Seeds {
    static let password = "correct horse battery staple"
    static let otherPassword = "a different passphrase entirely"

    static let alice = Register.CreateAccount.Request(
        username: "Alice", password: password, email: "alice@example.com", phone: "+7 912 345-67-33",
        displayName: "Alice Liddell")

    static let bob = Register.CreateAccount.Request(username: "bob", password: "a long enough password for him")

    /// Workers over a fresh database on the test's engine, with the cheapest Argon2id parameters.
    static func workers(
        time: ManualTime = ManualTime(), hasher: (any PasswordHashing)? = nil,
        policy: SecurityPolicy = SecurityPolicy(), delivery: any MessageDelivery = NoDelivery()
    ) throws -> LatchkeyWorkers {
        LatchkeyWorkers(
            database: try freshDatabase(),
            hasher: hasher ?? Argon2idHasher(parameters: .cheapestForTests),
            time: time, policy: policy, secret: InstallationSecret(), delivery: delivery)
    }

    /// Registers `request` through the real Register scene; fails the test if it does not succeed.
    @discardableResult
    static func register(_ request: Register.CreateAccount.Request, with workers: LatchkeyWorkers) throws -> UserProfile
    {
        let spy = RegisterPresentationLogicSpy()
        RegisterInteractor(presenter: spy, workers: workers).register(request: request)
        guard case .registered(let profile) = spy.responses.last else { throw SeedError.notRegistered(spy.responses) }
        return profile
    }

    /// Signs `username` in through the real Login scene and returns the token.
    static func login(_ username: String, _ password: String = password, with workers: LatchkeyWorkers) throws
        -> SessionToken
    {
        let spy = LoginPresentationLogicSpy()
        LoginInteractor(presenter: spy, workers: workers).login(
            request: .init(username: username, password: password))
        guard case .signedIn(_, _, let token) = spy.responses.last else { throw SeedError.notSignedIn }
        return token
    }

    /// Issues an invitation through the real Invite scene and returns its code.
    static func invite(_ request: Invite.Issue.Request, with workers: LatchkeyWorkers) throws -> String {
        let spy = InvitePresentationLogicSpy()
        InviteInteractor(presenter: spy, workers: workers).issue(request: request)
        guard case .issued(let invitation) = spy.responses.last else { throw SeedError.notInvited(spy.responses) }
        return invitation.code
    }

    enum SeedError: Error {
        case notInvited([Invite.Issue.Response])
        case notRegistered([Register.CreateAccount.Response])
        case notSignedIn
    }
}

/// A huge input named by a short marker in a test's arguments, so a failure log shows the marker
/// and not a mebibyte of text: `"<1 MiB of x>"` becomes x repeated 1,048,576 times.
enum HugeInput {
    static func marker(of character: Character) -> String { "<1 MiB of \(character)>" }

    /// `text` with a marker expanded; any other text as it is.
    static func expand(_ text: String) -> String {
        guard text.hasPrefix("<1 MiB of "), text.hasSuffix(">"), let character = text.dropFirst(10).first else {
            return text
        }
        return String(repeating: character, count: 1 << 20)
    }
}
