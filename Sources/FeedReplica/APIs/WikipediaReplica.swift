import FeedModel

/// MediaWiki Action API `list=recentchanges`: `rccontinue` keyset, `batchcomplete`, errors with HTTP 200, `maxlag`.
struct WikipediaReplica: ReplicaAPI {
    let name = "wikipedia"
    let prefix = "/wikipedia/w"
    let seed: UInt64
    let timeline: FeedTimeline

    static let docref = "See https://en.wikipedia.org/w/api.php for API usage. Subscribe to the mediawiki-api-announce mailing list at &lt;https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/&gt; for notice of API deprecations and breaking changes."
    static let servedBy = "mw-api-ext.eqiad.main-7d9c8f6b5-x2x9q"

    init(seed: UInt64, clock: FeedClock, count: Int) {
        self.seed = seed
        timeline = FeedTimeline(clock: clock, count: count, seed: seed, salt: "wikipedia", meanGap: 3, tieRate: 0.4)
    }

    func rcid(_ seq: Int) -> Int { 1_700_000_000 + seq * 2 }

    static let types = ["edit", "edit", "edit", "edit", "new", "log", "categorize"]

    /// The change's `type`: the first draw of its stream, so `rctype` can filter without building the rest.
    func type(_ seq: Int) -> String {
        var rng = SeededRandom(seed: seed, salt: "wikipedia", index: seq)
        return rng.pick(Self.types)
    }

    func changeJSON(_ seq: Int, props: Set<String>, formatVersion2: Bool) -> JSONValue {
        var rng = SeededRandom(seed: seed, salt: "wikipedia", index: seq)
        let type = rng.pick(Self.types)
        let title = TextGenerator.title(&rng)
        let pageTitle = title.isEmpty ? "Main Page" : String(title.prefix(80))
        let ns = rng.pick([0, 0, 0, 1, 2, 4, 14])
        let user = rng.chance(0.3) ? "2001:db8::\(rng.below(9999))" : TextGenerator.author(&rng)
        let oldLength = rng.below(60_000)
        let newLength = max(0, oldLength + rng.below(2000) - 700)
        let revid = 1_250_000_000 + seq * 3
        var fields: [(String, JSONValue)] = [("type", .string(type))]
        if props.contains("title") { fields += [("ns", .int(ns)), ("title", .string(pageTitle))] }
        if props.contains("ids") {
            fields += [("pageid", .int(100_000 + rng.below(70_000_000))), ("revid", .int(type == "log" ? 0 : revid)),
                       ("old_revid", .int(type == "edit" ? revid - 1 - rng.below(1000) : 0)), ("rcid", .int(rcid(seq)))]
        }
        if props.contains("user") {
            if rng.chance(0.02) { fields.append(("userhidden", formatVersion2 ? true : "")) } else { fields.append(("user", .string(user))) }
        }
        if props.contains("sizes") { fields += [("oldlen", .int(type == "new" ? 0 : oldLength)), ("newlen", .int(newLength))] }
        if props.contains("timestamp") { fields.append(("timestamp", .string(isoTimestamp(timeline.time(seq))))) }
        if props.contains("comment") {
            fields.append(("comment", .string(rng.chance(0.2) ? "" : "/* \(pageTitle.prefix(20)) */ fix typo & \"style\"")))
        }
        if props.contains("flags") {
            let flags: [(String, Bool)] = [("new", type == "new"), ("minor", rng.chance(0.3)), ("bot", rng.chance(0.1))]
            for (flag, isSet) in flags {
                if formatVersion2 { fields.append((flag, .bool(isSet))) } else if isSet { fields.append((flag, "")) }
            }
        }
        return .object(fields)
    }

    static func apiError(_ code: String, _ info: String, extra: [(String, JSONValue)] = [], headers: [(String, String)] = []) -> ReplicaResponse {
        .json(.object([("error", .object([("code", .string(code)), ("info", .string(info))] + extra + [("docref", .string(docref))])),
                       ("servedby", .string(servedBy))]),
              headers: [("MediaWiki-API-Error", code)] + headers)
    }

    // MARK: - ReplicaAPI

    func routeName(for path: String) -> String? { path == "api.php" ? "api.php" : nil }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        guard request.path == "api.php" else {
            return ReplicaResponse(status: 404, text: "<!DOCTYPE html><title>Not Found</title>", contentType: "text/html; charset=utf-8")
        }
        let action = request["action"] ?? "help"
        if action == "compare" { return compare(request) }
        guard action == "query" else {
            if action == "help" { return .json(["help": ["mime": "text/html", "help": "Main module"]]) }
            return Self.apiError("badvalue", "Unrecognized value for parameter \"action\": \(action).")
        }
        let formatVersion2 = request["formatversion"] == "2" || request["formatversion"] == "latest"
        guard let list = request["list"] else { return .json(["batchcomplete": formatVersion2 ? true : ""]) }
        guard list == "recentchanges" else { return Self.apiError("badvalue", "Unrecognized value for parameter \"list\": \(list).") }

        var warnings: [String] = []
        var limit = 10
        if let raw = request["rclimit"] {
            if raw == "max" {
                limit = 500
            } else if let value = Int(raw) {
                limit = value
                if value > 500 { warnings.append("rclimit may not be over 500 (set to \(value)) for users."); limit = 500 }
                if value < 1 { warnings.append("rclimit may not be less than 1 (set to \(value))."); limit = 1 }
            } else {
                return Self.apiError("badinteger", "Invalid value \"\(raw)\" for integer parameter \"rclimit\".")
            }
        }
        let props = Set((request["rcprop"] ?? "title|timestamp|ids").split(separator: "|").map(String.init))
        let count = timeline.count(at: request.now)
        let newer = request["rcdir"] == "newer"
        var seqs = Array(0..<count)
        if !newer { seqs.reverse() }
        if let start = request["rcstart"], let t = Self.parseTimestamp(start) {
            seqs = seqs.filter { newer ? timeline.time($0) >= t : timeline.time($0) <= t }
        }
        if let end = request["rcend"], let t = Self.parseTimestamp(end) {
            seqs = seqs.filter { newer ? timeline.time($0) <= t : timeline.time($0) >= t }
        }
        if let rctype = request["rctype"] {
            let wanted = Set(rctype.split(separator: "|").map(String.init))
            if let unknown = wanted.first(where: { !["edit", "new", "log", "categorize", "external"].contains($0) }) {
                return Self.apiError("badvalue", "Unrecognized value for parameter \"rctype\": \(unknown).")
            }
            seqs = seqs.filter { wanted.contains(type($0)) }
        }
        if let token = request["rccontinue"] {
            let parts = token.split(separator: "|")
            guard parts.count == 2, let ts = Self.parseTimestamp(String(parts[0])), let id = Int(parts[1]) else {
                return Self.apiError("badcontinue", "Invalid continue param. You should pass the original value returned by the previous query.")
            }
            // The token names the first change of the next batch: keep it and everything past it.
            seqs = seqs.filter {
                let key = (timeline.time($0), rcid($0))
                return newer ? key >= (ts, id) : key <= (ts, id)
            }
        }
        let pageSeqs = Array(seqs.prefix(limit))
        var fields: [(String, JSONValue)] = [("batchcomplete", formatVersion2 ? true : "")]
        if !warnings.isEmpty {
            fields.append(("warnings", ["recentchanges": [formatVersion2 ? "warnings" : "*": .string(warnings.joined(separator: "\n"))]]))
        }
        if seqs.count > limit {
            let next = seqs[limit]
            fields.append(("continue", ["rccontinue": .string("\(mediaWikiTimestamp(timeline.time(next)))|\(rcid(next))"), "continue": "-||"]))
        }
        fields.append(("query", ["recentchanges": .array(pageSeqs.map { changeJSON($0, props: props, formatVersion2: formatVersion2) })]))
        return .json(.object(fields))
    }

    /// `20180330090522` or `2018-03-30T09:05:22Z`.
    static func parseTimestamp(_ text: String) -> Int64? {
        let digits = text.filter(\.isNumber)
        guard digits.count == 14, let year = Int64(digits.prefix(4)), let month = Int64(digits.dropFirst(4).prefix(2)),
              let day = Int64(digits.dropFirst(6).prefix(2)), let hour = Int64(digits.dropFirst(8).prefix(2)),
              let minute = Int64(digits.dropFirst(10).prefix(2)), let second = Int64(digits.dropFirst(12).prefix(2))
        else { return nil }
        // Days from civil (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return days * 86400 + hour * 3600 + minute * 60 + second
    }

    func rateLimited(_ request: ReplicaRequest, window: RateWindow) -> ReplicaResponse {
        let wait = window.secondsToReset(from: request.now)
        if request["maxlag"] != nil {
            let lag = (Int(request["maxlag"] ?? "") ?? 5) + 1
            return Self.apiError("maxlag", "Waiting for 10.64.48.35: \(lag) seconds lagged.",
                                 extra: [("host", "10.64.48.35"), ("lag", .int(lag)), ("type", "db")],
                                 headers: [("Retry-After", String(wait)), ("X-Database-Lag", String(lag))])
        }
        return ReplicaResponse(status: 429, headers: [("Retry-After", String(wait))],
                               text: "Too many requests. Please respect our robot policy https://w.wiki/4wJS.\n")
    }
}
