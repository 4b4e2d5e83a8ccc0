/// Where a page starts, in the words of the API's own pagination strategy.
///
/// Keys are plain values: they are kept for pages that were dropped from memory so those
/// pages can be fetched again when the reader scrolls back.
public enum PageKey: Sendable, Hashable, Codable {
    /// Offset and limit over a stable list (PokeAPI, json-server `_start`).
    case offset(Int, limit: Int)
    /// A page number; `first` says where the API counts from (0 for Algolia, 1 for GitHub).
    case page(Int)
    /// An opaque continuation token handed out by the previous page (Reddit `after`,
    /// MediaWiki `continue`, the demo feed). `nil` is the first page.
    case cursor(String?)
    /// An anchor id: items strictly older than it (Mastodon `max_id`). `nil` is the first page.
    case keyset(String?)
    /// A time bound: items created at or before it (Algolia `created_at_i<=`). `nil` is the first page.
    case time(Int64?)
    /// A slice of an id list fetched once per refresh (Hacker News Firebase).
    case idSlice(start: Int, count: Int)
}

extension PageKey: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .offset(offset, limit): "offset \(offset)+\(limit)"
        case let .page(number): "page \(number)"
        case let .cursor(token): "cursor \(token ?? "∅")"
        case let .keyset(anchor): "keyset \(anchor ?? "∅")"
        case let .time(bound): "time \(bound.map(String.init) ?? "∅")"
        case let .idSlice(start, count): "ids \(start)+\(count)"
        }
    }
}
