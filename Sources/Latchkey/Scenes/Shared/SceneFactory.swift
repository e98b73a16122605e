/// Assembles each scene from its display and the shared Workers; nothing inside a scene builds a Worker.
package struct SceneFactory: Sendable {
    package let workers: LatchkeyWorkers
    /// The client of the request the scenes serve (the CLI: the local user), passed to each interactor.
    package let client: ClientContext?

    /// A factory over `workers`, for requests from `client`.
    package init(workers: LatchkeyWorkers, client: ClientContext? = nil) {
        self.workers = workers
        self.client = client
    }
}
