import Foundation
package import Glibc

/// A child process about to be started with posix_spawn: what its descriptors become, the process
/// group it runs in, and the start itself. Every child starts with every signal unblocked and at its
/// default action: a caller's thread may block some, and a child inherits the mask. The delivery
/// command and the test support's children start through this one set-up.
package struct ChildProcess: ~Copyable {
    /// Where the child runs.
    package enum Grouping: Sendable {
        /// A new session (and process group) led by the child: no controlling terminal.
        case newSession
        /// A process group of its own (its pid is the group's id) in the caller's session.
        case ownGroup
        /// The caller's process group.
        case callersGroup
    }

    // Held through pointers so the C structures never move between init and destroy.
    private let actions = UnsafeMutablePointer<posix_spawn_file_actions_t>.allocate(capacity: 1)
    private let attributes = UnsafeMutablePointer<posix_spawnattr_t>.allocate(capacity: 1)

    /// A child in `grouping`, its descriptors as this process's until told otherwise.
    package init(grouping: Grouping) {
        posix_spawn_file_actions_init(actions)
        posix_spawnattr_init(attributes)
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(attributes, &none)
        posix_spawnattr_setsigdefault(attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        switch grouping {
        case .newSession: flags |= Self.setSID
        case .ownGroup: flags |= POSIX_SPAWN_SETPGROUP
        case .callersGroup: break
        }
        posix_spawnattr_setpgroup(attributes, 0)
        posix_spawnattr_setflags(attributes, Int16(flags))
    }

    deinit {
        posix_spawn_file_actions_destroy(actions)
        posix_spawnattr_destroy(attributes)
        actions.deallocate()
        attributes.deallocate()
    }

    /// `descriptor` of this process becomes `target` in the child.
    package func duplicate(_ descriptor: Int32, as target: Int32) {
        posix_spawn_file_actions_adddup2(actions, descriptor, target)
    }

    /// The file at `path`, opened with `flags` (and `mode` when that creates it), becomes `target` in
    /// the child.
    package func open(_ path: String, as target: Int32, flags: Int32, mode: mode_t = 0) {
        posix_spawn_file_actions_addopen(actions, target, path, flags, mode)
    }

    /// Closes every descriptor from 3 up in the child, through glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later, looked up at run time like the other
    /// glibc extensions here: Swift imports no _GNU_SOURCE declaration); false when this C library has
    /// none.
    package func closeFromThree() -> Bool {
        typealias Function = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return false }
        return unsafeBitCast(symbol, to: Function.self)(actions, 3) == 0
    }

    /// Closes in the child each descriptor from 3 up that is open now: what a C library without
    /// closefrom allows.
    package func closeEachOpenNow() {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(actions, descriptor)
        }
    }

    /// The child starts in `directory`, through glibc's `posix_spawn_file_actions_addchdir_np` (2.29
    /// and later); false when this C library has none or refuses.
    package func changeDirectory(to directory: String) -> Bool {
        typealias Function =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return false }
        return directory.withCString { unsafeBitCast(symbol, to: Function.self)(actions, $0) } == 0
    }

    /// Starts `arguments[0]` (a path, or with `searchingPath` a name looked up in PATH) with
    /// `arguments` and `environment` (this process's when nil); the pid, for the caller to reap.
    package func spawn(_ arguments: [String], environment: [String: String]? = nil, searchingPath: Bool) throws
        -> pid_t
    {
        let argv = arguments.map { strdup($0) } + [nil]
        let env = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            env?.forEach { free($0) }
        }
        var pid: pid_t = 0
        func start(_ environment: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
            searchingPath
                ? posix_spawnp(&pid, arguments[0], actions, attributes, argv, environment)
                : posix_spawn(&pid, arguments[0], actions, attributes, argv, environment)
        }
        let code = if let env { start(env) } else { start(environ) }
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        return pid
    }

    /// glibc's POSIX_SPAWN_SETSID (2.26 and later), which Swift does not import: the header defines it
    /// for _GNU_SOURCE only.
    private static let setSID: Int32 = 0x80
}
