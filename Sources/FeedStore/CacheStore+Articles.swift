import FeedModel
import Foundation
import GRDB

/// The reader's articles, kept as they were read (`a`), so they open again offline.
extension CacheStore {
    /// The most article bytes kept: a quarter of the cache's bound (at least 1 MB). Past it the
    /// articles read longest ago go first.
    public var articleLimitBytes: Int { Swift.max(1 << 20, limitBytes / 4) }

    /// Keeps an article read from `url` (the address asked for, before redirects), replacing
    /// the copy kept from there before.
    ///
    /// - Parameters:
    ///   - article: the article, its strings already through the sanitiser.
    ///   - time: when it was fetched, Unix seconds.
    public func keepArticle(_ article: ArticleText, from url: String, at time: Double) throws {
        let blob = try Self.encoder.encode(article)
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO article (url, article, bytes, fetchedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (url) DO UPDATE SET article = excluded.article, bytes = excluded.bytes,
                      fetchedAt = excluded.fetchedAt
                    """,
                arguments: [url, blob, blob.count, time])
            var total = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(bytes), 0) FROM article") ?? 0
            while total > articleLimitBytes {
                guard let oldest = try Row.fetchOne(
                    db, sql: "SELECT url, bytes FROM article WHERE url != ? ORDER BY fetchedAt ASC LIMIT 1", arguments: [url])
                else { break }
                try db.execute(sql: "DELETE FROM article WHERE url = ?", arguments: [oldest["url"] as String])
                total -= oldest["bytes"] as Int
            }
        }
    }

    /// The article kept from `url`, its strings sanitised again, and when it was fetched; nil
    /// when none is kept. A copy that no longer decodes is dropped and reads as none.
    public func keptArticle(from url: String) throws -> (article: ArticleText, fetchedAt: Double)? {
        let row = try read { db in
            try Row.fetchOne(db, sql: "SELECT article, fetchedAt FROM article WHERE url = ?", arguments: [url])
        }
        guard let row else { return nil }
        let blob: Data = row["article"]
        guard let article = try? Self.decoder.decode(ArticleText.self, from: blob) else {
            _ = try? write { db in try db.execute(sql: "DELETE FROM article WHERE url = ?", arguments: [url]) }
            return nil
        }
        return (article.sanitized(), row["fetchedAt"])
    }

    /// How many articles are kept.
    public func keptArticleCount() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article") ?? 0 }
    }
}
