import Foundation

/// Checks a record's fields with the same types as `register`, and its hash with `ForeignHash`.
struct ImportFieldCheck {
    let now: Date
    private let iso = ISO8601DateFormatter()
    private let isoFractional: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    /// The creation times an import stores, in whole seconds: what every reader of `users` accepts
    /// (`StoredTime.range`: 1970 on), up to a day from now. A later one is a mistake (milliseconds
    /// for seconds, a typo); a day allows for a source's clock or a time zone written as UTC.
    private let createdRange: ClosedRange<Int64>

    init(now: Date) {
        self.now = now
        createdRange =
            StoredTime.range.lowerBound...min(now.databaseSeconds + 86_400, StoredTime.range.upperBound)
    }

    func check(_ record: ImportRecord) -> Result<ImportCandidate, ImportRowProblem> {
        func refuse(_ reason: String) -> Result<ImportCandidate, ImportRowProblem> {
            .failure(ImportRowProblem(line: record.line, reason: reason))
        }
        let username: Username
        do { username = try Username(record.username) } catch {
            return refuse("invalid username: " + UsernameText.explain(error))
        }
        guard var disabled = Self.truth(record.disabled) else { return refuse("disabled is not true or false") }
        if let active = record.active {
            guard let isActive = Self.truth(active) else { return refuse("is_active is not true or false") }
            disabled = !isActive
        }
        guard let superuser = Self.truth(record.superuser) else { return refuse("is_superuser is not true or false") }
        var hash: ForeignHash?
        if let text = record.passwordHash {
            guard let parsed = ForeignHash(text) else { return refuse(ForeignHash.problem(with: text)) }
            hash = parsed
        } else if !disabled && !record.passwordless {
            return refuse("no password hash")
        }
        var email: EmailAddress?
        if let text = record.email {
            do { email = try EmailAddress(text) } catch { return refuse("invalid email address") }
        }
        var phone: PhoneNumber?
        if let text = record.phone {
            do { phone = try PhoneNumber(text) } catch { return refuse("invalid phone number: it " + error.reason) }
        }
        var name: DisplayName?
        if let text = record.name {
            do { name = try DisplayName(text) } catch { return refuse("invalid name") }
        }
        var roles: [Username] = []
        for role in record.roles + (superuser ? [Admin.role] : []) {
            do { roles.append(try Username(role)) } catch { return refuse("invalid role") }
        }
        var createdAt = now
        if let text = record.createdAt {
            guard let date = date(text) else { return refuse("created_at is not a date") }
            // Compared as a Double: a time past Int64's seconds must not trap on the way.
            let seconds = date.timeIntervalSince1970
            guard seconds >= Double(createdRange.lowerBound), seconds < Double(createdRange.upperBound + 1) else {
                return refuse("created_at is out of range (1970-01-01 to a day from now)")
            }
            createdAt = date
        }
        return .success(
            ImportCandidate(
                line: record.line, username: username, hash: hash, email: email, phone: phone, name: name,
                roles: roles, createdAt: createdAt, disabled: disabled))
    }

    /// ISO 8601 (`2024-01-31T12:00:00Z`, with fractions or an offset), the same with a space as
    /// PostgreSQL and SQLite write it (psql's `+00` offsets; no offset is UTC, as Django stores it),
    /// or seconds since 1970.
    private func date(_ text: String) -> Date? {
        if let seconds = Int64(text), seconds >= 0 { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        var iso = text.replacingOccurrences(of: " ", with: "T")
        guard let time = iso.firstIndex(of: "T") else { return nil }
        let clock = iso[time...]
        if !clock.contains("Z") && !clock.contains("+") && !clock.contains("-") {
            iso += "Z"
        } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }), iso[sign...].count == 3 {
            iso += ":00"
        }
        return self.iso.date(from: iso) ?? isoFractional.date(from: iso)
    }

    /// true/false, 1/0, yes/no, t/f (psql's); nil for anything else. Absent is false.
    private static func truth(_ text: String?) -> Bool? {
        switch text?.lowercased() {
        case nil, "", "0", "false", "no", "f": false
        case "1", "true", "yes", "t": true
        default: nil
        }
    }
}
