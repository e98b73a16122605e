import Foundation
import Latchkey

/// What an authenticator app does, for tests: reads the base32 secret, makes codes.
struct Authenticator {
    let secret: [UInt8]

    /// From the base32 secret an enrollment shows.
    init(base32: String) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var bits = 0
        var value = 0
        var bytes: [UInt8] = []
        for character in base32.uppercased() {
            guard let index = alphabet.firstIndex(of: character) else { continue }
            value = (value << 5) | index
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8((value >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        secret = bytes
    }

    /// The code shown at `time`.
    func code(at time: Date) -> String { TOTP().code(secret: secret, at: time) }
}
