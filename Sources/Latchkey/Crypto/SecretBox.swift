internal import CSodium

/// Authenticated encryption of second-factor secrets at rest (libsodium's XChaCha20-Poly1305), under a
/// key derived from the installation secret, with the user id as associated data: a ciphertext
/// moved to another user, or read with another key, does not open.
struct SecretBox: Sendable {
    let secret: InstallationSecret

    /// `nonce ‖ ciphertext` of `plaintext` for `userID`.
    func seal(_ plaintext: [UInt8], userID: Int64) throws -> [UInt8] {
        let key = try secret.derivedKey(id: 1, context: "lkfactor")
        let nonce = RandomBytes.make(Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES))
        var sealed = [UInt8](repeating: 0, count: plaintext.count + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES))
        var length: UInt64 = 0
        let data = Self.associatedData(userID)
        _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
            &sealed, &length, plaintext, UInt64(plaintext.count), data, UInt64(data.count), nil, nonce, key)
        return nonce + sealed.prefix(Int(length))
    }

    /// The plaintext, or `.cannotOpen` for another key, another user or a damaged value.
    func open(_ box: [UInt8], userID: Int64) throws -> [UInt8] {
        let key = try secret.derivedKey(id: 1, context: "lkfactor")
        let nonceBytes = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
        let tagBytes = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
        guard box.count >= nonceBytes + tagBytes else { throw SecretBoxError.cannotOpen }
        let nonce = Array(box.prefix(nonceBytes))
        let sealed = Array(box.dropFirst(nonceBytes))
        var plaintext = [UInt8](repeating: 0, count: sealed.count - tagBytes)
        var length: UInt64 = 0
        let data = Self.associatedData(userID)
        let status = crypto_aead_xchacha20poly1305_ietf_decrypt(
            &plaintext, &length, nil, sealed, UInt64(sealed.count), data, UInt64(data.count), nonce, key)
        guard status == 0 else { throw SecretBoxError.cannotOpen }
        return Array(plaintext.prefix(Int(length)))
    }

    private static func associatedData(_ userID: Int64) -> [UInt8] {
        Array("latchkey-user:\(userID)".utf8)
    }
}
