import FeedModel

/// Words and shapes the built-in feed draws its items from: several scripts, emoji, long titles.
enum DemoCorpus {
    static func item(_ index: Int, seed: UInt64, epoch: Int64) -> FeedItem {
        var rng = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D ^ UInt64(index))
        let title = makeTitle(&rng)
        let author = rng.pick(authors)
        let score = Int(rng.next() % 900) + (index % 17 == 0 ? 1000 : 1)
        let comments = Int(rng.next() % 400)
        let age = Int64(index) * 97 + Int64(rng.next() % 60)
        let slug = String(index + 1, radix: 36)
        return FeedItem(
            id: "demo:\(index + 1)",
            title: title,
            url: "https://example.com/\(rng.pick(domains))/\(slug)",
            author: author,
            score: score,
            commentCount: comments,
            time: epoch - age,
            body: makeBody(&rng, title: title),
            discussionURL: "https://example.com/discuss/\(slug)"
        )
    }

    private static func makeTitle(_ rng: inout SplitMix64) -> String {
        let topic = rng.pick(topics)
        let lang = rng.pick(languages)
        switch rng.next() % 12 {
        case 0: return "Show HN: A \(topic) written in \(lang)"
        case 1: return "Why \(topic) is harder than it looks"
        case 2: return "\(lang) \(rng.next() % 9 + 1).\(rng.next() % 20) released"
        case 3: return "Ask HN: How do you test your \(topic)?"
        case 4: return "\(lang)로 만든 \(rng.pick(koreanTopics)) 후기"
        case 5: return "무한 스크롤을 제대로 구현하는 방법: \(rng.pick(koreanTopics))"
        case 6: return "\(lang)で作る\(rng.pick(japaneseTopics))"
        case 7: return "\(rng.pick(emoji)) Launching \(topic) 2.0 \(rng.pick(emoji))"
        case 8: return "The case against \(topic), and what we did instead: a long retrospective on \(rng.next() % 9 + 2) years of \(lang) in production at a company you have heard of"
        case 9: return "\(topic.capitalizedFirst) in \(rng.next() % 900 + 100) lines of \(lang)"
        case 10: return "Café, naïve, Ωmega: Unicode in \(lang) \(rng.pick(emoji))"
        default: return "An interview with the maintainers of \(rng.pick(projects))"
        }
    }

    private static func makeBody(_ rng: inout SplitMix64, title: String) -> String {
        let paragraphs = Int(rng.next() % 3) + 1
        return (0..<paragraphs).map { _ in
            (0..<(Int(rng.next() % 4) + 2)).map { _ in rng.pick(sentences) }.joined(separator: " ")
        }.joined(separator: "\n\n")
    }

    static let topics = [
        "terminal feed browser", "diff algorithm", "pagination layer", "text renderer", "key-value store",
        "scheduler", "package manager", "regex engine", "garbage collector", "window manager",
        "static site generator", "database index", "layout engine", "prefetcher", "HTTP client",
    ]
    static let languages = ["Swift", "Rust", "Go", "Zig", "OCaml", "C", "Haskell", "Elixir", "Kotlin", "Lua"]
    static let koreanTopics = ["터미널 피드 리더", "검색 엔진", "한글 렌더링", "데이터베이스", "웹 서버", "게임 엔진"]
    static let japaneseTopics = ["端末アプリ", "無限スクロールの正しい実装", "全文検索エンジン", "日本語の組版", "小さなコンパイラ"]
    static let emoji = ["🚀", "🎉", "✨", "🔥", "📦", "🦀", "🐦", "🧵"]
    static let projects = ["ncurses", "SQLite", "tmux", "less", "vim", "curl", "htop", "git"]
    static let domains = ["blog", "news", "posts", "notes", "articles"]
    static let authors = [
        "ada", "grace_h", "linus", "kenthompson", "dmr", "mjd", "민준", "서연", "さくら", "hiroshi", "zoë", "olafur",
    ]
    static let sentences = [
        "The first version took a weekend; the second took a year.",
        "Every page is requested exactly once, however fast you press j.",
        "We measured before we optimised, and the numbers surprised us.",
        "한글과 English가 한 줄에 섞여도 정렬은 맞아야 합니다.",
        "端末の幅は文字によって違います。",
        "Memory stays bounded because pages far from the cursor are dropped.",
        "The footer says what is happening: loading, the end, or an error you can retry.",
        "Nothing in the pure core reads a clock.",
    ]
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
