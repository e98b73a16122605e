import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin delete`.
enum Delete: SimpleAdminAction {
    static let name = "delete"
    static let abstract = "Erase the account; its audit events keep a pseudonym."
    static let action = Admin.Act.Action.delete
}
