import Foundation
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// Every assembled scene is released with its display: no retain cycle through the presenter.
@Suite struct SceneLifetimeTests {
    let factory: SceneFactory

    init() throws {
        factory = SceneFactory(workers: try Seeds.workers())
    }

    @Test func theRegisterSceneIsReleasedWithItsDisplay() {
        weak var display: DisplayLogicSpy?
        weak var interactor: AnyObject?
        do {
            let strong = DisplayLogicSpy()
            let scene = factory.makeRegisterScene(display: strong)
            display = strong
            interactor = scene.interactor
            scene.interactor.register(request: .init(username: "x", password: ""))
            #expect(strong.registrations.count == 1)
        }
        #expect(display == nil)
        #expect(interactor == nil)
    }

    @Test func theLoginSceneAndItsRouterAreReleasedWithTheirDisplay() {
        weak var display: DisplayLogicSpy?
        weak var interactor: AnyObject?
        weak var router: AnyObject?
        weak var whoAmI: AnyObject?
        do {
            let strong = DisplayLogicSpy()
            let scene = factory.makeLoginScene(display: strong)
            display = strong
            interactor = scene.interactor
            router = scene.router as AnyObject
            whoAmI = scene.router.routeToWhoAmI(display: strong).interactor
            scene.interactor.login(request: .init(username: "nobody", password: "nothing"))
            #expect(strong.logins.count == 1)
        }
        #expect(display == nil)
        #expect(interactor == nil)
        #expect(router == nil)
        #expect(whoAmI == nil)
    }

    @Test func theWhoAmIAndLogoutScenesAreReleasedWithTheirDisplay() {
        weak var display: DisplayLogicSpy?
        weak var whoAmI: AnyObject?
        weak var logout: AnyObject?
        do {
            let strong = DisplayLogicSpy()
            display = strong
            let who = factory.makeWhoAmIScene(display: strong)
            let out = factory.makeLogoutScene(display: strong)
            whoAmI = who.interactor
            logout = out.interactor
            who.interactor.fetchProfile(request: .init(source: .handedOver))
            out.interactor.logout(request: .init(token: nil))
            #expect(strong.profiles.count == 1)
            #expect(strong.logouts.count == 1)
        }
        #expect(display == nil)
        #expect(whoAmI == nil)
        #expect(logout == nil)
    }
}
