// Benchmarks for the pure core, run with `make bench`. Each case comes in a pair (FeedDiff vs
// the stdlib, small vs large), so a ratio can be read from one run on one machine.
import Benchmark
import DiffInputs
import FeedDiff
import FeedModel
import FeedPaging
import FeedUI

/// A row with just an id, for the diff inputs.
struct Row: Identifiable, Equatable {
    let id: Int
}


func feedItems(_ ids: Range<Int>) -> [FeedItem] {
    ids.map { FeedItem(id: "item-\($0)", title: "Item number \($0) of a generated feed") }
}

/// Holds what a benchmark's setup hook builds, for its closure to use.
///
/// `@unchecked Sendable`: the runner calls a benchmark's setup, its iterations and its teardown
/// one after another, never two at once, and runs one benchmark at a time, so the value is never
/// touched from two places together.
final class Fixture<Value>: @unchecked Sendable {
    var value: Value?
}

/// An app state with `count` items loaded, 20 a page, fed through `reduce` as the runtime would.
func loadedState(count: Int, size: Size) -> AppState {
    let pageSize = 20
    var state = AppState(
        sourceName: "bench", paging: PagingState(firstKey: .page(0), pageSize: pageSize), size: size,
        prefetch: .fixed(Int.max)  // ask for the next page after every page, whatever the cursor
    )
    var effects = state.reduce(.start(at: 0))
    var index = 0
    while index * pageSize < count, case let .fetch(request)? = effects.first {
        let start = index * pageSize
        let page = Page(key: request.key, items: feedItems(start..<(start + pageSize)), next: .page(index + 1))
        effects = state.reduce(.fetched(.loaded(request, .success(page), latency: 0.1), at: Double(index)))
        index += 1
    }
    precondition(state.list.paging.items.count == count, "loaded \(state.list.paging.items.count) of \(count)")
    state.prefetch = .automatic
    return state
}

/// A page of a generated thread: replies two levels deep, each a paragraph of about 40 words
/// (or, with `hackerNewsMarkup`, HN's markup: entities, italics, a link, quotes, code).
func threadComments(page: Int, pageSize: Int, hackerNewsMarkup: Bool = false) -> [FeedItem] {
    (page * pageSize..<(page + 1) * pageSize).map { number in
        let words = (0..<40).map { "word\(($0 * 7 + number) % 97)" }.joined(separator: " ")
        return FeedItem(id: "c:\(number)", title: "c\(number)", author: "author\(number % 13)", time: 0,
                        discussionURL: hackerNewsMarkup ? "https://news.ycombinator.com/item?id=\(number)" : nil,
                        bodyHTML: hackerNewsMarkup ? hackerNewsCommentHTML(number) : "<p>\(words)</p>", depth: number % 3)
    }
}

/// A detail opened on a story with `pages` comment pages loaded, and the request for the next.
func openedThread(pages: Int, pageSize: Int, size: Size, hackerNewsMarkup: Bool = false) -> (state: AppState, next: PageRequest, serial: Int) {
    var state = AppState(
        sourceName: "bench", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(Int.max))
    state.commentPageSize = pageSize
    guard case let .fetch(request)? = state.reduce(.start(at: 0)).first else { fatalError("no first page") }
    _ = state.reduce(.fetched(.loaded(request, .success(Page(key: request.key, items: feedItems(0..<20), next: nil)), latency: 0), at: 0))
    var effects = state.reduce(.key(.enter, at: 0))
    for index in 0...pages {
        guard case let .fetchComments(next, _, serial)? = effects.first(where: {
            if case .fetchComments = $0 { true } else { false }
        }) else { fatalError("no comment page \(index) asked for") }
        if index == pages { return (state, next, serial) }
        let page = Page(key: next.key, items: threadComments(page: index, pageSize: pageSize, hackerNewsMarkup: hackerNewsMarkup), next: .cursor("\(index + 1)"))
        effects = state.reduce(.fetched(.loaded(next, .success(page), latency: 0, for: .comments(serial: serial)), at: 0))
    }
    fatalError("unreachable")
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(2)
    )

    // 1. Diff: FeedDiff's Heckel diff vs the stdlib's Myers diff with moves, same ids.
    for (count, deleted, inserted, moved) in [(5_000, 1_000, 1_000, 200), (100_000, 10_000, 10_000, 2_000)] {
        let label = count >= 1_000 ? "\(count / 1_000)k" : "\(count)"
        let inputs = Fixture<(old: [Int], new: [Int])>()
        let snapshots = Fixture<(old: Snapshot<Row>, new: Snapshot<Row>)>()

        Benchmark(
            "diff \(label) FeedDiff",
            configuration: .init(setup: {
                let (old, new) = diffInputs(count: count, deleted: deleted, inserted: inserted, moved: moved)
                snapshots.value = (Snapshot(old.map(Row.init)), Snapshot(new.map(Row.init)))
            }, teardown: { snapshots.value = nil })
        ) { benchmark in
            let (old, new) = snapshots.value!
            blackHole(diff(old, new))
        }

        // The stdlib's diff is quadratic-ish on these inputs: seconds at 100k, so few runs.
        Benchmark(
            "diff \(label) stdlib difference+inferringMoves",
            configuration: .init(
                warmupIterations: count > 10_000 ? 0 : 1,
                maxDuration: count > 10_000 ? .seconds(20) : .seconds(5),
                maxIterations: count > 10_000 ? 3 : 50,
                setup: { inputs.value = diffInputs(count: count, deleted: deleted, inserted: inserted, moved: moved) },
                teardown: { inputs.value = nil }
            )
        ) { benchmark in
            let (old, new) = inputs.value!
            blackHole(new.difference(from: old).inferringMoves())
        }
    }

    // 2. Appending one 20-item page to snapshots of growing size; the page is removed again
    //    outside the measurement, so every iteration appends to the same count.
    for count in [1_000, 100_000, 1_000_000] {
        let snapshot = Fixture<Snapshot<FeedItem>>()
        let page = feedItems(count..<(count + 20))
        Benchmark(
            "append 20 to \(count)",
            configuration: .init(
                setup: { snapshot.value = Snapshot(feedItems(0..<count)) },
                teardown: { snapshot.value = nil }
            )
        ) { benchmark in
            benchmark.startMeasurement()
            snapshot.value!.append(contentsOf: page)
            benchmark.stopMeasurement()
            precondition(snapshot.value!.count == count + 20)
            snapshot.value!.removeLast(20)
        }
    }

    // 3. One key press through reduce + render at 80×24 with a million items loaded.
    let size = Size(columns: 80, rows: 24)
    let state = Fixture<AppState>()
    Benchmark(
        "key j reduce+render 1M items 80x24",
        configuration: .init(
            setup: { state.value = loadedState(count: 1_000_000, size: size) },
            teardown: { state.value = nil }
        )
    ) { benchmark in
        let effects = state.value!.reduce(.key(.character("j"), at: 1_000_000))
        blackHole(effects)
        blackHole(render(state.value!, size: size))
    }

    // 4. Opening the detail of an item whose title is one 10 MB word (issue 24: the quadratic
    //    wrap took over two minutes at 100% CPU; linear, it must stay well under a second).
    let longWord = Fixture<AppState>()
    Benchmark(
        "open detail 10 MB one-word title 80x24",
        configuration: .init(
            warmupIterations: 0,
            maxDuration: .seconds(10),
            maxIterations: 5,
            setup: {
                var opened = AppState(sourceName: "bench", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size)
                if case let .fetch(request)? = opened.reduce(.start(at: 0)).first {
                    let item = FeedItem(id: "long:1", title: String(repeating: "w", count: 10_000_000))
                    _ = opened.reduce(.fetched(.loaded(request, .success(Page(key: request.key, items: [item], next: nil)), latency: 0), at: 0))
                }
                longWord.value = opened
            },
            teardown: { longWord.value = nil }
        )
    ) { benchmark in
        var opened = longWord.value!
        benchmark.startMeasurement()
        blackHole(opened.reduce(.key(.enter, at: 1)))
        blackHole(render(opened, size: size))
        benchmark.stopMeasurement()
    }

    // 5. A comment page arriving at the end of a long thread: the detail follows the page's
    //    changeset and lays out only its comments; the whole thread laid out again (what a
    //    resize does, and what every page did before) is the pair to read it against.
    let thread = Fixture<(state: AppState, next: PageRequest, serial: Int)>()
    let threadSetup: @Sendable () -> Void = { thread.value = openedThread(pages: 99, pageSize: 30, size: size) }
    Benchmark(
        "detail comment page arrives 3k-comment thread 80x24",
        configuration: .init(setup: threadSetup, teardown: { thread.value = nil })
    ) { benchmark in
        var opened = thread.value!.state
        let (next, serial) = (thread.value!.next, thread.value!.serial)
        let page = Page(key: next.key, items: threadComments(page: next.index, pageSize: 30), next: nil)
        benchmark.startMeasurement()
        blackHole(opened.reduce(.fetched(.loaded(next, .success(page), latency: 0, for: .comments(serial: serial)), at: 1)))
        benchmark.stopMeasurement()
    }
    // The same with HN's own markup in every comment (links, entities, quotes, code).
    let markedThread = Fixture<(state: AppState, next: PageRequest, serial: Int)>()
    Benchmark(
        "detail comment page arrives 3k-comment thread HN markup 80x24",
        configuration: .init(
            setup: { markedThread.value = openedThread(pages: 99, pageSize: 30, size: size, hackerNewsMarkup: true) },
            teardown: { markedThread.value = nil })
    ) { benchmark in
        var opened = markedThread.value!.state
        let (next, serial) = (markedThread.value!.next, markedThread.value!.serial)
        let page = Page(key: next.key, items: threadComments(page: next.index, pageSize: 30, hackerNewsMarkup: true), next: nil)
        benchmark.startMeasurement()
        blackHole(opened.reduce(.fetched(.loaded(next, .success(page), latency: 0, for: .comments(serial: serial)), at: 1)))
        benchmark.stopMeasurement()
    }
    Benchmark(
        "detail whole relayout 3k-comment thread 80x24",
        configuration: .init(setup: threadSetup, teardown: { thread.value = nil })
    ) { benchmark in
        var opened = thread.value!.state
        benchmark.startMeasurement()
        blackHole(opened.reduce(.resized(size)))
        benchmark.stopMeasurement()
    }

    threadDecodeBenchmarks()
    memoryAndBytesBenchmarks()
    pictureBenchmarks()
    cacheBenchmarks()
    readerBenchmarks()
    floorBenchmarks()
    newsboatBenchmarks()
}
