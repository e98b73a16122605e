import ArgumentParser
import Latchkey

/// `latchkey register`: the display of the Register scene.
struct RegisterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Create an account.",
        discussion: """
            The password is asked twice on the terminal, or read as one line with --password-stdin. \
            It needs at least 15 characters; a few words make a good one.

            Examples:
              latchkey register alice --email alice@example.com --phone "+44 20 7946 0958"
              printf '%s\\n' 'correct horse battery staple' | latchkey register alice --password-stdin
            """)

    @Argument(help: "3 to 32 of a-z, 0-9, '.', '_' and '-', starting with a letter or digit.")
    var username: String

    @Option(help: "An email address (optional).")
    var email: String?

    @Option(help: "A phone number starting with + or 00 and the country code (optional).")
    var phone: String?

    @Option(help: "The name to show (optional).")
    var name: String?

    @Flag(help: "Read the password as one line from standard input.")
    var passwordStdin = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try runReportingFailures(json: options.json) {
            let password = try PasswordInput(fromStandardInput: passwordStdin).read(prompt: "Password", confirm: true)
            let view = RegisterView(json: options.json)
            let scene = try options.sceneFactory().makeRegisterScene(display: view)
            scene.interactor.register(
                request: .init(username: username, password: password, email: email, phone: phone, displayName: name))
            try view.finish()
        }
    }
}

/// Shows the Register scene's view model.
final class RegisterView: CommandView, RegisterDisplayLogic {

    func displayRegistration(viewModel: Register.CreateAccount.ViewModel) {
        switch viewModel {
        case .registered(let message, let card):
            Console.message(message)
            if json {
                Console.json(["registered": true, "profile": ProfileCardView.json(card)])
            } else {
                Console.out(ProfileCardView.text(card))
            }
        case .failed(let failure):
            record(failure)
        }
    }
}
