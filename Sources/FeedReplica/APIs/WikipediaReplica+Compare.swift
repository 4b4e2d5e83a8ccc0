import FeedModel

/// `action=compare&fromrev={revid}&torelative=prev`: the diff of one edit as wikidiff2 renders
/// it, `<tr>` rows with no `<table>` around them (line-number headers, context lines, whole
/// lines added or deleted, changed lines with `<del>`/`<ins>` words, the U+2212 minus marker),
/// for the revisions the recent changes hand out (`1,250,000,000 + 3 × seq`).
extension WikipediaReplica {
    /// The change an edit's revision id belongs to.
    func seq(ofRevision revid: Int) -> Int? {
        let offset = revid - 1_250_000_000
        guard offset >= 0, offset % 3 == 0 else { return nil }
        return offset / 3
    }

    /// The rows of an edit's diff, and the lines a reader should see (for tests: `-`, `+`, ` `).
    func diff(ofSeq seq: Int) -> (html: String, lines: [String]) {
        var rng = SeededRandom(seed: seed, salt: "wikipedia-diff", index: seq)
        var html = ""
        var lines: [String] = []
        func context(_ text: String) {
            html += "<tr>\n  <td class=\"diff-marker\"></td>\n  <td class=\"diff-context diff-side-deleted\"><div>\(HTMLEntities.escape(text))</div></td>\n"
                + "  <td class=\"diff-marker\"></td>\n  <td class=\"diff-context diff-side-added\"><div>\(HTMLEntities.escape(text))</div></td>\n</tr>\n"
            lines.append("  " + text)
        }
        for hunk in 0..<(1 + rng.below(3)) {
            let line = 10 + hunk * 40 + rng.below(30)
            html += "<tr>\n  <td colspan=\"2\" class=\"diff-lineno\">Line \(line):</td>\n  <td colspan=\"2\" class=\"diff-lineno\">Line \(line):</td>\n</tr>\n"
            lines.append("@ Line \(line):")
            context(TextGenerator.lorem(&rng, words: 10) + " & <ref>")
            let old = TextGenerator.lorem(&rng, words: 3), new = TextGenerator.lorem(&rng, words: 2)
            let before = TextGenerator.lorem(&rng, words: 5), after = TextGenerator.lorem(&rng, words: 4)
            html += "<tr>\n  <td class=\"diff-marker\" data-marker=\"\u{2212}\"></td>\n"
                + "  <td class=\"diff-deletedline diff-side-deleted\"><div>\(HTMLEntities.escape(before)) <del class=\"diffchange diffchange-inline\">\(HTMLEntities.escape(old))</del> \(HTMLEntities.escape(after))</div></td>\n"
                + "  <td class=\"diff-marker\" data-marker=\"+\"></td>\n"
                + "  <td class=\"diff-addedline diff-side-added\"><div>\(HTMLEntities.escape(before)) <ins class=\"diffchange diffchange-inline\">\(HTMLEntities.escape(new))</ins> \(HTMLEntities.escape(after))</div></td>\n</tr>\n"
            lines += ["- \(before) [-\(old)-] \(after)", "+ \(before) {+\(new)+} \(after)"]
            if rng.chance(0.6) {
                let added = TextGenerator.lorem(&rng, words: 8)
                html += "<tr>\n  <td colspan=\"2\" class=\"diff-empty diff-side-deleted\"></td>\n  <td class=\"diff-marker\" data-marker=\"+\"></td>\n"
                    + "  <td class=\"diff-addedline diff-side-added\"><div>\(HTMLEntities.escape(added))</div></td>\n</tr>\n"
                lines.append("+ \(added)")
            }
            if rng.chance(0.5) {
                let deleted = TextGenerator.lorem(&rng, words: 6)
                html += "<tr>\n  <td class=\"diff-marker\" data-marker=\"\u{2212}\"></td>\n"
                    + "  <td class=\"diff-deletedline diff-side-deleted\"><div>\(HTMLEntities.escape(deleted))</div></td>\n"
                    + "  <td colspan=\"2\" class=\"diff-empty diff-side-added\"></td>\n</tr>\n"
                lines.append("- \(deleted)")
            }
            context(TextGenerator.lorem(&rng, words: 7))
        }
        return (html, lines)
    }

    func compare(_ request: ReplicaRequest) -> ReplicaResponse {
        guard let from = request["fromrev"].flatMap({ Int($0) }) else {
            return Self.apiError("missingparam", "One of the parameters \"fromtitle\", \"fromid\", \"fromrev\" and \"fromslots\" is required.")
        }
        guard request["torelative"] == "prev" else {
            return Self.apiError("badvalue", "The replica compares a revision with its parent only (torelative=prev).")
        }
        guard let seq = seq(ofRevision: from), seq < timeline.count(at: request.now), type(seq) == "edit" || type(seq) == "new" else {
            return Self.apiError("nosuchrevid", "There is no revision with ID \(from).")
        }
        guard case let .object(change) = changeJSON(seq, props: ["title", "ids", "user", "timestamp", "comment"], formatVersion2: true) else {
            return Self.apiError("internal_api_error", "no change")
        }
        func field(_ name: String) -> JSONValue { change.first { $0.0 == name }?.1 ?? .null }
        let title = field("title"), user = field("user"), timestamp = field("timestamp"), comment = field("comment")
        let parent: JSONValue = field("old_revid")
        let body = type(seq) == "new" ? "" : diff(ofSeq: seq).html
        var compare: [(String, JSONValue)] = []
        if type(seq) == "edit" {
            compare += [("fromrevid", parent), ("fromtitle", title), ("fromuser", "Someone")]
        }
        compare += [("torevid", .int(from)), ("totitle", title), ("touser", user), ("totimestamp", timestamp),
                    ("tocomment", comment), ("body", .string(body))]
        var top: [(String, JSONValue)] = []
        if type(seq) == "new" {
            top.append(("warnings", ["compare": ["warnings": "The revision has no parent: the diff is against empty content."]]))
        }
        top.append(("compare", .object(compare)))
        return .json(.object(top))
    }
}
