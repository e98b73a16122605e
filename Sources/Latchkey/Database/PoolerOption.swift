internal import CLibPQ
import Foundation

/// Latchkey's one option of its own in a connection string, `pooler=transaction` (or `none`), taken
/// out before libpq, which refuses names it does not know: as a query parameter of a URL, or as a
/// `keyword=value` word.
enum PoolerOption: Equatable {
    case transaction, none, unknown

    static func removing(from text: String) -> (text: String, value: PoolerOption) {
        let isURL = text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
        if isURL {
            guard let mark = text.firstIndex(of: "?") else { return (text, .none) }
            var value = PoolerOption.none
            let kept = text[text.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false)
                .filter { item in
                    let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard String(pair[0]).removingPercentEncoding == "pooler" else { return true }
                    value = parse(pair.count > 1 ? String(pair[1]).removingPercentEncoding : nil)
                    return false
                }
            let base = String(text[..<mark])
            return (kept.isEmpty ? base : base + "?" + kept.joined(separator: "&"), value)
        }
        let words = text.split(whereSeparator: \.isWhitespace)
        guard let word = words.first(where: { $0.hasPrefix("pooler=") }) else { return (text, .none) }
        let value = parse(String(word.dropFirst("pooler=".count)))
        return (words.filter { !$0.hasPrefix("pooler=") }.joined(separator: " "), value)
    }

    private static func parse(_ value: String?) -> PoolerOption {
        switch value {
        case "transaction": .transaction
        case "none", "session": .none
        default: .unknown
        }
    }
}
