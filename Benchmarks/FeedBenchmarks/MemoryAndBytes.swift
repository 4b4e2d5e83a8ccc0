// Memory and terminal-output benchmarks: figures the wall clock cannot give, reported as custom
// metrics so `make bench` prints them beside the timings.
import Benchmark
import CHeapStats
import CursesTerminal
import FeedModel
import FeedPaging
import FeedUI
import Foundation
/// Bytes glibc's allocator has handed out and not had back (arenas plus mmapped blocks).
func heapInUse() -> Int { Int(feedscroll_heap_in_use()) }

/// Scrolls an endless feed to `count` items the way a reader holding G does (each page answered
/// at once), and returns the highest heap in use above the starting point, sampled after every
/// page, plus the state at the end.
func scrollPeakHeap(count: Int, maxPages: Int?, size: Size) -> (peak: Int, state: AppState) {
    let pageSize = 20
    let base = heapInUse()
    var peak = 0
    var state = AppState(
        sourceName: "bench", paging: PagingState(firstKey: .page(0), pageSize: pageSize, maxPages: maxPages), size: size,
        prefetch: .fixed(40))
    var pending: [PageRequest] = []
    func collect(_ effects: [AppEffect]) {
        for case let .fetch(request) in effects { pending.append(request) }
    }
    collect(state.reduce(.start(at: 0)))
    var step = 0.0
    while state.list.paging.absoluteRow(state.list.viewport.cursor) < count - 1 {
        step += 1
        if pending.isEmpty {
            collect(state.reduce(.key(.character("G"), at: step)))
            if pending.isEmpty { break }
            continue
        }
        let request = pending.removeFirst()
        let start = request.index * pageSize
        let page = Page(key: request.key, items: feedItems(start..<(start + pageSize)), next: .page(request.index + 1))
        collect(state.reduce(.fetched(.loaded(request, .success(page), latency: 0.01), at: step)))
        peak = max(peak, heapInUse() - base)
    }
    return (peak, state)
}

let memoryAndBytesBenchmarks: @Sendable () -> Void = {
    let size = Size(columns: 80, rows: 24)

    // 4. Memory per loaded item at 1,000,000 items (no cap: every item held).
    for count in [10_000, 1_000_000] {
        let label = count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1_000)k"
        Benchmark(
            "memory per item \(label) items loaded",
            configuration: .init(
                metrics: [.wallClock, .custom("heap bytes per item", useScalingFactor: false)],
                maxDuration: .seconds(30), maxIterations: 3)
        ) { benchmark in
            let before = heapInUse()
            let state = loadedState(count: count, size: size)
            benchmark.measurement(.custom("heap bytes per item", useScalingFactor: false), (heapInUse() - before) / count)
            blackHole(state)
        }
    }

    // 5. Peak memory scrolling a million items with the page cap on, against ten thousand
    //    without it: the cap makes an endless feed cost what a short one does.
    for (count, maxPages) in [(10_000, nil), (1_000_000, Optional(PagingState.defaultMaxPages))] {
        let label = count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1_000)k"
        let cap = maxPages.map { "cap \($0) pages" } ?? "no cap"
        Benchmark(
            "peak heap scrolling \(label) items \(cap)",
            configuration: .init(
                metrics: [.wallClock, .custom("peak heap bytes", useScalingFactor: false)],
                maxDuration: .seconds(60), maxIterations: 3)
        ) { benchmark in
            let (peak, state) = scrollPeakHeap(count: count, maxPages: maxPages, size: size)
            precondition(state.list.paging.absoluteRow(state.list.viewport.cursor) >= count - 1, "scrolled to \(state.list.paging.absoluteRow(state.list.viewport.cursor))")
            benchmark.measurement(.custom("peak heap bytes", useScalingFactor: false), peak)
            blackHole(state)
        }
    }

    // 6. Bytes written to the terminal (curses on a file, xterm-256color, 80×24): a one-line
    //    scroll of a plain list and one `j` at the bottom of the real screen, each against a
    //    full repaint of the same frame.
    let path = NSTemporaryDirectory() + "feedscroll-bench-\(getpid()).out"
    func fileSize() -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
    func plainList(from first: Int) -> Grid {
        var grid = Grid(size: size)
        for row in 0..<23 {
            grid.write("\(first + row). A headline about item number \((first + row) * 7919 % 1000) · \((first + row) % 97) points", row: row, column: 0, style: .normal)
        }
        grid.write("status: 23 items, press q to quit", row: 23, column: 0, style: .status)
        return grid
    }
    let terminal = Fixture<CursesTerminal>()
    let app = Fixture<AppState>()
    let bytes = BenchmarkMetric.custom("bytes written", useScalingFactor: false)
    let terminalConfiguration = Benchmark.Configuration(
        metrics: [bytes], maxIterations: 10,
        setup: {
            terminal.value = try? CursesTerminal(headlessTerminalType: "xterm-256color", size: size, outputPath: path)
            app.value = loadedState(count: 1_000, size: size)
        },
        teardown: {
            terminal.value?.restore()
            terminal.value = nil
            app.value = nil
            unlink(path)
        })

    Benchmark("terminal bytes full repaint 80x24", configuration: terminalConfiguration) { benchmark in
        let terminal = terminal.value!
        terminal.draw(plainList(from: 0))
        let before = fileSize()
        terminal.needsFullRepaint = true
        terminal.draw(plainList(from: 0))
        benchmark.measurement(bytes, fileSize() - before)
    }
    Benchmark("terminal bytes one-line scroll 80x24", configuration: terminalConfiguration) { benchmark in
        let terminal = terminal.value!
        terminal.draw(plainList(from: 0))
        let before = fileSize()
        terminal.draw(plainList(from: 1))
        benchmark.measurement(bytes, fileSize() - before)
    }
    Benchmark("terminal bytes app full repaint 80x24", configuration: terminalConfiguration) { benchmark in
        let terminal = terminal.value!
        terminal.draw(render(app.value!, size: size))
        let before = fileSize()
        terminal.needsFullRepaint = true
        terminal.draw(render(app.value!, size: size))
        benchmark.measurement(bytes, fileSize() - before)
    }
    Benchmark("terminal bytes app j at the bottom row 80x24", configuration: terminalConfiguration) { benchmark in
        let terminal = terminal.value!
        var state = app.value!
        for _ in 0..<20 { _ = state.reduce(.key(.character("j"), at: 1)) }
        terminal.draw(render(state, size: size))
        let before = fileSize()
        _ = state.reduce(.key(.character("j"), at: 1))
        terminal.draw(render(state, size: size))
        benchmark.measurement(bytes, fileSize() - before)
    }
}
