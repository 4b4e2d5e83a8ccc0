import FeedModel
import Foundation

/// One HTTP GET as an adapter describes it.
public struct HTTPRequest: Sendable, Equatable {
    public var url: URL
    public var headers: [String: String]

    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// What came back. Header names are lowercased.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    public var url: URL

    public init(status: Int, headers: [String: String], body: Data, url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// A header by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Sends requests; the one seam between adapters and the network.
///
/// `send` blocks until the response is complete: it is called on the fetcher's queue.
/// It throws only for transport failures (timeout, connection, cancellation); any HTTP
/// status comes back as a response, and the adapter decides what it means.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) throws(FeedError) -> HTTPResponse
}
