import Latchkey
import Testing

extension LatchkeyService {
    /// Registers `name` (with `email`, when given) with the seeds' password, signs in, and answers
    /// the session token.
    func signedIn(_ name: String, email: String? = nil) async throws -> String {
        _ = try await register(username: name, password: Seeds.password, email: email)
        return try #require(try await signIn(username: name, password: Seeds.password).token)
    }
}
