import ArgumentParser
import Latchkey

/// `latchkey key`: the installation's key file.
struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "The installation's key file.",
        subcommands: [KeyInitCommand.self])
}
