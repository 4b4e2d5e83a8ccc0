import Synchronization

/// What a Hacker News list last saw of its stories' threads: each story's first top-level
/// reply ids (`kids`), so opening one can fetch those replies in the same round trip as the
/// story itself instead of one round trip after it.
///
/// A hint is only a guess: `HackerNewsCommentsSource` fetches the story again and walks its
/// fresh `kids`, using a hinted reply only if it is still there. Memory is bounded: at most
/// `capacity` stories (the oldest recorded is forgotten first), at most `kidsPerStory` ids each.
public final class HackerNewsThreadHints: Sendable {
    /// Stories remembered at once.
    public let capacity: Int
    /// Reply ids kept per story: a first comment round fetches no more than a page's width.
    public let kidsPerStory: Int

    private struct State {
        var kids: [Int: [Int]] = [:]
        /// Story ids, the oldest recorded first.
        var order: [Int] = []
    }

    private let state = Mutex(State())

    /// - Parameters:
    ///   - capacity: stories remembered at once (10 pages of 30 by default).
    ///   - kidsPerStory: reply ids kept per story.
    public init(capacity: Int = 300, kidsPerStory: Int = 64) {
        self.capacity = max(1, capacity)
        self.kidsPerStory = max(1, kidsPerStory)
    }

    /// Records `kids` as what the list saw of story `id` (replacing an older record; no
    /// replies forgets the story, since there is nothing to fetch ahead).
    public func record(_ id: Int, kids: [Int]) {
        let kept = Array(kids.prefix(kidsPerStory))
        state.withLock { state in
            guard !kept.isEmpty else {
                if state.kids.removeValue(forKey: id) != nil { state.order.removeAll { $0 == id } }
                return
            }
            if state.kids.updateValue(kept, forKey: id) != nil {
                state.order.removeAll { $0 == id }
            }
            state.order.append(id)
            while state.order.count > capacity {
                state.kids[state.order.removeFirst()] = nil
            }
        }
    }

    /// The reply ids the list last saw for story `id`, if it saw the story lately.
    public func kids(of id: Int) -> [Int]? {
        state.withLock { $0.kids[id] }
    }

    /// Stories remembered now.
    public var count: Int { state.withLock { $0.kids.count } }
}
