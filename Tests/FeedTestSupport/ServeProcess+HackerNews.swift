import Foundation

extension ServeProcess {
    /// A story of the replica's Hacker News top list with at least `minimum` comments, alive,
    /// among the first `count` from rank `first` on: its rank (0 first), id and comment count.
    public func hackerNewsStory(
        withCommentsAtLeast minimum: Int, among count: Int = 15, from first: Int = 0
    ) throws -> (rank: Int, id: Int, descendants: Int) {
        let base = baseURLs["hn"] ?? ""
        let ids = try json("\(base)/topstories.json") as? [Int] ?? []
        for (rank, id) in ids.prefix(count).enumerated() where rank >= first {
            let item = try json("\(base)/item/\(id).json") as? [String: Any]
            if let descendants = item?["descendants"] as? Int, descendants >= minimum, item?["dead"] == nil, item?["deleted"] == nil {
                return (rank, id, descendants)
            }
        }
        throw NoSuchStory(minimum: minimum)
    }

    /// A JSON document fetched from `url` with curl (the replica, or anything on loopback).
    public func json(_ url: String) throws -> Any {
        let result = try ChildProcess.run(["curl", "-s", "--max-time", "5", url], environment: ProcessInfo.processInfo.environment)
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    }

    /// `GET /_stats` → `routes["hn/v0/item"]`: Hacker News item requests the replica received
    /// (counted as they arrive, before their latency).
    public func hackerNewsItemRequests() throws -> Int {
        try routeStats()["hn/v0/item"] ?? 0
    }

    public struct NoSuchStory: Error {
        public var minimum: Int
    }
}
