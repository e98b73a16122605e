/// Assembles each scene from its display and the shared Workers; nothing inside a scene builds a Worker.
public struct SceneFactory: Sendable {
    public let workers: LatchkeyWorkers

    /// A factory over `workers`.
    public init(workers: LatchkeyWorkers) {
        self.workers = workers
    }
}
