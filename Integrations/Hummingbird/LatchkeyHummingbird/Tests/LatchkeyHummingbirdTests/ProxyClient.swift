import Foundation

/// Requests to a proxy on 127.0.0.1 with curl, a client of its own as a browser or a script would
/// be; its responses and request bodies are kept in `folder`.
struct ProxyClient {
    let folder: URL
    let port: Int

    /// What came back: the status, the body and the `Location` header (empty when none).
    struct Answer {
        let status: Int
        let body: String
        let location: String
    }

    /// A GET through the proxy.
    func get(_ path: String, token: String?, headers: [String: String] = [:]) async throws -> Answer {
        try await request("GET", path, token: token, headers: headers)
    }

    /// A request through the proxy, with `body` when given; redirects are not followed.
    func request(
        _ method: String, _ path: String, token: String?, headers: [String: String] = [:], body: String? = nil
    ) async throws -> Answer {
        let folder = folder
        let port = port
        return try await offThePool {
            try Self.curl(folder: folder, port: port, method, path, token: token, headers: headers, body: body)
        }
    }

    private static func curl(
        folder: URL, port: Int, _ method: String, _ path: String, token: String?, headers: [String: String],
        body: String?
    ) throws -> Answer {
        let output = folder.appendingPathComponent("response-\(UUID().uuidString)")
        var arguments = [
            "-s", "-o", output.path, "-w", "%{http_code} %header{location}", "--max-time", "10", "-X", method,
        ]
        if let body {
            // From a file: a password never stands in curl's arguments.
            let file = folder.appendingPathComponent("request-\(UUID().uuidString)")
            try body.write(to: file, atomically: true, encoding: .utf8)
            arguments += ["--data-binary", "@" + file.path]
        }
        if let token { arguments += ["-H", "Authorization: Bearer \(token)"] }
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        let written = try CommandOutput.of("/usr/bin/curl", arguments).text
        let parts = written.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        let body = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return Answer(
            status: parts.first.flatMap { Int($0) } ?? 0, body: body,
            location: parts.count > 1 ? String(parts[1]) : "")
    }
}
