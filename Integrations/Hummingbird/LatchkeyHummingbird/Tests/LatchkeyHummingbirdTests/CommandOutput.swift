import Foundation
import LatchkeyTestSupport

/// What a short command printed on its standard output, read from a file once it has exited. Not a
/// pipe: a process another test spawns at the same moment can inherit the pipe's write end and keep
/// it open, and a read to the end of the pipe would then wait for that process instead.
enum CommandOutput {
    static func of(_ executable: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let exit = try SpawnedProcess(executable, arguments).wait()
        return (exit.signalled ? 128 + exit.status : exit.status, exit.output)
    }
}
