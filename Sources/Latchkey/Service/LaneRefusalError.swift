internal import CLinux
import Dispatch
import Foundation
import Synchronization

/// Why a lane did not run a piece of work.
package enum LaneRefusalError: Error, Sendable, Hashable {
    /// The lane's queue was full: the work was refused at once instead of growing memory.
    case overloaded
    /// The lane was shut down before the work started.
    case shutDown
}
