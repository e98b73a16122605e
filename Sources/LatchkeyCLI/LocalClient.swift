import Foundation
import Latchkey

/// The client a command is, for the sessions it opens and the events it records: this program, the
/// operating-system user and the terminal (no address: the throttle keeps its per-name rule).
enum LocalClient {
    static func context() -> ClientContext {
        ClientContext(local: "latchkey CLI, \(osUserName()) on \(terminal())")
    }

    /// The operating-system user running the command.
    static func osUserName() -> String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name {
            return String(decoding: UnsafeRawBufferPointer(start: name, count: strlen(name)), as: UTF8.self)
        }
        return "uid \(geteuid())"
    }

    /// The terminal on standard input, or what stands in for one.
    private static func terminal() -> String {
        for descriptor in [STDIN_FILENO, STDERR_FILENO] {
            if let name = ttyname(descriptor) { return String(cString: name) }
        }
        return "no terminal"
    }
}
