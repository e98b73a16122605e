/// The libraries' own verify (`ForeignHash.verify`).
struct ImportedHashVerifier: ImportedHashVerifying {
    func verify(_ password: String, against hash: ForeignHash) -> Bool { hash.verify(password) }
}
