public import Latchkey

/// What an operator does by their own authority (as `latchkey admin`), for tests that need an
/// account in a given state without a second signed-in administrator.
public enum Operator {
    /// Adds `roles` to `username`'s account.
    public static func grant(_ roles: [String], to username: String, in workers: LatchkeyWorkers) {
        AdminInteractor(presenter: Silent(), workers: workers).act(
            request: .init(username: username, action: .roles(add: roles, remove: []), actor: .init(osUser: "test")))
    }

    /// Issues an invitation granting `roles` (and naming `email`, if given), as `latchkey admin
    /// invite` does; answers its code.
    public static func invite(
        roles: [String] = [], email: String? = nil, expiresIn: Duration? = nil, in workers: LatchkeyWorkers
    ) throws -> String {
        try Seeds.invite(
            .init(roles: roles, expiresIn: expiresIn, email: email, actor: .init(osUser: "test")), with: workers)
    }
}

/// A presenter that shows nothing: the tests read the outcome from the database or the service.
private final class Silent: AdminPresentationLogic {
    func presentUsers(response: Admin.ListUsers.Response) {}
    func presentUser(response: Admin.ShowUser.Response) {}
    func presentAction(response: Admin.Act.Response) {}
}
