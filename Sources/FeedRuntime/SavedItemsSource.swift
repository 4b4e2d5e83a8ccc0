import FeedModel
import FeedStore

/// The items saved for later with `s`, the latest saved first, paged from the cache like any
/// feed (`feedscroll feeds`, its "saved" row). Items keep the ids, links and facts of the
/// source they were saved from.
public struct SavedItemsSource: FeedSource {
    public let name = "saved"
    public let firstKey = PageKey.offset(0, limit: 25)
    public let defaultPageSize = 25
    public let maxPageSize = 500

    private let store: CacheStore

    public init(store: CacheStore) { self.store = store }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .offset(offset, _) = key else { throw FeedError(.invalidRequest, "saved items page by offset") }
        let items: [FeedItem]
        let total: Int
        do {
            items = try store.savedItems(offset: offset, limit: pageSize)
            total = try store.savedItemCount()
        } catch {
            throw FeedError(.invalidRequest, "the cache cannot be read: \(error)")
        }
        let end = offset + items.count
        return Page(
            key: key, items: items, next: items.count == pageSize && end < total ? .offset(end, limit: pageSize) : nil, total: total,
            endNote: total == 0 ? "nothing saved yet: s saves an item of any feed" : nil)
    }
}
