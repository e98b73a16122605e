import Latchkey

/// What a scene's presenter shows a display for one response, as a display of the test's own sees it.
enum Presented {
    static func registration(_ response: Register.CreateAccount.Response) -> Register.CreateAccount.ViewModel? {
        let display = DisplayLogicSpy()
        RegisterPresenter(display: display).presentRegistration(response: response)
        return display.registrations.last
    }

    static func profile(_ response: WhoAmI.Profile.Response) -> WhoAmI.Profile.ViewModel? {
        let display = DisplayLogicSpy()
        WhoAmIPresenter(display: display).presentProfile(response: response)
        return display.profiles.last
    }

    static func sessions(_ response: Sessions.List.Response) -> Sessions.List.ViewModel? {
        let display = SessionsDisplayLogicSpy()
        SessionsPresenter(display: display).presentSessions(response: response)
        return display.lists.last
    }

    static func revocation(_ response: Sessions.Revoke.Response) -> Sessions.Revoke.ViewModel? {
        let display = SessionsDisplayLogicSpy()
        SessionsPresenter(display: display).presentRevocation(response: response)
        return display.revocations.last
    }

    static func events(_ response: History.ListEvents.Response) -> History.ListEvents.ViewModel? {
        let display = DisplayLogicSpy()
        HistoryPresenter(display: display).presentEvents(response: response)
        return display.histories.last
    }

    static func passwordChange(_ response: ChangePassword.Update.Response) -> ChangePassword.Update.ViewModel? {
        let display = DisplayLogicSpy()
        ChangePasswordPresenter(display: display).presentPasswordChange(response: response)
        return display.passwordChanges.last
    }

    static func reset(_ response: PasswordReset.Complete.Response) -> PasswordReset.Complete.ViewModel? {
        let display = ResetDisplaySpy()
        PasswordResetPresenter(display: display).presentCompleted(response: response)
        return display.completed.last
    }
}

/// A display of the PasswordReset scene that records what it is shown.
final class ResetDisplaySpy: PasswordResetDisplayLogic {
    var begun: [PasswordReset.Begin.ViewModel] = []
    var completed: [PasswordReset.Complete.ViewModel] = []
    var issued: [PasswordReset.Issue.ViewModel] = []

    func displayBegun(viewModel: PasswordReset.Begin.ViewModel) { begun.append(viewModel) }
    func displayCompleted(viewModel: PasswordReset.Complete.ViewModel) { completed.append(viewModel) }
    func displayIssued(viewModel: PasswordReset.Issue.ViewModel) { issued.append(viewModel) }
}
