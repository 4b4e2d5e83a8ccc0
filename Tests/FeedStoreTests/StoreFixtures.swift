import FeedModel
@testable import FeedStore

/// Pages and feeds the store tests write.
enum StoreFixtures {
    static let feed = FeedKey(source: "hn top", parameters: "base_url=http://127.0.0.1:1 page_size=3")

    /// Page `number` (0-based) of a feed of `perPage` items, keyed by page number, `last` ending it.
    static func page(_ number: Int, perPage: Int = 3, last: Int = 2, titleBytes: Int = 10) -> Page {
        let items = (0..<perPage).map { offset in
            let id = number * perPage + offset
            return FeedItem(id: "hn:\(id)", title: "Story \(id) " + String(repeating: "x", count: titleBytes), score: id)
        }
        return Page(key: .page(number), items: items, next: number < last ? .page(number + 1) : nil, total: (last + 1) * perPage)
    }

    static func open(_ path: String, limitBytes: Int = CacheStore.defaultLimitBytes) throws -> CacheStore {
        try CacheStore.openStrict(at: path, limitBytes: limitBytes)
    }
}
