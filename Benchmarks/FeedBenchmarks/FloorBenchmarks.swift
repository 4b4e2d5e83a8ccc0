// Issue 25, "close to the floor": each figure is a ratio against its anchor measured in the same
// iteration of the same run (grep for search, the previous implementation for snapshots), so a
// loaded machine moves both sides alike. Ratios are reported ×100 (custom metrics are integers):
// "anchor/feedscroll ×100" above 100 means feedscroll is faster.
import Benchmark
import FeedDiff
import FeedModel
import FeedPaging
import FeedSources
import FeedUI
import Foundation

/// Nanoseconds `body` takes, on the monotonic clock.
func nanoseconds(_ body: () -> Void) -> Int {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Int(DispatchTime.now().uptimeNanoseconds - start)
}

// MARK: - Search against grep

/// `count` demo items (bodies left out: search does not look at them) loaded page by page
/// through `reduce`, as the runtime would: the search text is prepared as pages arrive.
func loadedDemoState(count: Int, size: Size) -> AppState {
    let demo = DemoSource(options: .init(items: count, seed: 2026, latencyMilliseconds: 0), epoch: 1_800_000_000)
    let pageSize = 500
    var state = AppState(
        sourceName: "demo", paging: PagingState(firstKey: .offset(0, limit: pageSize), pageSize: pageSize), size: size,
        prefetch: .fixed(Int.max))
    var effects = state.reduce(.start(at: 0))
    var index = 0
    while case let .fetch(request)? = effects.first {
        let start = index * pageSize
        guard start < count else { break }
        let end = min(count, start + pageSize)
        let items = (start..<end).map { offset -> FeedItem in
            var item = demo.item(offset)
            item.body = nil
            return item
        }
        let page = Page(key: request.key, items: items, next: end < count ? .offset(end, limit: pageSize) : nil, total: count)
        effects = state.reduce(.fetched(.loaded(request, .success(page), latency: 0.01), at: Double(index)))
        index += 1
    }
    precondition(state.list.paging.items.count == count, "loaded \(state.list.paging.items.count) of \(count)")
    return state
}

/// The text grep reads: each item's title, author and URL host, one per line (what `/` looks at).
func searchCorpusFile(_ state: AppState) -> String {
    let path = NSTemporaryDirectory() + "feedscroll-bench-search-\(getpid()).txt"
    var text = ""
    text.reserveCapacity(state.list.paging.items.count * 80)
    for item in state.list.paging.items {
        text += item.title + "\n" + (item.author ?? "") + "\n"
        if let url = item.url, let host = URLComponents(string: url)?.host { text += host }
        text += "\n"
    }
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
}

/// Runs `grep -c pattern path` (with `-i` for an all-lower-case pattern: smart case, as `/`)
/// and returns its wall time in nanoseconds (the process's start included, as a user would pay
/// it) and the count it printed.
func grepCount(_ pattern: String, in path: String) -> (nanoseconds: Int, count: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/grep")
    process.arguments = [pattern.lowercased() == pattern ? "-ic" : "-c", "--", pattern, path]
    let pipe = Pipe()
    process.standardOutput = pipe
    var output = Data()
    let time = nanoseconds {
        try! process.run()
        output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
    }
    return (time, Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
}

let floorBenchmarks: @Sendable () -> Void = {
    let size = Size(columns: 80, rows: 24)
    let ratio = BenchmarkMetric.custom("grep time / keystroke time ×100", useScalingFactor: false)
    let keystroke = BenchmarkMetric.custom("keystroke µs", useScalingFactor: false)
    let grep = BenchmarkMetric.custom("grep -ic µs", useScalingFactor: false)
    let nextMatch = BenchmarkMetric.custom("n µs", useScalingFactor: false)
    let searchState = Fixture<(state: AppState, path: String)>()

    // 7. The first letter typed in `/` over 1,000,000 demo items (a full scan), the second
    //    (narrowing), and `n`, against `grep -ic` over the same titles, authors and hosts
    //    (69 MB) in the same iteration.
    for pattern in ["q", "z", "r", "ru", "Rust"] {
        Benchmark(
            "search 1M demo items /\(pattern) vs grep -ic",
            configuration: .init(
                metrics: [ratio, keystroke, grep, nextMatch], maxDuration: .seconds(20), maxIterations: 10,
                setup: {
                    if searchState.value == nil {
                        let state = loadedDemoState(count: 1_000_000, size: size)
                        searchState.value = (state, searchCorpusFile(state))
                    }
                },
                teardown: {}
            )
        ) { benchmark in
            var state = searchState.value!.state
            _ = state.reduce(.key(.character("/"), at: 1))
            // The pattern's letters but the last are typed outside the measurement: the last
            // is the keystroke measured (the first letter of a one-letter pattern is a full
            // scan; a later one narrows from the matches before it).
            for character in pattern.dropLast() { _ = state.reduce(.key(.character(character), at: 1)) }
            let ours = nanoseconds { _ = state.reduce(.key(.character(pattern.last!), at: 1)) }
            _ = state.reduce(.key(.enter, at: 1))
            let n = nanoseconds { _ = state.reduce(.key(.character("n"), at: 1)) }
            let floor = grepCount(pattern, in: searchState.value!.path)
            benchmark.measurement(keystroke, ours / 1000)
            benchmark.measurement(grep, floor.nanoseconds / 1000)
            benchmark.measurement(ratio, floor.nanoseconds * 100 / max(ours, 1))
            benchmark.measurement(nextMatch, n / 1000)
            blackHole(state)
        }
    }

    snapshotBenchmarks()
}
