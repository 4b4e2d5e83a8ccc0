import FeedModel
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal blocking HTTP/1.1 server on 127.0.0.1 for transport tests, with hostile routes:
/// a trickle, oversized bodies, a gzip bomb, and a request that hangs until the client closes.
final class LoopbackServer: Sendable {
    let port: Int
    private let listener: Int32
    private let heads = Mutex<[String]>([])
    private let stopped = Mutex(false)
    private let written = Mutex(0)
    /// What the server saw, as it happened (`"hang: request"`, `"hang: closed by client"`).
    let events: AsyncStream<String>
    private let emit: AsyncStream<String>.Continuation

    var requestHeads: [String] { heads.withLock { $0 } }
    /// Body bytes written to clients so far.
    var bytesWritten: Int { written.withLock { $0 } }

    /// 64 MiB of zeros, gzip-compressed (about 64 KiB): a ratio near 1000.
    static let gzipBomb: Data = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "head -c 67108864 /dev/zero | gzip -c"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }()

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    struct SocketError: Error { var what: String }

    init() throws {
        (events, emit) = AsyncStream.makeStream(of: String.self)
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
        emit.finish()
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
            // A signal or a connection reset before it was taken ends no server.
            if client < 0, errno == EINTR || errno == ECONNABORTED { continue }
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
            respond(client, "200 OK", ["Content-Type: application/json", "Content-Encoding: gzip"], AsyncHTTPTransportTests.gzipBody)
        case "/redirect":
            respond(client, "302 Found", ["Location: /plain"], Data())
        case "/moved":
            respond(client, "301 Moved Permanently", ["Location: /moved-again"], Data())
        case "/moved-again":
            respond(client, "308 Permanent Redirect", ["Location: /redirect"], Data())
        case "/feed.gz":
            respond(client, "200 OK", ["Content-Type: application/rss+xml", "Content-Encoding: gzip"], FeedFetchTests.gzipFeed)
        case "/unavailable":
            respond(client, "503 Service Unavailable", ["Retry-After: 3"], Data("down".utf8))
        case "/slow":
            Thread.sleep(forTimeInterval: 2)
            respond(client, "200 OK", [], Data("late".utf8))
        case "/trickle":
            writeAll(client, Array("HTTP/1.1 200 OK\r\nContent-Length: 600\r\nConnection: close\r\n\r\n".utf8))
            for _ in 0..<600 {
                guard writeAll(client, [UInt8(ascii: "x")]) else { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
        case "/cut":
            // Announces 100,000 bytes, sends half, and hangs up: a download cut off.
            writeAll(client, Array("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n".utf8))
            writeAll(client, [UInt8](repeating: UInt8(ascii: "c"), count: 50_000))
        case "/announced-big":
            writeAll(client, Array("HTTP/1.1 200 OK\r\nContent-Length: 52428800\r\nConnection: close\r\n\r\n".utf8))
        case "/streamed-big":
            writeAll(client, Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8))
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 10)
            for _ in 0..<1024 {
                guard writeAll(client, chunk) else { return }
            }
        case "/bomb":
            respond(client, "200 OK", ["Content-Type: application/json", "Content-Encoding: gzip"], Self.gzipBomb)
        case "/hang":
            emit.yield("hang: request")
            while read(client, &buffer, buffer.count) > 0 {}
            emit.yield("hang: closed by client")
        default:
            respond(client, "404 Not Found", [], Data())
        }
    }

    private func respond(_ client: Int32, _ status: String, _ headers: [String], _ body: Data) {
        let head = (["HTTP/1.1 \(status)", "Content-Length: \(body.count)", "Connection: close"] + headers)
            .joined(separator: "\r\n") + "\r\n\r\n"
        writeAll(client, [UInt8](head.utf8) + body)
    }

    /// - Returns: false when the client has gone.
    @discardableResult
    private func writeAll(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            sent += n
            written.withLock { $0 += n }
        }
        return true
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
