import ArgumentParser
import Foundation
import Latchkey

/// `latchkey history`: the display of the History scene.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show your recent sign-ins and other security events, newest first.",
        discussion: """
            Examples:
              latchkey history
              latchkey history --limit 5 --json
            """)

    @Option(help: "How many events to show (1 to 1000).")
    var limit = 20

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (1...HistoryInteractor.maximumLimit).contains(limit) else {
            throw ValidationError("--limit takes a number from 1 to \(HistoryInteractor.maximumLimit).")
        }
    }

    func run() throws {
        try runReportingFailures(json: options.json) {
            let token = SessionFile(path: try Paths.sessionFile()).read()
            let view = HistoryView(json: options.json)
            let scene = try options.sceneFactory().makeHistoryScene(display: view)
            scene.interactor.fetchEvents(request: .init(token: token, limit: limit))
            try view.finish()
        }
    }
}

/// Shows the History scene's view model: one line an event, or one JSON object.
final class HistoryView: CommandView, HistoryDisplayLogic {
    func displayEvents(viewModel: History.ListEvents.ViewModel) {
        switch viewModel {
        case .events(let rows):
            if json {
                Console.json([
                    "events": rows.map {
                        [
                            "time": $0.timeISO8601, "kind": $0.kind, "reason": $0.reason ?? NSNull(),
                            "description": $0.description,
                        ]
                            as [String: Any]
                    }
                ])
            } else {
                for row in rows { Console.out("\(row.time)  \(row.description)") }
            }
        case .failed(let failure):
            record(failure)
        }
    }
}
