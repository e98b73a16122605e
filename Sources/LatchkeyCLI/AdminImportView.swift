import ArgumentParser
import Foundation
import Latchkey

/// Shows an import's progress (on a terminal) and its outcome.
final class AdminImportView: CommandView, ImportUsersDisplayLogic {
    private let progress: Bool

    init(json: Bool, progress: Bool) {
        self.progress = progress
        super.init(json: json)
    }

    func displayProgress(line: String) {
        guard progress else { return }
        emit { () throws(CLIError) in try Console.write("\r\u{1b}[K" + line, to: STDERR_FILENO) }
    }

    func displayImport(viewModel: ImportUsers.ViewModel) {
        if progress { emit { () throws(CLIError) in try Console.write("\r\u{1b}[K", to: STDERR_FILENO) } }
        switch viewModel {
        case .done(let message, let lines, let summary):
            show(
                message: message, json: JSONOutput.Imported(summary),
                text: lines.isEmpty ? nil : lines.map(TerminalEscaping.escape).joined(separator: "\n"))
        case .failed(let failure, let lines, let summary):
            if let summary, json {
                emit { () throws(CLIError) in try Console.json(JSONOutput.Imported(summary)) }
            } else if !lines.isEmpty {
                emit { () throws(CLIError) in
                    try Console.out(lines.map(TerminalEscaping.escape).joined(separator: "\n"))
                }
            }
            record(failure)
        }
    }
}
