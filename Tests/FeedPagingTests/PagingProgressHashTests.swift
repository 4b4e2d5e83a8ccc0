import FeedModel
@testable import FeedPaging
import FeedTestSupport
import Testing

/// The loop detector keeps keys as hashes: a hash shared by two keys never ends a feed, and a
/// real link back is still caught at once when every key shares one hash.
@Suite struct PagingProgressHashTests {
    /// Reads a cursor feed as a pipe does, with a page cap, until the pager asks for nothing
    /// more or `budget` requests.
    private func walk(_ paging: inout PagingState, budget: Int, next: (Int) -> String?) -> [PageRequest] {
        var asked: [PageRequest] = []
        var row = 0
        while asked.count < budget {
            if row > 0 { row -= paging.trim(visible: (row - 1)..<row, cursor: row - 1).deleteCount(above: row) }
            let fetches = paging.prefetch(cursor: paging.items.count, distance: 0).compactMap { effect -> PageRequest? in
                if case let .fetch(request) = effect { request } else { nil }
            }
            guard let request = fetches.first else { break }
            asked.append(request)
            let number: Int
            if case let .cursor(token) = request.key { number = Int(token ?? "0") ?? -1 } else { number = -1 }
            let page = Page(key: request.key, items: makeItems((number * 5)..<(number * 5 + 5)), next: next(number).map { .cursor($0) })
            #expect(paging.receive(request, .success(page)).effects.isEmpty)
            row = paging.items.count
        }
        return asked
    }

    @Test(.offThePool, arguments: [0, 1, 7])
    func keysThatShareAHashDoNotEndTheFeed(mask: Int) {
        // 300 pages of distinct keys, every one sharing its hash with others (all of them for
        // mask 0): read to their real end, and past the cap, so most keys are sealed.
        var paging = PagingState(firstKey: .cursor("0"), pageSize: 5, maxPages: 4)
        paging.keepKeyHashBits(mask)
        let asked = walk(&paging, budget: 1_000) { $0 < 299 ? String($0 + 1) : nil }
        #expect(asked.count == 300)
        let stop = paging.stop  // (not the pager itself in an expectation: its dump is huge)
        let isAtEnd = paging.isAtEnd
        #expect(stop == nil)
        #expect(isAtEnd)
        let rows = paging.absoluteRow(paging.items.count)
        #expect(rows == 1_500)
    }

    @Test(.offThePool, arguments: [0, 1, 7])
    func aLinkBackIsCaughtAtOnceWhenKeysShareAHash(mask: Int) throws {
        // 0 → 1 → … → 199 → 3: the link back to page 3 (sealed long ago) ends the feed after page 199.
        var paging = PagingState(firstKey: .cursor("0"), pageSize: 5, maxPages: 4)
        paging.keepKeyHashBits(mask)
        let asked = walk(&paging, budget: 1_000) { String($0 < 199 ? $0 + 1 : 3) }
        #expect(asked.count == 200)
        let isAtEnd = paging.isAtEnd
        #expect(isAtEnd)
        let stop = try #require(paging.stop)
        #expect(stop.message == "the API links back to a page already read — stopped after 200 requests")
    }

    @Test func aRefreshKeepsTheMaskAndStartsFromItsOwnKeys() throws {
        var paging = PagingState(firstKey: .cursor("0"), pageSize: 5)
        paging.keepKeyHashBits(0)
        walk(&paging, budget: 10) { $0 < 9 ? String($0 + 1) : nil }
        let request = try #require(paging.refresh().compactMap { effect -> PageRequest? in
            if case let .fetch(request) = effect { request } else { nil }
        }.first)
        _ = paging.receive(request, .success(Page(key: request.key, items: makeItems(0..<5), next: .cursor("1"))))
        #expect(paging.progress.hashMask == 0)
        #expect(paging.progress.pageOfKeyHash == [0: 0])
        #expect(paging.progress.sharedHashPages == [0: [1]])
    }
}
