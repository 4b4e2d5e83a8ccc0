import Testing

@testable import FeedPictures

@Suite struct PictureCacheTests {
    private func picture(cells: Int) -> HalfBlockPicture {
        HalfBlockPicture(
            columns: cells, rows: 1, cells: Array(repeating: .init(top: .black, bottom: .white), count: cells))
    }

    private func key(_ name: String) -> PictureKey { PictureKey(url: "http://x/\(name).png", maxColumns: 8, maxRows: 4) }

    @Test func leastRecentlyUsedGoFirstWhenOverTheCost() {
        let entry = PictureCache.Entry.picture(picture(cells: 100))
        var cache = PictureCache(costLimit: 3 * picture(cells: 100).cost)
        cache.insert(entry, for: key("a"))
        cache.insert(entry, for: key("b"))
        cache.insert(entry, for: key("c"))
        cache.touch(key("a"))
        let evicted = cache.insert(entry, for: key("d"))
        #expect(evicted == [key("b")])
        #expect(cache.contains(key("a")) && cache.contains(key("c")) && cache.contains(key("d")))
        #expect(cache.totalCost == 3 * picture(cells: 100).cost)
    }

    @Test func theSameURLAtAnotherSizeIsAnotherEntry() {
        var cache = PictureCache(costLimit: 1 << 20)
        cache.insert(.picture(picture(cells: 4)), for: PictureKey(url: "u", maxColumns: 8, maxRows: 4))
        #expect(cache.contains(PictureKey(url: "u", maxColumns: 8, maxRows: 4)))
        #expect(!cache.contains(PictureKey(url: "u", maxColumns: 32, maxRows: 16)))
    }

    @Test func anEntryOverTheLimitIsNotKept() {
        var cache = PictureCache(costLimit: 100)
        let evicted = cache.insert(.picture(picture(cells: 1000)), for: key("big"))
        #expect(evicted == [key("big")])
        #expect(cache.count == 0 && cache.totalCost == 0)
    }

    @Test func failuresAreCachedToo() {
        var cache = PictureCache(costLimit: 1000)
        cache.insert(.failed(.unsupportedFormat(.gif)), for: key("gif"))
        #expect(cache.peek(key("gif")) == .failed(.unsupportedFormat(.gif)))
    }

    @Test func replacingAnEntryCountsItsCostOnce() {
        var cache = PictureCache(costLimit: 1 << 20)
        cache.insert(.picture(picture(cells: 10)), for: key("a"))
        cache.insert(.picture(picture(cells: 20)), for: key("a"))
        #expect(cache.totalCost == picture(cells: 20).cost && cache.count == 1)
    }
}
