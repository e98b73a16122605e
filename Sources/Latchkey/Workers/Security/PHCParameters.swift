internal import CSodium

/// The cost parameters written in an Argon2id PHC string.
struct PHCParameters: Equatable {
    let memoryKiB: Int
    let iterations: Int

    /// Parses `$argon2id$v=19$m=M,t=T,p=P$…`; nil for anything else.
    init?(_ hash: String) {
        let fields = hash.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 6, fields[0].isEmpty, fields[1] == "argon2id", fields[2] == "v=19" else { return nil }
        var values: [Substring: Int] = [:]
        for pair in fields[3].split(separator: ",") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let value = Int(parts[1]) else { return nil }
            values[parts[0]] = value
        }
        guard let memory = values["m"], let iterations = values["t"] else { return nil }
        memoryKiB = memory
        self.iterations = iterations
    }
}
