import Foundation

/// A feed document as fetched, kept between runs: RFC 5005 archive documents forever (they
/// never change, so each is fetched once ever), the subscription document with its validators
/// (so a refresh costs one conditional GET, and a 304 costs no parse).
public struct StoredFeedDocument: Sendable, Equatable {
    public var url: String
    /// The body as received: the transport's `Data`, or the temporary file it spooled a feed
    /// document to (kept, parsed and stored without a copy in memory).
    public var contents: DocumentBytes
    public var contentType: String?
    public var etag: String?
    public var lastModified: String?
    /// `fh:archive`: never fetched again.
    public var isArchive: Bool
    /// Unix seconds.
    public var fetchedAt: Double

    public init(url: String, body: Data, contentType: String?, etag: String?, lastModified: String?, isArchive: Bool, fetchedAt: Double) {
        self.init(
            url: url, contents: .memory(body), contentType: contentType, etag: etag, lastModified: lastModified,
            isArchive: isArchive, fetchedAt: fetchedAt)
    }

    public init(
        url: String, contents: DocumentBytes, contentType: String?, etag: String?, lastModified: String?, isArchive: Bool,
        fetchedAt: Double
    ) {
        self.url = url
        self.contents = contents
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.isArchive = isArchive
        self.fetchedAt = fetchedAt
    }

    /// The body in memory (read from its file when it was spooled).
    public var body: Data { contents.data() }
}
