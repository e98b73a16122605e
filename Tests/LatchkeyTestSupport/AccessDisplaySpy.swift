import Latchkey

/// A display for the Admin, AccessTokens and Authorize scenes; records every view model.
final class AccessDisplaySpy: AdminDisplayLogic, AccessTokensDisplayLogic, AuthorizeDisplayLogic {
    var users: [Admin.ListUsers.ViewModel] = []
    var shown: [Admin.ShowUser.ViewModel] = []
    var actions: [Admin.Act.ViewModel] = []
    var created: [AccessTokens.Create.ViewModel] = []
    var tokens: [AccessTokens.List.ViewModel] = []
    var revocations: [AccessTokens.Revoke.ViewModel] = []
    var checks: [Authorize.Check.ViewModel] = []

    func displayUsers(viewModel: Admin.ListUsers.ViewModel) { users.append(viewModel) }
    func displayUser(viewModel: Admin.ShowUser.ViewModel) { shown.append(viewModel) }
    func displayAction(viewModel: Admin.Act.ViewModel) { actions.append(viewModel) }
    func displayCreated(viewModel: AccessTokens.Create.ViewModel) { created.append(viewModel) }
    func displayTokens(viewModel: AccessTokens.List.ViewModel) { tokens.append(viewModel) }
    func displayRevocation(viewModel: AccessTokens.Revoke.ViewModel) { revocations.append(viewModel) }
    func displayCheck(viewModel: Authorize.Check.ViewModel) { checks.append(viewModel) }
}
