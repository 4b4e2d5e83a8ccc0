import FeedModel
import Foundation

extension HTTPTransport {
    /// GETs `url`, requires a 2xx, and decodes the body as `T`.
    ///
    /// Status check and decoding happen inside one `exchange`, so a retrying transport tries a
    /// 5xx, a 429 or a garbled body again by itself.
    func fetchJSON<T: Decodable>(
        _ type: T.Type, from url: URL, headers: [String: String] = [:], api: String, context: FetchContext
    ) async throws(FeedError) -> (T, HTTPResponse) {
        try await exchange(HTTPRequest(url: url, headers: headers, context: context)) { response throws(FeedError) in
            try ResponseCheck.requireSuccess(response, api: api, now: Date())
            return (try JSONBody.decode(T.self, from: response, api: api), response)
        }
    }
}

extension Int {
    /// Clamps a requested page size into `1...maximum`.
    func clampedPageSize(maximum: Int) -> Int { Swift.min(Swift.max(self, 1), maximum) }
}

/// A feed item title never empty: the pager needs something to show.
func nonEmptyTitle(_ title: String, fallback: String = "(untitled)") -> String {
    title.isEmpty ? fallback : title
}
