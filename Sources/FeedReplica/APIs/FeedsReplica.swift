import Foundation
import Synchronization

/// Syndication feeds under `/feeds` (`ReplicaFeeds` lists them): every format, every way of
/// paging history, broken feeds, 100,000-entry feeds (RSS and JSON Feed). Each document answers with an `ETag`
/// (a hash of its body) and `Last-Modified` (its newest entry), and a request that sends the
/// `ETag` back in `If-None-Match`, or a matching `If-Modified-Since`, gets 304 and no body.
/// Requests are counted in `/_stats` per feed and per archive document
/// (`feeds/atom-archived`, `feeds/atom-archived/archive/2`), so tests can count fetches.
struct FeedsReplica: ReplicaAPI {
    let name = "feeds"
    let prefix = "/feeds"
    private let hugeDocuments = HugeDocuments()

    func routeName(for path: String) -> String? {
        let parts = path.split(separator: "/")
        guard let feed = parts.first else { return nil }
        let name = String(feed)
        guard ReplicaFeeds.spec(name) != nil || ReplicaFeeds.brokenNames.contains(name) || name == "site"
            || ReplicaFeeds.redirects[name] != nil
        else { return nil }
        if parts.count == 3 && parts[1] == "posts" { return "\(name)/posts/{index}" }
        return parts.count == 3 && parts[1] == "archive" ? "\(name)/archive/\(parts[2])" : name
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        guard request.method == "GET" || request.method == "HEAD" else { return ReplicaResponse(status: 405) }
        let parts = request.path.split(separator: "/").map(String.init)
        if parts.count == 3, parts[1] == "posts" {
            // The page an entry links to, for the reader (`a`).
            guard let index = Int(parts[2]), let post = ReplicaFeeds.post(parts[0], index, origin: request.origin) else {
                return ReplicaResponse(status: 404, text: "<html><head><title>404 Not Found</title></head><body>Not found</body></html>", contentType: "text/html")
            }
            return ReplicaResponse(status: post.status, headers: [("Content-Type", post.contentType)] + post.headers, body: post.body)
        }
        if let (status, target) = ReplicaFeeds.redirects[request.path] {
            // A feed that moved: `Location` absolute, as servers send it (a relative one works too).
            let location = target.contains(":") ? target : "\(request.origin)/feeds/\(target)"
            return ReplicaResponse(status: status, headers: [("Location", location)], text: "moved to \(location)\n")
        }
        if request.path == "huge", let n = request.query.first(where: { $0.0 == "n" }).flatMap({ Int($0.1) }) {
            return Self.streamedHuge(count: n, request: request)
        }
        let document: ReplicaFeedDocument?
        if ReplicaFeeds.hugeNames.contains(request.path) {
            document = hugeDocuments.document(request.path, origin: request.origin)
        } else {
            document = ReplicaFeeds.document(path: request.path, request: request)
        }
        guard let document else {
            return ReplicaResponse(status: 404, text: "<html><head><title>404 Not Found</title></head><body>Not found</body></html>", contentType: "text/html")
        }
        let etag = "\"" + String(document.body.hashValueStable, radix: 16) + "\""
        var headers: [(String, String)] = [("Content-Type", document.contentType), ("ETag", etag)]
        let lastModified = document.newest.map { ReplicaFeeds.rfc822($0, gmt: true) }
        if let lastModified { headers.append(("Last-Modified", lastModified)) }
        if document.status == 200 {
            let tags = request.header("if-none-match")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let notModified = tags.map { $0.contains(etag) || $0.contains("W/" + etag) || $0.contains("*") }
                ?? (lastModified != nil && request.header("if-modified-since") == lastModified)
            if notModified { return ReplicaResponse(status: 304, headers: headers.filter { $0.0 != "Content-Type" }) }
        }
        return ReplicaResponse(status: document.status, headers: headers, body: document.body)
    }
}

extension FeedsReplica {
    /// `huge?n=N`: the huge feed with N entries (0 to 10,000,000), made as it is sent, a thousand
    /// entries a chunk, so a feed of a million entries (330 MB) is never in the replica's memory.
    /// For N = 100,000 the very bytes of `huge`; an ETag of its parameters, since its bytes are
    /// never hashed whole.
    static func streamedHuge(count: Int, request: ReplicaRequest) -> ReplicaResponse {
        guard (0...10_000_000).contains(count) else {
            return ReplicaResponse(status: 400, text: "n must be 0 to 10,000,000")
        }
        let newest = ReplicaFeeds.anchor + Int64(max(count, 1) - 1) * 60
        let etag = "\"huge-\(count)-" + String(Array(request.origin.utf8).hashValueStable, radix: 16) + "\""
        let lastModified = ReplicaFeeds.rfc822(newest, gmt: true)
        var headers: [(String, String)] = [("Content-Type", "application/rss+xml; charset=UTF-8"), ("ETag", etag), ("Last-Modified", lastModified)]
        let tags = request.header("if-none-match")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if tags.map({ $0.contains(etag) || $0.contains("*") }) ?? (request.header("if-modified-since") == lastModified) {
            headers.removeFirst()
            return ReplicaResponse(status: 304, headers: headers)
        }
        let origin = request.origin
        let perChunk = 1_000
        let chunks = (count + perChunk - 1) / perChunk
        return ReplicaResponse(headers: headers, stream: ReplicaStream { n in
            if n == 0 { return Array(ReplicaFeeds.hugeRSSHead(origin: origin, count: count).utf8) }
            if n == chunks + 1 { return Array(ReplicaFeeds.hugeRSSTail.utf8) }
            guard n <= chunks else { return nil }
            // Newest first: chunk 1 holds entries count-1 down to count-1000.
            let top = count - 1 - (n - 1) * perChunk
            var x = ""
            x.reserveCapacity(perChunk * 340)
            for index in stride(from: top, through: max(0, top - perChunk + 1), by: -1) {
                x += ReplicaFeeds.hugeRSSItem(index, origin: origin)
            }
            return Array(x.utf8)
        })
    }
}

/// The 100,000-entry documents, each built once per origin and kept (they take a while to build).
private final class HugeDocuments: Sendable {
    private let documents = Mutex<[String: ReplicaFeedDocument]>([:])

    func document(_ name: String, origin: String) -> ReplicaFeedDocument {
        let key = name + " " + origin
        if let done = documents.withLock({ $0[key] }) { return done }
        let built = ReplicaFeeds.huge(name, origin: origin)
        documents.withLock { $0[key] = built }
        return built
    }
}

extension [UInt8] {
    /// FNV-1a 64 over the bytes.
    var hashValueStable: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in self { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
