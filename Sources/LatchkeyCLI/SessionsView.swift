import ArgumentParser
import Latchkey

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
                if let client = session.client { text += "  signed in to " + TerminalEscaping.escape(client) }
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
