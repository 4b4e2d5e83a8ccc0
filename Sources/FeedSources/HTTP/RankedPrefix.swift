import FeedModel
import Synchronization

/// Reports a page's items in rank order as they arrive, to a load's `context.progress`: each
/// time the run of settled places from the first brings more items, the items in it. A place
/// settles with an item, or with none (an item that is gone).
final class RankedPrefix: Sendable {
    private struct State {
        var settled: [FeedItem??]
        var end = 0
        var reported = 0
    }

    private let state: Mutex<State>
    private let progress: PageProgress

    /// - Parameters:
    ///   - count: the page's places.
    ///   - progress: hears each longer prefix.
    init(count: Int, progress: @escaping PageProgress) {
        state = Mutex(State(settled: Array(repeating: nil, count: count)))
        self.progress = progress
    }

    /// Settles the place `index` with `item` (nil: nothing to show there).
    func arrived(_ item: FeedItem?, at index: Int) {
        // Reported under the lock, so a longer prefix is never overtaken by a shorter one.
        state.withLock { state in
            guard state.settled.indices.contains(index), state.settled[index] == nil else { return }
            state.settled[index] = .some(item)
            while state.end < state.settled.count, state.settled[state.end] != nil { state.end += 1 }
            let items = state.settled[..<state.end].compactMap { $0 ?? nil }
            guard items.count > state.reported else { return }
            state.reported = items.count
            progress(items)
        }
    }
}
