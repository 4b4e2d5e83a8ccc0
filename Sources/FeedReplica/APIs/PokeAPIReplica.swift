import FeedModel

/// PokeAPI v2: offset/limit over a static list, exactly as its Firebase function pages it.
struct PokeAPIReplica: ReplicaAPI {
    let name = "pokeapi"
    let prefix = "/pokeapi/api/v2"
    let seed: UInt64
    /// Names in list order; index 0 is id 1.
    let names: [String]

    static let typeNames = ["normal", "fire", "water", "grass", "electric", "ice", "fighting", "poison", "ground",
                            "flying", "psychic", "bug", "rock", "ghost", "dragon", "dark", "steel", "fairy"]
    private static let syllables = ["bul", "ba", "saur", "char", "man", "der", "squir", "tle", "pi", "ka", "chu", "eev",
                                    "ee", "mew", "two", "gen", "gar", "on", "ix", "ly", "dra", "go", "nite", "zu", "bat"]
    private static let formSuffixes = ["-mega", "-alola", "-galar", "-gmax", "-hisui", "-totem", "-paldea"]

    init(seed: UInt64, count: Int) {
        self.seed = seed
        var seen = Set<String>()
        var names: [String] = []
        names.reserveCapacity(count)
        for index in 0..<count {
            var rng = SeededRandom(seed: seed, salt: "pokeapi", index: index)
            var name = (0..<(2 + rng.below(2))).map { _ in rng.pick(Self.syllables) }.joined()
            if index >= Self.speciesCount { name += rng.pick(Self.formSuffixes) }
            while seen.contains(name) { name += rng.pick(Self.syllables) }
            seen.insert(name)
            names.append(name)
        }
        self.names = names
    }

    /// Ids 1...1025 are species; alternate forms continue at 10001, as on the live API.
    static let speciesCount = 1025

    func id(at index: Int) -> Int { index < Self.speciesCount ? index + 1 : 10001 + index - Self.speciesCount }

    func index(ofID id: Int) -> Int? {
        let index = id <= Self.speciesCount ? id - 1 : Self.speciesCount + id - 10001
        return (id >= 1 && index >= 0 && index < names.count && (id <= Self.speciesCount || id >= 10001)) ? index : nil
    }

    // MARK: - ReplicaAPI

    func routeName(for path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.first == "pokemon" else { return nil }
        return parts.count == 1 ? "pokemon" : "pokemon/{id}"
    }

    private var headers: [(String, String)] {
        [("Access-Control-Allow-Origin", "*"), ("Cache-Control", "public, max-age=86400, s-maxage=86400"),
         ("X-PokeAPI-Hash", String(SeededRandom.hash("deploy\(seed)"), radix: 16)),
         ("X-PokeAPI-Deploy-Date", "2024-11-02T10:11:12Z")]
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        guard request.method == "GET" || request.method == "HEAD" else { return ReplicaResponse(status: 405) }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.first == "pokemon", parts.count <= 2 else {
            return ReplicaResponse(status: 400, headers: headers)
        }
        if parts.count == 2 {
            let key = parts[1].lowercased()
            let index = Int(key).flatMap(index(ofID:)) ?? names.firstIndex(of: key)
            guard let index else { return ReplicaResponse(status: 404, headers: headers) }
            return .json(detail(index, origin: request.origin), headers: headers)
        }
        return .json(list(request), headers: headers)
    }

    /// The list page, computed as PokeAPI's `functions_v1` does it.
    func list(_ request: ReplicaRequest) -> JSONValue {
        let count = names.count
        // `parseInt(q.offset) || 0` and `parseInt(q.limit) || 20`: 0 and NaN both fall back.
        let offset = jsParseInt(request["offset"]).flatMap { $0 == 0 ? nil : $0 } ?? 0
        let limit = jsParseInt(request["limit"]).flatMap { $0 == 0 ? nil : $0 } ?? 20
        let base = request.origin + request.fullPath.lowercased()
        let range = jsSliceRange(count: count, start: offset, end: offset + limit)
        let results: [JSONValue] = range.map { index in
            ["name": .string(names[index]), "url": .string("\(request.origin)\(prefix)/pokemon/\(id(at: index))/")]
        }
        var next: JSONValue = .null
        if min(offset + 2 * limit, count) > offset + limit {
            let nextLimit = min(limit, count - (offset + limit))
            next = .string("\(base)?offset=\(offset + limit)&limit=\(nextLimit)")
        }
        var previous: JSONValue = .null
        if offset != 0 {
            let start = max(0, offset - limit)
            previous = .string("\(base)?offset=\(start)&limit=\(offset - start)")
        }
        return ["count": .int(count), "next": next, "previous": previous, "results": .array(results)]
    }

    /// A small detail document with the live API's top-level keys, in its order.
    func detail(_ index: Int, origin: String) -> JSONValue {
        var rng = SeededRandom(seed: seed, salt: "pokeapi/detail", index: index)
        let id = id(at: index)
        let name = names[index]
        let api = origin + prefix
        let sprites = "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon"
        let type1 = rng.below(Self.typeNames.count)
        var types: [JSONValue] = [["slot": 1, "type": ["name": .string(Self.typeNames[type1]), "url": .string("\(api)/type/\(type1 + 1)/")]]]
        if rng.chance(0.5) {
            let type2 = (type1 + 1 + rng.below(Self.typeNames.count - 1)) % Self.typeNames.count
            types.append(["slot": 2, "type": ["name": .string(Self.typeNames[type2]), "url": .string("\(api)/type/\(type2 + 1)/")]])
        }
        let stats: [JSONValue] = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"].enumerated().map { i, stat in
            ["base_stat": .int(20 + rng.below(120)), "effort": .int(rng.below(3)), "stat": ["name": .string(stat), "url": .string("\(api)/stat/\(i + 1)/")]]
        }
        let hasBack = rng.chance(0.8)
        return .object([
            ("abilities", [["ability": ["name": "overgrow", "url": .string("\(api)/ability/65/")], "is_hidden": false, "slot": 1]]),
            ("base_experience", rng.chance(0.1) ? .null : .int(40 + rng.below(300))),
            ("cries", ["latest": .string("https://raw.githubusercontent.com/PokeAPI/cries/main/cries/pokemon/latest/\(id).ogg"),
                       "legacy": id > 649 ? .null : .string("https://raw.githubusercontent.com/PokeAPI/cries/main/cries/pokemon/legacy/\(id).ogg")]),
            ("forms", [["name": .string(name), "url": .string("\(api)/pokemon-form/\(id)/")]]),
            ("game_indices", []),
            ("height", .int(1 + rng.below(200))),
            ("held_items", []),
            ("id", .int(id)),
            ("is_default", .bool(id <= Self.speciesCount)),
            ("location_area_encounters", .string("\(api)/pokemon/\(id)/encounters")),
            ("moves", [["move": ["name": "tackle", "url": .string("\(api)/move/33/")], "version_group_details": []]]),
            ("name", .string(name)),
            ("order", .int(id <= Self.speciesCount ? id : -1)),
            ("past_abilities", []),
            ("past_types", []),
            ("species", ["name": .string(name.split(separator: "-").first.map(String.init) ?? name), "url": .string("\(api)/pokemon-species/\(min(id, Self.speciesCount))/")]),
            ("sprites", .object([
                ("back_default", hasBack ? .string("\(sprites)/back/\(id).png") : .null),
                ("back_female", .null),
                ("back_shiny", hasBack ? .string("\(sprites)/back/shiny/\(id).png") : .null),
                ("back_shiny_female", .null),
                ("front_default", .string("\(sprites)/\(id).png")),
                ("front_female", .null),
                ("front_shiny", .string("\(sprites)/shiny/\(id).png")),
                ("front_shiny_female", .null),
                ("other", ["official-artwork": ["front_default": .string("\(sprites)/other/official-artwork/\(id).png"), "front_shiny": .null]]),
                ("versions", ["generation-i": ["red-blue": ["front_default": id <= 151 ? .string("\(sprites)/versions/generation-i/red-blue/\(id).png") : .null]]]),
            ])),
            ("stats", .array(stats)),
            ("types", .array(types)),
            ("weight", .int(1 + rng.below(9000))),
        ])
    }
}
