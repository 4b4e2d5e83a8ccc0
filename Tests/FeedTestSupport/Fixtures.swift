import Synchronization
import FeedModel

/// Items `demo`-like but minimal: `t:<n>` with title `Item n`.
public func makeItems(_ range: Range<Int>, prefix: String = "t") -> [FeedItem] {
    range.map { FeedItem(id: "\(prefix):\($0)", title: "Item \($0)") }
}

/// A page of `makeItems` addressed by page number.
public func makePage(_ index: Int, size: Int = 20, last: Int? = nil) -> Page {
    let items = makeItems((index * size)..<((index + 1) * size))
    let isLast = last.map { index >= $0 } ?? false
    return Page(key: .page(index), items: items, next: isLast ? nil : .page(index + 1))
}

/// A `FeedSource` over an in-memory list, paged by number, that counts its loads.
public final class ListSource: FeedSource {
    public let items: [FeedItem]
    public let name = "list"
    public let firstKey = PageKey.page(0)
    public let defaultPageSize = 20
    public let maxPageSize = 100
    private let loadLog = Mutex<[PageKey]>([])

    public init(items: [FeedItem]) { self.items = items }

    public var loads: [PageKey] { loadLog.withLock { $0 } }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .page(number) = key else { throw FeedError(.invalidRequest, "bad key") }
        loadLog.withLock { $0.append(key) }
        let start = min(items.count, number * pageSize)
        let end = min(items.count, start + pageSize)
        return Page(key: key, items: Array(items[start..<end]), next: end < items.count ? .page(number + 1) : nil)
    }
}

