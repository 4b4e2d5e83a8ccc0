import FeedStore
import Testing

@Suite struct CacheLocationTests {
    @Test func xdgCacheHomeWins() {
        let location = CacheLocation.standard(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/me"])
        #expect(location == .file("/x/cache/feedscroll/cache.sqlite"))
    }

    @Test func relativeXDGIsIgnored() {
        let location = CacheLocation.standard(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/home/me"])
        #expect(location == .file("/home/me/.cache/feedscroll/cache.sqlite"))
    }

    @Test func noHomeMeansNoCache() {
        #expect(CacheLocation.standard(environment: [:]) == .disabled)
    }
}
