/// The service's display: it keeps the one ViewModel a scene's presenter shows, for the call that
/// awaits it. The call holds it strongly for the scene's run, so no answer is lost; each scene's
/// display protocol is conformed to beside that scene's presenter.
final class Reply<ViewModel> {
    private(set) var viewModel: ViewModel?

    /// Keeps `viewModel`: a presenter shows one per request.
    func show(_ viewModel: ViewModel) {
        self.viewModel = viewModel
    }

    /// Keeps `shown` when it is the ViewModel this reply awaits: a scene whose display protocol has
    /// several methods shows through one of them per request.
    func show<Shown>(any shown: Shown) {
        if let viewModel = shown as? ViewModel { self.viewModel = viewModel }
    }
}
