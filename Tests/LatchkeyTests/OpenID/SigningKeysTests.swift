import Foundation
import JWTKit
import Synchronization
import Testing

@testable import Latchkey
@testable import LatchkeyTestSupport

/// The OpenID provider's signing keys on both engines: the published set (JWKS) read by jwt-kit,
/// tokens signed with each algorithm verified against it, rotation with its grace period, who may
/// rotate, and the private keys sealed at rest.
@Suite(.onEveryEngine, .tags(.postgres)) struct SigningKeysTests {
    let time = ManualTime()
    let workers: LatchkeyWorkers
    let root = AuthEvent.Operator(osUser: "root")

    init() throws {
        workers = try Seeds.workers(time: time)
    }

    /// The claims the tests sign: a subject and an expiry jwt-kit checks.
    struct Claims: JWTPayload, Equatable {
        var sub: SubjectClaim
        var exp: ExpirationClaim

        func verify(using algorithm: some JWTAlgorithm) throws { try exp.verifyNotExpired(currentDate: exp.value - 1) }
    }

    final class Display: SigningKeysDisplayLogic {
        var keys: SigningKeys.List.ViewModel?
        var rotated: SigningKeys.Rotate.ViewModel?
        var published: SigningKeys.Publish.ViewModel?
        func displayKeys(viewModel: SigningKeys.List.ViewModel) { keys = viewModel }
        func displayRotated(viewModel: SigningKeys.Rotate.ViewModel) { rotated = viewModel }
        func displayPublished(viewModel: SigningKeys.Publish.ViewModel) { published = viewModel }
    }

    private func scene(_ display: Display) -> any SigningKeysBusinessLogic {
        SceneFactory(workers: workers, client: nil).makeSigningKeysScene(display: display).interactor
    }

    private func published() throws -> PublishedKeySet {
        let display = Display()
        scene(display).publish(request: .init())
        return try #require(try display.published?.get())
    }

    private func rotate(grace: Duration? = nil, as authority: Admin.Authority? = nil, force: Bool = false)
        -> SigningKeys.Rotate.ViewModel?
    {
        let display = Display()
        scene(display).rotate(request: .init(authority: authority ?? .operator(root), grace: grace, force: force))
        return display.rotated
    }

    /// A token signed by the key that signs for `algorithm` now.
    private func token(_ algorithm: SigningAlgorithm, subject: String = "user-1") async throws -> (String, kid: String)
    {
        let now = time.now()
        let (key, material) = try workers.database.read { db in
            let key = try #require(try workers.signingKeys.signing(algorithm, at: now, in: db))
            return (key, try workers.signingKeys.material(of: key))
        }
        let claims = Claims(sub: .init(value: subject), exp: .init(value: now.addingTimeInterval(3_600)))
        return (try await TokenSigner.sign(claims, with: material, kid: key.kid), key.kid)
    }

    private func verify(_ token: String, with set: PublishedKeySet) async throws -> Claims {
        let keys = JWTKeyCollection()
        try await keys.add(jwksJSON: set.json)
        return try await keys.verify(token, as: Claims.self)
    }

    @Test("the first published set has a signing and a next key per algorithm, public halves only")
    func theFirstSetHasTwoKeysPerAlgorithm() async throws {
        let set = try published()
        #expect(set.keys.count == 6)
        let members = try set.keys.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])
        }
        #expect(Set(members.compactMap { $0["kid"] }).count == 6)
        for algorithm in SigningAlgorithm.allCases {
            #expect(members.filter { $0["alg"] == algorithm.rawValue && $0["use"] == "sig" }.count == 2)
        }
        #expect(members.allSatisfy { $0["d"] == nil && $0["p"] == nil && $0["q"] == nil }, "no private member")
        // jwt-kit reads the set as a relying party would.
        let keys = JWTKeyCollection()
        try await keys.add(jwksJSON: set.json)
        // A second read makes no more keys.
        #expect(try published().keys == set.keys)
    }

    @Test(
        "a token signed by each algorithm's signing key verifies with the set, and not once tampered",
        arguments: SigningAlgorithm.allCases)
    func aSignedTokenVerifiesWithTheSet(_ algorithm: SigningAlgorithm) async throws {
        let set = try published()
        let (signed, kid) = try await token(algorithm)
        let headerBytes = try #require(Base64.decodeURLSafe(String(signed.split(separator: ".")[0])))
        let header = try #require(try JSONSerialization.jsonObject(with: Data(headerBytes)) as? [String: String])
        #expect(header["alg"] == algorithm.rawValue && header["kid"] == kid && header["typ"] == "JWT")
        #expect(try await verify(signed, with: set).sub.value == "user-1")
        var parts = signed.split(separator: ".").map(String.init)
        parts[1] = String(parts[1].dropLast()) + (parts[1].hasSuffix("A") ? "B" : "A")
        await #expect(throws: (any Error).self) { _ = try await verify(parts.joined(separator: "."), with: set) }
    }

    @Test("after a rotation the next key signs, and the previous key's tokens verify until its grace ends")
    func rotationKeepsThePreviousKeyForItsGrace() async throws {
        let before = try published()
        let (old, oldKid) = try await token(.rs256)
        let nextKid = try workers.database.read { db in
            try workers.signingKeys.published(at: time.now(), in: db).first {
                $0.algorithm == .rs256 && $0.signingFrom == nil
            }?.kid
        }
        #expect(Self.code(rotate(grace: .seconds(3_600))) == .invalidInput, "the next key is too new to sign")
        time.advance(by: .seconds(3_600))
        let rotated = try #require(try rotate(grace: .seconds(3_600))?.get())
        #expect(rotated.filter { $0.state == .previous }.count == 3)
        #expect(rotated.filter { $0.state == .next }.count == 3)
        let (new, newKid) = try await token(.rs256)
        #expect(newKid == nextKid && newKid != oldKid)
        let during = try published()
        #expect(during.keys.count == 9 && Set(before.keys).isSubset(of: Set(during.keys)))
        #expect(try await verify(old, with: during).sub.value == "user-1")
        #expect(try await verify(new, with: during).sub.value == "user-1")

        time.advance(by: .seconds(3_600))
        let after = try published()
        #expect(after.keys.count == 6 && !after.json.contains(oldKid))
        await #expect(throws: (any Error).self) { _ = try await verify(old, with: after) }
        #expect(try await verify(new, with: after).sub.value == "user-1")
        let display = Display()
        scene(display).list(request: .init(authority: .operator(root)))
        #expect(try #require(display.keys).get().filter { $0.state == .retired }.map(\.kid).contains(oldKid))
    }

    @Test("rotating needs an operator or an administrator, takes a grace within bounds, and is audited")
    func rotatingIsTheOperatorsAndAudited() async throws {
        try Seeds.register(Seeds.bob, with: workers)
        let token = try Seeds.login("bob", "a long enough password for him", with: workers)
        let refused = rotate(as: .signedIn(.session(token)))
        #expect(Self.code(refused) == .forbidden)
        let tooShort = rotate(grace: .seconds(60))
        #expect(Self.code(tooShort) == .invalidInput)
        _ = try #require(try rotate(force: true)?.get())
        let events = try workers.database.read { db in
            try db.query("SELECT kind FROM auth_events WHERE kind = 'signing_keys_rotated'", []) {
                try $0.string("kind")
            }
        }
        #expect(events.count == 1)
    }

    private static func code(_ viewModel: SigningKeys.Rotate.ViewModel?) -> LatchkeyError.Code? {
        guard case .failure(let error) = viewModel else { return nil }
        return error.code
    }

    @Test("private keys are stored sealed: not in clear, and not opened under another installation key")
    func privateKeysAreSealed() async throws {
        _ = try published()
        let keys = try workers.database.read { db in try workers.signingKeys.all(in: db) }
        for key in keys {
            let material = try workers.database.read { _ in try workers.signingKeys.material(of: key) }
            #expect(!key.privateKeyBox.contains(subsequence: material.privateKey))
            #expect(throws: (any Error).self) { try SigningKeyStore(secret: InstallationSecret()).material(of: key) }
        }
    }

    @Test("two threads reading the first set at once make one signing and one next key per algorithm")
    func racingFirstReadsMakeOneSet() throws {
        let sets = Mutex<[PublishedKeySet?]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let display = Display()
            scene(display).publish(request: .init())
            let set = try? display.published?.get()
            sets.withLock { $0.append(set) }
        }
        let stored = try workers.database.read { db in try workers.signingKeys.all(in: db) }
        #expect(stored.count == 6)
        #expect(sets.withLock { $0 }.allSatisfy { Set($0?.keys ?? []) == Set(stored.map(\.publicJWK)) })
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { Array(self[$0..<($0 + subsequence.count)]) == subsequence }
    }
}
