import Foundation
import Latchkey

/// Shows the SigningKeys scene's view models: the keys as a table, a rotation as a message and
/// the keys after it.
final class SigningKeysView: CommandView, SigningKeysDisplayLogic {
    func displayKeys(viewModel: SigningKeys.List.ViewModel) {
        switch viewModel {
        case .success(let keys):
            show(
                message: nil, json: JSONOutput.SigningKeys(keys: keys),
                text: keys.isEmpty ? "No signing keys yet: the first are made when first needed." : table(keys))
        case .failure(let failure): record(failure)
        }
    }

    func displayRotated(viewModel: SigningKeys.Rotate.ViewModel) {
        switch viewModel {
        case .success(let keys):
            show(
                message: "Rotated: the next keys sign now; the ones before stay published until they retire.",
                json: JSONOutput.SigningKeys(keys: keys), text: table(keys))
        case .failure(let failure): record(failure)
        }
    }

    func displayPublished(viewModel: SigningKeys.Publish.ViewModel) {
        switch viewModel {
        case .success(let set):
            let keys = set.keys.map { jwk in
                (try? JSONSerialization.jsonObject(with: Data(jwk.utf8))) as? [String: String] ?? [:]
            }
            show(message: nil, json: JSONOutput.KeySet(keys: keys), text: set.json)
        case .failure(let failure): record(failure)
        }
    }

    private func table(_ keys: [SigningKeySummary]) -> String {
        keys.map { key in
            [
                key.kid, key.algorithm.rawValue, key.state.rawValue, DateText.format(key.created),
                key.signingFrom.map(DateText.format) ?? "-", key.retires.map(DateText.format) ?? "-",
            ].joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
