/// One entry of a feed, as every source maps it: a story, a repository, a post, a change.
///
/// Identity (`id`) is apart from content: two values with the same id are the same entry,
/// possibly at two moments (a score that changed, a title that was edited).
public struct FeedItem: Sendable, Hashable, Identifiable, Codable {
    /// Namespaced by source, e.g. `hn:8863`, `pokeapi:bulbasaur`, `demo:42`.
    public var id: String
    public var title: String
    public var url: String?
    public var author: String?
    public var score: Int?
    public var commentCount: Int?
    /// Unix seconds.
    public var time: Int64?
    public var body: String?
    /// The page where people discuss the item, where the API has one.
    public var discussionURL: String?
    /// The body as the API sent it, in HTML (HN `text`, Mastodon `content`), when it is HTML.
    /// Raw remote text: it reaches a screen only through FeedMarkup (`MarkupFragment`), whose text
    /// nodes pass the escape gate.
    public var bodyHTML: String?
    /// Nesting in a thread (0 for a story or a top-level comment).
    public var depth: Int
    /// The id of the entry this one answers, in a thread.
    public var parentID: String?
    /// What the source says about the item in its own words, in meta-line order (`ItemFact`).
    /// Empty: the meta line is built from the common fields (author · points · comments · age).
    public var facts: [ItemFact]
    /// The links (`url`, `discussionURL`, as shown after cleaning) that were refused as
    /// received because they carried control or space characters (`linkHasHiddenCharacters`);
    /// nil when none was. Set by `sanitized()`.
    public var refusedLinks: Set<String>?
    /// The item's picture (PokeAPI artwork, an avatar, a thumbnail or cover), where the API has one.
    public var pictureURL: String?

    public init(
        id: String,
        title: String,
        url: String? = nil,
        author: String? = nil,
        score: Int? = nil,
        commentCount: Int? = nil,
        time: Int64? = nil,
        body: String? = nil,
        discussionURL: String? = nil,
        bodyHTML: String? = nil,
        depth: Int = 0,
        parentID: String? = nil,
        facts: [ItemFact] = [],
        pictureURL: String? = nil
    ) {
        self.id = id
        self.title = title
        self.url = url
        self.author = author
        self.score = score
        self.commentCount = commentCount
        self.time = time
        self.body = body
        self.discussionURL = discussionURL
        self.bodyHTML = bodyHTML
        self.depth = depth
        self.parentID = parentID
        self.facts = facts
        self.pictureURL = pictureURL
    }
}
