import Foundation

/// A JSON configuration file, flattened to `policy.maximumFailedLogins`-style keys with their values,
/// its top-level sections, and the lines the keys stand on (for errors that point at them).
struct JSONFile {
    let path: String
    /// Every value that is not an object, by its dotted key; each setting says which kinds it takes.
    let values: [String: JSONValue]
    /// The names at the top of the file (`policy`, `server`).
    let sections: [String]
    private let lines: [Substring]

    init(path: String) throws(ConfigurationError) {
        self.path = path
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigurationError(key: "(file)", source: path, problem: "cannot be read")
        }
        let top: [String: JSONValue]
        do {
            guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: data) else {
                throw ConfigurationError(key: "(file)", source: path, problem: "must hold one JSON object")
            }
            top = object
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw ConfigurationError(key: "(file)", source: path, problem: "is not JSON")
        }
        lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        sections = top.keys.sorted()
        var values: [String: JSONValue] = [:]
        Self.flatten(top, prefix: "", into: &values)
        self.values = values
    }

    /// `path:line` of `key`, when its last name stands on exactly one line; else the file alone.
    func source(of key: String) -> String {
        let name = "\"\(key.split(separator: ".").last ?? "")\""
        let found = lines.indices.filter { lines[$0].contains(name) }
        return found.count == 1 ? "\(path):\(found[0] + 1)" : path
    }

    private static func flatten(_ object: [String: JSONValue], prefix: String, into values: inout [String: JSONValue]) {
        for (name, value) in object {
            let key = prefix.isEmpty ? name : prefix + "." + name
            if case .object(let nested) = value {
                flatten(nested, prefix: key, into: &values)
            } else {
                values[key] = value
            }
        }
    }
}
