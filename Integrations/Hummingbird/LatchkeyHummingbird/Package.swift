// swift-tools-version: 6.1
import PackageDescription

// Latchkey over HTTP: a Hummingbird 2 library (routes, forward-auth, the sign-in page, middleware)
// and the `latchkey-server` executable. A package of its own, so the core never depends on SwiftNIO.
// It sits in Integrations/Hummingbird/LatchkeyHummingbird, not in Integrations/Hummingbird itself:
// SwiftPM names a root package after its folder, and a package named "hummingbird" would take the
// identity of hummingbird-project/hummingbird, which then cannot be resolved.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "LatchkeyHummingbird",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LatchkeyHummingbird", targets: ["LatchkeyHummingbird"]),
        .executable(name: "latchkey-server", targets: ["LatchkeyServer"]),
    ],
    dependencies: [
        .package(name: "Latchkey", path: "../../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The tests' software authenticator (P-256 keys), the core's own passkey dependency.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        .target(
            name: "LatchkeyHummingbird",
            dependencies: [
                .product(name: "Latchkey", package: "Latchkey"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "LatchkeyServer",
            dependencies: [
                "LatchkeyHummingbird",
                .product(name: "Latchkey", package: "Latchkey"),
                .product(name: "LatchkeyConfiguration", package: "Latchkey"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LatchkeyHummingbirdTests",
            dependencies: [
                "LatchkeyHummingbird",
                .product(name: "Latchkey", package: "Latchkey"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "LatchkeyTestSupport", package: "Latchkey"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
