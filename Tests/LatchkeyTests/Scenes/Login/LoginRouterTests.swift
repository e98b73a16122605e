import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

@Suite(.onEveryEngine, .tags(.postgres)) struct LoginRouterTests {
    @Test func afterASignInTheRouterHandsTheUserToWhoAmIWithNoSecondRead() throws {
        let workers = try Seeds.workers()
        try Seeds.register(Seeds.alice, with: workers)
        let display = DisplayLogicSpy()
        let scene = SceneFactory(workers: workers).makeLoginScene(display: display)
        scene.interactor.login(request: .init(username: "alice", password: Seeds.password))

        let whoAmI = scene.router.routeToWhoAmI(display: display)
        #expect(whoAmI.interactor.handedOverUser == scene.router.dataStore.signedInUser)
        #expect(whoAmI.interactor.handedOverSession == scene.router.dataStore.session)

        // Proof of no second read: the users are gone from the database, yet the card shows.
        try workers.database.write { db in try db.execute("DELETE FROM users") }
        whoAmI.interactor.fetchProfile(request: .init(source: .handedOver))
        let profile = try #require((display.profiles.last)?.shown, "no profile: \(display.profiles)")
        #expect(profile.username == "alice")
        #expect(profile.phone == "+7 (•••) •••-••-33")
    }

    @Test func aHandedOverSessionFollowsTheSameExpiryRulesAsAStoredOne() throws {
        let time = ManualTime()
        let workers = try Seeds.workers(time: time)
        try Seeds.register(Seeds.alice, with: workers)
        let display = DisplayLogicSpy()
        let scene = SceneFactory(workers: workers).makeLoginScene(display: display)
        scene.interactor.login(request: .init(username: "alice", password: Seeds.password))
        let whoAmI = scene.router.routeToWhoAmI(display: display)
        time.advance(by: .seconds(7 * 24 * 3600))
        whoAmI.interactor.fetchProfile(request: .init(source: .handedOver))
        #expect(display.profiles == [.failure(.sessionExpired)])
    }

    @Test func withNoSignInTheRouterHandsOverNobody() throws {
        let display = DisplayLogicSpy()
        let scene = SceneFactory(workers: try Seeds.workers()).makeLoginScene(display: display)
        let whoAmI = scene.router.routeToWhoAmI(display: display)
        whoAmI.interactor.fetchProfile(request: .init(source: .handedOver))
        #expect(display.profiles == [.failure(LatchkeyError.notSignedIn)])
    }
}
