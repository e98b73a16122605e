import Foundation

/// Query and form text: names and values percent-encoded (RFC 3986's unreserved characters stay),
/// and decoded with `+` as a space (HTML forms' encoding).
enum AuthorizationQuery {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "") + "="
                + (value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")
        }.joined(separator: "&")
    }

    static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The origin (`scheme://host[:port]`) of an http or https URI, for a Content-Security-Policy's
    /// `form-action`: a form posted to Latchkey may be redirected there. Nil for anything else, or
    /// a host with characters a policy could be bent by.
    static func origin(of uri: String) -> String? {
        guard let components = URLComponents(string: uri), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            host.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".-:[]".unicodeScalars.contains($0))
            })
        else { return nil }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed)" + (components.port.map { ":\($0)" } ?? "")
    }
}
