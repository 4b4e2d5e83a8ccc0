import Foundation
import Testing
@testable import FeedReplica
import FeedTestSupport

@Suite struct HackerNewsCommentTreeTests {
    /// Walks the replica's threads over HTTP: `kids` and `parent` agree, every node is reached
    /// once, `descendants` counts them, and the tree has depth, deleted and dead comments.
    @Test(.offThePool) func threadsAreConsistentTreesWithDepthAndDeletedAndDeadComments() async throws {
        try await withReplica(ReplicaConfiguration(items: 200, anchorTime: 1_760_000_000)) { running in
            let top = try await ReplicaClient.get(running, "hn", "/topstories.json").array.compactMap { $0 as? Int }
            var walked = 0
            var maxDepth = 0
            var sawDeleted = false
            var sawDead = false
            var sawCode = false
            for id in top.prefix(12) {
                let story = try await ReplicaClient.get(running, "hn", "/item/\(id).json").object
                guard let descendants = story["descendants"] as? Int, descendants > 0 else { continue }
                var seen = Set<Int>()
                var stack = ((story["kids"] as? [Int]) ?? []).map { (id: $0, parent: id, depth: 0) }
                while !stack.isEmpty {
                    let next = stack.removeFirst()
                    #expect(seen.insert(next.id).inserted, "comment \(next.id) reached twice")
                    let comment = try await ReplicaClient.get(running, "hn", "/item/\(next.id).json").object
                    #expect(comment["type"] as? String == "comment")
                    #expect(comment["parent"] as? Int == next.parent)
                    maxDepth = max(maxDepth, next.depth)
                    if comment["deleted"] as? Bool == true { sawDeleted = true }
                    if comment["dead"] as? Bool == true {
                        sawDead = true
                        #expect(comment["text"] == nil)
                    } else if comment["deleted"] as? Bool != true {
                        let text = try #require(comment["text"] as? String)
                        #expect(text.contains("<p>"))
                        if text.contains("<pre><code>") { sawCode = true }
                    }
                    let kids = (comment["kids"] as? [Int]) ?? []
                    stack.insert(contentsOf: kids.map { (id: $0, parent: next.id, depth: next.depth + 1) }, at: 0)
                }
                #expect(seen.count == descendants)
                walked += seen.count
            }
            #expect(walked > 100)
            #expect(maxDepth >= 3)
            #expect(sawDeleted && sawDead && sawCode)
        }
    }

    @Test func commentIdsOutsideAThreadAreNull() async throws {
        try await withReplica(ReplicaConfiguration(items: 50, anchorTime: 1_760_000_000)) { running in
            let past = try await ReplicaClient.get(running, "hn", "/item/\(CommentTree.firstID + 999).json")
            #expect(past.text == "null")
            let noStory = try await ReplicaClient.get(running, "hn", "/item/\(CommentTree.firstID + 10_000 * CommentTree.stride).json")
            #expect(noStory.text == "null")
        }
    }

    /// `extraComments`: every story with comments has that many more, after the same ones, with
    /// the same ids (a later run of the same replica, where the talk went on).
    @Test func extraCommentsComeAfterTheSameComments() async throws {
        func thread(_ extra: Int) async throws -> (descendants: Int, kids: [Int]) {
            var configuration = ReplicaConfiguration(items: 50, anchorTime: 1_760_000_000)
            configuration.extraComments = extra
            var found = (descendants: 0, kids: [Int]())
            try await withReplica(configuration) { running in
                let top = try await ReplicaClient.get(running, "hn", "/topstories.json").array.compactMap { $0 as? Int }
                for id in top {
                    let story = try await ReplicaClient.get(running, "hn", "/item/\(id).json").object
                    if let descendants = story["descendants"] as? Int, descendants > 0, descendants < 300 {
                        found = (descendants, (story["kids"] as? [Int]) ?? [])
                        return
                    }
                }
            }
            return found
        }
        let before = try await thread(0)
        let after = try await thread(5)
        #expect(before.descendants > 0)
        #expect(after.descendants == before.descendants + 5)
        #expect(Array(after.kids.prefix(before.kids.count)) == before.kids)
    }
}
