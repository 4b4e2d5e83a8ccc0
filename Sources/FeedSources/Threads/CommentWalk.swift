/// The depth-first walk of a comment tree, as every thread source shows it: each comment with
/// its depth (top-level replies at 0), its replies right after it, oldest first. A comment that
/// is not shown (deleted, dead) still has its replies shown, one level below it.
///
/// The walk is a value: its pending places, the next one first, are all it knows. It learns a
/// comment's replies from `lookup` when it reaches it, so the same walk serves a tree held
/// whole (Algolia's nested `children`) and one fetched a level at a time (Hacker News, where a
/// place may still be `.unknown`). No recursion: a chain of 10,000 replies is a loop, not a
/// stack 10,000 frames deep.
struct CommentWalk<Entry> {
    /// One place of the walk: a comment (or the id that names it) and its depth.
    struct Place {
        var entry: Entry
        var depth: Int
    }

    /// What is known of the comment at a place.
    enum Lookup {
        /// Not fetched yet: the walk cannot pass it.
        case unknown
        /// Gone (`null`, a 404): passed without a place, with no replies.
        case missing
        /// A comment and its replies, oldest first; `isShown` false for deleted or dead ones.
        case comment(replies: [Entry], isShown: Bool)
    }

    /// A place the walk passed.
    struct Visit {
        var place: Place
        /// Whether the comment takes a row (known, not deleted, not dead).
        var isShown: Bool
    }

    /// The pending places, the next one last (so a step is a `popLast`, not a shift).
    private var stack: [Place]

    /// A walk over `roots`, the top-level replies, oldest first.
    init(roots: [Entry], depth: Int = 0) {
        stack = roots.reversed().map { Place(entry: $0, depth: depth) }
    }

    /// A walk that resumes at `pending`, the next place first (as `pending` gave them).
    init(pending: [Place]) {
        stack = pending.reversed()
    }

    /// The places still to walk, the next one first.
    var pending: [Place] { stack.reversed() }

    /// The next place, or nil at the end of the thread.
    var next: Place? { stack.last }

    var isFinished: Bool { stack.isEmpty }

    /// Passes places in order until `limit` comments were shown, `budget` places were passed,
    /// the walk ended or its next place is `.unknown`.
    ///
    /// - Parameters:
    ///   - limit: comments to show at most.
    ///   - budget: places to pass at most, shown or not (so a thread of thousands of deleted
    ///     comments cannot make one page unbounded); decreased by the places passed.
    ///   - lookup: what is known of an entry.
    /// - Returns: the places passed, in order, shown or not.
    /// - Complexity: O(places passed + their replies).
    mutating func take(shown limit: Int, budget: inout Int, _ lookup: (Entry) -> Lookup) -> [Visit] {
        var visits: [Visit] = []
        var shown = 0
        while shown < limit, budget > 0, let place = stack.last {
            let known = lookup(place.entry)
            if case .unknown = known { break }
            stack.removeLast()
            budget -= 1
            guard case let .comment(replies, isShown) = known else {
                visits.append(Visit(place: place, isShown: false))
                continue
            }
            stack.append(contentsOf: replies.reversed().lazy.map { Place(entry: $0, depth: place.depth + 1) })
            visits.append(Visit(place: place, isShown: isShown))
            if isShown { shown += 1 }
        }
        return visits
    }

    /// The `.unknown` entries among the next `positions` rows of the walk, as far as it is
    /// known: known comments are expanded in place, unknown ones listed and their (unknown)
    /// replies passed over. Fetching these together takes the walk one level deeper a round.
    ///
    /// A position is a row the page will show: missing, deleted and dead comments take none,
    /// so the window reaches as deep as the page really goes; an unknown one takes one.
    /// - Complexity: O(places looked at + their replies).
    func frontier(positions: Int, _ lookup: (Entry) -> Lookup) -> [Entry] {
        var expanded: [Place] = []  // replies of known comments, the next one last
        var index = stack.count
        var unknown: [Entry] = []
        var seen = 0
        while seen < positions {
            let place: Place
            if let last = expanded.popLast() {
                place = last
            } else if index > 0 {
                index -= 1
                place = stack[index]
            } else {
                break
            }
            switch lookup(place.entry) {
            case .unknown:
                unknown.append(place.entry)
                seen += 1
            case .missing:
                continue
            case let .comment(replies, isShown):
                expanded.append(contentsOf: replies.reversed().lazy.map { Place(entry: $0, depth: place.depth + 1) })
                if isShown { seen += 1 }
            }
        }
        return unknown
    }
}

extension CommentWalk.Place: Equatable where Entry: Equatable {}
extension CommentWalk.Place: Sendable where Entry: Sendable {}
extension CommentWalk.Visit: Equatable where Entry: Equatable {}
extension CommentWalk: Sendable where Entry: Sendable {}
