import ArgumentParser
import Latchkey

/// `latchkey key init`: makes the key file if there is none and records its key in the database.
struct KeyInitCommand: LatchkeyCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make the key file if needed and record its key in the database.",
        discussion: """
            Run it once, on one machine, before a database is shared: from then on the database refuses \
            any other key file (exit 74), so every other machine needs a copy of this one. Without it, \
            the first machine to use a key records its own. Running it again with the same key changes \
            nothing; a machine without the key file of a database that has one is refused, and no key \
            is made for it.
            """)

    @OptionGroup var options: GlobalOptions

    func execute(_ root: CompositionRoot) throws(CLIError) {
        let workers = try root.workers()
        let done: InstallationKeyInitialization
        do { done = try workers.initializeInstallationKey() } catch {
            throw CLIError(LatchkeyError.unavailable(error))
        }
        let path = done.keyFile ?? "(in memory)"
        if options.json {
            try Console.json(JSONOutput.KeyInit(keyFile: path, created: done.createdKeyFile, recorded: done.recorded))
            return
        }
        let file = done.createdKeyFile ? "Key file \(path) created" : "Key file \(path)"
        try Console.out(
            done.recorded
                ? "\(file) and recorded in the database: every machine using it needs a copy of this file."
                : "\(file) is the key this database is used with already.")
    }
}
