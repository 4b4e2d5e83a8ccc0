import Foundation
import Glibc

/// A response body written to a temporary file as it arrived instead of held in memory: a feed
/// document of tens of megabytes costs disk (the page cache), not the program's memory.
///
/// The file is unlinked the moment it is made: it lives on only as this body's open descriptor,
/// so it is gone when the last reference to the body is released, and at exit however the
/// process ends (a crash or `SIGKILL` leaves nothing behind either). It is complete and never
/// written again once a `BodySpool` hands it over; readers map it or `pread` it, which keeps no
/// shared file position, so any number of them may read it at once.
public final class SpooledBody: Sendable, Equatable, CustomStringConvertible {
    /// The open descriptor of the (nameless) file.
    public let descriptor: Int32
    /// The body's length in bytes.
    public let count: Int
    /// The name the file had before it was unlinked (tests look for it in `/proc/self/fd`).
    public let name: String

    fileprivate init(descriptor: Int32, count: Int, name: String) {
        self.descriptor = descriptor
        self.count = count
        self.name = name
    }

    deinit { close(descriptor) }

    /// Bodies are equal when they are the same file.
    public static func == (lhs: SpooledBody, rhs: SpooledBody) -> Bool { lhs === rhs }

    public var description: String { "SpooledBody(\(count) bytes)" }

    /// The bytes at `range` (clamped to the body).
    public func read(_ range: Range<Int>) -> Data {
        let lower = max(0, min(range.lowerBound, count)), upper = max(lower, min(range.upperBound, count))
        var out = Data(count: upper - lower)
        var done = 0
        out.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            while done < upper - lower {
                let n = pread(descriptor, base + done, upper - lower - done, off_t(lower + done))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                done += n
            }
        }
        if done < out.count { out.removeSubrange(done...) }
        return out
    }

    /// The whole body in memory (a small document judged whole: an HTML page, a JSON Feed).
    public func data() -> Data { read(0..<count) }
}

/// A body being written to a nameless temporary file, chunk by chunk as the network delivers
/// it; `finish()` hands it over as a `SpooledBody`. A spool dropped unfinished (a failed or
/// cancelled download) closes its file, which frees it.
///
/// Not thread-safe: one download writes one spool.
public final class BodySpool {
    private var descriptor: Int32
    private let name: String
    private(set) public var count = 0

    /// Makes the file in `directory` and unlinks it at once.
    /// - Throws: `FeedError` (`.connection`, not retried) when no file can be made there.
    public init(in directory: String) throws(FeedError) {
        switch NamelessFile.make(in: directory, prefix: "feedscroll-body") {
        case let .success(file):
            (descriptor, name) = (file.descriptor, file.path)
        case let .failure(reason):
            throw FeedError(.connection, reason.message, isRetryable: false)
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Appends `bytes` to the file.
    /// - Throws: `FeedError` (`.connection`, not retried) when the disk refuses them (full).
    public func append(_ bytes: UnsafeRawBufferPointer) throws(FeedError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let n = write(descriptor, base + done, bytes.count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                throw FeedError(.connection, "cannot write the response to a temporary file: \(String(cString: strerror(errno)))", isRetryable: false)
            }
            done += n
        }
        count += bytes.count
    }

    /// The complete body; the spool is spent.
    public func finish() -> SpooledBody {
        let body = SpooledBody(descriptor: descriptor, count: count, name: name)
        descriptor = -1
        return body
    }
}

/// A document's bytes: in memory, or spooled to a temporary file as they arrived.
public enum DocumentBytes: Sendable, Equatable {
    case memory(Data)
    case spooled(SpooledBody)

    /// The length in bytes.
    public var count: Int {
        switch self {
        case .memory(let data): data.count
        case .spooled(let body): body.count
        }
    }

    /// The first `count` bytes (for sniffing).
    public func prefix(_ count: Int) -> Data {
        switch self {
        case .memory(let data): data.prefix(count)
        case .spooled(let body): body.read(0..<count)
        }
    }

    /// The whole document in memory: read from its file when it is spooled.
    public func data() -> Data {
        switch self {
        case .memory(let data): data
        case .spooled(let body): body.data()
        }
    }
}

/// A temporary file with no name: made in a directory and unlinked at once, so it is gone when
/// its descriptor is closed, however the process ends, and not inherited by a program the user
/// opens (a browser, a player). Spooled bodies (`BodySpool`) and the id tables' files
/// (`SpillFile`) are made here.
enum NamelessFile {
    struct Failure: Error { var message: String }

    /// - Returns: the open descriptor and the name the file had, or why none could be made.
    static func make(in directory: String, prefix: String) -> Result<(descriptor: Int32, path: String), Failure> {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template.append(contentsOf: Array("\(prefix)-XXXXXX".utf8CString))
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            return .failure(Failure(message: "cannot make a temporary file in \(directory): \(String(cString: strerror(errno)))"))
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        unlink(path)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return .success((fd, path))
    }
}
