// swift-tools-version: 6.1
import PackageDescription

// An application on Hummingbird 2 with Latchkey's routes and a page for signed-in users. The paths
// point into this repository; in your project, name the Latchkey checkout instead.
let package = Package(
    name: "HelloLatchkey",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Latchkey", path: "../.."),
        .package(path: "../../Integrations/Hummingbird/LatchkeyHummingbird"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                .product(name: "Latchkey", package: "Latchkey"),
                .product(name: "LatchkeyHummingbird", package: "LatchkeyHummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
