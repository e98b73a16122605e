import ArgumentParser
import Latchkey

/// The commands scripts run most, `whoami` and `login NAME`, recognised without
/// swift-argument-parser when their command line is a plain form: the command's name, the global
/// `--json` and `--database PATH` before or after it, and for `login` the name and its
/// `--password-stdin` and `--code-stdin` after it. The parser reflects over every command's
/// properties and checks their types' conformances at run time, which costs a process more than
/// whoami's own work. Any other command line (help, a typo, a repeated or unknown option) goes to
/// the parser, which answers as ever.
struct QuickCommand {
    enum Command: Equatable {
        case whoAmI
        case login(username: String, passwordFromStandardInput: Bool, codeFromStandardInput: Bool)
    }

    let command: Command
    let database: String?
    let json: Bool

    /// The command `arguments` (without the program's name) plainly ask for, or nil.
    init?(_ arguments: [String]) {
        var database: String?
        var json = false
        var name: String?
        var username: String?
        var passwordStdin = false
        var codeStdin = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--json":
                guard !json else { return nil }
                json = true
            case "--database":
                guard index + 1 < arguments.count, let value = Self.value(arguments[index + 1]), database == nil else {
                    return nil
                }
                database = value
                index += 1
            case "--password-stdin":
                guard name == "login", !passwordStdin else { return nil }
                passwordStdin = true
            case "--code-stdin":
                guard name == "login", !codeStdin else { return nil }
                codeStdin = true
            default:
                if argument.hasPrefix("--database=") {
                    guard database == nil, let value = Self.value(String(argument.dropFirst("--database=".count)))
                    else { return nil }
                    database = value
                } else if name == nil {
                    guard argument == "whoami" || argument == "login" else { return nil }
                    name = argument
                } else {
                    guard name == "login", username == nil, let value = Self.value(argument) else { return nil }
                    username = value
                }
            }
            index += 1
        }
        switch name {
        case "whoami": command = .whoAmI
        case "login":
            guard let username else { return nil }
            command = .login(
                username: username, passwordFromStandardInput: passwordStdin, codeFromStandardInput: codeStdin)
        default: return nil
        }
        self.database = database
        self.json = json
    }

    /// A value the parser would take as it is: not empty, and not one that looks like an option.
    private static func value(_ text: String) -> String? {
        text.isEmpty || text.hasPrefix("-") ? nil : text
    }

    /// Runs the command as its `ParsableCommand` would, and gives the exit status to end with.
    func run() -> Int32 {
        let root = CompositionRoot(database: database)
        do {
            switch command {
            case .whoAmI:
                try WhoAmICommand.show(json: json, root)
            case .login(let username, let passwordStdin, let codeStdin):
                try LoginCommand.signIn(
                    username, input: PasswordInput(fromStandardInput: passwordStdin, codeFromStandardInput: codeStdin),
                    showToken: false, label: nil, json: json, root)
            }
            return 0
        } catch {
            return FailureReport.report(error, json: json).rawValue
        }
    }
}
