import FeedModel
import Testing

@testable import FeedSources

struct CommentWalkTests {
    typealias Walk = CommentWalk<Int>

    /// A tree by id: replies, and whether the comment is shown. Ids missing from it are
    /// `.missing`, ids in `unknown` not fetched yet.
    struct Tree {
        var replies: [Int: [Int]] = [:]
        var hidden: Set<Int> = []
        var unknown: Set<Int> = []

        func lookup(_ id: Int) -> Walk.Lookup {
            if unknown.contains(id) { return .unknown }
            guard let kids = replies[id] else { return .missing }
            return .comment(replies: kids, isShown: !hidden.contains(id))
        }
    }

    /// 1 ─ 2 ─ 4            5 is hidden (deleted) with a reply 6; 7 is gone;
    ///   │   └ 5 ─ 6        3 is hidden (dead) with a reply 8.
    ///   └ 3 ─ 8
    /// 7 (gone), 9
    static let tree = Tree(replies: [1: [2, 3], 2: [4, 5], 4: [], 5: [6], 6: [], 3: [8], 8: [], 9: []], hidden: [3, 5])

    private func all(_ walk: inout Walk, _ tree: Tree) -> [Walk.Visit] {
        var budget = Int.max
        return walk.take(shown: .max, budget: &budget, tree.lookup)
    }

    @Test func depthFirstWithDepthsHiddenCommentsKeepTheirReplies() {
        var walk = Walk(roots: [1, 7, 9])
        let visits = all(&walk, Self.tree)
        #expect(visits.map(\.place.entry) == [1, 2, 4, 5, 6, 3, 8, 7, 9])
        #expect(visits.map(\.place.depth) == [0, 1, 2, 2, 3, 1, 2, 0, 0])
        #expect(visits.filter(\.isShown).map(\.place.entry) == [1, 2, 4, 6, 8, 9])
        #expect(walk.isFinished)
        #expect(walk.next == nil)
    }

    @Test func takingStopsAtTheLimitAndResumesFromPending() {
        var walk = Walk(roots: [1, 7, 9])
        var budget = 100
        let first = walk.take(shown: 3, budget: &budget, Self.tree.lookup)
        #expect(first.map(\.place.entry) == [1, 2, 4])
        #expect(budget == 97)
        #expect(walk.pending == [Walk.Place(entry: 5, depth: 2), Walk.Place(entry: 3, depth: 1), Walk.Place(entry: 7, depth: 0), Walk.Place(entry: 9, depth: 0)])
        // A walk rebuilt from `pending` (a page cursor) goes on exactly where this one stands.
        var resumed = Walk(pending: walk.pending)
        #expect(all(&resumed, Self.tree) == all(&walk, Self.tree))
    }

    /// A thread of deleted comments (each the only reply of the one before) takes no rows but
    /// costs its places: the budget ends the page, and the rest stays pending.
    @Test func theBudgetBoundsAThreadOfHiddenComments() {
        var tree = Tree()
        for id in 1...1_000 { tree.replies[id] = id < 1_000 ? [id + 1] : [] }
        tree.hidden = Set(1..<1_000)
        var walk = Walk(roots: [1])
        var budget = 80
        let visits = walk.take(shown: 20, budget: &budget, tree.lookup)
        #expect(visits.count == 80)
        #expect(visits.allSatisfy { !$0.isShown })
        #expect(budget == 0)
        #expect(walk.next == Walk.Place(entry: 81, depth: 80))
        var rest = Int.max
        let end = walk.take(shown: 20, budget: &rest, tree.lookup)
        #expect(end.filter(\.isShown).map(\.place) == [Walk.Place(entry: 1_000, depth: 999)])
    }

    @Test func takingStopsAtAnUnknownComment() {
        var tree = Self.tree
        tree.unknown = [5]
        var walk = Walk(roots: [1, 7, 9])
        var budget = Int.max
        #expect(walk.take(shown: .max, budget: &budget, tree.lookup).map(\.place.entry) == [1, 2, 4])
        #expect(walk.next == Walk.Place(entry: 5, depth: 2))
        #expect(walk.take(shown: .max, budget: &budget, tree.lookup).isEmpty)
    }

    /// The frontier lists the unknown comments among the next rows, expanding the known ones
    /// in place: one fetch per level. Missing and hidden comments take no row; unknown ones do.
    @Test func theFrontierIsTheNextLevelWithinTheRowsNeeded() {
        var tree = Self.tree
        tree.unknown = Set(tree.replies.keys).union([7])
        let walk = Walk(roots: [1, 7, 9])
        #expect(walk.frontier(positions: 20, tree.lookup) == [1, 7, 9])
        #expect(walk.frontier(positions: 2, tree.lookup) == [1, 7])
        tree.unknown.subtract([1, 7, 9])
        tree.replies[7] = nil  // 7 came back gone
        #expect(walk.frontier(positions: 20, tree.lookup) == [2, 3])
        // 1 and 9 are the two rows known; 2 is the first unknown one.
        #expect(walk.frontier(positions: 2, tree.lookup) == [2])
        tree.unknown.subtract([2, 3])
        // 3 is hidden: its reply 8 takes the row 3 does not.
        #expect(walk.frontier(positions: 20, tree.lookup) == [4, 5, 8])
        tree.unknown.subtract([4, 5, 8])
        #expect(walk.frontier(positions: 20, tree.lookup) == [6])
        tree.unknown = []
        #expect(walk.frontier(positions: 20, tree.lookup) == [])
        // Looking ahead does not walk.
        #expect(walk.next == Walk.Place(entry: 1, depth: 0))
    }

    /// No recursion anywhere: a chain of 10,000 replies walks, and looks ahead, in a loop.
    @Test func aChainTenThousandDeepNeedsNoStack() {
        var tree = Tree()
        for id in 1...10_000 { tree.replies[id] = id < 10_000 ? [id + 1] : [] }
        tree.unknown = [10_000]
        var walk = Walk(roots: [1])
        #expect(walk.frontier(positions: 10_000, tree.lookup) == [10_000])
        #expect(walk.frontier(positions: 9_999, tree.lookup) == [])
        // Deleted all the way down, the chain takes no rows: one row reaches its end.
        tree.hidden = Set(1..<10_000)
        #expect(walk.frontier(positions: 1, tree.lookup) == [10_000])
        tree.hidden = []
        tree.unknown = []
        let visits = all(&walk, tree)
        #expect(visits.count == 10_000)
        #expect(visits.last?.place == Walk.Place(entry: 10_000, depth: 9_999))
        #expect(visits.map(\.place.depth) == Array(0..<10_000))
    }

    /// Seeded random forests: the walk is the recursive definition, visit for visit, whatever
    /// the limits a page takes it with.
    @Test(arguments: 1...20) func randomTreesWalkAsTheRecursiveDefinition(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        func random(_ bound: Int) -> Int { rng.below(bound) }
        let count = 1 + random(200)
        var tree = Tree()
        var roots: [Int] = []
        for id in 0..<count {
            if id == 0 || random(4) == 0 { roots.append(id) } else { tree.replies[random(id), default: []].append(id) }
            tree.replies[id, default: []] = tree.replies[id] ?? []
            if random(6) == 0 { tree.hidden.insert(id) }
        }
        for id in 0..<count where random(15) == 0 { tree.replies[id] = nil }  // gone, subtree and all
        var expected: [Walk.Visit] = []
        func visit(_ id: Int, depth: Int) {
            guard let kids = tree.replies[id] else { return expected.append(Walk.Visit(place: Walk.Place(entry: id, depth: depth), isShown: false)) }
            expected.append(Walk.Visit(place: Walk.Place(entry: id, depth: depth), isShown: !tree.hidden.contains(id)))
            for kid in kids { visit(kid, depth: depth + 1) }
        }
        for root in roots { visit(root, depth: 0) }
        var walk = Walk(roots: roots)
        var visits: [Walk.Visit] = []
        while !walk.isFinished {
            var budget = 1 + random(12)
            visits += walk.take(shown: 1 + random(6), budget: &budget, tree.lookup)
            walk = Walk(pending: walk.pending)
        }
        #expect(visits == expected)
    }
}
