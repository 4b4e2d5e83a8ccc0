import FeedModel
import Foundation

/// PokeAPI's Pokémon list: offset and limit, following the API's own `next` link.
///
/// The next key is parsed from `next` (its offset *and* its limit, which the API clamps to
/// what remains, e.g. `?offset=1340&limit=11`), so the last page asks for exactly the rest.
/// `next: null` ends the feed. A key's limit of 0 (the first key) means "the page size asked for".
public struct PokeAPISource: FeedSource {
    public static let defaultBaseURL = URL(string: "https://pokeapi.co/api/v2")!
    /// The root of PokeAPI's sprites repository (`--sprites-url`).
    public static let defaultSpritesURL = URL(string: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites")!

    public let baseURL: URL
    /// Where the artwork lives: `{spritesURL}/pokemon/other/official-artwork/{id}.png`.
    public let spritesURL: URL
    private let transport: any HTTPTransport

    public var name: String { "pokeapi" }
    public var firstKey: PageKey { .offset(0, limit: 0) }
    public var defaultPageSize: Int { 20 }
    /// The API has no maximum (a huge limit returns everything); this keeps pages reasonable.
    public var maxPageSize: Int { 500 }

    /// - Parameters:
    ///   - baseURL: the API root, `https://pokeapi.co/api/v2` or a replica's.
    ///   - spritesURL: the sprites root, the real one or a replica's.
    ///   - transport: the network.
    public init(baseURL: URL = Self.defaultBaseURL, spritesURL: URL = Self.defaultSpritesURL, transport: any HTTPTransport) {
        self.baseURL = baseURL
        self.spritesURL = spritesURL
        self.transport = transport
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .offset(offset, keyLimit) = key, offset >= 0 else {
            throw FeedError(.invalidRequest, "pokeapi: unsupported page key \(key)")
        }
        let limit = (keyLimit > 0 ? keyLimit : pageSize).clampedPageSize(maximum: maxPageSize)
        let url = APIEndpoint.url(base: baseURL, path: "pokemon", query: [("offset", String(offset)), ("limit", String(limit))])
        let (list, _) = try await transport.fetchJSON(ListDTO.self, from: url, api: "pokeapi", context: context)
        let items = list.results.map { $0.feedItem(relativeTo: baseURL, sprites: spritesURL) }
        var next: PageKey?
        // Followed even from an empty page: `next` is the API's word that more follow. A `next`
        // that goes back is followed too: this page's items are good, and the pager ends a feed
        // whose links go round (PagingState+Progress) with a footer that says so.
        if let link = list.next {
            guard let nextOffset = APIEndpoint.queryValue("offset", in: link).flatMap(Int.init), nextOffset >= 0 else {
                throw FeedError(.decoding, "pokeapi: unexpected response (next has no usable offset)")
            }
            let nextLimit = APIEndpoint.queryValue("limit", in: link).flatMap(Int.init) ?? limit
            next = .offset(nextOffset, limit: max(1, nextLimit))
        }
        return Page(key: key, items: items, next: next, total: list.count)
    }
}

// MARK: - Wire format

private struct ListDTO: Decodable {
    var count: Int?
    var next: String?
    var results: [EntryDTO]  // required (RequiredField.swift)
}

private struct EntryDTO: Decodable {
    var name: String
    var url: String?

    func feedItem(relativeTo base: URL, sprites: URL) -> FeedItem {
        // The api-data dump stores URLs relative (`/api/v2/pokemon/1/`); resolve them on the host.
        let absolute = url.flatMap { URL(string: $0, relativeTo: base)?.absoluteURL.absoluteString }
        let number = url.flatMap { $0.split(separator: "/").last.flatMap { Int($0) } }
        let display = name.prefix(1).uppercased() + name.dropFirst()
        var facts: [ItemFact] = []
        if let number { facts.append(ItemFact("number", .number(number), label: .text("#\(number)"))) }
        facts.append(ItemFact("name", .text(name), label: .hidden))
        return FeedItem(
            id: "pokeapi:\(name)",
            title: nonEmptyTitle(display),
            url: absolute ?? url,
            facts: facts,
            pictureURL: number.map { APIEndpoint.url(base: sprites, path: "pokemon/other/official-artwork/\($0).png").absoluteString }
        )
    }
}
