/// Rewrites the command line so that the options every command takes may come before the
/// subcommand (`latchkey --database X whoami`), as with `git -C` or `kubectl --context`.
enum Arguments {
    /// `arguments` with global options found before the first subcommand name moved to the end (before
    /// a `--`), where the innermost subcommand (`sessions revoke`, `admin show`) parses them.
    static func hoistingGlobalOptions(_ arguments: [String], subcommands: Set<String>) -> [String] {
        var hoisted: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if subcommands.contains(argument) {
                // Everything before the name was a global option: it now follows the last option.
                var rest = Array(arguments[index...])
                let end = rest.firstIndex(of: "--") ?? rest.endIndex
                rest.insert(contentsOf: hoisted, at: end)
                return rest
            }
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            guard let takesValue = GlobalOptions.names[name] else { return arguments }
            hoisted.append(argument)
            if takesValue && !argument.contains("=") {
                guard index + 1 < arguments.count else { return arguments }
                hoisted.append(arguments[index + 1])
                index += 1
            }
            index += 1
        }
        return arguments
    }
}
