// swift-tools-version: 6.1
import PackageDescription

// The benchmark harness: Latchkey side by side with raw SQLite (the floor) and GRDB (the peer),
// built in release. The main package never compiles it.
let package = Package(
    name: "LatchkeyBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Latchkey", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The passkey case's software authenticator: its P-256 key and SHA-256.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // The raw C API, statements prepared once: what no Swift layer can beat.
        .target(
            name: "CRawSQLite",
            linkerSettings: [.linkedLibrary("sqlite3"), .linkedLibrary("sodium")]
        ),
        .executableTarget(
            name: "LatchkeyBench",
            dependencies: [
                "CRawSQLite",
                .product(name: "Latchkey", package: "Latchkey"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
