import Latchkey

// One user's round trip through the async service, on a database that lives in memory.
let service = LatchkeyService(workers: LatchkeyWorkers(database: try DatabaseWorker(.inMemory)))
let password = "correct horse battery staple"

let account = try await service.register(username: "alice", password: password)
print("registered \(account.username), user \(account.userID)")

let signIn = try await service.signIn(username: "alice", password: password, label: "example")
guard let token = signIn.token else { throw LatchkeyError(code: .internalError, message: "\(signIn.status)") }
print("signed in: \(signIn.status.rawValue)")

let principal = try await service.authenticate(token: token)
print("the token is \(principal.username)'s, roles: \(principal.roles)")

do {
    _ = try await service.authorize(token: token, role: "admin")
    print("admin: allowed")
} catch {
    print("admin: \(error.code.rawValue)")
}

print("signed out of \(try await service.signOut(token: token)) session")
do {
    _ = try await service.authenticate(token: token)
} catch {
    print("afterwards: \(error.code.rawValue)")
}
