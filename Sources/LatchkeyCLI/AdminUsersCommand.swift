import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin users`.
struct AdminUsersCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "List accounts (email and phone masked).",
        discussion: "Examples:\n  latchkey admin users\n  latchkey admin users --search ali --limit 10 --json")

    @Option(help: "Only accounts whose username, email or display name holds this text.")
    var search: String?

    @Option(help: "How many to list (1 to \(SecurityPolicy.maximumHistoryLimit)).")
    var limit = 100

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (1...SecurityPolicy.maximumHistoryLimit).contains(limit) else {
            throw ValidationError("--limit takes a number from 1 to \(SecurityPolicy.maximumHistoryLimit).")
        }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let view = AdminView(json: options.json)
        try root.sceneFactory().makeAdminScene(display: view).interactor.listUsers(
            request: .init(search: search, limit: limit))
        try view.finish()
    }
}
