import FeedModel
import Foundation

/// One Pokémon's own document (`/pokemon/{name}/`), for its detail view: the list only names
/// it, the detail shows its types, size, abilities and base stats.
///
/// A `FeedSource` of one page holding one item, the Pokémon as its document describes it, so it
/// loads, retries and cancels through the detail's pager like a comment page; the detail takes
/// its facts and body into the item the list gave. The document
/// is large (about 450 KB live, `moves` being most of it); only the fields used are decoded.
public struct PokeAPIDetailsSource: FeedSource {
    /// The list's item id, `pokeapi:NAME`.
    public let itemID: String
    public let baseURL: URL
    private let transport: any HTTPTransport

    public var name: String { "pokeapi" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 1 }
    public var maxPageSize: Int { 1 }

    /// - Parameters:
    ///   - itemID: the list's item id (`pokeapi:NAME`).
    ///   - baseURL: the API root, `https://pokeapi.co/api/v2` or a replica's.
    ///   - transport: the network.
    /// - Returns: nil for an item that is not a Pokémon from this source.
    public init?(itemID: String, baseURL: URL = PokeAPISource.defaultBaseURL, transport: any HTTPTransport) {
        guard itemID.hasPrefix("pokeapi:"), itemID.count > "pokeapi:".count else { return nil }
        self.itemID = itemID
        self.baseURL = baseURL
        self.transport = transport
    }

    private static let segmentCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard key == firstKey else { return Page(key: key, items: [], next: nil) }
        // By name, as the list names it (the API accepts names and numbers): one path segment,
        // anything but letters, digits and `-` escaped.
        let segment = String(itemID.dropFirst("pokeapi:".count)).addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? ""
        let url = APIEndpoint.url(base: baseURL, path: "pokemon/\(segment)/")
        let (document, _) = try await transport.fetchJSON(PokemonDTO.self, from: url, api: "pokeapi", context: context)
        return Page(key: key, items: [document.item(id: itemID)], next: nil)
    }
}

// MARK: - Wire format

private struct PokemonDTO: Decodable {
    struct Named: Decodable { var name: String }
    struct Slot: Decodable { var slot: Int; var type: Named }
    struct Stat: Decodable { var base_stat: Int; var stat: Named }
    struct Ability: Decodable { var ability: Named; var is_hidden: Bool?; var slot: Int? }

    // Required (RequiredField.swift): a document without them is not a Pokémon.
    var id: Int
    var name: String
    var types: [Slot]
    var stats: [Stat]
    var height: Int?
    var weight: Int?
    var base_experience: Int?
    var abilities: [Ability]?

    /// The Pokémon with the document's facts and a body: number, types, size and experience on
    /// the meta line, abilities and a base-stat table in the body. Names are plain words from the
    /// API: they are cleaned (`TextSanitizer`) and HTML-escaped before they join the body's HTML.
    func item(id itemID: String) -> FeedItem {
        let typeNames = types.sorted { $0.slot < $1.slot }.map { clean($0.type.name) }
        var facts = [ItemFact("number", .number(id), label: .text("#\(id)")), ItemFact("name", .text(name), label: .hidden)]
        if !typeNames.isEmpty { facts.append(ItemFact("types", .list(typeNames), label: .text(typeNames.joined(separator: "/")))) }
        if let height { facts.append(ItemFact("height_dm", .number(height), label: .text(Self.decimal(height, unit: "m")))) }
        if let weight { facts.append(ItemFact("weight_hg", .number(weight), label: .text(Self.decimal(weight, unit: "kg")))) }
        if let base_experience { facts.append(ItemFact("base_experience", .number(base_experience), label: .text("\(ItemFact.grouped(base_experience)) xp"))) }

        var html = ""
        let abilityNames = (abilities ?? []).sorted { ($0.slot ?? 0) < ($1.slot ?? 0) }.map { ability in
            clean(ability.ability.name) + (ability.is_hidden == true ? " (hidden)" : "")
        }
        if !abilityNames.isEmpty { html += "<p>Abilities: \(HTMLEntities.escape(abilityNames.joined(separator: ", ")))</p>" }
        if !stats.isEmpty {
            let width = stats.map { Self.statName($0.stat.name).count }.max() ?? 0
            var table = stats.map { stat in
                let label = Self.statName(stat.stat.name)
                let bar = String(repeating: "█", count: max(0, min(stat.base_stat, 255)) / 10)
                return label.padding(toLength: width, withPad: " ", startingAt: 0) + " " + Self.right(stat.base_stat, 3) + " " + bar
            }
            table.append("Total".padding(toLength: width, withPad: " ", startingAt: 0) + " " + Self.right(stats.map(\.base_stat).reduce(0, +), 3))
            html += "<p>Base stats</p><pre>\(HTMLEntities.escape(table.joined(separator: "\n")))</pre>"
        }
        let display = name.prefix(1).uppercased() + name.dropFirst()
        return FeedItem(id: itemID, title: nonEmptyTitle(display), bodyHTML: html.isEmpty ? nil : html, facts: facts)
    }

    private func clean(_ word: String) -> String { TextSanitizer.clean(word) }


    /// The API's stat names (`special-attack`) as games print them (`Sp. Atk`); others cleaned as sent.
    static func statName(_ name: String) -> String {
        switch name {
        case "hp": "HP"
        case "attack": "Attack"
        case "defense": "Defense"
        case "special-attack": "Sp. Atk"
        case "special-defense": "Sp. Def"
        case "speed": "Speed"
        default: TextSanitizer.clean(name)
        }
    }

    /// Tenths as a decimal with its unit: height in decimetres, weight in hectograms (`69` → `6.9 kg`).
    static func decimal(_ tenths: Int, unit: String) -> String { "\(tenths / 10).\(abs(tenths % 10)) \(unit)" }

    static func right(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
