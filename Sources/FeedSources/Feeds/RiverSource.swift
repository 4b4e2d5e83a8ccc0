import FeedModel
import Foundation

/// The river: every subscription's entries merged, newest first, paged like any feed.
///
/// A key is a cursor naming, for each feed, the page key it stands at and how many of that
/// page's entries the river has shown (or that the feed is used up), so a page dropped from
/// memory loads again from the same place. A page takes, `pageSize` times, the newest head
/// entry among the feeds, loading a feed's next page when its current one is used up; the
/// first page loads every feed's first page at once (the transport's per-host limits apply).
/// Entries without a date come after every dated one of the feeds still going. A feed that
/// fails is left out from there on and named in the page's `failed`; the others go on.
/// Each row says which feed it came from (its first fact).
public struct RiverSource: FeedSource {
    /// One subscription: its name and its source.
    public struct Feed: Sendable {
        public var name: String
        public var source: any FeedSource

        public init(name: String, source: any FeedSource) {
            self.name = name
            self.source = source
        }
    }

    public let name = "river"
    public var firstKey: PageKey { .cursor(nil) }
    public let defaultPageSize = 25
    public let maxPageSize = 500

    private let feeds: [Feed]
    /// Entries each feed's pages are asked for.
    private let feedPageSize: Int

    public init(feeds: [Feed], feedPageSize: Int = 25) {
        self.feeds = feeds
        self.feedPageSize = feedPageSize
    }

    public func startOver() { for feed in feeds { feed.source.startOver() } }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .cursor(token) = key else { throw FeedError(.invalidRequest, "river: unsupported page key \(key)") }
        var positions: [Position]
        if let token {
            guard let data = Data(base64Encoded: token), let decoded = try? JSONDecoder().decode([Position].self, from: data),
                  decoded.count == feeds.count
            else { throw FeedError(.invalidRequest, "river: a key from another list of feeds") }
            positions = decoded
        } else {
            positions = feeds.map { Position(key: $0.source.firstKey, taken: 0) }
        }
        // Each feed's current page, loaded together.
        var pages: [Int: Page] = [:]
        var failed: [FeedError] = []
        await withTaskGroup(of: (Int, Result<Page, FeedError>).self) { group in
            for (index, position) in positions.enumerated() {
                guard let key = position.key else { continue }
                let source = feeds[index].source
                let size = feedPageSize
                group.addTask {
                    do throws(FeedError) {
                        // Awaited before the tuple is built: see `scripts/check-async-tuples`.
                        let page = try await source.load(key, pageSize: size, context: context)
                        return (index, .success(page))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            for await (index, result) in group {
                switch result {
                case let .success(page): pages[index] = page
                case let .failure(error):
                    positions[index].key = nil
                    failed.append(FeedError(error.kind, "\(feeds[index].name): \(error.message)"))
                }
            }
        }
        if Task.isCancelled { throw FeedError(.cancelled, "cancelled") }
        var items: [FeedItem] = []
        while items.count < pageSize {
            // The newest head among the feeds still going (undated heads last, then list order).
            var best: (index: Int, time: Int64)?
            for index in positions.indices {
                guard positions[index].key != nil, let page = pages[index], positions[index].taken < page.items.count else { continue }
                let time = page.items[positions[index].taken].time ?? .min
                if best == nil || time > best!.time { best = (index, time) }
            }
            guard let (index, _) = best else { break }
            var item = pages[index]!.items[positions[index].taken]
            item.facts.insert(ItemFact("subscription", .text(feeds[index].name), label: .text(feeds[index].name)), at: 0)
            items.append(item)
            positions[index].taken += 1
            // A page used up: its feed's next page, before the next pick.
            if positions[index].taken == pages[index]!.items.count && items.count < pageSize {
                guard let next = pages[index]!.next else {
                    positions[index].key = nil
                    continue
                }
                do throws(FeedError) {
                    pages[index] = try await feeds[index].source.load(next, pageSize: feedPageSize, context: context)
                    positions[index] = Position(key: next, taken: 0)
                } catch {
                    if error.kind == .cancelled { throw error }
                    positions[index].key = nil
                    failed.append(FeedError(error.kind, "\(feeds[index].name): \(error.message)"))
                }
            }
        }
        // A feed whose current page is used up but not yet moved past (an empty page) goes on
        // from its next one.
        for index in positions.indices {
            guard positions[index].key != nil, let page = pages[index], positions[index].taken >= page.items.count else { continue }
            positions[index] = Position(key: page.next, taken: 0)
        }
        let goesOn = positions.contains { $0.key != nil }
        var next: PageKey?
        if goesOn {
            // Sorted keys: the same position is the same key, page after page (the cache keys pages by it).
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            guard let data = try? encoder.encode(positions) else { throw FeedError(.invalidRequest, "river: cannot write its key") }
            next = .cursor(data.base64EncodedString())
        }
        var page = Page(
            key: key, items: items, next: goesOn ? next : nil, itemFailures: failed,
            endNote: goesOn ? nil : "end of every subscription's history")
        page.failedPart = .feed
        return page
    }

    // MARK: - Helpers

    /// Where the river stands in one feed: the page key it is on (nil: the feed is used up or
    /// failed) and how many of that page's entries it has shown.
    struct Position: Codable, Equatable {
        var key: PageKey?
        var taken: Int
    }
}
