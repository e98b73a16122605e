import ArgumentParser
import Foundation
import Latchkey

/// One account action with no other input.
protocol SimpleAdminAction {
    static var name: String { get }
    static var abstract: String { get }
    static var action: Admin.Act.Action { get }
}
