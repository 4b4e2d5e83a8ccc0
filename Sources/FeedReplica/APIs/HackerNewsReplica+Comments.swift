import FeedModel

/// The comment tree under one replica story: deterministic from the seed and the story.
///
/// A story with `descendants` N (capped) has comments 0..<N with ids
/// `firstID + seq × stride + index`; comment k answers the story or one of the few comments
/// just before it, so threads nest several levels deep and depth-first order is index order.
/// About 5 % are `deleted` and 3 % `dead`; both keep their `kids`, as on Hacker News. Text is
/// HTML paragraphs with a link, and now and then a `<pre><code>` block.
struct CommentTree {
    static let firstID = 500_000_000
    static let stride = 1000
    static let maxComments = 400

    let replica: HackerNewsReplica
    let story: HackerNewsReplica.Story

    init(replica: HackerNewsReplica, story: HackerNewsReplica.Story) {
        self.replica = replica
        self.story = story
    }

    var count: Int {
        guard story.condition == .normal, story.descendants > 0 else { return 0 }
        return min(story.descendants, Self.maxComments) + min(replica.extraComments, Self.stride - Self.maxComments)
    }

    func id(of index: Int) -> Int { Self.firstID + story.seq * Self.stride + index }

    /// The comment a comment answers (nil: the story).
    func parent(of index: Int) -> Int? {
        guard index > 0 else { return nil }
        var rng = SeededRandom(seed: replica.seed, salt: "hn/tree", index: id(of: index))
        if rng.chance(0.3) { return nil }
        return index - 1 - rng.below(min(index, 4))
    }

    /// Replies to a comment (nil: to the story), oldest first.
    func kids(of index: Int?) -> [Int] {
        let start = (index ?? -1) + 1
        return (start..<max(start, count)).filter { parent(of: $0) == index }
    }

    /// `/item/ID.json` for an id in the comment range.
    static func comment(id: Int, replica: HackerNewsReplica, storyCount: Int) -> JSONValue {
        let seq = (id - firstID) / stride
        let index = (id - firstID) % stride
        guard seq < storyCount else { return .null }
        let tree = CommentTree(replica: replica, story: replica.story(seq))
        guard index < tree.count else { return .null }
        var rng = SeededRandom(seed: replica.seed, salt: "hn/comment", index: id)
        let parentID = tree.parent(of: index).map(tree.id(of:)) ?? tree.story.id
        let time = JSONValue.int(tree.story.time + Int64(60 * (index + 1)))
        var fields: [(String, JSONValue)] = [("id", .int(id)), ("parent", .int(parentID)), ("time", time), ("type", "comment")]
        let kids = tree.kids(of: index)
        if !kids.isEmpty { fields.append(("kids", .array(kids.map { .int(tree.id(of: $0)) }))) }
        let roll = rng.below(100)
        if roll < 5 {
            fields.append(("deleted", true))
            return JSONValue.object(fields).sortedKeys()
        }
        fields.append(("by", .string(TextGenerator.author(&rng))))
        if roll < 8 {
            // Like dead stories here, dead comments withhold their text.
            fields.append(("dead", true))
            return JSONValue.object(fields).sortedKeys()
        }
        var text = HackerNewsReplica.htmlParagraphs(TextGenerator.body(&rng), rng: &rng)
        if text.isEmpty {
            // A live comment always says something.
            text = TextGenerator.htmlEscapeHN(TextGenerator.title(&rng)) + "<p>+1"
        }
        if rng.chance(0.15) {
            text += "<p><pre><code>  let x = a &lt; b\n      ? f(x)\n      : g(x)\n</code></pre>"
        }
        fields.append(("text", .string(text)))
        return JSONValue.object(fields).sortedKeys()
    }
}
