/// An id whose hash is its bucket's: ids of one bucket collide (the index and the diff tests
/// drive their probing and pairing with it).
struct CollidingID: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    let bucket: Int
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(bucket) }
    var description: String { "\(value)/\(bucket)" }
}
