import ArgumentParser
import Latchkey

/// `latchkey register`: the display of the Register scene.
struct RegisterCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Create an account.",
        discussion: """
            The password is asked twice on the terminal, or read as one line with --password-stdin. \
            It needs at least \(SecurityPolicy().minimumPasswordLength) characters; a few words make a good one.

            With an invitation code (latchkey admin invite), the account gets the invitation's roles and \
            uses it up, in one write: --invitation asks for the code on the terminal, --invitation-stdin \
            reads it as a line of standard input (the second line with --password-stdin). The code is \
            never an argument. Without one, the command registers as the operator always may.

            Examples:
              latchkey register alice --email alice@example.com --phone "+44 20 7946 0958"
              printf '%s\\n' 'correct horse battery staple' | latchkey register alice --password-stdin
              printf '%s\\n%s\\n' "$PASSWORD" "$CODE" | latchkey register bob --password-stdin --invitation-stdin
            """)

    @Argument(
        help: """
            \(Username.length.lowerBound) to \(Username.length.upperBound) of a-z, 0-9, '.', '_' and '-', \
            starting with a letter or digit.
            """)
    var username: String

    @Option(help: "An email address (optional).")
    var email: String?

    @Option(help: "A phone number starting with + or 00 and the country code (optional).")
    var phone: String?

    @Option(help: "The name to show, at most \(SecurityPolicy.maximumDisplayNameLength) characters (optional).")
    var name: String?

    @Flag(help: "Read the password as one line from standard input.")
    var passwordStdin = false

    @Flag(help: "Ask for an invitation code on the terminal; the account gets its roles.")
    var invitation = false

    @Flag(help: "Read an invitation code as a line of standard input (after the password's line).")
    var invitationStdin = false

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        if invitation && !invitationStdin {
            // Said before the password is asked for, and naming the flag that would do instead.
            guard let terminal = try? Terminal.open() else {
                throw CLIError(
                    message: "No terminal to ask for the invitation code: pipe it in with --invitation-stdin.",
                    exitCode: ExitStatus.usage)
            }
            terminal.close()
        }
        let password = try PasswordInput(fromStandardInput: passwordStdin).read(prompt: "Password", confirm: true)
        // A secret like the password: echo off on the terminal, or a line of standard input.
        let code =
            invitation || invitationStdin
            ? try PasswordInput(fromStandardInput: invitationStdin, flag: "--invitation-stdin").read(
                prompt: "Invitation code") : nil
        let view = RegisterView(json: options.json)
        try root.sceneFactory().makeRegisterScene(display: view).interactor.register(
            request: .init(
                username: username, password: password, email: email, phone: phone, displayName: name,
                invitation: code))
        try view.finish()
    }
}
