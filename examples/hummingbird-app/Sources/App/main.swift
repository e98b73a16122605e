import Hummingbird
import Latchkey
import LatchkeyHummingbird

// Accounts in app.sqlite3 (its key file beside it), checked before serving: a key that is not
// this database's would refuse every sign-in.
let workers = LatchkeyWorkers(database: try DatabaseWorker(DatabaseLocation(parsing: "app.sqlite3")))
try workers.checkInstallationKey()
let service = LatchkeyService(workers: workers)
// Plain HTTP on this machine: drop insecureCookie behind HTTPS. Anyone may register here.
let options = LatchkeyHTTPOptions(insecureCookie: true, registration: .open)

let router = Router(context: LatchkeyRequestContext.self)
// /v1/register, /v1/login, /v1/me, /v1/logout, /login (the sign-in page), /v1/auth, ...
LatchkeyRoutes(service: service, options: options).add(to: router)
// Only for a signed-in user (a bearer token or the session cookie); anyone else gets 401 in JSON.
router.group("/hello")
    .add(middleware: LatchkeyAuthenticator(service: service, options: options))
    .get { _, context in "Hello, \(context.principal?.username ?? "?")!\n" }

let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
try await app.runService()
await service.shutdown()
