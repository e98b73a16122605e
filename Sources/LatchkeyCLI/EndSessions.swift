import ArgumentParser
import Foundation
import Latchkey

/// `latchkey admin end-sessions`.
enum EndSessions: SimpleAdminAction {
    static let name = "end-sessions"
    static let abstract = "End every session of the user (access tokens stay; 'disable' ends both)."
    static let action = Admin.Act.Action.endSessions
}
