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
        // The passkey case's software authenticator (its P-256 key and SHA-256); the OpenID case's
        // signatures alone (RSA in _CryptoExtras).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // The OpenID case's access-token check alone, as the provider's verifier runs it.
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
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
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
