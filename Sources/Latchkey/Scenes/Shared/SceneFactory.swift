/// Assembles each scene from its display and the shared Workers; nothing inside a scene builds a Worker.
package struct SceneFactory: Sendable {
    package let workers: LatchkeyWorkers

    /// A factory over `workers`.
    package init(workers: LatchkeyWorkers) {
        self.workers = workers
    }
}
