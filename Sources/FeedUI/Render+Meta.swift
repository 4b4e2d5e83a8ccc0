import FeedModel

/// An item's meta line: its facts in the source's own words (`★ 1,204 · 88 forks · Swift ·
/// updated 3d`), or, for an item without facts, `author · 123 points · 45 comments · 3h`.
func metaLine(_ item: FeedItem, now: Double) -> String {
    metaParts(item, now: now).joined(separator: " · ")
}

/// The meta line's parts in order, each a fact's label.
func metaParts(_ item: FeedItem, now: Double) -> [String] {
    if !item.facts.isEmpty {
        return item.facts.compactMap { fact in
            switch (fact.label, fact.value) {
            case (.hidden, _): return nil
            case let (.text(text), _): return text.isEmpty ? nil : text
            case let (.age(prefix), .time(seconds)):
                let age = formatAge(now - Double(seconds))
                return prefix.isEmpty ? age : "\(prefix) \(age)"
            case (.age, _): return nil
            }
        }
    }
    var parts: [String] = []
    if let author = item.author { parts.append(author) }
    if let score = item.score { parts.append("\(score.grouped) point\(score == 1 ? "" : "s")") }
    if let comments = item.commentCount { parts.append("\(comments.grouped) comment\(comments == 1 ? "" : "s")") }
    if let time = item.time { parts.append(formatAge(now - Double(time))) }
    if parts.isEmpty, let url = item.url { parts.append(LinkText.display(url)) }
    return parts
}
