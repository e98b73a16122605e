internal import CSodium

/// Random bytes from the operating system's CSPRNG, through libsodium.
enum RandomBytes {
    /// `count` bytes from `randombytes_buf`.
    static func make(_ count: Int) -> [UInt8] {
        Sodium.ensureInitialized()
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, count) }
        return bytes
    }
}
