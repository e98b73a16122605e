import Foundation

/// Rows under a header, each column padded to its widest cell (the last left ragged): the tables
/// of `admin invitations` and `clients list`.
enum TextTable {
    /// `rows` (the header first) as lines of columns two spaces apart.
    static func render(_ rows: [[String]]) -> String {
        let count = rows.first?.count ?? 0
        let widths = (0..<count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                column == row.count - 1
                    ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
