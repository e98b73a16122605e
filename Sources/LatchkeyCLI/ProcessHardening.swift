import CLinux

/// What the process does to itself before it reads any secret.
enum ProcessHardening {
    /// Makes the process non-dumpable, as ssh-agent does: passwords, codes and tokens it holds in
    /// memory reach no core file, and other processes of the same user cannot ptrace it or read
    /// /proc/PID/mem. Cannot fail for this argument on Linux, so the result is not checked.
    static func apply() {
        _ = latchkey_set_not_dumpable()
    }
}
