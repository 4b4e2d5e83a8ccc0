import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedRuntime

/// The status line's account of what a page had to leave out: items of a page (an HN item
/// gone), or whole feeds of the river, each named as what it is.
@Suite struct ItemFailureNoteTests {
    static func note(_ page: Page) -> String? {
        let request = PageRequest(id: RequestID(1), index: 0, key: .page(0), pageSize: 20, generation: 0)
        return Runtime<RecordingTerminal>.itemFailureNote(.loaded(request, .success(page), latency: 0))
    }

    @Test func itemsLeftOutAreCountedAsItems() {
        let page = Page(key: .page(0), items: [], next: nil, itemFailures: [FeedError(.http(status: 404), "item 7: HTTP 404"), FeedError(.http(status: 404), "item 9: HTTP 404")])
        #expect(Self.note(page) == "2 items could not be loaded (item 7: HTTP 404)")
    }

    @Test func aFeedLeftOutOfTheRiverIsCountedAsAFeed() {
        var page = Page(key: .page(0), items: [], next: nil, itemFailures: [FeedError(.decoding, "broken: not a feed")])
        page.failedPart = .feed
        #expect(Self.note(page) == "1 feed could not be loaded (broken: not a feed)")
    }

    @Test func aWholePageSaysNothing() {
        #expect(Self.note(Page(key: .page(0), items: [], next: nil)) == nil)
    }
}
