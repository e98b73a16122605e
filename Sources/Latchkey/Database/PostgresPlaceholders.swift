internal import CLibPQ

/// SQL written with `?` parameters, numbered for PostgreSQL (`$1`, `$2`, …). A `?` inside a string
/// literal, a quoted name or a comment is left alone.
enum PostgresPlaceholders {
    static func number(_ sql: String) -> String { numbered(sql).text }

    /// The numbered text and how many parameters it has.
    static func numbered(_ sql: String) -> (text: String, count: Int) {
        var out = ""
        var count = 0
        var characters = sql.makeIterator()
        var quote: Character?
        var lineComment = false
        var blockComment = false
        var previous: Character = " "
        while let character = characters.next() {
            defer { previous = character }
            if lineComment {
                if character == "\n" { lineComment = false }
            } else if blockComment {
                if previous == "*" && character == "/" { blockComment = false }
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "-" && previous == "-" {
                lineComment = true
            } else if character == "*" && previous == "/" {
                blockComment = true
            } else if character == "?" {
                count += 1
                out += "$\(count)"
                continue
            }
            out.append(character)
        }
        return (out, count)
    }
}
