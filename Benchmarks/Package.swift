// swift-tools-version: 6.1
// The benchmarks, a package of their own so that the root's `swift build --build-tests` (and so
// `make test` and CI) never resolves or builds ordo-one/benchmark and its graph. `make bench`
// runs them from here; they use feedscroll's modules through the root's library products.
import PackageDescription

let package = Package(
    name: "FeedBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "feedscroll", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "CHeapStats", path: "CHeapStats"),
        // The diff's inputs, shared with DifferenceKitSideBySide (which links this folder).
        .target(name: "DiffInputs", dependencies: [.product(name: "FeedModel", package: "feedscroll")], path: "DiffInputs"),
        .executableTarget(
            name: "FeedBenchmarks",
            dependencies: [
                "CHeapStats",
                "DiffInputs",
                .product(name: "FeedDiff", package: "feedscroll"),
                .product(name: "FeedModel", package: "feedscroll"),
                .product(name: "FeedPaging", package: "feedscroll"),
                .product(name: "FeedUI", package: "feedscroll"),
                .product(name: "CursesTerminal", package: "feedscroll"),
                .product(name: "FeedPictures", package: "feedscroll"),
                .product(name: "FeedSources", package: "feedscroll"),
                .product(name: "FeedStore", package: "feedscroll"),
                .product(name: "FeedReplica", package: "feedscroll"),
                .product(name: "FeedMarkup", package: "feedscroll"),
                .product(name: "FeedReader", package: "feedscroll"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "FeedBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Issue 20: the extractor's in-process time on each reader-corpus page, for
        // scripts/bench-reader-peers to set beside the peers' in-process times (no benchmark
        // dependency, so `swift build --product ReaderCorpusTiming` builds only the reader).
        .executableTarget(
            name: "ReaderCorpusTiming",
            dependencies: [.product(name: "FeedReader", package: "feedscroll")],
            path: "ReaderCorpusTiming"
        ),
    ],
    swiftLanguageModes: [.v6]
)
