import FeedModel
import FeedReader
import Foundation

/// Fetches one web page through the transport and reads the article out of it.
///
/// The page goes through everything an API request does: the transport's time and size limits,
/// its redirects (http and https only, at most 5), and the one retry site (a 5xx, a 429 or a
/// dropped connection is tried again). HTTP errors and transport failures are thrown as
/// `FeedError` (one line each); a page that arrived but holds no article is a `NotAnArticle`.
public struct ArticleFetch: Sendable {
    public let transport: any HTTPTransport

    public init(transport: any HTTPTransport) {
        self.transport = transport
    }

    /// What a reader asks for: HTML first, anything else last, so a PDF still says what it is.
    public static let accept = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"

    /// `host` or `host:port`, as the transport names a server in its messages.
    public static func hostName(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// Fetches `url` and extracts its article.
    /// - Parameter context: the lane (the reader's is `.detail`: never behind list prefetch) and
    ///   who hears retries.
    /// - Returns: the article (its `url` is the address after redirects) or why there is none.
    /// - Throws: `FeedError` for a failed exchange: timeout, connection, over the size cap, HTTP status.
    public func load(_ url: URL, context: FetchContext = FetchContext()) async throws(FeedError) -> Result<Article, NotAnArticle> {
        let host = Self.hostName(url)
        return try await transport.exchange(HTTPRequest(url: url, headers: ["Accept": Self.accept], context: context)) { response throws(FeedError) in
            try ResponseCheck.requireSuccess(response, api: host, now: Date())
            return ArticleExtractor().read(bytes: response.body, contentType: response.header("content-type"), url: response.url)
        }
    }
}
