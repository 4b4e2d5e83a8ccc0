import FeedDiff

/// A feed row for tests: identity is `id`, content is `version`.
struct Row: Identifiable, Equatable, Sendable, CustomStringConvertible {
    var id: String
    var version: Int

    init(_ id: String, _ version: Int = 0) {
        self.id = id
        self.version = version
    }

    var description: String { version == 0 ? id : "\(id)\(version)" }
}

/// Rows written compactly: `"a b c1"` is `a` and `b` at version 0, then `c` at version 1.
func rows(_ text: String) -> [Row] {
    text.split(separator: " ").map { word in
        let id = word.prefix { !$0.isNumber }
        return Row(String(id), Int(word.dropFirst(id.count)) ?? 0)
    }
}

func snapshot(_ text: String) -> Snapshot<Row> {
    Snapshot(rows(text))
}

/// Rows with integer ids, for generated inputs.
func rows(ids: [Int], version: Int = 0) -> [Row] {
    ids.map { Row("\($0)", version) }
}
