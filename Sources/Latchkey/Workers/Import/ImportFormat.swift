import Foundation

/// The formats `latchkey admin import` reads.
package enum ImportFormat: String, Sendable, CaseIterable {
    /// A header row naming columns from `ImportReader.csvColumns`; RFC 4180 quoting.
    case csv
    /// `user:hash` lines, as Apache's `htpasswd` writes them.
    case htpasswd
    /// `/etc/shadow` lines; a locked password (`!`, `*`) imports the account disabled.
    case shadow
    /// Django's `auth_user` table as `psql \copy … CSV HEADER` or `sqlite3 -csv [-header]` writes it.
    case django
}
