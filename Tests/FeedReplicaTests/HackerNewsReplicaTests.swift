import Foundation
import Testing
@testable import FeedReplica

@Suite struct HackerNewsReplicaTests {
    @Test func listsAreBareIntArraysWithTheirCaps() async throws {
        try await withReplica(ReplicaConfiguration(items: 1200, anchorTime: 1_760_000_000)) { running in
            let top = try await ReplicaClient.get(running, "hn", "/topstories.json")
            #expect(top.status == 200)
            #expect(top.array.count == 500)
            #expect(top.array.allSatisfy { $0 is Int })
            let ask = try await ReplicaClient.get(running, "hn", "/askstories.json")
            #expect(ask.array.count <= 200)
            let best = try await ReplicaClient.get(running, "hn", "/beststories.json")
            #expect(best.array.count == 200)
        }
    }

    @Test func itemsHaveAlphabeticalKeysAndNullForMissing() async throws {
        try await withReplica { running in
            let new = try await ReplicaClient.get(running, "hn", "/newstories.json")
            let ids = new.array.compactMap { $0 as? Int }
            #expect(!ids.isEmpty)
            var sawNull = false
            var sawDeleted = false
            var sawDead = false
            for id in ids {
                let item = try await ReplicaClient.get(running, "hn", "/item/\(id).json")
                #expect(item.status == 200)
                if item.text == "null" { sawNull = true; continue }
                let object = item.object
                #expect(object["id"] as? Int == id)
                if object["deleted"] as? Bool == true { sawDeleted = true }
                if object["dead"] as? Bool == true {
                    sawDead = true
                    #expect(object["text"] == nil, "dead items withhold their text")
                }
                if object["deleted"] as? Bool != true { #expect(object["by"] is String && object["time"] is Int) }
            }
            #expect(sawNull && sawDeleted && sawDead)
            let missing = try await ReplicaClient.get(running, "hn", "/item/0.json")
            #expect(missing.status == 200 && missing.text == "null")
            let max = try await ReplicaClient.get(running, "hn", "/maxitem.json")
            #expect(max.json as? Int ?? 0 > ids[0])
        }
    }

    @Test func itemKeysComeOutSorted() {
        let hn = HackerNewsReplica(seed: 42, clock: FeedClock(startedAt: 0, anchor: 1_760_000_000, drift: 0), count: 50)
        for seq in 0..<50 {
            guard case let .object(pairs) = hn.itemJSON(id: hn.id(of: seq), now: 0) else { continue }
            let keys = pairs.map(\.0)
            #expect(keys == keys.sorted())
        }
    }
}
