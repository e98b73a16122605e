import Foundation

/// Turns an import's outcome into what an operator reads: the counts, and the refused rows by line.
package final class ImportUsersPresenter: ScenePresenter<any ImportUsersDisplayLogic>, ImportUsersPresentationLogic {
    package func presentProgress(response: ImportUsers.Progress) {
        let rate = response.seconds > 0 ? Int(Double(response.rows) / response.seconds) : 0
        var line = "\(response.rows) rows, \(rate) rows/s"
        if let fraction = response.fraction, fraction > 0 {
            let left = response.seconds * (1 - fraction) / fraction
            line += ", \(Int(fraction * 100))%, about \(Int(left.rounded(.up))) s left"
        }
        display?.displayProgress(line: line)
    }

    package func presentImport(response: ImportUsers.Response) {
        display?.displayImport(viewModel: Self.viewModel(for: response))
    }

    static func viewModel(for response: ImportUsers.Response) -> ImportUsers.ViewModel {
        switch response {
        case .imported(let summary):
            let verb = summary.dryRun ? "Dry run, nothing kept: would import" : "Imported"
            return .done(message: "\(verb) \(counts(summary)).", lines: lines(summary), summary: summary)
        case .refused(let summary):
            return .failed(
                LatchkeyError(
                    message:
                        "Nothing imported: \(summary.refused) of \(summary.rows) rows refused "
                        + "(--on-conflict skip imports the rest).",
                    kind: .invalidInput),
                lines: lines(summary), summary: summary)
        case .unreadable(let problem):
            return .failed(
                LatchkeyError(message: "Nothing imported: " + problem.message, kind: .invalidInput), lines: [],
                summary: nil)
        case .unavailable(let problem):
            return .failed(.unavailable(problem), lines: [], summary: nil)
        }
    }

    private static func counts(_ summary: ImportUsers.Summary) -> String {
        var parts = ["\(summary.imported) of \(summary.rows) rows"]
        if summary.updated > 0 { parts.append("\(summary.updated) updated") }
        if summary.skipped > 0 { parts.append("\(summary.skipped) skipped") }
        if summary.refused > 0 { parts.append("\(summary.refused) refused") }
        return parts.joined(separator: ", ") + " in \(String(format: "%.1f", summary.seconds)) s"
    }

    /// "line 12: invalid email address" for each shown row, then the counts by reason.
    private static func lines(_ summary: ImportUsers.Summary) -> [String] {
        var lines = summary.refusals.map { "line \($0.line): \($0.reason)" }
        if summary.refused + summary.skipped > summary.refusals.count {
            lines += summary.refusedByReason.sorted { $0.key < $1.key }.map { "\($0.value) × \($0.key)" }
        }
        return lines
    }
}

extension SceneFactory {
    /// Assembles the ImportUsers scene around `display`.
    package func makeImportUsersScene(display: any ImportUsersDisplayLogic) -> ImportUsersScene {
        ImportUsersScene(
            interactor: ImportUsersInteractor(
                presenter: ImportUsersPresenter(display: display), workers: workers, client: client))
    }
}
