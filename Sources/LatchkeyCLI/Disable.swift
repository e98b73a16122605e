import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin disable`.
enum Disable: SimpleAdminAction {
    static let name = "disable"
    static let abstract = "Refuse every sign-in of the account and end all its sessions."
    static let action = Admin.Act.Action.disable
}
