import FeedModel
import Foundation
import GRDB

/// Feeds' own titles (`feedTitle`): what a feed calls itself (its document's `<title>`, a JSON
/// Feed's `title`), by the URL it is subscribed at, so the subscription list can name a feed
/// its config or OPML gives no name, as newsboat does, from the cache and without a request.
extension CacheStore {
    /// Keeps `title` for the feed subscribed at `url`, replacing an older one.
    public func storeFeedTitle(_ title: String, of url: String) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO feedTitle (url, title) VALUES (?, ?)
                    ON CONFLICT(url) DO UPDATE SET title = excluded.title WHERE title != excluded.title
                    """,
                arguments: [url, title])
        }
    }

    /// The titles kept for `urls`; a feed with none kept is left out.
    public func feedTitles(of urls: [String]) throws -> [String: String] {
        guard !urls.isEmpty else { return [:] }
        let wanted = Set(urls)
        // One row per feed ever fetched: read whole rather than bind a variable per URL.
        return try read { db in
            var titles: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT url, title FROM feedTitle") {
                let url: String = row["url"]
                if wanted.contains(url) { titles[url] = row["title"] }
            }
            return titles
        }
    }
}
