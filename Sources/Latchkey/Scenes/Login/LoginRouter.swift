/// Where a display goes after a successful sign-in.
package protocol LoginRoutingLogic {
    /// The WhoAmI scene for `display`, already holding the signed-in user.
    func routeToWhoAmI(display: any WhoAmIDisplayLogic) -> WhoAmIScene
}

/// The Login scene's data, for the router to pass on.
package protocol LoginDataPassing {
    var dataStore: any LoginDataStore { get }
}

/// Leads from Login to WhoAmI, handing over the signed-in user with no second database read.
package final class LoginRouter: LoginRoutingLogic, LoginDataPassing {
    package let dataStore: any LoginDataStore
    private let makeWhoAmI: (any WhoAmIDisplayLogic) -> WhoAmIScene

    init(dataStore: any LoginDataStore, makeWhoAmI: @escaping (any WhoAmIDisplayLogic) -> WhoAmIScene) {
        self.dataStore = dataStore
        self.makeWhoAmI = makeWhoAmI
    }

    package func routeToWhoAmI(display: any WhoAmIDisplayLogic) -> WhoAmIScene {
        let destination = makeWhoAmI(display)
        passDataToWhoAmI(source: dataStore, destination: destination.interactor)
        return destination
    }

    private func passDataToWhoAmI(source: any LoginDataStore, destination: any WhoAmIDataStore) {
        destination.handedOverUser = source.signedInUser
        destination.handedOverSession = source.session
    }
}
