import FeedDiff
import FeedModel
import FeedPaging

/// The figures of one strategy in one scenario.
public struct StrategyResult: Sendable, Hashable, Codable {
    public var strategy: TriggerStrategy
    /// Page requests issued, duplicates included.
    public var requests: Int
    /// Requests for a page already asked for.
    public var duplicateRequests: Int
    /// Times the reader wanted a row past the last loaded one while the feed had more.
    public var stalls: Int
    /// Seconds the reader spent waiting in those stalls.
    public var stallSeconds: Double
    /// Items loaded that never came on screen.
    public var unseenItems: Int
    /// Pages applied by the end of the run.
    public var pagesLoaded: Int
    /// Whether the reader waited on a page no trigger asked for (the run was cut short).
    public var isStuck: Bool
}

/// A discrete-event replay of one trace, one latency model and one strategy.
///
/// Events are reader steps (at the trace's times, shifted by stalls: a stalled reader waits)
/// and request completions (at the latency model's times). After each event the strategy's
/// trigger runs once, as an app's would after a scroll or a reload. feedscroll's strategies run
/// the shipped `PagingState`, `PrefetchPolicy` and `AdaptivePrefetch`, fed as `AppState` feeds them.
struct Simulation {
    private struct Flight {
        var page: Int
        var request: PageRequest?
        var completesAt: Double
        var lastAttempt: Double
        var retryDelays: [Double]
        var order: Int
    }

    private let setup: LabSetup
    private let trace: ScrollTrace
    private let latency: LatencyModel
    private let strategy: TriggerStrategy
    private let random: SeededRandom
    private let policy: PrefetchPolicy

    private var time = 0.0
    private var viewport: Viewport
    private var paging: PagingState
    private var estimator = AdaptivePrefetch()
    private var modelPages = 0
    private var modelEnd = false
    private var wasTrue = false
    private var flights: [Flight] = []
    private var copies: [Int: Int] = [:]
    private var seen: [Bool] = []
    private var nextStep = 0
    private var readerAt: Double?
    private var stall: (target: Int, since: Double)?
    private var result: StrategyResult

    init(setup: LabSetup, scenario: Scenario, strategy: TriggerStrategy) {
        self.setup = setup
        trace = scenario.trace
        latency = scenario.latency
        self.strategy = strategy
        random = SeededRandom(seed: setup.seed)
        policy = strategy == .feedscrollAdaptive ? .automatic : .fixed(max(setup.pageSize, setup.screen))
        viewport = Viewport(count: 0, capacity: setup.screen)
        paging = PagingState(firstKey: .page(0), pageSize: setup.pageSize, pipeline: setup.pipeline)
        result = StrategyResult(
            strategy: strategy, requests: 0, duplicateRequests: 0, stalls: 0, stallSeconds: 0, unseenItems: 0,
            pagesLoaded: 0, isStuck: false)
    }

    /// Runs the trace to its end and every request to its completion.
    mutating func run() -> StrategyResult {
        if strategy.isFeedscroll { evaluate() } else { issue(page: 0, request: nil) }
        var readerStarted = false
        var events = 0
        while events < 10_000_000 {
            events += 1
            let flight = flights.indices.min { (flights[$0].completesAt, flights[$0].order) < (flights[$1].completesAt, flights[$1].order) }
            let reader = stall == nil ? readerAt : nil
            if let flight, reader.map({ flights[flight].completesAt <= $0 }) ?? true {
                deliver(flights.remove(at: flight))
                if !readerStarted, loaded > 0 || isAtEnd {
                    readerStarted = true
                    scheduleNextStep()
                }
            } else if let reader {
                time = reader
                step(trace.steps[nextStep].move)
            } else {
                break
            }
            if stall != nil, flights.isEmpty {
                result.isStuck = true
                break
            }
        }
        result.pagesLoaded = strategy.isFeedscroll ? paging.pagesLoaded : modelPages
        result.unseenItems = loaded - seen.prefix(loaded).lazy.filter { $0 }.count
        return result
    }

    // MARK: - Helpers

    private var loaded: Int {
        if strategy.isFeedscroll { return paging.items.count }
        return min(modelPages * setup.pageSize, setup.feedItems ?? .max)
    }

    private var isAtEnd: Bool { strategy.isFeedscroll ? paging.isAtEnd : modelEnd }

    private func page(_ index: Int) -> Page {
        let start = index * setup.pageSize
        let end = min(start + setup.pageSize, setup.feedItems ?? .max)
        let items = (start..<max(start, end)).map { FeedItem(id: "lab:\($0)", title: "Item \($0)") }
        let isLast = setup.feedItems.map { end >= $0 } ?? false
        return Page(key: .page(index), items: items, next: isLast ? nil : .page(index + 1))
    }

    private mutating func issue(page: Int, request: PageRequest?) {
        let copy = copies[page, default: 0]
        copies[page] = copy + 1
        result.requests += 1
        if copy > 0 { result.duplicateRequests += 1 }
        let fetch = latency.fetch(page: page, copy: copy, random: random)
        flights.append(
            Flight(page: page, request: request, completesAt: time + fetch.total, lastAttempt: fetch.lastAttempt,
                   retryDelays: fetch.retryDelays, order: result.requests))
    }

    /// The trigger, run once after every event.
    /// - Parameter isLoad: whether the event is a page arriving rather than a reader's move.
    private mutating func evaluate(isLoad: Bool = false) {
        if strategy.isFeedscroll {
            let distance = policy.distance(
                pageSize: setup.pageSize, screen: setup.screen, estimator: estimator, at: time)
            for case let .fetch(request) in paging.prefetch(cursor: viewport.cursor, distance: distance) {
                issue(page: request.index, request: request)
            }
            return
        }
        // scrollViewDidScroll runs on scrolling only; display and prefetch callbacks also run
        // when new rows are laid out.
        guard !modelEnd, !(isLoad && strategy.isScrollEventOnly) else { return }
        let view = ListView(
            cursor: viewport.cursor, top: viewport.top, screen: setup.screen, loaded: loaded, pageSize: setup.pageSize)
        let holds = strategy.condition(view)
        switch strategy.firing {
        case .edge:
            if holds && !wasTrue { issue(page: modelPages, request: nil) }
            wasTrue = holds
        case let .level(guarded):
            let isLoading = flights.contains { $0.page == modelPages }
            if holds && !(guarded && isLoading) { issue(page: modelPages, request: nil) }
        }
    }

    private mutating func deliver(_ flight: Flight) {
        time = flight.completesAt
        if let request = flight.request {
            // Every page succeeds here, so no live batch fails and no cancel is asked for.
            let receipt = paging.receive(request, .success(page(flight.page)))
            // The reader's marks follow the rows: a page lands at either end of them or fills a
            // gap, and the changeset says which marked rows moved where.
            if let changes = receipt.changeset { followSeen(changes) }
            if receipt.outcome != .dropped {
                // What PageFetcher reports: each retry's backoff, then the last attempt.
                for delay in flight.retryDelays { estimator.observeRetry(after: delay) }
                estimator.observeLatency(flight.lastAttempt)
            }
        } else if flight.page == modelPages {
            modelPages += 1
            if page(flight.page).next == nil { modelEnd = true }
        }
        viewport.setCount(loaded)
        evaluate(isLoad: true)
        markSeen()
        if let waiting = stall, waiting.target <= loaded - 1 || isAtEnd {
            result.stallSeconds += time - waiting.since
            stall = nil
            move { $0.moveCursor(to: waiting.target) }
            evaluate()
            markSeen()
            scheduleNextStep()
        }
    }

    private mutating func step(_ move: ScrollTrace.Move) {
        nextStep += 1
        let target: Int? = switch move {
        case let .down(rows): viewport.cursor + rows
        case .pageDown: viewport.cursor + setup.screen
        case .up, .bottom, .top: nil
        }
        if let target, target > loaded - 1, !isAtEnd {
            result.stalls += 1
            stall = (target, time)
            let last = loaded - 1
            self.move { $0.moveCursor(to: last) }
        } else {
            self.move {
                switch move {
                case let .down(rows): $0.move(by: rows)
                case let .up(rows): $0.move(by: -rows)
                case .pageDown: $0.page(by: 1)
                case .bottom: $0.toBottom()
                case .top: $0.toTop()
                }
            }
        }
        evaluate()
        markSeen()
        if stall == nil { scheduleNextStep() }
    }

    /// Moves the cursor as a key would, telling the estimator as `AppState.reduce` does.
    private mutating func move(_ change: (inout Viewport) -> Void) {
        let before = viewport.cursor
        change(&viewport)
        estimator.observeMove(by: viewport.cursor - before, at: time, screen: setup.screen)
    }

    private mutating func scheduleNextStep() {
        readerAt = nextStep < trace.steps.count ? time + trace.steps[nextStep].delay : nil
    }

    /// Carries the seen marks to the rows their items hold after a change; rows that came in
    /// are unseen. (feedscroll's marks grow only here: `markSeen` extends the other strategies'.)
    private mutating func followSeen(_ changes: Changeset<FeedItem>) {
        guard let first = changes.firstChangedRow else { return }
        guard first < seen.count else {
            // Rows added after every marked one (a page appended): unseen, at their rows.
            seen += Array(repeating: false, count: changes.inserts.count)
            return
        }
        let map = changes.rowMap
        var followed = Array(seen[..<first])
        followed += Array(repeating: false, count: max(0, paging.items.count - first))
        for row in first..<seen.count where seen[row] {
            if let moved = map.newRow(ofOldRow: row), moved < followed.count { followed[moved] = true }
        }
        seen = followed
    }

    private mutating func markSeen() {
        if !strategy.isFeedscroll && seen.count < loaded { seen += Array(repeating: false, count: loaded - seen.count) }
        for row in viewport.visible { seen[row] = true }
    }
}
