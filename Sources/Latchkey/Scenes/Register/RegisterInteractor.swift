import Foundation

/// Validates a registration, hashes the password and stores the account.
public final class RegisterInteractor: RegisterBusinessLogic, RegisterDataStore {
    private let presenter: any RegisterPresentationLogic
    private let workers: LatchkeyWorkers
    public private(set) var registeredUser: UserProfile?

    /// An interactor that reports to `presenter` and works through `workers`.
    public init(presenter: any RegisterPresentationLogic, workers: LatchkeyWorkers) {
        self.presenter = presenter
        self.workers = workers
    }

    public func register(request: Register.CreateAccount.Request) {
        presenter.presentRegistration(response: response(to: request))
    }

    private func response(to request: Register.CreateAccount.Request) -> Register.CreateAccount.Response {
        let account: NewAccount
        do {
            account = try validate(request)
        } catch let failure as Register.CreateAccount.Failure {
            return .rejected(failure)
        } catch {
            return .unavailable(ServiceProblem.from(error))
        }
        do {
            let profile = try workers.database.write { [workers] db in
                let now = workers.time.now()
                let profile = try workers.accounts.insert(account, now: now, in: db)
                try workers.audit.record(
                    .registered, usernameKey: profile.username, userID: profile.id, now: now, in: db)
                return profile
            }
            registeredUser = profile
            return .registered(profile)
        } catch AccountConflict.usernameTaken {
            return .rejected(.usernameTaken)
        } catch AccountConflict.emailTaken {
            return .rejected(.emailTaken)
        } catch {
            return .unavailable(ServiceProblem.from(error))
        }
    }

    /// Checks every field, then hashes the password (slow, so outside any transaction).
    private func validate(_ request: Register.CreateAccount.Request) throws -> NewAccount {
        let username: Username
        do { username = try Username(request.username) } catch {
            throw Register.CreateAccount.Failure.invalidUsername(error)
        }
        var email: EmailAddress?
        if let input = nonEmpty(request.email) {
            do { email = try EmailAddress(input) } catch { throw Register.CreateAccount.Failure.invalidEmail }
        }
        var phone: PhoneNumber?
        if let input = nonEmpty(request.phone) {
            do { phone = try PhoneNumber(input) } catch {
                throw Register.CreateAccount.Failure.invalidPhone(reason: error.reason)
            }
        }
        let password: String
        do {
            password = try PasswordRules(policy: workers.policy).check(
                request.password, username: username, email: email)
        } catch {
            throw Register.CreateAccount.Failure.passwordRejected(error)
        }
        let displayName = try nonEmpty(request.displayName).map(Self.checkDisplayName)
        return NewAccount(
            username: username, email: email, phone: phone, displayName: displayName,
            passwordHash: try workers.hasher.hash(password))
    }

    /// An optional field left empty counts as not given.
    private func nonEmpty(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }

    /// A display name: at most 64 code points, no control characters.
    private static func checkDisplayName(_ name: String) throws -> String {
        guard name.unicodeScalars.count <= 64,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw Register.CreateAccount.Failure.invalidDisplayName }
        return name
    }
}
