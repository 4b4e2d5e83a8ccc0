import FeedMarkup
import FeedModel
import FeedSources

/// The `--json` line: `id` and `title` always; `url`, `author`, `score`, `comments` and `time`
/// where the API has them; `picture` (the picture's URL) where the item has one; then the source's own fields (`stars`, `forks`, `subreddit`, …)
/// from the item's facts, under their names.
struct JSONRecord: Encodable {
    /// The fields every source shares; a fact with one of these names is already there.
    static let commonFields: Set<String> = ["id", "title", "url", "author", "score", "comments", "time", "picture"]

    var item: FeedItem

    init(_ item: FeedItem) { self.item = item }

    private struct Field: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A media file as `{"url","type","length"}`, all three always present (null when unknown),
    /// and `"duration"` (seconds) when the feed states one.
    private struct MediaRecord: Encodable {
        var media: ItemFact.Media
        init(_ media: ItemFact.Media) { self.media = media }
        enum CodingKeys: String, CodingKey { case url, type, length, duration }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(media.url, forKey: .url)
            try container.encode(media.type, forKey: .type)
            try container.encode(media.length, forKey: .length)
            try container.encodeIfPresent(media.duration, forKey: .duration)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Field.self)
        // Ids are kept raw for identity (FeedItem.sanitized), and a script gets them raw too:
        // cleaned, two distinct ids could print as one. Their controls are JSON escapes, never
        // raw bytes (`TextSanitizer.escapingHiddenInJSON`). A link refused as received is left out: a script would
        // open the other link cleaning made.
        try container.encode(item.id, forKey: Field("id"))
        try container.encode(item.title, forKey: Field("title"))
        try container.encodeIfPresent(item.url.flatMap { item.isRefusedLink($0) ? nil : $0 }, forKey: Field("url"))
        try container.encodeIfPresent(item.author, forKey: Field("author"))
        try container.encodeIfPresent(item.score, forKey: Field("score"))
        try container.encodeIfPresent(item.commentCount, forKey: Field("comments"))
        try container.encodeIfPresent(item.time, forKey: Field("time"))
        try container.encodeIfPresent(item.pictureURL, forKey: Field("picture"))
        var written = Self.commonFields
        if let parent = item.parentID {
            // A comment (--thread): where it sits in the thread, and its text as plain text.
            try container.encode(parent, forKey: Field("parent"))
            try container.encode(item.depth, forKey: Field("depth"))
            let text = item.bodyHTML.map { TextSanitizer.clean(MarkupFragment.text($0), mode: .multiline) }
                ?? item.body.map { TextSanitizer.clean($0, mode: .multiline) } ?? ""
            try container.encode(text, forKey: Field("text"))
            written.formUnion(["parent", "depth", "text"])
        }
        for fact in item.facts where !written.contains(fact.name) {
            written.insert(fact.name)
            let key = Field(fact.name)
            switch fact.value {
            case let .number(number): try container.encode(number, forKey: key)
            case let .text(text): try container.encode(text, forKey: key)
            case let .list(texts): try container.encode(texts, forKey: key)
            case let .flag(flag): try container.encode(flag, forKey: key)
            case let .time(seconds): try container.encode(seconds, forKey: key)
            case let .paragraphs(text): try container.encode(text, forKey: key)
            case let .media(files): try container.encode(files.map(MediaRecord.init), forKey: key)
            }
        }
    }
}
