import CRawSQLite
import Foundation
@_spi(Benchmarks) import Latchkey

// `swift run -c release latchkey-bench [--quick] [--json] [--sizes N,N…] [--postgresql URL] [--import-rows N]
// [--import-only] [--refusals-only] [--passkeys-only] [--oidc-only] [--whoami-only]
// [--sign-in-starvation] [--no-server] [--bare-verify SECONDS THREADS]`, from Benchmarks/: the cases
// of the speed issues,
// each with its target; ratios come
// from runs interleaved in one process. With --postgresql (an empty database), the largest population
// is copied there and measured too, and the import runs there once.
let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let json = arguments.contains("--json")
let latchkey =
    ProcessInfo.processInfo.environment["LATCHKEY_BINARY"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/release/latchkey").path

func log(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

// `--bare-verify SECONDS THREADS`: the server load script's baseline (see `BareVerify`).
if let flag = arguments.firstIndex(of: "--bare-verify") {
    let values = Array(arguments[arguments.index(after: flag)...])
    try BareVerify.run(seconds: Double(values[0])!, threads: Int(values[1])!)
    exit(0)
}

let hash = try Argon2idHasher().hash(Population.password)

// `--burst PATH USERS OUTPUT`: the memory case's own process (see `Burst`).
if let flag = arguments.firstIndex(of: "--burst") {
    let values = Array(arguments[arguments.index(after: flag)...])
    try await Burst.run(path: values[0], users: Int(values[1])!, output: values[2])
    exit(0)
}

// `--sign-in-starvation`: only the case of sign-ins beside busy processes (see `StarvationCase`), and
// session checks under sign-ins inside the process.
if arguments.contains("--sign-in-starvation") {
    let population = try Population(users: 1_000, hash: hash)
    log("bench: sign-ins beside two busy processes …")
    var results = try await StarvationCase(population: population, rounds: quick ? 3 : 5).measure()
    // The other side of the hashing lane's priority: session checks inside the server while it hashes.
    log("bench: session checks under sign-ins …")
    results += try await ServiceCases(quick: quick, population: population).authenticateUnderSignIns()
    population.remove()
    Report.print(results, json: json, quick: quick)
    exit(0)
}

// `--profile-whoami N`: only N in-library whoami calls on 1,000 users, for a profiler (callgrind).
if let flag = arguments.firstIndex(of: "--profile-whoami"), let count = Int(arguments[arguments.index(after: flag)]) {
    let population = try Population(users: 1_000, hash: hash)
    defer { population.remove() }
    let scene = SceneRunner(workers: LatchkeyWorkers(database: try DatabaseWorker(.file(path: population.path))))
    let tokens = (1...1_000).map { Population.token($0) }
    for i in 0..<count { scene.whoAmI(tokens[i % 1_000]) }
    log("profiled \(count) whoami calls, \(scene.shown) shown")
    exit(0)
}
// `--profile-raw N`: the same N lookups through the raw C API, the floor beside `--profile-whoami`.
if let flag = arguments.firstIndex(of: "--profile-raw"), let count = Int(arguments[arguments.index(after: flag)]) {
    let population = try Population(users: 1_000, hash: hash)
    defer { population.remove() }
    let raw = raw_whoami_open(population.path)!
    defer { raw_whoami_close(raw) }
    let tokens = (1...1_000).map { Population.token($0) }
    var found = 0
    for i in 0..<count { found += Int(raw_whoami_run(raw, tokens[i % 1_000])) }
    log("profiled \(count) raw lookups, \(found) found")
    exit(0)
}
var cases = Cases(quick: quick)
// `--whoami-only`: only the in-library whoami (against raw C and GRDB) on 100,000 users (or `--sizes`),
// and the threads on one shared worker: the cases to iterate on.
if arguments.contains("--whoami-only") {
    let sizes =
        arguments.firstIndex(of: "--sizes").flatMap { arguments[arguments.index(after: $0)].split(separator: ",") }
        .map { $0.compactMap { Int($0) } } ?? [100_000]
    for users in sizes {
        log("bench: \(users) users …")
        let population = try Population(users: users, hash: hash)
        _ = try cases.whoami(population)
        if users == sizes.last! {
            log("bench: concurrency …")
            try cases.concurrency(population)
        }
        population.remove()
    }
    Report.print(cases.results, json: json, quick: quick)
    exit(0)
}
let postgresURL = arguments.firstIndex(of: "--postgresql").flatMap { flag in
    arguments.index(after: flag) < arguments.endIndex ? arguments[arguments.index(after: flag)] : nil
}

/// Issue 23's import case: `--import-rows N` (default 100,000 quick, 1,000,000 in full); with
/// `--import-only`, nothing else runs.
@MainActor func measureImports() throws {
    guard FileManager.default.isExecutableFile(atPath: latchkey) else { return }
    log("bench: import …")
    let rows =
        arguments.firstIndex(of: "--import-rows").flatMap { Int(arguments[arguments.index(after: $0)]) }
        ?? (quick ? 100_000 : 1_000_000)
    try cases.imports(rows: rows, rounds: quick ? 2 : 3, latchkey: latchkey, postgresql: postgresURL)
}
// `--refusals-only`: only the refusal-cost case (no population needed).
if arguments.contains("--refusals-only") {
    log("bench: refusals …")
    try cases.refusals()
    Report.print(cases.results, json: json, quick: quick)
    exit(0)
}
// `--passkeys-only`: only the passkey sign-in against the password sign-in (its own 1,000 users).
if arguments.contains("--passkeys-only") {
    log("bench: passkey sign-in …")
    cases.results += try await cases.passkeySignIns(hash: hash)
    Report.print(cases.results, json: json, quick: quick)
    exit(0)
}
// `--oidc-only`: only the OpenID provider's endpoints against the password sign-in (its own 1,000 users).
if arguments.contains("--oidc-only") {
    log("bench: OpenID provider …")
    cases.results += try await cases.openIDTokens(hash: hash)
    Report.print(cases.results, json: json, quick: quick)
    exit(0)
}
if arguments.contains("--import-only") {
    try measureImports()
    Report.print(cases.results, json: json, quick: quick)
    exit(0)
}
// `--sizes 1000,200000`: other populations than the defaults (the last is the one measured further).
let sizes: [Int] =
    arguments.firstIndex(of: "--sizes").flatMap { flag in
        arguments.index(after: flag) < arguments.endIndex
            ? arguments[arguments.index(after: flag)].split(separator: ",").compactMap { Int($0) } : nil
    } ?? (quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000])
var medians: [Int: Double] = [:]
var largest: Population?
for users in sizes {
    log("bench: \(users) users …")
    let population = try Population(users: users, hash: hash)
    medians[users] = try cases.whoami(population)
    if let previous = largest { previous.remove() }
    largest = population
}
if let small = medians[sizes.first!], let large = medians[sizes.last!] {
    cases.results.append(
        cases.ratio("whoami cost, \(sizes.last!.formatted()) users / 1,000", large / small, target: 1.3))
}
let population = largest!
cases.size(population)
log("bench: concurrency …")
try cases.concurrency(population)
log("bench: login …")
try cases.login(population, hash: hash)
log("bench: refusals …")
try cases.refusals()
log("bench: access tokens …")
cases.results += try await cases.accessTokens(population)
log("bench: reset requests …")
cases.results += try await cases.resetRequests(population)
log("bench: passkey sign-in …")
cases.results += try await cases.passkeySignIns(hash: hash)
log("bench: OpenID provider …")
cases.results += try await cases.openIDTokens(hash: hash)
log("bench: the async service …")
let service = ServiceCases(quick: quick, population: population)
cases.results += try await service.authenticateUnderSignIns()
log("bench: sign-ins beside two busy processes …")
cases.results += try await StarvationCase(population: population, rounds: quick ? 3 : 5).measure()
cases.results += try await service.signInThroughput(hash: hash)
cases.results += try service.burstMemory(binary: CommandLine.arguments[0])
if FileManager.default.isExecutableFile(atPath: latchkey) {
    log("bench: processes …")
    try Processes(latchkey: latchkey, population: population, hash: hash).measure(rounds: quick ? 10 : 40, into: &cases)
} else {
    log("bench: no release binary at \(latchkey) (swift build -c release --product latchkey): process cases skipped")
}
try measureImports()
// `--no-server`: without the server's records (a release latchkey-server under wrk, `ServerLoad`).
if !arguments.contains("--no-server") {
    log("bench: latchkey-server under load …")
    cases.results += ServerLoad.records(quick: quick)
}
if let postgresURL {
    log("bench: PostgreSQL …")
    try cases.postgresql(population, url: postgresURL, latchkey: latchkey)
}
population.remove()
Report.print(cases.results, json: json, quick: quick)
