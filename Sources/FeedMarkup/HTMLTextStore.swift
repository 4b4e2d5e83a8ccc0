/// The plain ASCII text of many text nodes in one buffer: the tree builder's, one a parse. A
/// text node keeps a range of it and makes its String when first asked for (`HTMLNode.text`):
/// most text of a page (scripts, styles, the boilerplate around the article) is measured from
/// the bytes (`HTMLNode.textMeasure`) and freed unread, where each node made and freed a String
/// of its own.
///
/// The builder gathers a text node's bytes at the end of the buffer and either keeps them
/// (`count` stays) or drops them (`truncate`); bytes a node keeps never change after.
final class HTMLTextStore {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Adds bytes at the end.
    func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        if count + length > capacity {
            capacity = max(capacity * 2, count + length)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: base, count: count)
            base.deallocate()
            base = grown
        }
        (base + count).update(from: bytes, count: length)
        count += length
    }

    /// Drops the bytes from `start` on.
    func truncate(to start: Int) {
        count = start
    }

    /// The bytes of `start..<start + length` (valid until the next `append`).
    func bytes(from start: Int, count length: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: length)
    }
}
