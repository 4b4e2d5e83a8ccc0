import FeedModel
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network: a blocking `HTTPTransport` over `URLSession`.
///
/// Each `send` runs one data task and waits for it on a semaphore, which is what the pager's
/// fetch queue expects. Redirects are followed (URLSession's default). `gzip`/`deflate`
/// bodies are decoded by URLSession (libcurl on Linux), so `body` is always the plain bytes;
/// the request still says `Accept-Encoding: gzip` for servers that compress only on request.
/// Request headers override the defaults (an adapter may send its own `User-Agent`).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let userAgent: String

    /// - Parameters:
    ///   - requestTimeout: seconds without data before a request times out.
    ///   - resourceTimeout: seconds a whole request may take.
    ///   - userAgent: sent unless a request sets its own.
    public init(
        requestTimeout: TimeInterval = 10,
        resourceTimeout: TimeInterval = 30,
        userAgent: String = FeedscrollVersion.userAgent
    ) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.timeoutIntervalForResource = resourceTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
        self.userAgent = userAgent
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: HTTPRequest) throws(FeedError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "GET"
        urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        urlRequest.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }

        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: urlRequest) { data, response, error in
            outcome.set(data: data, response: response, error: error)
            done.signal()
        }
        task.resume()
        done.wait()

        let (data, response, error) = outcome.value
        if let error {
            throw Self.feedError(error, url: request.url)
        }
        guard let http = response as? HTTPURLResponse else {
            throw FeedError(.connection, "\(Self.host(request.url)): no HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String else { continue }
            headers[name.lowercased()] = value as? String ?? "\(value)"
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data(), url: http.url ?? request.url)
    }

    // MARK: - Errors

    /// Maps a URLSession error onto the feed's kinds, with a one-line message naming the host.
    static func feedError(_ error: any Error, url: URL) -> FeedError {
        let host = host(url)
        guard let urlError = error as? URLError else {
            return FeedError(.connection, "\(host): \(error.localizedDescription)")
        }
        switch urlError.code {
        case .timedOut:
            return FeedError(.timeout, "\(host): timed out")
        case .cancelled:
            return FeedError(.cancelled, "\(host): cancelled")
        case .cannotFindHost, .dnsLookupFailed:
            return FeedError(.connection, "\(host): host not found")
        case .cannotConnectToHost:
            return FeedError(.connection, "\(host): cannot connect")
        case .networkConnectionLost:
            return FeedError(.connection, "\(host): connection lost")
        case .notConnectedToInternet:
            return FeedError(.connection, "\(host): not connected to the network")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return FeedError(.connection, "\(host): TLS failed", isRetryable: false)
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return FeedError(.connection, "\(host): too many redirects", isRetryable: false)
        case .badURL, .unsupportedURL:
            return FeedError(.invalidRequest, "\(host): unsupported URL \(url.absoluteString)")
        case .badServerResponse, .cannotDecodeContentData, .cannotDecodeRawData, .cannotParseResponse:
            return FeedError(.connection, "\(host): malformed response")
        default:
            return FeedError(.connection, "\(host): \(urlError.localizedDescription)")
        }
    }

    private static func host(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}

/// The data task's result, handed from URLSession's delegate queue to the waiting caller.
private final class Outcome: Sendable {
    // URLResponse and Data are immutable once delivered; the Mutex orders the hand-off.
    private struct Value: @unchecked Sendable {
        var data: Data?
        var response: URLResponse?
        var error: (any Error)?
    }
    private let storage = Mutex(Value())

    func set(data: Data?, response: URLResponse?, error: (any Error)?) {
        storage.withLock { $0 = Value(data: data, response: response, error: error) }
    }

    var value: (Data?, URLResponse?, (any Error)?) {
        storage.withLock { ($0.data, $0.response, $0.error) }
    }
}
