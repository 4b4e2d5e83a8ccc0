#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - The diff's scratch memory, kept per thread

/// The memory `diff` works in (old rows in new order, which old rows were paired, the move
/// search's runs), kept by each thread between diffs instead of allocated and freed by each.
///
/// A diff of n rows works in about 17 bytes a row. Allocated afresh each time, that memory came
/// from the top of the heap, which glibc had just given back to the kernel when the previous
/// snapshots were freed: every page of it was a page fault (19–21 for 5,000 rows, about 3–5 µs
/// each, more than a third of the diff). A block taken from the thread and given back stays
/// mapped, so a thread's diffs after its first touch no fresh page.
///
/// A block is taken out of the thread's slot while a diff uses it, so a diff started inside
/// another on the same thread (an `==` that diffs) gets a block of its own. Threads keep at
/// most `keptLimit` bytes (a diff of about 240,000 rows); bigger blocks are freed after use.
/// A thread's block is freed when the thread exits.
@usableFromInline
internal enum DiffScratch {
    /// The most bytes a thread keeps between diffs.
    @usableFromInline static let keptLimit = 4 << 20

    /// The block's byte capacity is stored in front of it, in a header this big (which also
    /// keeps the block 16-byte aligned).
    static let headerSize = 16

    static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let status = pthread_key_create(&key) { block in block.deallocate() }
        #else
        let status = pthread_key_create(&key) { block in block?.deallocate() }
        #endif
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// A block of at least `byteCount` bytes: the thread's kept block when it is big enough,
    /// else a new one (the kept block, too small, is freed). Give it back with `giveBack`.
    @usableFromInline
    static func take(byteCount: Int) -> UnsafeMutableRawBufferPointer {
        let key = Self.key
        if let kept = pthread_getspecific(key) {
            pthread_setspecific(key, nil)
            let capacity = kept.load(as: Int.self)
            if capacity >= byteCount {
                return UnsafeMutableRawBufferPointer(start: kept + headerSize, count: capacity)
            }
            kept.deallocate()
        }
        // Rounded up to a power of two (at least a page), so a thread whose diffs grow a
        // little at a time does not allocate for each.
        var capacity = 4_096
        while capacity < byteCount { capacity &<<= 1 }
        let block = UnsafeMutableRawPointer.allocate(byteCount: headerSize + capacity, alignment: headerSize)
        block.storeBytes(of: capacity, as: Int.self)
        return UnsafeMutableRawBufferPointer(start: block + headerSize, count: capacity)
    }

    /// Gives a block from `take` back to the thread (or frees it, if it is bigger than
    /// `keptLimit` or the thread kept another meanwhile that is at least as big).
    @usableFromInline
    static func giveBack(_ scratch: UnsafeMutableRawBufferPointer) {
        let block = scratch.baseAddress! - headerSize
        guard scratch.count <= keptLimit else {
            block.deallocate()
            return
        }
        let key = Self.key
        if let kept = pthread_getspecific(key) {
            if kept.load(as: Int.self) >= scratch.count {
                block.deallocate()
                return
            }
            kept.deallocate()
        }
        pthread_setspecific(key, block)
    }

    /// The byte capacity of the block the calling thread keeps (0 when it keeps none), for tests.
    internal static var keptByteCount: Int {
        pthread_getspecific(key)?.load(as: Int.self) ?? 0
    }
}
