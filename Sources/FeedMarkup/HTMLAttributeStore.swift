/// The attributes of many elements in one buffer: the tree builder's, one a parse, where each
/// element kept an array of its own (an allocation and a free for every element with
/// attributes, about 10,000 on the 35 corpus pages). An element reads its attributes as a range
/// of the buffer (`HTMLNode`); a node whose attributes are set makes a store of its own.
///
/// Appended to only while the tree is built, before any node reads it; read-only after.
final class HTMLAttributeStore {
    private(set) var base: UnsafeMutablePointer<HTMLAttribute>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// A store holding `attributes`, names unique (one node's).
    convenience init<List: Collection<HTMLAttribute>>(_ attributes: List) {
        self.init(capacity: attributes.count)
        for attribute in attributes { append(attribute) }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Adds one attribute at the end; its index is the `count` before.
    func append(_ attribute: HTMLAttribute) {
        if count == capacity {
            capacity *= 2
            let grown = UnsafeMutablePointer<HTMLAttribute>.allocate(capacity: capacity)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
        }
        (base + count).initialize(to: attribute)
        count += 1
    }
}
