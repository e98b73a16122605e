import ArgumentParser
import Latchkey

/// `latchkey profile`: changes the signed-in user's name, phone or email (the EditProfile scene's display).
struct ProfileCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Change your display name, phone or email address.",
        discussion: """
            An empty value removes the field. Changing or removing the email asks for your password \
            (on the terminal, or one line of standard input with --password-stdin); a new address \
            takes effect once its code is confirmed with 'latchkey verify-email'. Codes are sent by \
            the command in $LATCHKEY_DELIVER_COMMAND (one JSON object on its standard input).

            Examples:
              latchkey profile --name "Alice Liddell" --phone "+44 20 7946 0958"
              latchkey profile --email alice@example.com
              latchkey profile --phone ""
            """)

    @Option(help: "The name to show (empty: none).")
    var name: String?

    @Option(help: "A phone number starting with + or 00 and the country code (empty: none).")
    var phone: String?

    @Option(help: "A new email address (empty: none); it waits for its code.")
    var email: String?

    @Flag(help: "Read the password (needed for --email) as one line from standard input.")
    var passwordStdin = false

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let token = try root.sessionToken(for: "change the profile")
        let password =
            email == nil ? nil : try PasswordInput(fromStandardInput: passwordStdin).read(prompt: "Password")
        let view = ProfileView(json: options.json)
        try root.sceneFactory().makeEditProfileScene(display: view).interactor.updateProfile(
            request: .init(
                token: token, displayName: Self.change(name), phone: Self.change(phone), email: Self.change(email),
                password: password))
        try view.finish()
    }

    private static func change(_ value: String?) -> EditProfile.FieldChange {
        value.map { $0.isEmpty ? .remove : .set($0) } ?? .keep
    }
}
