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
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
