import FeedMarkup
import FeedModel
import Foundation

/// Feed discovery: the feeds an HTML page announces with `<link rel="alternate">` (RSS, Atom,
/// JSON Feed), absolute, in the page's order (the first is the site's main feed by convention).
public enum FeedDiscovery {
    public struct Candidate: Sendable, Hashable {
        public var url: String
        public var type: String
        public var title: String?
    }

    static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/feed+json", "application/json",
        "application/rdf+xml", "application/x-rss+xml", "text/xml", "application/xml",
    ]

    /// - Parameters:
    ///   - bytes: the page.
    ///   - contentType: its `Content-Type`, for the charset.
    ///   - url: the page's address after redirects.
    public static func candidates(in bytes: [UInt8], contentType: String? = nil, url: URL?) -> [Candidate] {
        let document = HTMLDocument.parse(bytes: bytes, contentType: contentType, url: url)
        var out: [Candidate] = []
        for link in document.root.descendants(named: ["link"]) {
            let rel = (link["rel"] ?? "").lowercased().split(separator: " ")
            let type = (link["type"] ?? "").lowercased().split(separator: ";").first.map { $0.trimmingSpace() } ?? ""
            guard rel.contains("alternate"), feedTypes.contains(type), let href = link["href"],
                  let address = document.resolve(href)?.absoluteString,
                  !out.contains(where: { $0.url == address })
            else { continue }
            out.append(Candidate(url: address, type: type, title: link["title"]))
        }
        return out
    }
}
