import FeedModel
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import FeedSources

/// The real transport against a tiny HTTP/1.1 server on 127.0.0.1 (one thread, one request per
/// connection). The replica-over-loopback tests of the adapters live with the integrator.
@Suite(.serialized)
struct URLSessionTransportTests {
    /// `{"compressed":true,"text":"feed feed … "}` (200 × "feed "), gzip-compressed by Python.
    static let gzipBody = Data(base64Encoded: "H4sIAAAAAAACA6tWSs7PLShKLS5OTVGyKikqTdVRKkmtKFGyUkpLTU1RGCVGiVFiWBNKtQC/ICHeBQQAAA==")!

    @Test func plainResponseHeadersAndRequestHeaders() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let transport = URLSessionTransport()
        let response = try transport.send(HTTPRequest(url: server.url("/plain"), headers: ["X-GitHub-Api-Version": "2022-11-28"]))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(response.header("X-Total-Count") == "100")
        #expect(response.headers["x-total-count"] == "100")
        let head = try #require(server.requestHeads.first).lowercased()
        #expect(head.hasPrefix("get /plain http/1.1"))
        #expect(head.contains("user-agent: feedscroll/0.1.0"))
        #expect(head.contains("accept-encoding: gzip"))
        #expect(head.contains("x-github-api-version: 2022-11-28"))
    }

    @Test func requestUserAgentOverridesTheDefault() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        _ = try URLSessionTransport().send(HTTPRequest(url: server.url("/plain"), headers: ["User-Agent": "linux:feedscroll:0.1.0"]))
        let head = try #require(server.requestHeads.first).lowercased()
        #expect(head.contains("user-agent: linux:feedscroll:0.1.0"))
        #expect(!head.contains("user-agent: feedscroll/0.1.0"))
    }

    @Test func gzipBodiesArriveDecoded() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try URLSessionTransport().send(HTTPRequest(url: server.url("/gzip")))
        #expect(response.status == 200)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.hasPrefix(#"{"compressed":true,"text":"feed feed "#))
        #expect(response.body.count == 1029)
    }

    @Test func redirectsAreFollowed() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try URLSessionTransport().send(HTTPRequest(url: server.url("/redirect")))
        #expect(response.status == 200)
        #expect(response.url.path == "/plain")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
    }

    @Test func errorStatusesAreResponsesNotThrows() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try URLSessionTransport().send(HTTPRequest(url: server.url("/unavailable")))
        #expect(response.status == 503)
        #expect(response.header("retry-after") == "3")
    }

    @Test func slowServerTimesOut() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let transport = URLSessionTransport(requestTimeout: 0.5, resourceTimeout: 1)
        do {
            _ = try transport.send(HTTPRequest(url: server.url("/slow")))
            Issue.record("no timeout")
        } catch {
            #expect(error.kind == .timeout)
            #expect(error.isRetryable)
            #expect(error.message == "127.0.0.1:\(server.port): timed out")
        }
    }

    @Test func closedPortIsAConnectionError() throws {
        let port = try LoopbackServer.unusedPort()
        do {
            _ = try URLSessionTransport().send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/x")!))
            Issue.record("connected to a closed port")
        } catch {
            #expect(error.kind == .connection)
            #expect(error.isRetryable)
            #expect(error.message.hasPrefix("127.0.0.1:\(port):"))
        }
    }

    @Test(arguments: [
        (URLError.Code.timedOut, FeedError.Kind.timeout),
        (.cancelled, .cancelled),
        (.cannotFindHost, .connection),
        (.dnsLookupFailed, .connection),
        (.cannotConnectToHost, .connection),
        (.networkConnectionLost, .connection),
        (.notConnectedToInternet, .connection),
        (.unsupportedURL, .invalidRequest),
    ])
    func urlErrorsMapToKinds(code: URLError.Code, kind: FeedError.Kind) {
        let error = URLSessionTransport.feedError(URLError(code), url: URL(string: "https://api.github.com/x")!)
        #expect(error.kind == kind)
        #expect(error.message.hasPrefix("api.github.com:"))
    }
}

/// A minimal blocking HTTP/1.1 server on 127.0.0.1 for transport tests.
final class LoopbackServer: Sendable {
    let port: Int
    private let listener: Int32
    private let heads = Mutex<[String]>([])
    private let stopped = Mutex(false)

    var requestHeads: [String] { heads.withLock { $0 } }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    struct SocketError: Error { var what: String }

    init() throws {
        (listener, port) = try Self.bindLoopback()
        guard listen(listener, 16) == 0 else { throw SocketError(what: "listen") }
        let thread = Thread { [self] in self.acceptLoop() }
        thread.start()
    }

    /// A port nothing listens on (bound, then closed).
    static func unusedPort() throws -> Int {
        let (fd, port) = try bindLoopback()
        close(fd)
        return port
    }

    func stop() {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func bindLoopback() throws -> (Int32, Int) {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketError(what: "socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { close(fd); throw SocketError(what: "bind") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func acceptLoop() {
        while !stopped.withLock({ $0 }) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            serve(client)
            close(client)
        }
    }

    private func serve(_ client: Int32) {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeadEnd {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            request += buffer[0..<count]
        }
        let head = String(decoding: request, as: UTF8.self)
        heads.withLock { $0.append(head) }
        let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        switch path {
        case "/plain":
            respond(client, "200 OK", ["Content-Type: application/json", "X-Total-Count: 100"], Data(#"{"ok":true}"#.utf8))
        case "/gzip":
            respond(client, "200 OK", ["Content-Type: application/json", "Content-Encoding: gzip"], URLSessionTransportTests.gzipBody)
        case "/redirect":
            respond(client, "302 Found", ["Location: /plain"], Data())
        case "/unavailable":
            respond(client, "503 Service Unavailable", ["Retry-After: 3"], Data("down".utf8))
        case "/slow":
            Thread.sleep(forTimeInterval: 2)
            respond(client, "200 OK", [], Data("late".utf8))
        default:
            respond(client, "404 Not Found", [], Data())
        }
    }

    private func respond(_ client: Int32, _ status: String, _ headers: [String], _ body: Data) {
        let head = (["HTTP/1.1 \(status)", "Content-Length: \(body.count)", "Connection: close"] + headers)
            .joined(separator: "\r\n") + "\r\n\r\n"
        var bytes = [UInt8](head.utf8)
        bytes += body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            sent += n
        }
    }
}

extension [UInt8] {
    fileprivate var containsHeadEnd: Bool {
        guard count >= 4 else { return false }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 {
            return true
        }
        return false
    }
}
