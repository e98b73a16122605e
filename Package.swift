// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Latchkey",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Latchkey", targets: ["Latchkey"])
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]
        ),
        // Turns the top-level Migrations/*.sql into Swift source at build time, so the
        // schema ships inside the library with no runtime file or bundle lookup.
        .executableTarget(name: "EmbedMigrationsTool"),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["EmbedMigrationsTool"],
            path: "Sources/EmbedMigrations"
        ),
        .target(
            name: "Latchkey",
            dependencies: ["CSQLite", "CSodium"],
            plugins: ["EmbedMigrations"]
        ),
        .testTarget(
            name: "LatchkeyTests",
            dependencies: ["Latchkey", "CSQLite"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
