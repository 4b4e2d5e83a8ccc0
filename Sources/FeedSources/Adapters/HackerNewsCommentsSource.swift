import FeedModel
import Foundation
import Synchronization

/// The comment tree of one Hacker News item, as a feed: comments in depth-first order, each
/// with its `depth` and `parentID`, fetched a page at a time as the reader approaches them.
///
/// The page key is a cursor that encodes the walk's pending places (`CommentWalk`): `id:depth`
/// pairs, the next comment first (`.cursor(nil)` is the start, which reads the item's `kids`).
/// Loading a page walks on from there, one request (`/item/ID.json`) per comment, each
/// comment's `kids` walked right after it, so pages follow each other with no duplicate and no
/// gap. `deleted` and `dead` comments are not shown, unless they have replies: then a one-line
/// placeholder (`[deleted]`, `[dead]`) keeps their place, so the replies hang under it and `p`
/// reaches it (issue 21).
/// A page may be short (skips) without being the end; the end is a walk with nothing pending.
///
/// Round trips: whenever the walk's next comment is not known yet, the next comments the page
/// still needs (`CommentWalk.frontier`) are fetched together through one `FanOut`, so a
/// page costs about its depth in round trips, not its size. Comments fetched ahead but not
/// reached by this page (a long subtree came first) are kept for the next page, so each
/// comment is still requested once. Before each round, the comments the page already has
/// (every one before the first unknown) go to the load's `context.progress`, so the first screen is
/// drawn before the last of its page's levels arrives; the first round's go there as they
/// arrive (its first reply is enough to draw that reply, before the story's own request ends).
///
/// Opened from a list, the story's replies are usually known already (`knownKids`, from
/// `HackerNewsThreadHints`): the first page then fetches the story and its first replies in
/// one round. The walk still starts from the story's fresh `kids`: a hinted reply still there
/// is used, a new one is fetched in the next round, one no longer there is dropped.
public struct HackerNewsCommentsSource: FeedSource {
    public let itemID: Int
    public let baseURL: URL
    private let transport: any HTTPTransport
    /// Comment requests in flight at once.
    public let maxConcurrentItems: Int
    /// The story's reply ids as a list saw them lately (a guess to fetch ahead, never trusted).
    public let knownKids: [Int]?
    private let ahead = Ahead()

    public var name: String { "hn comments \(itemID)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 100 }

    /// - Parameters:
    ///   - itemID: the story (or comment) whose replies to walk.
    ///   - baseURL: the API root, as for `HackerNewsSource`.
    ///   - maxConcurrentItems: comment requests in flight at once.
    ///   - knownKids: the story's reply ids as a list saw them, to fetch together with the story.
    public init(
        itemID: Int, baseURL: URL = HackerNewsSource.defaultBaseURL, transport: any HTTPTransport, maxConcurrentItems: Int = 8,
        knownKids: [Int]? = nil
    ) {
        self.itemID = itemID
        self.baseURL = baseURL
        self.transport = transport
        self.maxConcurrentItems = max(1, maxConcurrentItems)
        self.knownKids = knownKids
    }

    /// The comments source for an item id of `HackerNewsSource` (`hn:ID`), if it is one.
    ///
    /// - Parameter hints: what the list saw of its stories' replies; the item's entry, if any,
    ///   becomes `knownKids`.
    public static func forItem(
        _ itemID: String, baseURL: URL, transport: any HTTPTransport, maxConcurrentItems: Int = 8, hints: HackerNewsThreadHints? = nil
    ) -> Self? {
        guard itemID.hasPrefix("hn:"), let id = Int(itemID.dropFirst(3)) else { return nil }
        return Self(
            itemID: id, baseURL: baseURL, transport: transport, maxConcurrentItems: maxConcurrentItems,
            knownKids: hints?.kids(of: id))
    }

    /// An item id as a user may give it: `41003558`, `hn:41003558` (as `--json` prints it) or
    /// its page, `https://news.ycombinator.com/item?id=41003558`.
    public static func itemID(_ text: String) -> Int? {
        var digits = text.hasPrefix("hn:") ? String(text.dropFirst(3)) : text
        if let url = URL(string: digits), url.scheme != nil {
            guard url.path == "/item" || url.path == "/item/",
                  let id = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "id" })?.value
            else { return nil }
            digits = id
        }
        guard let id = Int(digits), id > 0 else { return nil }
        return id
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .cursor(token) = key else {
            throw FeedError(.invalidRequest, "hn comments: unsupported page key \(key)")
        }
        let size = pageSize.clampedPageSize(maximum: maxPageSize)
        var walk: Walk
        var itemFailures: [FeedError] = []
        var subject: FeedItem?
        var guessed: [Int: CommentDTO?] = [:]
        var reportedEarly = 0  // comments the first round already reported
        if let token {
            guard let decoded = Self.decode(token) else {
                throw FeedError(.invalidRequest, "hn comments: bad cursor \(token)")
            }
            walk = Walk(pending: decoded)
        } else {
            // The root as the list shows it: the first page carries it as its subject.
            let root = try await fetchRoot(guessing: size, itemFailures: &itemFailures, guessed: &guessed, reported: &reportedEarly, context: context)
            subject = root?.feedItem
            walk = Walk(roots: root?.kids ?? [])
        }
        var known = ahead.take()
        known.merge(guessed) { new, _ in new }
        var items: [FeedItem] = []
        // Bounded so a thread of deleted comments cannot make one page unbounded.
        var budget = size * 4
        var reported = reportedEarly
        while items.count < size, budget > 0, let next = walk.next {
            if known[next.entry] == nil {
                // The comments before this one are all known: they can be drawn while it is fetched.
                if items.count > reported, let progress = context.progress {
                    progress(items)
                    reported = items.count
                }
                let wanted = walk.frontier(positions: min(size - items.count, budget)) { Self.lookup(known[$0]) }
                let fetched = try await FanOut.map(wanted, width: maxConcurrentItems) { [self] id throws(FeedError) in
                    var notes: [FeedError] = []
                    let dto = try await fetch(id, as: CommentDTO.self, itemFailures: &notes, context: context)
                    return (dto, notes)
                }
                for (id, (dto, notes)) in zip(wanted, fetched) {
                    known[id] = .some(dto)
                    itemFailures += notes
                }
            }
            for visit in walk.take(shown: size - items.count, budget: &budget, { Self.lookup(known[$0]) }) {
                guard let dto = known.removeValue(forKey: visit.place.entry) ?? nil, visit.isShown else { continue }
                items.append(dto.feedItem(depth: visit.place.depth))
            }
        }
        ahead.keep(known)
        return Page(
            key: key, items: items, next: walk.isFinished ? nil : .cursor(Self.encode(walk.pending)), itemFailures: itemFailures,
            subject: subject)
    }

    // MARK: - Helpers

    typealias Walk = CommentWalk<Int>
    typealias Pending = Walk.Place

    /// What the walk knows of a comment: `nil` not fetched, `.some(nil)` gone.
    private static func lookup(_ entry: CommentDTO??) -> Walk.Lookup {
        guard let entry else { return .unknown }
        guard let dto = entry else { return .missing }
        let isGone = dto.deleted == true || dto.dead == true
        return .comment(replies: dto.kids ?? [], isShown: !isGone || !(dto.kids ?? []).isEmpty)
    }

    static func encode(_ stack: [Pending]) -> String {
        stack.map { "\($0.entry):\($0.depth)" }.joined(separator: ",")
    }

    static func decode(_ token: String) -> [Pending]? {
        var stack: [Pending] = []
        for pair in token.split(separator: ",") {
            let parts = pair.split(separator: ":")
            guard parts.count == 2, let id = Int(parts[0]), let depth = Int(parts[1]), depth >= 0 else { return nil }
            stack.append(Pending(entry: id, depth: depth))
        }
        return stack
    }

    /// The thread's root, fetched together with the first replies `knownKids` names (up to a
    /// page's worth, leaving the root a place in the fan-out). The guesses the fresh root still
    /// names land in `guessed` (their 404s in `itemFailures`); the others are dropped, and so are
    /// their failures. A guess that failed and is still named fails the page, as the walk
    /// would have when it fetched it.
    private func fetchRoot(
        guessing size: Int, itemFailures: inout [FeedError], guessed: inout [Int: CommentDTO?], reported: inout Int, context: FetchContext
    ) async throws(FeedError) -> HackerNewsItemDTO? {
        let guesses = maxConcurrentItems > 1 ? Array((knownKids ?? []).prefix(min(size, maxConcurrentItems - 1))) : []
        guard !guesses.isEmpty else {
            return try await fetch(itemID, as: HackerNewsItemDTO.self, itemFailures: &itemFailures, context: context)
        }
        // The round's first comments are drawn as they come, not when its last one does.
        let early = context.progress.map { FirstRoundProgress(size: size, guesses: guesses, progress: $0) }
        let round = try await FanOut.map([nil] + guesses.map(Optional.some), width: maxConcurrentItems) {
            [self] (id: Int?) throws(FeedError) -> FirstRound in
            var notes: [FeedError] = []
            guard let id else {
                // The root's failure is the page's: it throws, and the fan-out cancels the guesses.
                let root = try await fetch(itemID, as: HackerNewsItemDTO.self, itemFailures: &notes, context: context)
                early?.rootArrived(root)
                return .root(root, notes)
            }
            do throws(FeedError) {
                let comment = try await fetch(id, as: CommentDTO.self, itemFailures: &notes, context: context)
                early?.commentArrived(comment, id: id)
                return .comment(id, .success(comment), notes)
            } catch {
                return .comment(id, .failure(error), notes)
            }
        }
        reported = early?.reported ?? 0
        guard case let .root(root, rootNotes) = round.first else { return nil }
        itemFailures += rootNotes
        let fresh = Set(root?.kids ?? [])
        for case let .comment(id, result, notes) in round.dropFirst() where fresh.contains(id) {
            guessed[id] = .some(try result.get())
            itemFailures += notes
        }
        return root
    }

    /// The first round's comments in thread order as they arrive: the walk over the guesses
    /// fetched so far, to the first one missing, from the root's fresh replies once it is in
    /// and from the replies the list saw (the guesses, in its order) until then. The reader
    /// opened the story from that list: its first reply is drawn when it arrives, not when the
    /// story's own request does (under the fault mix a story failing twice held a first reply
    /// that had come 2.5 s before: Enter → first comment 4.2 s). If the fresh root names other
    /// replies, the page (walked from them) replaces what was drawn.
    private final class FirstRoundProgress: Sendable {
        private struct State {
            var root: HackerNewsItemDTO??
            var comments: [Int: CommentDTO?] = [:]
            var reported = 0
        }

        private let state = Mutex(State())
        private let size: Int
        private let guesses: [Int]
        private let progress: PageProgress

        /// Comments reported so far.
        var reported: Int { state.withLock { $0.reported } }

        init(size: Int, guesses: [Int], progress: @escaping PageProgress) {
            self.size = size
            self.guesses = guesses
            self.progress = progress
        }

        func rootArrived(_ root: HackerNewsItemDTO?) {
            update { $0.root = .some(root) }
        }

        func commentArrived(_ comment: CommentDTO?, id: Int) {
            update { $0.comments[id] = .some(comment) }
        }

        private func update(_ change: (inout State) -> Void) {
            // Reported under the lock, so a longer run is never overtaken by a shorter one.
            state.withLock { state in
                change(&state)
                let replies: [Int]
                switch state.root {
                case let .some(.some(root)): replies = root.kids ?? []
                case .some(.none): return  // the story is gone: nothing to draw under it
                case .none: replies = guesses  // not in yet: the replies the list saw
                }
                var walk = Walk(roots: replies)
                var budget = size * 4
                let comments = state.comments
                let items = walk.take(shown: size, budget: &budget) { HackerNewsCommentsSource.lookup(comments[$0]) }
                    .compactMap { visit -> FeedItem? in
                        guard visit.isShown, let dto = comments[visit.place.entry] ?? nil else { return nil }
                        return dto.feedItem(depth: visit.place.depth)
                    }
                guard items.count > state.reported else { return }
                state.reported = items.count
                progress(items)
            }
        }
    }

    /// What one request of the first round brought.
    private enum FirstRound: Sendable {
        case root(HackerNewsItemDTO?, [FeedError])
        case comment(Int, Result<CommentDTO?, FeedError>, [FeedError])
    }

    /// One item; nil when it is `null` or gone (a 404, noted in `itemFailures`). Other failures
    /// (still transient after the transport's retries, a body that cannot be read, cancellation)
    /// throw and fail the page.
    private func fetch<DTO: Decodable & Sendable>(
        _ id: Int, as type: DTO.Type, itemFailures: inout [FeedError], context: FetchContext
    ) async throws(FeedError) -> DTO? {
        let url = APIEndpoint.url(base: baseURL, path: "item/\(id).json")
        do throws(FeedError) {
            return try await transport.fetchJSON(DTO?.self, from: url, api: "hn", context: context).0
        } catch {
            // A body that cannot be read is an error to see, not a missing comment (issue 14).
            if error.kind != .http(status: 404) { throw error }
            itemFailures.append(error)
            return nil
        }
    }

    /// Comments fetched ahead of the page that needed them, kept for the next one.
    private final class Ahead: Sendable {
        private let known = Mutex<[Int: CommentDTO?]>([:])
        func take() -> [Int: CommentDTO?] { known.withLock { value in defer { value = [:] }; return value } }
        func keep(_ more: [Int: CommentDTO?]) { known.withLock { $0.merge(more) { new, _ in new } } }
    }
}

// MARK: - Wire format

private struct CommentDTO: Decodable, Sendable {
    var id: Int
    var by: String?
    var time: Int64?
    var text: String?
    var parent: Int?
    var kids: [Int]?
    var deleted: Bool?
    var dead: Bool?

    func feedItem(depth: Int) -> FeedItem {
        // A deleted or dead comment shown is a placeholder for its replies: its place, not its text.
        let placeholder = deleted == true ? "[deleted]" : dead == true ? "[dead]" : nil
        return FeedItem(
            id: "hn:\(id)",
            // Decoded whole, then cut: cutting the HTML first left `<a href="…` halves in titles.
            title: placeholder ?? String(FieldText.htmlLine(text ?? "").prefix(200)),
            author: placeholder == nil ? by : nil,
            time: time,
            body: placeholder,
            discussionURL: "https://news.ycombinator.com/item?id=\(id)",
            bodyHTML: placeholder == nil ? text : nil,
            depth: depth,
            parentID: parent.map { "hn:\($0)" }
        )
    }
}
