import Latchkey

/// What the Admin, AccessTokens and Authorize presenters show for one response.
extension Presented {
    static func users(_ response: Admin.ListUsers.Response) -> Admin.ListUsers.ViewModel? {
        let display = AccessDisplaySpy()
        AdminPresenter(display: display).presentUsers(response: response)
        return display.users.last
    }

    static func user(_ response: Admin.ShowUser.Response) -> Admin.ShowUser.ViewModel? {
        let display = AccessDisplaySpy()
        AdminPresenter(display: display).presentUser(response: response)
        return display.shown.last
    }

    static func action(_ response: Admin.Act.Response) -> Admin.Act.ViewModel? {
        let display = AccessDisplaySpy()
        AdminPresenter(display: display).presentAction(response: response)
        return display.actions.last
    }

    static func created(_ response: AccessTokens.Create.Response) -> AccessTokens.Create.ViewModel? {
        let display = AccessDisplaySpy()
        AccessTokensPresenter(display: display).presentCreated(response: response)
        return display.created.last
    }

    static func tokens(_ response: AccessTokens.List.Response) -> AccessTokens.List.ViewModel? {
        let display = AccessDisplaySpy()
        AccessTokensPresenter(display: display).presentTokens(response: response)
        return display.tokens.last
    }

    static func revocation(_ response: AccessTokens.Revoke.Response) -> AccessTokens.Revoke.ViewModel? {
        let display = AccessDisplaySpy()
        AccessTokensPresenter(display: display).presentRevocation(response: response)
        return display.revocations.last
    }

    static func authorization(_ response: Authorize.Check.Response) -> Authorize.Check.ViewModel? {
        let display = AccessDisplaySpy()
        AuthorizePresenter(display: display).presentCheck(response: response)
        return display.checks.last
    }
}
