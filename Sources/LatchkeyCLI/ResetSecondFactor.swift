import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin mfa-reset`.
enum ResetSecondFactor: SimpleAdminAction {
    static let name = "mfa-reset"
    static let abstract = "Remove the second factor and recovery codes of a user who lost both."
    static let action = Admin.Act.Action.resetSecondFactor
}
