import FeedModel
import Glibc

/// A spooled body mapped read-only for one reader, which gives its pages back as it passes
/// them (`passed(_:)`), so what the mapping keeps resident is about a megabyte however long the
/// body: the reader goes forward, and a page given back is read again from the file (the page
/// cache, normally) should anything look behind.
///
/// Not thread-safe: one mapping is read by one reader (a `FeedCursor`) at a time.
final class MappedBody {
    /// The body's bytes.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The file stays open while mapped (the mapping would keep it anyway; this says so).
    private let body: SpooledBody
    /// Bytes below this were given back.
    private var released = 0

    /// Pages are given back a megabyte at a time (one `madvise` each).
    static let releaseStep = 1 << 20
    private static let pageSize = max(4096, sysconf(Int32(_SC_PAGESIZE)))

    /// Maps `body`; nil when it cannot be mapped.
    init?(_ body: SpooledBody) {
        self.body = body
        guard body.count > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let base = mmap(nil, body.count, PROT_READ, MAP_PRIVATE, body.descriptor, 0), base != UnsafeMutableRawPointer(bitPattern: -1) else {
            return nil
        }
        bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: body.count)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    /// The reader is past `offset`: the whole pages below it may go (given back a step at a time).
    func passed(_ offset: Int) {
        let below = min(offset, bytes.count) / Self.pageSize * Self.pageSize
        guard below - released >= Self.releaseStep, let base = bytes.baseAddress else { return }
        // A private read-only mapping of a file: the pages given back are re-read from the file
        // if touched again, never zeroes.
        madvise(UnsafeMutableRawPointer(mutating: base + released), below - released, MADV_DONTNEED)
        released = below
    }

    /// The reader starts again at `offset` (a second pass over the same mapping): pages below it
    /// are given back as it passes them again.
    func restart(at offset: Int) {
        released = min(released, offset / Self.pageSize * Self.pageSize)
    }
}
