/// The class/id word lists the extractor judges elements by (Readability's, as documented in
/// THREADS-AND-FEEDS.md part 3), matched as lowercase substrings: cheaper than regular
/// expressions and the same answers for these plain alternations.
enum ClassPatterns {
    static let unlikely = [
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote",
    ]
    static let maybeCandidate = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]
    static let negative = [
        "-ad-", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media", "meta",
        "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor", "shopping",
        "tags", "widget",
    ]
    static let positive = ["article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text", "blog", "story"]
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]
    static let share = ["share", "sharedaddy"]
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]

    static func matches(_ text: String, _ words: [String]) -> Bool {
        guard !text.isEmpty else { return false }
        let lower = text.lowercased()
        return words.contains { lower.contains($0) }
    }

    /// The negative list also holds the word `hid` alone (not `hidden-xs`'s neighbours).
    static func isNegative(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let lower = text.lowercased()
        if lower.split(separator: " ").contains("hid") { return true }
        return lower.contains("hidden") || negative.contains { lower.contains($0) }
    }
}
