internal import CSodium

/// Authenticated encryption of secrets at rest (libsodium's XChaCha20-Poly1305), under a key
/// derived from the installation secret for one purpose: second-factor secrets (the default), with
/// the user id as associated data, so a ciphertext moved to another user, or read with another key,
/// does not open; or, with a key of its own, anything else bound to its own associated data.
struct SecretBox: Sendable {
    let secret: InstallationSecret
    /// The derived key's id and context: one pair per purpose.
    var keyID: UInt64 = 1
    var context = "lkfactor"

    /// `nonce ‖ ciphertext` of `plaintext` for `userID`.
    func seal(_ plaintext: [UInt8], userID: Int64) throws -> [UInt8] {
        try seal(plaintext, associatedData: Self.associatedData(userID))
    }

    /// The plaintext, or `.cannotOpen` for another key, another user or a damaged value.
    func open(_ box: [UInt8], userID: Int64) throws -> [UInt8] {
        try open(box, associatedData: Self.associatedData(userID))
    }

    /// `nonce ‖ ciphertext` of `plaintext`, bound to `data`.
    func seal(_ plaintext: [UInt8], associatedData data: [UInt8]) throws -> [UInt8] {
        let key = try secret.derivedKey(id: keyID, context: context)
        let nonce = RandomBytes.make(Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES))
        var sealed = [UInt8](repeating: 0, count: plaintext.count + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES))
        var length: UInt64 = 0
        _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
            &sealed, &length, plaintext, UInt64(plaintext.count), data, UInt64(data.count), nil, nonce, key)
        return nonce + sealed.prefix(Int(length))
    }

    /// The plaintext, or `.cannotOpen` for another key, other associated data or a damaged value.
    func open(_ box: [UInt8], associatedData data: [UInt8]) throws -> [UInt8] {
        let key = try secret.derivedKey(id: keyID, context: context)
        let nonceBytes = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
        let tagBytes = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
        guard box.count >= nonceBytes + tagBytes else { throw SecretBoxError.cannotOpen }
        let nonce = Array(box.prefix(nonceBytes))
        let sealed = Array(box.dropFirst(nonceBytes))
        var plaintext = [UInt8](repeating: 0, count: sealed.count - tagBytes)
        var length: UInt64 = 0
        let status = crypto_aead_xchacha20poly1305_ietf_decrypt(
            &plaintext, &length, nil, sealed, UInt64(sealed.count), data, UInt64(data.count), nonce, key)
        guard status == 0 else { throw SecretBoxError.cannotOpen }
        return Array(plaintext.prefix(Int(length)))
    }

    private static func associatedData(_ userID: Int64) -> [UInt8] {
        Array("latchkey-user:\(userID)".utf8)
    }
}
