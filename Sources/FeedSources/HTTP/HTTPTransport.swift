import FeedModel
import Foundation

/// One HTTP GET as an adapter describes it.
public struct HTTPRequest: Sendable, Equatable {
    public var url: URL
    public var headers: [String: String]
    /// A body cap tighter than the transport's own (a picture's), or nil for the transport's.
    public var maxBodyBytes: Int?
    /// The load it belongs to: its lane and who hears its retries.
    public var context: FetchContext
    /// Whether a successful response's body goes to a temporary file as it arrives
    /// (`HTTPResponse.spooled`) instead of into memory: a feed document, which can be tens of
    /// megabytes and is read a slice at a time. A small body may stay in memory, and a
    /// transport that cannot spool (a test's, the demo's) answers in memory: the reader takes
    /// either.
    public var spoolsBody: Bool

    public init(
        url: URL, headers: [String: String] = [:], maxBodyBytes: Int? = nil, spoolsBody: Bool = false,
        context: FetchContext = FetchContext()
    ) {
        self.url = url
        self.headers = headers
        self.maxBodyBytes = maxBodyBytes
        self.spoolsBody = spoolsBody
        self.context = context
    }

    /// Equal when the same thing is asked in the same lane; the observers are not compared.
    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.url == rhs.url && lhs.headers == rhs.headers && lhs.maxBodyBytes == rhs.maxBodyBytes
            && lhs.spoolsBody == rhs.spoolsBody && lhs.context.lane == rhs.context.lane
    }
}

/// What came back. Header names are lowercased.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    /// The body in memory (empty when it was spooled).
    public var body: Data
    public var url: URL
    /// The body in a temporary file, when the request asked for that and the answer was a
    /// success (an error's body stays in `body`, for its message).
    public var spooled: SpooledBody?
    /// The redirects followed to get here, in order (empty: the address asked answered).
    public var redirects: [HTTPRedirect]

    public init(
        status: Int, headers: [String: String], body: Data, url: URL, spooled: SpooledBody? = nil, redirects: [HTTPRedirect] = []
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.spooled = spooled
        self.redirects = redirects
    }

    /// Where the address asked has moved for good: the address its leading run of permanent
    /// redirects (301, 308) reaches, when that run is not empty and ends on an http or https
    /// address. `A -301-> B -308-> C` moved A to C; `A -301-> B -302-> C` moved A to B (B is
    /// only lending C its answer); `A -302-> B -301-> C` moved nothing: A said to keep asking
    /// it, whatever B did. 302, 303 and 307 move nothing.
    public var permanentAddress: (url: URL, status: Int)? {
        var moved: (url: URL, status: Int)?
        for redirect in redirects {
            guard HTTPRedirect.permanent.contains(redirect.status),
                  let scheme = redirect.to.scheme?.lowercased(), scheme == "http" || scheme == "https"
            else { break }
            moved = (redirect.to, moved?.status ?? redirect.status)
        }
        return moved
    }

    /// The body wherever it is.
    public var document: DocumentBytes { spooled.map(DocumentBytes.spooled) ?? .memory(body) }

    /// A header by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// One redirect a request followed: the status that answered `from`, and the `Location` it named.
public struct HTTPRedirect: Sendable, Equatable {
    /// Statuses that move a resource for good (RFC 9110 §15.4.2 and §15.4.9).
    public static let permanent: Set<Int> = [301, 308]

    public var status: Int
    public var from: URL
    public var to: URL

    public init(status: Int, from: URL, to: URL) {
        self.status = status
        self.from = from
        self.to = to
    }
}

/// Sends requests; the one seam between adapters and the network.
///
/// `send` suspends (never blocks a thread) until the response is complete, and honours task
/// cancellation: a cancelled task's request is closed on the wire and `send` throws
/// `.cancelled`. It throws only for transport failures (timeout, connection, size limits,
/// cancellation); any HTTP status comes back as a response, and the adapter decides what it
/// means.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws(FeedError) -> HTTPResponse

    /// Sends a request and turns its response into a value, as one unit a transport may retry:
    /// a retrying transport sends again when `interpret` throws a retryable error or a
    /// `.decoding` one (a truncated or garbled body is often a one-off).
    ///
    /// - Parameters:
    ///   - request: what to send.
    ///   - interpret: checks the status and decodes the body.
    /// - Returns: what `interpret` made of the (last) response.
    func exchange<T>(
        _ request: HTTPRequest, _ interpret: (HTTPResponse) throws(FeedError) -> T
    ) async throws(FeedError) -> T
}

extension HTTPTransport {
    /// One attempt: send, then interpret.
    public func exchange<T>(
        _ request: HTTPRequest, _ interpret: (HTTPResponse) throws(FeedError) -> T
    ) async throws(FeedError) -> T {
        try interpret(try await send(request))
    }
}
