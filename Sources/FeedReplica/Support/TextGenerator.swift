import FeedModel
import Foundation

/// Titles, names and bodies in several scripts, with the characters that trip renderers.
enum TextGenerator {
    static let techWords = [
        "Rust", "Swift", "Linux", "SQLite", "Postgres", "WebAssembly", "Kubernetes", "Zig", "Go", "Python",
        "terminal", "compiler", "database", "browser", "kernel", "GPU", "LLM", "HTTP/3", "ncurses", "Unicode",
        "emacs", "vim", "TLS", "DNS", "Git", "CRDTs", "B-trees", "garbage collector", "scheduler", "regex engine",
    ]
    static let verbs = ["Building", "Rewriting", "Debugging", "Shipping", "Profiling", "Understanding", "Scaling", "Testing"]
    static let adjectives = ["tiny", "fast", "boring", "lock-free", "incremental", "portable", "self-hosted", "minimal"]
    static let korean = [
        "러스트로 만든 터미널 피드 리더", "스위프트 6 동시성 완벽 정리", "서울에서 개발자로 살아남기",
        "리눅스 커널 스케줄러 분석", "한국어 형태소 분석기 성능 비교", "데이터베이스 인덱스의 모든 것",
    ]
    static let japanese = [
        "Swiftで書くターミナルアプリ入門", "東京のスタートアップで学んだこと", "日本語の全角文字と端末の幅",
        "コンパイラを一から作る", "ラーメンとRustの意外な関係", "無限スクロールの実装パターン",
    ]
    static let emoji = ["🚀", "🎉", "🔥", "✨", "🦀", "🐧", "👩‍💻", "🇰🇷", "🇯🇵", "❤️", "⚡", "🧵"]
    static let firstNames = [
        "pg", "dang", "tptacek", "patio11", "jacquesm", "minimaxir", "simonw", "jgrahamc", "kentonv", "ingve",
        "todsacerdoti", "rbanffy", "zdw", "luu", "mooreds", "bookofjoe", "signa11", "tosh", "PaulHoule", "ColinWright",
        "김민준", "yuki_tanaka", "a_b-c", "x", "user_with_a_very_long_name_indeed_1234567890",
    ]

    /// A plain-text title; may contain `&`, `'`, `"`, `<`, `>` which each API encodes its own way.
    static func title(_ rng: inout SeededRandom) -> String {
        let roll = rng.below(100)
        let tech = rng.pick(techWords)
        switch roll {
        case 0: return ""
        case 1...2:
            let clause = "\(rng.pick(verbs)) a \(rng.pick(adjectives)) \(tech) & why it's \"worth it\""
            return Array(repeating: clause, count: 6 + rng.below(6)).joined(separator: " — ")
        case 3...10: return rng.pick(korean) + (rng.chance(0.5) ? " (\(tech))" : "")
        case 11...18: return rng.pick(japanese) + (rng.chance(0.5) ? "：\(tech)編" : "")
        case 19...25: return "\(rng.pick(emoji)) \(rng.pick(verbs)) \(tech) \(rng.pick(emoji))"
        case 26...30: return "\(tech) vs. \(rng.pick(techWords)): it's <complicated> & \"fun\""
        case 31...34: return "Café, naïve façade: ünïcödé in \(tech) — 東京 → 서울 ✈️"
        case 35...45: return "Why \(tech)'s \(rng.pick(adjectives)) design matters"
        case 46...55: return "\(tech) \(1 + rng.below(9)).\(rng.below(10)) released"
        case 56...65: return "How we cut \(tech) latency by \(10 + rng.below(90))%"
        default: return "\(rng.pick(verbs)) a \(rng.pick(adjectives)) \(tech) in \(100 + rng.below(900)) lines"
        }
    }

    static func author(_ rng: inout SeededRandom) -> String {
        let base = rng.pick(firstNames)
        return rng.chance(0.5) ? base : base + String(rng.below(1000))
    }

    /// A paragraph of plain text, sometimes empty, sometimes very long.
    static func body(_ rng: inout SeededRandom) -> String {
        let roll = rng.below(20)
        if roll == 0 { return "" }
        let sentence = "I've been \(rng.pick(verbs).lowercased()) a \(rng.pick(adjectives)) \(rng.pick(techWords)) & it's \"fine\" <mostly>."
        let count = roll == 1 ? 40 : 1 + rng.below(3)
        return Array(repeating: sentence, count: count).joined(separator: " ")
    }

    static let lorem = [
        "sunt", "aut", "facere", "repellat", "provident", "occaecati", "excepturi", "optio", "reprehenderit",
        "qui", "est", "esse", "dolorem", "ea", "molestias", "quasi", "exercitationem", "nesciunt", "eum",
        "et", "iusto", "sed", "quo", "iure", "voluptatem", "occaecati", "omnis", "eligendi", "magnam",
    ]

    static func lorem(_ rng: inout SeededRandom, words: Int) -> String {
        (0..<words).map { _ in rng.pick(lorem) }.joined(separator: " ")
    }

    /// HTML-escapes as Hacker News does: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#x27;`.
    static func htmlEscapeHN(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#x27;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// HTML-escapes as Stack Exchange does (`&#39;` for the apostrophe).
    static func htmlEscapeSE(_ text: String) -> String {
        htmlEscapeHN(text).replacingOccurrences(of: "&#x27;", with: "&#39;")
    }

    /// Escapes only `&`, `<`, `>`, as Reddit does in titles and preview URLs.
    static func htmlEscapeMinimal(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// A lowercase ASCII slug, as DEV and Lobsters build them.
    static func slug(_ text: String, maxLength: Int = 50) -> String {
        var out = ""
        var lastDash = true
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
                lastDash = false
            } else if !lastDash {
                out += "_"
                lastDash = true
            }
            if out.count >= maxLength { break }
        }
        while out.hasSuffix("_") { out.removeLast() }
        return out.isEmpty ? "untitled" : out
    }

    static func base36(_ value: UInt64) -> String { String(value, radix: 36) }
}

extension TextGenerator {
    static let domains = [
        "github.com", "blog.example.org", "www.example.com", "arxiv.org", "news.example.co.uk", "例え.jp",
        "lwn.net", "medium.com", "substack.example.net", "youtube.com",
    ]

    /// An absolute link to an article; some have query strings with `&`, some non-ASCII paths.
    static func articleURL(_ rng: inout SeededRandom, slug: String) -> String {
        let domain = rng.pick(domains)
        switch rng.below(6) {
        case 0: return "https://\(domain)/\(slug)?utm_source=feed&ref=\(rng.below(1000))"
        case 1: return "https://\(domain)/2024/\(1 + rng.below(12))/\(slug).html"
        case 2: return "https://\(domain)/%E6%97%A5%E6%9C%AC/\(slug)"
        default: return "https://\(domain)/\(slug)"
        }
    }

    /// A heavy-tailed score: most items low, a few very high.
    static func score(_ rng: inout SeededRandom, max: Int = 3000) -> Int {
        let u = rng.unit()
        return 1 + Int(u * u * u * u * Double(max))
    }
}
