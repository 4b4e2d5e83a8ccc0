import Dispatch

/// The program's one queue for feed documents (`SyndicationSource`'s `parseQueue`): serial, so
/// one libxml2 parse at a time holds a thread, and never one of Swift's cooperative ones. A
/// dispatch thread's stack is enough: libxml2's reader keeps its element stack on the heap and
/// refuses documents nested deeper than 256 levels (`DocumentParseTests` parses one 100,000
/// levels deep on such a queue).
enum ParseQueue {
    static let shared = DispatchQueue(label: "feedscroll.parse", qos: .utility)
}
