internal import CLibPQ
import Foundation

/// A PostgreSQL connection string as libpq itself parses it (`PQconninfoParse`), so that what
/// Latchkey prints is what libpq will use, and the one formatter below can leave out every option
/// libpq marks as a password, however the URL spelled it (percent-encoded names or values, the
/// user part or the query string).
struct ConnectionString {
    /// The options the text sets, but for secrets: keyword → value.
    let options: [String: String]
    /// The values of the options libpq marks as secret (`password`, `sslpassword`), to scrub messages.
    let secrets: [String]
    /// False when libpq refused the text (or is not installed): then nothing of it is shown.
    let parsed: Bool
    /// `pooler=transaction`: a pooler such as PgBouncer in transaction mode stands between Latchkey and
    /// the server, so nothing may outlive a transaction on a server connection (no named statements).
    let transactionPooler: Bool
    /// The text without Latchkey's own option, as libpq is given it.
    let libpqText: String

    init(_ text: String) {
        let pooler = PoolerOption.removing(from: text)
        (transactionPooler, libpqText) = (pooler.value == .transaction, pooler.text)
        guard case .success(let pq) = LibPQ.shared, pooler.value != .unknown else {
            (options, secrets, parsed) = ([:], [], false)
            return
        }
        let text = pooler.text
        var error: UnsafeMutablePointer<CChar>?
        guard let list = pq.PQconninfoParse(text, &error) else {
            if let error { pq.PQfreemem(error) }
            (options, secrets, parsed) = ([:], [], false)
            return
        }
        defer { pq.PQconninfoFree(list) }
        var options: [String: String] = [:]
        var secrets: [String] = []
        var option = list
        while let keyword = option.pointee.keyword {
            defer { option += 1 }
            guard let value = option.pointee.val else { continue }
            // libpq's display character: "*" for a password field, "D" for debug options.
            let display = option.pointee.dispchar.map { String(cString: $0) } ?? ""
            if display.hasPrefix("*") {
                if value.pointee != 0 { secrets.append(String(cString: value)) }
            } else {
                options[String(cString: keyword)] = String(cString: value)
            }
        }
        (self.options, self.secrets, parsed) = (options, secrets, true)
    }

    /// The one way a connection string is printed: a URL of its user, host, port, database and other
    /// options, with no secret option at all, and nothing of a text libpq cannot parse.
    var redacted: String {
        guard parsed else { return "postgresql://(a connection string libpq cannot read; not shown)" }
        func encoded(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~,/")))
                ?? ""
        }
        var url = "postgresql://"
        if let user = options["user"] { url += encoded(user) + "@" }
        url += encoded(options["host"] ?? options["hostaddr"] ?? "")
        if let port = options["port"] { url += ":" + encoded(port) }
        url += "/" + encoded(options["dbname"] ?? "")
        let rest = options.keys.filter { !["user", "host", "port", "dbname"].contains($0) }.sorted()
        var query = rest.map { "\($0)=\(encoded(options[$0] ?? ""))" }
        if transactionPooler { query.append("pooler=transaction") }
        if !query.isEmpty { url += "?" + query.joined(separator: "&") }
        // A secret copied into another option by mistake is still not printed.
        for secret in secrets where secret.count >= 3 { url = url.replacing(secret, with: "***") }
        return url
    }
}
