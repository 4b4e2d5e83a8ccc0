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
        let lower = Array(text.lowercased().utf8)
        return words.contains { contains(lower, $0) }
    }

    /// The negative list also holds the word `hid` alone (not `hidden-xs`'s neighbours).
    static func isNegative(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let lowercased = text.lowercased()
        if lowercased.split(separator: " ").contains("hid") { return true }
        let lower = Array(lowercased.utf8)
        return contains(lower, "hidden") || negative.contains { contains(lower, $0) }
    }

    /// Whether `word`'s UTF-8 bytes occur in `text` (Foundation's `contains` went through
    /// `NSString` and a locale-aware search for every element and word).
    static func contains(_ text: [UInt8], _ word: String) -> Bool {
        var word = word
        return word.withUTF8 { word in
            guard let first = word.first, word.count <= text.count else { return word.isEmpty }
            var start = 0
            let last = text.count &- word.count
            while start <= last {
                if text[start] == first {
                    var offset = 1
                    while offset < word.count && text[start &+ offset] == word[offset] { offset &+= 1 }
                    if offset == word.count { return true }
                }
                start &+= 1
            }
            return false
        }
    }
}
