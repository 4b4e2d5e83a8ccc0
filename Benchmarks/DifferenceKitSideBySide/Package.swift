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
// the thread's CPU time (WALL=1 for the wall clock); each iteration also counts the diff's page
// faults. PROFILE=uuid|string loops the 5k diff alone (FRESH=1: on snapshots built anew each
// round; INTERLEAVE=1: DifferenceKit run untimed before each round; DK=0: no DifferenceKit loop
// after) and counts its page faults.
//
// Figures (docs/PERFORMANCE.md, "The diff alone without page faults"): 2026-11-27 10:44-10:53
// UTC, 300/30 iterations, load 2.6-1.5, two runs each of main at 6c356db and of the commit that
// keeps the diff's scratch per thread and pairs by the indexes' hashes, alternated. Diff alone,
// min(DifferenceKit) / FeedDiff, p50: UUID 5k 5.9-6.0x -> 10.7-11.0x, String 5k 7.3-7.4x ->
// 13.4-13.9x, UUID 100k 8.9-9.2x -> 13.8-15.3x, String 100k 8.3x -> 17.2-19.0x; page faults a
// 5k diff 18 (UUID) / 7 (String) -> 0. Build both + diff / DifferenceKit (plain ids): UUID 5k
// 2.35x, String 5k 4.0-4.1x, UUID 100k 2.6-3.0x, String 100k 3.8-4.0x (goal >= 1.5x).
import PackageDescription

let package = Package(
    name: "DifferenceKitSideBySide",
    targets: [
        .target(name: "DifferenceKit", path: "DifferenceKit", swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "FeedDiff", path: "FeedDiff"),
        // The benchmarks' own inputs (and FeedModel's generator they draw from), linked as
        // FeedDiff is, so both packages time the same lists.
        .target(name: "FeedModel", path: "FeedModel"),
        .target(name: "DiffInputs", dependencies: ["FeedModel"], path: "DiffInputs"),
        .executableTarget(name: "Harness", dependencies: ["DifferenceKit", "FeedDiff", "DiffInputs"], path: "Harness"),
    ]
)
