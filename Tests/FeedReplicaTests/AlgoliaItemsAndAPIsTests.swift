import Foundation
import Testing
@testable import FeedReplica

/// Algolia's `/items/{id}` tree, and a replica serving only the APIs it is asked for.
@Suite struct AlgoliaItemsAndAPIsTests {
    /// Counts the comments under a node, depth first, checking each child names its parent.
    func walk(_ node: [String: Any], depth: Int = 0, into depths: inout [Int]) {
        for child in node["children"] as? [[String: Any]] ?? [] {
            #expect(child["parent_id"] as? Int == node["id"] as? Int)
            #expect(child["type"] as? String == "comment")
            depths.append(depth)
            walk(child, depth: depth + 1, into: &depths)
        }
    }

    @Test func itemsAnswerTheStoryWithItsWholeCommentTree() async throws {
        try await withReplica { running in
            let search = try await ReplicaClient.get(running, "algolia", "/search?tags=story&hitsPerPage=50")
            let hits = search.object["hits"] as? [[String: Any]] ?? []
            let story = try #require(hits.first { ($0["num_comments"] as? Int ?? 0) >= 5 })
            let id = try #require(story["objectID"] as? String)
            let item = try await ReplicaClient.get(running, "algolia", "/items/\(id)")
            #expect(item.status == 200)
            #expect(item.object["id"] as? Int == Int(id))
            #expect(item.object["title"] as? String == story["title"] as? String)
            #expect(item.object["type"] as? String == "story")
            var depths: [Int] = []
            walk(item.object, into: &depths)
            #expect(depths.count == min(story["num_comments"] as? Int ?? 0, AlgoliaReplica.maxTreeComments))
            #expect(depths.contains { $0 > 0 }, "threads nest")
            let again = try await ReplicaClient.get(running, "algolia", "/items/\(id)")
            #expect(again.body == item.body, "deterministic")
            #expect(try await ReplicaClient.get(running, "algolia", "/items/1").status == 404)
        }
    }

    @Test func onlyTheAPIsAskedForAreServed() async throws {
        var configuration = ReplicaConfiguration(items: 50)
        configuration.apis = ["hn"]
        try await withReplica(configuration) { running in
            #expect(Array(running.baseURLs.keys) == ["hn"])
            #expect(try await ReplicaClient.get(running, "hn", "/topstories.json").status == 200)
            let other = try await ReplicaClient.getRoot(running, "/pokeapi/api/v2/pokemon")
            #expect(other.status == 404)
        }
    }
}
