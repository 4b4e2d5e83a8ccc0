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

    /// With `--drift` stories gather votes as time passes (what live updates show); without it
    /// a story's score never changes.
    @Test func scoresRiseOnlyWhenTheFeedDrifts() {
        func score(_ hn: HackerNewsReplica, _ seq: Int, at now: Double) -> Int? {
            guard case let .object(pairs) = hn.itemJSON(id: hn.id(of: seq), now: now),
                  case let .int(score)? = pairs.first(where: { $0.0 == "score" })?.1 else { return nil }
            return Int(score)
        }
        let still = HackerNewsReplica(seed: 42, clock: FeedClock(startedAt: 0, anchor: 1_760_000_000, drift: 0), count: 50)
        let drifting = HackerNewsReplica(seed: 42, clock: FeedClock(startedAt: 0, anchor: 1_760_000_000, drift: 1), count: 50)
        let scored = (0..<50).filter { score(still, $0, at: 0) != nil }
        #expect(scored.count > 30)
        for seq in scored {
            #expect(score(still, seq, at: 60) == score(still, seq, at: 0))
            #expect(score(drifting, seq, at: 0) == score(still, seq, at: 0))
            let later = score(drifting, seq, at: 60) ?? 0
            #expect(later >= (score(still, seq, at: 0) ?? 0) + 12, "story \(seq)")
        }
    }
}
