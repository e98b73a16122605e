/// Turns the signing keys into what the display shows: never a private key.
package final class SigningKeysPresenter: ScenePresenter<any SigningKeysDisplayLogic>, SigningKeysPresentationLogic {
    package func presentKeys(response: SigningKeys.List.Response) {
        let viewModel: SigningKeys.List.ViewModel =
            switch response {
            case .keys(let keys, let now): .success(keys.map { SigningKeySummary($0, now: now) })
            case .refused(let problem): .failure(AdminPresenter.failure(problem))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayKeys(viewModel: viewModel)
    }

    package func presentRotated(response: SigningKeys.Rotate.Response) {
        let viewModel: SigningKeys.Rotate.ViewModel =
            switch response {
            case .rotated(let keys, let now): .success(keys.map { SigningKeySummary($0, now: now) })
            case .invalidGrace(let bounds):
                .failure(
                    LatchkeyError(
                        message:
                            "The grace period is from \(Self.hours(bounds.lowerBound)) to "
                            + "\(bounds.upperBound.wholeSeconds / 86_400) days.",
                        kind: .invalidInput))
            case .nextKeyTooNew(let readyAt):
                .failure(
                    LatchkeyError(
                        message:
                            "The next keys were published less than an hour ago: relying parties may not have "
                            + "them yet. Rotate after \(DateText.format(readyAt)), or with --force for a key that "
                            + "must stop signing now.",
                        kind: .invalidInput))
            case .refused(let problem): .failure(AdminPresenter.failure(problem))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayRotated(viewModel: viewModel)
    }

    private static func hours(_ duration: Duration) -> String {
        let hours = duration.wholeSeconds / 3_600
        return hours == 1 ? "1 hour" : "\(hours) hours"
    }

    package func presentPublished(response: SigningKeys.Publish.Response) {
        let viewModel: SigningKeys.Publish.ViewModel =
            switch response {
            case .published(let keys): .success(PublishedKeySet(keys: keys))
            case .unavailable(let problem): .failure(.unavailable(problem))
            }
        display?.displayPublished(viewModel: viewModel)
    }
}

/// The scene shows three kinds of result: the service's display keeps the one its call awaits.
extension Reply: SigningKeysDisplayLogic {
    func displayKeys(viewModel: SigningKeys.List.ViewModel) { show(any: viewModel) }
    func displayRotated(viewModel: SigningKeys.Rotate.ViewModel) { show(any: viewModel) }
    func displayPublished(viewModel: SigningKeys.Publish.ViewModel) { show(any: viewModel) }
}
