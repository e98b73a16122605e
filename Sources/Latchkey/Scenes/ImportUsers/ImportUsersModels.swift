/// The ImportUsers scene: an operator brings existing accounts in with their password hashes, from
/// a file read as a stream, in one transaction: all or nothing, unless the operator chose to skip
/// what cannot be imported.
package enum ImportUsers {
    /// What to do with a row that cannot be imported as it is.
    package enum Conflict: String, Sendable, CaseIterable {
        /// Import nothing if any row is refused or names an existing account.
        case fail
        /// Skip such rows and import the rest.
        case skip
        /// Replace an existing account's password hash (and email, phone, name when given); other
        /// refusals fail the import.
        case update
    }

    /// The file and how to read it.
    package struct Request: Sendable {
        /// The open file (or standard input) to read; the display owns it.
        package var descriptor: Int32
        package var format: ImportFormat
        package var conflict: Conflict
        /// Check and count everything, then keep nothing.
        package var dryRun: Bool
        package var actor: AuthEvent.Operator

        /// An import of `descriptor` in `format` by `actor`.
        package init(
            descriptor: Int32, format: ImportFormat, conflict: Conflict = .fail, dryRun: Bool = false,
            actor: AuthEvent.Operator
        ) {
            self.descriptor = descriptor
            self.format = format
            self.conflict = conflict
            self.dryRun = dryRun
            self.actor = actor
        }
    }

    /// One row that was not imported: its line and why.
    package struct Refusal: Sendable, Hashable {
        package let line: Int
        package let reason: String
    }

    /// What an import did (or, refused or dry, would have done).
    package struct Summary: Sendable, Hashable {
        package var rows = 0
        package var imported = 0
        package var updated = 0
        /// Rows left out under `--on-conflict skip`.
        package var skipped = 0
        /// The first refused rows, in file order (at most `shownRefusals`).
        package var refusals: [Refusal] = []
        /// Every refused row, counted by reason.
        package var refusedByReason: [String: Int] = [:]
        package var dryRun = false
        /// How long it took, in seconds.
        package var seconds = 0.0

        package var refused: Int { refusedByReason.values.reduce(0, +) }
        static let shownRefusals = 20
    }

    package enum Response: Sendable, Hashable {
        case imported(Summary)
        /// Nothing was imported: some rows were refused and the conflict rule is `fail`.
        case refused(Summary)
        /// The file could not be read on (nothing was imported).
        case unreadable(ImportFileProblem)
        case unavailable(ServiceProblem)
    }

    /// Rows read so far, for a progress line.
    package struct Progress: Sendable, Hashable {
        package let rows: Int
        package let seconds: Double
        /// The share of the file read, when its size is known (a file, not a pipe).
        package let fraction: Double?
    }

    package enum ViewModel: Sendable, Hashable {
        /// `message` says what happened; `lines` are the refused rows to show.
        case done(message: String, lines: [String], summary: Summary)
        case failed(LatchkeyError, lines: [String], summary: Summary?)
    }
}

extension ImportUsers.Response: ServiceResponse {}

/// What the ImportUsers interactor does for a display.
package protocol ImportUsersBusinessLogic: AnyObject {
    func importUsers(request: ImportUsers.Request)
}

/// How the ImportUsers presenter is reached.
package protocol ImportUsersPresentationLogic: AnyObject {
    func presentProgress(response: ImportUsers.Progress)
    func presentImport(response: ImportUsers.Response)
}

/// What a display of the ImportUsers scene implements.
package protocol ImportUsersDisplayLogic: AnyObject {
    /// "120000 rows, 41000 rows/s, 35%, about 6 s left" (called every 10,000 rows).
    func displayProgress(line: String)
    func displayImport(viewModel: ImportUsers.ViewModel)
}
