import Latchkey

/// A hasher whose every hash fails as libsodium does when Argon2id cannot get its memory.
final class FailingHasher: PasswordHashing {
    private let real = Argon2idHasher(parameters: .cheapestForTests)
    var dummyHash: String { real.dummyHash }
    func hash(_ password: String) throws -> String { throw PasswordHashingError.outOfMemory }
    func verify(_ password: String, against hash: String) -> Bool { real.verify(password, against: hash) }
    func needsRehash(_ hash: String) -> Bool { true }
}
