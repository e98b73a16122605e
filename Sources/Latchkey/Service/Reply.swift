/// The service's display: it keeps the one ViewModel a scene's presenter shows, for the call that
/// awaits it. The call holds it strongly for the scene's run, so no answer is lost; each scene's
/// display protocol is conformed to beside that scene.
final class Reply<ViewModel> {
    private(set) var viewModel: ViewModel?

    /// Keeps `viewModel`: a presenter shows one per request.
    func show(_ viewModel: ViewModel) {
        self.viewModel = viewModel
    }
}
