import ArgumentParser
import Latchkey

/// `latchkey sessions revoke ID | --others`.
struct SessionsRevokeCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "End one of your sessions by its id, or every other one with --others.",
        discussion: "Examples:\n  latchkey sessions revoke 3fa94c1e\n  latchkey sessions revoke --others")

    @Argument(help: "The session's id, as 'latchkey sessions' shows it.")
    var id: String?

    @Flag(help: "End every session but this one.")
    var others = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (id == nil) != (others == false) else {
            throw ValidationError("Give a session id, or --others (not both).")
        }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let sessionFile = try root.sessionFile()
        let token = try root.sessionToken(for: "end sessions")
        let view = SessionsView(json: options.json, sessionFile: sessionFile)
        let target: Sessions.Revoke.Target = id.map { .session($0) } ?? .others
        try root.sceneFactory().makeSessionsScene(display: view).interactor.revokeSessions(
            request: .init(token: token, target: target))
        try view.finish()
    }
}
