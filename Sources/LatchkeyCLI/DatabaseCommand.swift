import ArgumentParser
import Foundation
import Latchkey

/// `latchkey database`: operations on the database as a whole.
struct DatabaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "database",
        abstract: "Move the whole database between SQLite and PostgreSQL.",
        subcommands: [DatabaseCopyCommand.self])
}
