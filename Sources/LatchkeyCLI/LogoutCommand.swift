import ArgumentParser
import Latchkey

/// `latchkey logout`: the display of the Logout scene.
struct LogoutCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out and remove the session file.",
        discussion: """
            Signing out when signed out is not an error. A session file that cannot be read is: it \
            is kept, and the session it may hold stays as it was (exit 74).

            Examples:
              latchkey logout
              latchkey logout --all      # every session of this user, on every machine
            """)

    @Flag(help: "End every session of this user, not only this one.")
    var all = false

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let sessionFile = try root.sessionFile()
        let token = try root.sessionToken(for: "sign out")
        let view = LogoutView(json: options.json)
        try root.sceneFactory().makeLogoutScene(display: view).interactor.logout(
            request: .init(token: token, everywhere: all))
        try view.finish()
        try sessionFile.remove()
    }
}
