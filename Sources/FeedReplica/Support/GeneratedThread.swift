import FeedModel

/// A conversation's shape, deterministic from the seed, an API's salt and the item: who answers
/// whom, at what depth, and which comments were deleted or removed. Each replica writes it in
/// its API's own words (Lobsters' flat pre-order array, DEV's nested `children`, Reddit's
/// nested `replies` Listings).
///
/// Comment k answers the item or one of the few comments just before it, so threads nest
/// several levels deep; `nodes` is the depth-first pre-order with replies oldest first, the
/// order every thread view shows. About 5 % are deleted by their author and 3 % removed by a
/// moderator; both keep their replies.
struct GeneratedThread {
    enum Fate: Equatable {
        case live, deleted, removed
    }

    struct Node {
        /// Its place in the order comments were written (0 is the oldest).
        var index: Int
        /// The comment it answers, or nil for the item itself.
        var parent: Int?
        var depth: Int
        var fate: Fate
    }

    /// Depth-first pre-order, replies oldest first.
    let nodes: [Node]

    /// - Parameters:
    ///   - count: comments in the thread.
    ///   - maxDepth: the deepest a reply nests (Lobsters: 18); a reply past it answers its
    ///     parent's parent instead.
    init(seed: UInt64, salt: String, item: Int, count: Int, maxDepth: Int = 30) {
        var parents: [Int?] = []
        var depths: [Int] = []
        var fates: [Fate] = []
        var replies: [Int: [Int]] = [:]
        var roots: [Int] = []
        for k in 0..<max(0, count) {
            var rng = SeededRandom(seed: seed, salt: "\(salt)/thread/\(item)", index: k)
            var parent: Int? = k == 0 || rng.chance(0.3) ? nil : k - 1 - rng.below(min(k, 4))
            while let p = parent, depths[p] + 1 > maxDepth { parent = parents[p] }
            parents.append(parent)
            depths.append(parent.map { depths[$0] + 1 } ?? 0)
            let roll = rng.below(100)
            fates.append(roll < 5 ? .deleted : roll < 8 ? .removed : .live)
            if let parent { replies[parent, default: []].append(k) } else { roots.append(k) }
        }
        var order: [Node] = []
        var stack = Array(roots.reversed())
        while let k = stack.popLast() {
            order.append(Node(index: k, parent: parents[k], depth: depths[k], fate: fates[k]))
            stack += (replies[k] ?? []).reversed()
        }
        nodes = order
    }
}

extension JSONValue {
    /// An object's value for a key.
    subscript(key: String) -> JSONValue? {
        guard case let .object(pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// An integer value.
    var intValue: Int? {
        guard case let .int(value) = self else { return nil }
        return Int(value)
    }
}
