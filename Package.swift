// swift-tools-version: 6.1
import PackageDescription

// The reader's tree walks (FeedMarkup, FeedReader) read class properties at every node, and each
// read was a dynamic exclusivity check (swift_beginAccess: a sixth of the extractor's
// instructions on a 1 MB page). Release builds leave them out; debug builds, and so every test
// run, keep them, so an overlapping access still traps there (docs/PERFORMANCE.md).
let readerSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "feedscroll",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "feedscroll", targets: ["feedscroll"]),
        .library(name: "FeedModel", targets: ["FeedModel"]),
        .library(name: "FeedDiff", targets: ["FeedDiff"]),
        .library(name: "FeedPaging", targets: ["FeedPaging"]),
        .library(name: "FeedSources", targets: ["FeedSources"]),
        // For the benchmarks' own package (Benchmarks/Package.swift), which depends on this one.
        .library(name: "FeedUI", targets: ["FeedUI"]),
        .library(name: "CursesTerminal", targets: ["CursesTerminal"]),
        .library(name: "FeedPictures", targets: ["FeedPictures"]),
        .library(name: "FeedStore", targets: ["FeedStore"]),
        .library(name: "FeedReplica", targets: ["FeedReplica"]),
        .library(name: "FeedMarkup", targets: ["FeedMarkup"]),
        .library(name: "FeedReader", targets: ["FeedReader"]),
        .library(name: "FeedFormats", targets: ["FeedFormats"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/JohnSundell/Ink", exact: "0.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        // Already in the graph through Hummingbird; named for the replica's graceful shutdown.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(name: "FeedModel"),
        .target(name: "FeedDiff"),
        .target(name: "FeedPaging", dependencies: ["FeedModel", "FeedDiff"]),
        .target(
            name: "FeedSources",
            dependencies: [
                "FeedModel", "FeedMarkup", "FeedReader", "FeedFormats", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Ink", package: "Ink"), .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(name: "FeedStore", dependencies: ["FeedModel", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .target(name: "CJPEGCodec", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(
            name: "FeedPictures", dependencies: ["FeedModel", "CPNG", "CJPEG", "CJPEGCodec"],
            // Scaling a 475×475 picture is ~30× slower unoptimised; debug builds (and the tmux
            // tests that run them) would spend seconds per screen of thumbnails.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "FeedMarkup", dependencies: ["FeedModel", "CLibXML2"], swiftSettings: readerSettings),
        .target(name: "FeedReader", dependencies: ["FeedModel", "FeedMarkup", "CLibXML2"], swiftSettings: readerSettings),
        .target(name: "FeedFormats", dependencies: ["FeedModel", "FeedMarkup", "CLibXML2"]),
        .target(name: "FeedUI", dependencies: ["FeedModel", "FeedDiff", "FeedPaging", "FeedPictures", "FeedMarkup"]),
        .target(name: "FeedLab", dependencies: ["FeedModel", "FeedDiff", "FeedPaging"]),
        .target(
            name: "FeedConfig",
            dependencies: ["FeedModel", "FeedPaging", "FeedUI", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        .target(
            name: "FeedReplica",
            dependencies: [
                "FeedModel", "FeedPictures",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .systemLibrary(
            name: "CNCursesW",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // The signal handlers' C and their one self-pipe (state in a header was one copy per object file).
        .target(name: "CTerminalSignals"),
        .target(name: "CursesTerminal", dependencies: ["FeedModel", "FeedUI", "FeedPictures", "CNCursesW", "CTerminalSignals"]),
        .target(
            name: "FeedRuntime",
            dependencies: [
                "FeedModel", "FeedUI", "FeedPaging", "FeedSources", "FeedStore", "FeedPictures", "FeedMarkup", "FeedReader", "FeedConfig",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "feedscroll",
            dependencies: [
                "FeedModel", "FeedDiff", "FeedPaging", "FeedSources", "FeedUI", "CursesTerminal", "FeedReplica", "FeedLab", "FeedConfig", "FeedStore",
                "FeedPictures", "FeedMarkup", "FeedReader", "FeedFormats", "FeedRuntime",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "FeedTestSupport",
            dependencies: ["FeedModel", "FeedUI"],
            path: "Tests/FeedTestSupport"
        ),
        .testTarget(name: "FeedModelTests", dependencies: ["FeedModel", "FeedTestSupport"]),
        .testTarget(
            name: "FeedDiffTests",
            dependencies: ["FeedDiff", "FeedModel", "FeedTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "FeedPagingTests",
            dependencies: [
                "FeedPaging", "FeedModel", "FeedDiff", "FeedTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "FeedSourcesTests", dependencies: ["FeedSources", "FeedMarkup", "FeedTestSupport", "FeedReplica"]),
        .testTarget(name: "FeedUITests", dependencies: ["FeedUI", "FeedPictures", "FeedTestSupport"]),
        .testTarget(name: "FeedLabTests", dependencies: ["FeedLab", "FeedConfig", "FeedPaging", "FeedTestSupport"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal", "FeedUI", "FeedPictures"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "FeedTestSupport", "FeedModel", "FeedPaging", "FeedUI", "FeedReplica", "FeedSources", "FeedPictures", "FeedFormats",
                "FeedRuntime", "FeedMarkup", "FeedStore",
            ]),
        .testTarget(name: "FeedReplicaTests", dependencies: ["FeedReplica", "FeedPictures", "FeedTestSupport"]),
        .testTarget(name: "FeedConfigTests", dependencies: ["FeedConfig", "FeedUI", "FeedModel", "FeedTestSupport"]),
        .testTarget(
            name: "FeedStoreTests",
            dependencies: [
                "FeedStore", "FeedModel", "FeedTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "FeedPicturesTests", dependencies: ["FeedPictures"]),
        .testTarget(
            name: "FeedRuntimeTests",
            dependencies: [
                "FeedRuntime", "FeedUI", "FeedModel", "FeedPaging", "FeedStore", "FeedSources", "FeedTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "FeedMarkupTests", dependencies: ["FeedMarkup", "FeedModel", "FeedTestSupport", "FeedReplica", "FeedFuzz"]),
        .testTarget(
            name: "FeedReaderTests", dependencies: ["FeedReader", "FeedMarkup", "FeedModel", "FeedReplica", "FeedTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "FeedFormatsTests", dependencies: ["FeedFormats", "FeedModel", "FeedTestSupport"], resources: [.copy("Fixtures")]),
        .target(name: "FeedFuzz", dependencies: ["FeedModel", "FeedSources", "FeedConfig", "FeedMarkup", "FeedReader", "FeedFormats"], path: "Fuzz/FeedFuzz"),
        .executableTarget(name: "FeedFuzzer", dependencies: ["FeedFuzz", "FeedModel"], path: "Fuzz/FeedFuzzer"),
        .testTarget(name: "FeedFuzzTests", dependencies: ["FeedFuzz", "FeedModel", "FeedTestSupport", "FeedSources", "FeedMarkup", "FeedReader", "FeedFormats"]),
    ],
    swiftLanguageModes: [.v6]
)
