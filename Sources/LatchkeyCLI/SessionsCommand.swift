import ArgumentParser
import Latchkey

/// `latchkey sessions`: where you are signed in, and ending sessions (the Sessions scene's display).
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List your live sessions, or end one or all others.",
        discussion: """
            Examples:
              latchkey sessions
              latchkey sessions revoke 3fa94c1e
              latchkey sessions revoke --others
            """,
        subcommands: [SessionsListCommand.self, SessionsRevokeCommand.self],
        defaultSubcommand: SessionsListCommand.self)
}

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

/// Shows the Sessions scene's view models.
final class SessionsView: CommandView, SessionsDisplayLogic {
    private let sessionFile: SessionFile

    init(json: Bool, sessionFile: SessionFile) {
        self.sessionFile = sessionFile
        super.init(json: json)
    }

    func displaySessions(viewModel: Sessions.List.ViewModel) {
        switch viewModel {
        case .success(let sessions):
            let lines = sessions.map { session -> String in
                var text = (session.current ? "* " : "  ") + session.id + "  "
                text += TerminalEscaping.escape(session.label ?? "(no label)")
                text += "\n      since \(DateText.format(session.created))"
                text += ", last used \(DateText.format(session.lastUsed))"
                text += ", ends \(DateText.format(session.expiresIfUnused)) if unused"
                text += " (\(DateText.format(session.expiresAtLatest)) at the latest)"
                if let origin = Self.origin(session) { text += "\n      from \(origin)" }
                return text
            }
            show(message: nil, json: JSONOutput.SessionList(sessions: sessions), text: lines.joined(separator: "\n"))
        case .failure(let failure):
            record(failure)
        }
    }

    /// Where a session was opened: its address and user agent, escaped for the terminal.
    static func origin(_ session: SessionSummary) -> String? {
        let parts = [session.address, session.userAgent.map { "(\($0))" }].compactMap { $0 }
        return parts.isEmpty ? nil : TerminalEscaping.escape(parts.joined(separator: " "))
    }

    func displayRevocation(viewModel: Sessions.Revoke.ViewModel) {
        switch viewModel {
        case .success(let revocation):
            // This session is over: its token is of no use to keep.
            if revocation.includedCurrent { emit { () throws(CLIError) in try sessionFile.remove() } }
            let message = Self.message(revocation)
            show(message: message, json: JSONOutput.SignedOut(message: message, revocation: revocation), text: nil)
        case .failure(let failure):
            record(failure)
        }
    }

    /// What a revocation ended, in words.
    static func message(_ revocation: SessionRevocation) -> String {
        switch revocation.sessionsEnded {
        case 0: "No other session to sign out."
        case 1: revocation.includedCurrent ? "Signed out of this session." : "Signed out of 1 session."
        case let count: "Signed out of \(count) sessions."
        }
    }
}
