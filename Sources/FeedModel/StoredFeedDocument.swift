import Foundation

/// A feed document as fetched, kept between runs: RFC 5005 archive documents forever (they
/// never change, so each is fetched once ever), the subscription document with its validators
/// (so a refresh costs one conditional GET, and a 304 costs no parse).
public struct StoredFeedDocument: Sendable, Equatable {
    public var url: String
    /// The body as received (`Data` as the transport delivers it: kept, parsed and stored
    /// without a copy).
    public var body: Data
    public var contentType: String?
    public var etag: String?
    public var lastModified: String?
    /// `fh:archive`: never fetched again.
    public var isArchive: Bool
    /// Unix seconds.
    public var fetchedAt: Double

    public init(url: String, body: Data, contentType: String?, etag: String?, lastModified: String?, isArchive: Bool, fetchedAt: Double) {
        self.url = url
        self.body = body
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.isArchive = isArchive
        self.fetchedAt = fetchedAt
    }
}
