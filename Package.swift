// swift-tools-version: 6.1
import PackageDescription

/// The upcoming language features the code is written for (as Hummingbird turns them on).
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Latchkey",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Latchkey", targets: ["Latchkey"]),
        // Latchkey's own test fixtures (a throwaway PostgreSQL server, gated hashers, seeds), a
        // product only so the Hummingbird integration's tests run on the same engines; not an API.
        .library(name: "LatchkeyTestSupport", targets: ["LatchkeyTestSupport"]),
        // The configuration file and environment of the CLI and latchkey-server (swift-configuration),
        // a library of its own so that an embedder of Latchkey does not get it.
        .library(name: "LatchkeyConfiguration", targets: ["LatchkeyConfiguration"]),
        .executable(name: "latchkey", targets: ["LatchkeyCLI"]),
        // The passkey parsers' fuzz target: a corpus replayer, or built by .ci/fuzz (coverage,
        // `-DFUZZING`, libFuzzer's driver) a fuzzer. Not an API.
        .executable(name: "latchkey-fuzz", targets: ["LatchkeyFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        // Passkeys: the credential keys (P-256, Ed25519, RSA) and SHA-256, and the packed
        // attestation's leaf certificate.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // JOSE for the OpenID Connect provider: signed ID and access tokens, and the JWKS.
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
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
        // Argon2id through libsodium with the memory kept by each hashing thread (libsodium has no
        // allocator hook; this C target redirects libsodium's own mmap and munmap only).
        .target(name: "CSodiumMemory", dependencies: ["CSodium"]),
        // PostgreSQL's own client library: the server engine, with every libpq convention
        // (PGHOST, PGUSER, ~/.pgpass, service files, TLS) users of psql rely on. Its header only
        // (apt: libpq-dev): no pkgConfig here, because pkg-config's `-lpq` would link libpq and its
        // 22 libraries into every process; Latchkey loads it when a PostgreSQL URL is first used.
        .systemLibrary(name: "CLibPQ"),
        // Linux's own calls Swift does not import as they are (the variadic prctl), from glibc's headers:
        // the CLI's non-dumpable state, the names of the library's lane threads.
        .systemLibrary(name: "CLinux"),
        // TOTP (RFC 6238) from OATH Toolkit, the library pam_oath is built on.
        .systemLibrary(
            name: "COath",
            pkgConfig: "liboath",
            providers: [.apt(["liboath-dev"]), .brew(["oath-toolkit"])]
        ),
        // libxcrypt (crypt_r, crypt_checksalt): verifies the crypt-family hashes of imported users
        // (bcrypt, sha512crypt, sha256crypt, yescrypt, md5crypt) as glibc's own crypt would.
        .systemLibrary(
            name: "CXCrypt",
            pkgConfig: "libxcrypt",
            providers: [.apt(["libcrypt-dev"])]
        ),
        // APR-util's apr_password_validate: Apache's own check of htpasswd's `$apr1$` (its MD5
        // default) and `{SHA}` hashes, so most real .htpasswd files import. Its header only (apt:
        // libaprutil1-dev): loaded on first use, as libpq is, never linked into every process.
        .systemLibrary(name: "CAPRUtil", providers: [.apt(["libaprutil1-dev"])]),
        // OpenSSL's PBKDF2 for Django's default hashes: libpq's own libcrypto, its header only (apt:
        // libssl-dev, which libpq-dev brings) and loaded on first use, as libaprutil is.
        .systemLibrary(name: "CLibCrypto", providers: [.apt(["libssl-dev"])]),
        // libidn2: an email's domain as IDNA A-labels (punycode), so a Unicode domain and its
        // punycode are one address to the unique email key.
        .systemLibrary(
            name: "CIDN2",
            pkgConfig: "libidn2",
            providers: [.apt(["libidn2-dev"]), .brew(["libidn2"])]
        ),
        // QR codes for enrolling an authenticator app, drawn in the terminal.
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]
        ),
        // Turns the top-level Migrations/*.sql and the common-password list into Swift source at
        // build time, so they ship inside the library with no runtime file or bundle lookup.
        .executableTarget(name: "EmbedDataTool"),
        .plugin(
            name: "EmbedData",
            capability: .buildTool(),
            dependencies: ["EmbedDataTool"],
            path: "Sources/EmbedData"
        ),
        .target(
            name: "Latchkey",
            dependencies: [
                "CSQLite", "CLibPQ", "CSodium", "CSodiumMemory", "COath", "CQRencode", "CLinux", "CXCrypt", "CAPRUtil",
                "CLibCrypto", "CIDN2",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            exclude: ["Data"],
            swiftSettings: strict,
            plugins: ["EmbedData"]
        ),
        .target(
            name: "LatchkeyConfiguration",
            dependencies: ["Latchkey", .product(name: "Configuration", package: "swift-configuration")],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "LatchkeyCLI",
            dependencies: [
                "Latchkey", "LatchkeyConfiguration", "CLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict,
            // No export of its ~22,000 symbols, which no library it loads uses and which the Swift
            // runtime's start-up dladdr would search one by one. (It stays position-independent:
            // `-no-pie` would save ~1 ms of relocations per start, at the cost of ASLR for the
            // executable that reads passwords.)
            linkerSettings: [
                .unsafeFlags(
                    ["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // libFuzzer's driver, declared for the fuzz target (see .ci/fuzz).
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(name: "LatchkeyFuzz", dependencies: ["Latchkey", "CLibFuzzer"], swiftSettings: strict),
        // The README's service example, exactly: a test compares the two and runs the program.
        .executableTarget(
            name: "ServiceExample",
            dependencies: ["Latchkey"],
            path: "Tests/ServiceExample",
            swiftSettings: strict
        ),
        // Seeds, spies, temporary folders and the CLI runner, shared by both test targets.
        .target(
            name: "LatchkeyTestSupport",
            dependencies: ["Latchkey", "CLibPQ"],
            path: "Tests/LatchkeyTestSupport",
            swiftSettings: strict
        ),
        .testTarget(
            name: "LatchkeyTests",
            dependencies: [
                "Latchkey", "LatchkeyTestSupport", "LatchkeyConfiguration", "CSodium", "CSodiumMemory", "CSQLite",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: strict
        ),
        // Runs the built `latchkey` binary; depending on it makes `swift test` build it first.
        .testTarget(
            name: "LatchkeyCLITests",
            dependencies: ["LatchkeyCLI", "ServiceExample", "Latchkey", "LatchkeyTestSupport"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
