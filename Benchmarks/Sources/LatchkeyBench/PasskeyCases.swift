import Foundation
import Latchkey

/// A passkey sign-in costs the server a P-256 verify and a few statements, no Argon2id: its server
/// time beside a password sign-in's, both through one service at the default policy, interleaved,
/// on 1,000 users of their own. The passkey's time is the request options plus `signInWithPasskey`;
/// the software authenticator signs between the two, outside the time. Both make the same two
/// committed write transactions (the throttle's reservation, then the session): on a disk they are
/// most of a passkey sign-in, so the ratio is near fsyncs / (fsyncs + Argon2id).
extension Cases {
    func passkeySignIns(hash: String) async throws -> [Result] {
        let population = try Population(users: 1_000, hash: hash)
        defer { population.remove() }
        var workers = LatchkeyWorkers(database: try DatabaseWorker(.file(path: population.path)))
        workers.relyingParty = RelyingParty(id: SoftAuthenticator.rpID, origins: [SoftAuthenticator.origin])
        let service = LatchkeyService(workers: workers)
        // Passkeys for users 1–8 (enrolling needs a recent sign-in); passwords sign in users 9 and up.
        var authenticators: [SoftAuthenticator] = []
        for index in 1...8 {
            let signedIn = try await service.signIn(
                username: String(format: "user%07d", index), password: Population.password)
            let options = try await service.passkeyCreationOptions(token: signedIn.token!)
            let authenticator = SoftAuthenticator(userHandle: options.user.id)
            _ = try await service.registerPasskey(
                token: signedIn.token!, response: try authenticator.registration(challenge: options.challenge),
                name: "bench")
            authenticators.append(authenticator)
        }
        var passkey = Samples()
        var options = Samples()
        var password = Samples()
        var user = 8
        // A first round of each is a warm-up, not counted.
        for round in 0...(quick ? 5 : 15) {
            for _ in 0..<2 {
                user = user % (population.users - 8) + 9
                let start = nanoseconds()
                _ = try await service.signIn(username: String(format: "user%07d", user), password: Population.password)
                if round > 0 { password.values.append(Double(nanoseconds() - start)) }
            }
            for index in 0..<16 {
                let start = nanoseconds()
                let challenge = try await service.passkeyRequestOptions().challenge
                let asked = nanoseconds() - start
                let response = try authenticators[index % 8].assertion(challenge: challenge)
                let resumed = nanoseconds()
                let result = try await service.signInWithPasskey(response: response)
                if round > 0 {
                    passkey.values.append(Double(asked + nanoseconds() - resumed))
                    options.values.append(Double(asked))
                }
                precondition(result.status == .signedIn, "the passkey did not sign in")
            }
        }
        let ratio = passkey.median / password.median
        var compared = self.ratio("passkey sign-in / password sign-in (service)", ratio, target: 0.3)
        compared.note = String(format: "%.2f ms / %.2f ms", passkey.median / 1e6, password.median / 1e6)
        var signIn = row("passkey sign-in: options + signInWithPasskey (service, signing not timed)", passkey)
        signIn.note = String(format: "options: %.2f ms", options.median / 1e6)
        return [
            signIn,
            row("password sign-in (service, default Argon2id)", password), compared,
        ]
    }
}
