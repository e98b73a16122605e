import ArgumentParser
import Latchkey

/// Shows the History scene's view model: one line an event, or one JSON object.
final class HistoryView: CommandView, HistoryDisplayLogic {
    func displayEvents(viewModel: History.ListEvents.ViewModel) {
        switch viewModel {
        case .success(let entries):
            let lines = entries.map { "\(DateText.format($0.time))  \($0.description)" }
            show(
                message: nil, json: JSONOutput.Events(events: entries),
                text: lines.isEmpty ? nil : lines.joined(separator: "\n"))
        case .failure(let failure):
            record(failure)
        }
    }
}
