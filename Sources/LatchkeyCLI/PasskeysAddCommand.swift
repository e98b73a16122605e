import ArgumentParser
import Latchkey

/// `latchkey passkeys add`, which does not exist: hidden, it only says where a passkey is added, as
/// one usage line (64), instead of the parser's "unexpected arguments".
struct PasskeysAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Not a command: adding a passkey needs a browser.",
        shouldDisplay: false)

    @Argument(parsing: .allUnrecognized)
    var ignored: [String] = []

    func validate() throws {
        throw ValidationError(
            "There is no 'latchkey passkeys add': adding a passkey needs a browser, on the server's /account page.")
    }
}
