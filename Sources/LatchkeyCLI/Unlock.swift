import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin unlock`.
enum Unlock: SimpleAdminAction {
    static let name = "unlock"
    static let abstract = "Clear the sign-in lock (too many attempts) of the name."
    static let action = Admin.Act.Action.unlock
}
