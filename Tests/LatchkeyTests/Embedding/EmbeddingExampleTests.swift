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

    @Test func theReadmeShowsExactlyTheCompiledExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("GreetingView.swift"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(source.range(of: "// README example begins\n"))
        let end = try #require(source.range(of: "// README example ends"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        #expect(example.split(separator: "\n").count >= 10)
        #expect(readme.contains(example))
    }
}
