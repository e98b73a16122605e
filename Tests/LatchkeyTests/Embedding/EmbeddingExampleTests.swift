import Foundation
import Latchkey
import Testing

@testable import LatchkeyTestSupport

@Suite struct EmbeddingExampleTests {
    @Test func theReadmeDisplaySignsInAndShowsTheMaskedPhone() throws {
        let workers = try Seeds.workers()
        try Seeds.register(Seeds.alice, with: workers)
        let factory = SceneFactory(workers: workers)
        let view = GreetingView()
        view.scene = factory.makeLoginScene(display: view)
        view.scene?.interactor.login(request: .init(username: "alice", password: Seeds.password))
        #expect(view.lines == ["Signed in as alice.", "alice, phone +7 (•••) •••-••-33"])
    }
}
