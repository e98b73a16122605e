import ArgumentParser
import Latchkey

/// `latchkey history`: the display of the History scene.
struct HistoryCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show your recent sign-ins and other security events, newest first.",
        discussion: """
            Examples:
              latchkey history
              latchkey history --limit 5 --json
            """)

    @Option(
        help:
            "How many events to show (1 to \(SecurityPolicy.maximumHistoryLimit); default \(SecurityPolicy().historyLimit))."
    )
    var limit: Int?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let limit, !(1...SecurityPolicy.maximumHistoryLimit).contains(limit) {
            throw ValidationError("--limit takes a number from 1 to \(SecurityPolicy.maximumHistoryLimit).")
        }
    }

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let token = try root.sessionToken(for: "read the history")
        let view = HistoryView(json: options.json)
        try root.sceneFactory().makeHistoryScene(display: view).interactor.fetchEvents(
            request: .init(token: token, limit: limit))
        try view.finish()
    }
}
