// swift-tools-version: 6.0
// Issue 25, item 4: DifferenceKit beside FeedDiff, side by side in one process, release build.
//
// DifferenceKit is not in the package mirror, and its code is not committed here: put its
// Sources files (ra1028/DifferenceKit, the linear-collection path: Algorithm.swift,
// Changeset.swift, StagedChangeset.swift, ElementPath.swift, Differentiable.swift,
// ContentEquatable.swift; measured with those of commit 932b192, the sectioned init left out)
// in DifferenceKit/ beside this file (ignored by git), then:
//
//     swift build -c release --package-path Benchmarks/DifferenceKitSideBySide
//     flock -o /work/test.lock Benchmarks/DifferenceKitSideBySide/.build/release/Harness 300 30
//
// Both libraries are modules of their own, as an app would use them (DifferenceKit's diff is
// `@inlinable`, as FeedDiff's is, so both are specialised for the harness's types). Times are
// the thread's CPU time (WALL=1 for the wall clock); PROFILE=uuid|string loops the 5k diff
// alone (FRESH=1: on snapshots built anew each round) and counts its page faults.
import PackageDescription

let package = Package(
    name: "DifferenceKitSideBySide",
    targets: [
        .target(name: "DifferenceKit", path: "DifferenceKit", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "FeedDiff", path: "FeedDiff"),
        .executableTarget(name: "Harness", dependencies: ["DifferenceKit", "FeedDiff"], path: "Harness"),
    ]
)
