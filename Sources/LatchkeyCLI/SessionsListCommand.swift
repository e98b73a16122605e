import ArgumentParser
import Latchkey

/// `latchkey sessions [list]`.
struct SessionsListCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List your live sessions, newest first; * marks this one.",
        discussion: "Examples:\n  latchkey sessions\n  latchkey sessions --json")

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let token = try root.sessionToken(for: "list sessions")
        let view = SessionsView(json: options.json, sessionFile: try root.sessionFile())
        try root.sceneFactory().makeSessionsScene(display: view).interactor.fetchSessions(request: .init(token: token))
        try view.finish()
    }
}
