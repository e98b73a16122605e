/// The most common passwords (Django's list of 19,640, see README), compiled into the library and
/// compared after NFKC and case folding.
package enum CommonPasswords {
    /// Built once, on first use, from the embedded text.
    static let entries: Set<String> = Set(embeddedList.split(separator: "\n").map { String($0).lowercased() })

    /// How many passwords the list holds.
    package static var count: Int { entries.count }

    /// True when `password`, NFKC-normalized and case-folded, is on the list.
    package static func contains(_ password: String) -> Bool {
        entries.contains(PasswordRules.normalize(password).lowercased())
    }
}
