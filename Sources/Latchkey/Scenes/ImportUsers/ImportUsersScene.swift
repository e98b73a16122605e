import Foundation

/// The assembled ImportUsers scene, held by its display.
package struct ImportUsersScene {
    package let interactor: any ImportUsersBusinessLogic
}
