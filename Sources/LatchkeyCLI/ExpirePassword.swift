import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin expire-password`.
enum ExpirePassword: SimpleAdminAction {
    static let name = "expire-password"
    static let abstract = "Require a new password at the next sign-in (like chage -d 0)."
    static let action = Admin.Act.Action.expirePassword
}
