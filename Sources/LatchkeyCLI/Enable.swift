import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin enable`.
enum Enable: SimpleAdminAction {
    static let name = "enable"
    static let abstract = "Let a disabled account sign in again."
    static let action = Admin.Act.Action.enable
}
