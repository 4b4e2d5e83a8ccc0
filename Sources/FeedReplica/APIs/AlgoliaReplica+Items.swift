import FeedModel
import Foundation

/// `/items/{id}` as Algolia answers it: the item with its whole comment tree nested in
/// `children`, each comment `{author, children, created_at, created_at_i, id, options,
/// parent_id, points, story_id, text, title, type, url}` with `text` as HTML.
///
/// A story with `num_comments` N (capped) has comments 0..<N, ids
/// `commentFirstID + seq × commentStride + index`; comment k answers the story or one of the
/// few comments just before it, so threads nest, and depth-first order is index order.
extension AlgoliaReplica {
    static let commentFirstID = 900_000_000
    static let commentStride = 1000
    static let maxTreeComments = 300

    /// The item's JSON, or nil when there is no such item.
    func itemJSON(id: Int, now: Double) -> JSONValue? {
        guard id >= Self.firstID, (id - Self.firstID) % 2 == 0 else { return nil }
        let seq = (id - Self.firstID) / 2
        guard seq < timeline.count(at: now) else { return nil }
        let hit = hit(seq)
        guard hit.kind != .comment else {
            return node(id: hit.id, type: "comment", author: hit.author, time: hit.time, parent: hit.storyID,
                        storyID: hit.storyID, text: hit.text, children: [])
        }
        let count = min(hit.comments, Self.maxTreeComments)
        let parents = (0..<count).map { parent(of: $0, seq: seq) }
        func children(of index: Int?) -> [JSONValue] {
            let start = (index ?? -1) + 1
            return (start..<max(start, count)).filter { parents[$0] == index }.map { comment($0) }
        }
        func comment(_ index: Int) -> JSONValue {
            let commentID = Self.commentFirstID + seq * Self.commentStride + index
            var rng = SeededRandom(seed: seed, salt: "algolia/comment", index: commentID)
            let author = TextGenerator.author(&rng)
            var text = TextGenerator.htmlEscapeHN(TextGenerator.body(&rng))
            if text.isEmpty { text = TextGenerator.htmlEscapeHN(TextGenerator.title(&rng)) }
            let parentID = parents[index].map { Self.commentFirstID + seq * Self.commentStride + $0 } ?? hit.id
            return node(id: commentID, type: "comment", author: author, time: hit.time + Int64(60 * (index + 1)),
                        parent: parentID, storyID: hit.id, text: "<p>" + text, children: children(of: index))
        }
        return node(id: hit.id, type: "story", author: hit.author, time: hit.time, parent: nil, storyID: hit.id,
                    text: hit.text, children: children(of: nil), points: hit.points, title: hit.title, url: hit.url)
    }

    /// The comment a comment answers (nil: the story).
    private func parent(of index: Int, seq: Int) -> Int? {
        guard index > 0 else { return nil }
        var rng = SeededRandom(seed: seed, salt: "algolia/tree", index: Self.commentFirstID + seq * Self.commentStride + index)
        if rng.chance(0.3) { return nil }
        return index - 1 - rng.below(min(index, 4))
    }

    private func node(id: Int, type: String, author: String, time: Int64, parent: Int?, storyID: Int, text: String?,
                      children: [JSONValue], points: Int? = nil, title: String? = nil, url: String? = nil) -> JSONValue {
        JSONValue.object([
            ("author", .string(author)), ("children", .array(children)), ("created_at", .string(isoTimestamp(time))),
            ("created_at_i", .int(time)), ("id", .int(id)), ("options", []), ("parent_id", parent.map { .int($0) } ?? .null),
            ("points", points.map { .int($0) } ?? .null), ("story_id", .int(storyID)),
            ("text", text.map(JSONValue.string) ?? .null), ("title", title.map(JSONValue.string) ?? .null),
            ("type", .string(type)), ("url", url.map(JSONValue.string) ?? .null),
        ])
    }
}
