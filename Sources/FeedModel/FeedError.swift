/// Why a page could not be loaded, and whether trying again may help.
public struct FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case timeout
        case connection
        /// An HTTP status the API answered with.
        case http(status: Int)
        /// The API said to slow down (429, 403 with rate-limit headers, a `backoff`).
        case rateLimited
        /// The body was not what the API documents.
        case decoding
        /// The request itself was wrong (a bad flag value, a query the API refuses).
        case invalidRequest
        case cancelled
        /// The API's pages stopped bringing anything new (a next link back to a page already
        /// read, the same page again and again, empty pages that still link onward): the pager
        /// stopped asking. Trying again brings the same.
        case noProgress
    }

    public var kind: Kind
    /// One line, fit for a footer or stderr.
    public var message: String
    /// Whether the same request may succeed later.
    public var isRetryable: Bool
    /// Seconds to wait before trying again, when the server said so.
    public var retryAfter: Double?

    public init(_ kind: Kind, _ message: String, isRetryable: Bool? = nil, retryAfter: Double? = nil) {
        self.kind = kind
        self.message = message
        self.isRetryable = isRetryable ?? kind.isRetryableByDefault
        self.retryAfter = retryAfter
    }

    public var description: String { message }
}

extension FeedError.Kind {
    var isRetryableByDefault: Bool {
        switch self {
        case .timeout, .connection, .rateLimited: true
        // 5xx only: a status past 599 (999, LinkedIn's refusal) is no server error to wait out.
        case let .http(status): (500...599).contains(status) || status == 429 || status == 408
        case .decoding, .invalidRequest, .cancelled, .noProgress: false
        }
    }
}
