import Latchkey
import Synchronization

/// The responses a presentation spy was given, in order.
class ResponseLog<Response> {
    var responses: [Response] = []
}

/// Stands in for `RegisterPresentationLogic`; records every response.
final class RegisterPresentationLogicSpy: ResponseLog<Register.CreateAccount.Response>, RegisterPresentationLogic {
    func presentRegistration(response: Register.CreateAccount.Response) { responses.append(response) }
}

/// Stands in for `InvitePresentationLogic`; records every response.
final class InvitePresentationLogicSpy: ResponseLog<Invite.Issue.Response>, InvitePresentationLogic {
    var listed: [Invite.List.Response] = []
    var revoked: [Invite.Revoke.Response] = []
    func presentIssued(response: Invite.Issue.Response) { responses.append(response) }
    func presentInvitations(response: Invite.List.Response) { listed.append(response) }
    func presentRevoked(response: Invite.Revoke.Response) { revoked.append(response) }
}

/// Stands in for `ClientsPresentationLogic`; records every response, by kind.
final class ClientsPresentationLogicSpy: ResponseLog<Clients.Add.Response>, ClientsPresentationLogic {
    var listed: [Clients.List.Response] = []
    var shown: [Clients.Show.Response] = []
    var removed: [Clients.Remove.Response] = []
    var rotated: [Clients.RotateSecret.Response] = []
    func presentAdded(response: Clients.Add.Response) { responses.append(response) }
    func presentClients(response: Clients.List.Response) { listed.append(response) }
    func presentClient(response: Clients.Show.Response) { shown.append(response) }
    func presentRemoved(response: Clients.Remove.Response) { removed.append(response) }
    func presentRotated(response: Clients.RotateSecret.Response) { rotated.append(response) }
}

/// Stands in for `LoginPresentationLogic`; records every response.
final class LoginPresentationLogicSpy: ResponseLog<Login.Authenticate.Response>, LoginPresentationLogic {
    func presentLogin(response: Login.Authenticate.Response) { responses.append(response) }
}

/// Stands in for `WhoAmIPresentationLogic`; records every response.
final class WhoAmIPresentationLogicSpy: ResponseLog<WhoAmI.Profile.Response>, WhoAmIPresentationLogic {
    func presentProfile(response: WhoAmI.Profile.Response) { responses.append(response) }
}

/// Stands in for `LogoutPresentationLogic`; records every response.
final class LogoutPresentationLogicSpy: ResponseLog<Logout.SignOut.Response>, LogoutPresentationLogic {
    func presentLogout(response: Logout.SignOut.Response) { responses.append(response) }
}

/// Stands in for `ChangePasswordPresentationLogic`; records every response.
final class ChangePasswordPresentationLogicSpy: ResponseLog<ChangePassword.Update.Response>,
    ChangePasswordPresentationLogic
{
    func presentPasswordChange(response: ChangePassword.Update.Response) { responses.append(response) }
}

/// Stands in for `HistoryPresentationLogic`; records every response.
final class HistoryPresentationLogicSpy: ResponseLog<History.ListEvents.Response>, HistoryPresentationLogic {
    func presentEvents(response: History.ListEvents.Response) { responses.append(response) }
}

/// Stands in for `PasswordResetPresentationLogic`; records every response.
final class PasswordResetPresentationLogicSpy: PasswordResetPresentationLogic {
    var begun: [PasswordReset.Begin.Response] = []
    var completed: [PasswordReset.Complete.Response] = []
    var issued: [PasswordReset.Issue.Response] = []

    func presentBegun(response: PasswordReset.Begin.Response) { begun.append(response) }
    func presentCompleted(response: PasswordReset.Complete.Response) { completed.append(response) }
    func presentIssued(response: PasswordReset.Issue.Response) { issued.append(response) }
}

/// Stands in for `EditProfilePresentationLogic`; records every response.
final class EditProfilePresentationLogicSpy: EditProfilePresentationLogic {
    var updates: [EditProfile.Update.Response] = []
    var verificationRequests: [EditProfile.RequestVerification.Response] = []
    var verifications: [EditProfile.Verify.Response] = []

    func presentUpdate(response: EditProfile.Update.Response) { updates.append(response) }
    func presentVerificationRequest(response: EditProfile.RequestVerification.Response) {
        verificationRequests.append(response)
    }
    func presentVerification(response: EditProfile.Verify.Response) { verifications.append(response) }
}

/// A display for every scene; records every view model.
final class DisplayLogicSpy: RegisterDisplayLogic, LoginDisplayLogic, WhoAmIDisplayLogic, LogoutDisplayLogic,
    ChangePasswordDisplayLogic, HistoryDisplayLogic
{
    var registrations: [Register.CreateAccount.ViewModel] = []
    var logins: [Login.Authenticate.ViewModel] = []
    var profiles: [WhoAmI.Profile.ViewModel] = []
    var logouts: [Logout.SignOut.ViewModel] = []
    var passwordChanges: [ChangePassword.Update.ViewModel] = []
    var histories: [History.ListEvents.ViewModel] = []

    func displayRegistration(viewModel: Register.CreateAccount.ViewModel) { registrations.append(viewModel) }
    func displayLogin(viewModel: Login.Authenticate.ViewModel) { logins.append(viewModel) }
    func displayProfile(viewModel: WhoAmI.Profile.ViewModel) { profiles.append(viewModel) }
    func displayLogout(viewModel: Logout.SignOut.ViewModel) { logouts.append(viewModel) }
    func displayPasswordChange(viewModel: ChangePassword.Update.ViewModel) { passwordChanges.append(viewModel) }
    func displayEvents(viewModel: History.ListEvents.ViewModel) { histories.append(viewModel) }
}

/// Wraps a real hasher and logs each call, so tests see the work done (never the password).
final class PasswordHashingSpy: PasswordHashing {
    enum Call: Equatable, Sendable {
        case hash
        case verify(hash: String)
        case needsRehash(hash: String)
    }

    /// The hasher behind the spy.
    let real: any PasswordHashing
    private let log = Mutex<[Call]>([])

    init(_ real: any PasswordHashing) {
        self.real = real
    }

    var calls: [Call] { log.withLock { $0 } }
    var dummyHash: String { real.dummyHash }

    func hash(_ password: String) throws -> String {
        log.withLock { $0.append(.hash) }
        return try real.hash(password)
    }

    func verify(_ password: String, against hash: String) -> Bool {
        log.withLock { $0.append(.verify(hash: hash)) }
        return real.verify(password, against: hash)
    }

    func needsRehash(_ hash: String) -> Bool {
        log.withLock { $0.append(.needsRehash(hash: hash)) }
        return real.needsRehash(hash)
    }

    func reset() { log.withLock { $0 = [] } }
}

/// Stands in for `SessionsPresentationLogic`; records every response of both kinds.
final class SessionsPresentationLogicSpy: SessionsPresentationLogic {
    var lists: [Sessions.List.Response] = []
    var revocations: [Sessions.Revoke.Response] = []
    func presentSessions(response: Sessions.List.Response) { lists.append(response) }
    func presentRevocation(response: Sessions.Revoke.Response) { revocations.append(response) }
}

/// A display of the Sessions scene; records every view model of both kinds.
final class SessionsDisplayLogicSpy: SessionsDisplayLogic {
    var lists: [Sessions.List.ViewModel] = []
    var revocations: [Sessions.Revoke.ViewModel] = []
    func displaySessions(viewModel: Sessions.List.ViewModel) { lists.append(viewModel) }
    func displayRevocation(viewModel: Sessions.Revoke.ViewModel) { revocations.append(viewModel) }
}

/// Stands in for `AdminPresentationLogic`; records every response of each kind.
final class AdminPresentationLogicSpy: AdminPresentationLogic {
    var users: [Admin.ListUsers.Response] = []
    var shown: [Admin.ShowUser.Response] = []
    var actions: [Admin.Act.Response] = []
    func presentUsers(response: Admin.ListUsers.Response) { users.append(response) }
    func presentUser(response: Admin.ShowUser.Response) { shown.append(response) }
    func presentAction(response: Admin.Act.Response) { actions.append(response) }
}

/// Stands in for `SecondFactorPresentationLogic`; records every response.
final class SecondFactorPresentationLogicSpy: ResponseLog<SecondFactor.Change.Response>, SecondFactorPresentationLogic {
    func presentChange(response: SecondFactor.Change.Response) { responses.append(response) }
}
