/// One thing a source says about an item, in that source's own words: GitHub's stars and
/// language, Reddit's subreddit, Stack Exchange's views and accepted answer, Wikipedia's byte
/// change.
///
/// An item's facts, in order, are its meta line (each `label` joined by ` · `) and, by `name`,
/// the source's own fields in `--json`. The adapter that knows the API writes the label, so
/// every source speaks its own language; only ages are worded when drawn, since they grow.
public struct ItemFact: Sendable, Hashable, Codable {
    /// The value as data, for `--json`.
    public enum Value: Sendable, Hashable, Codable {
        case number(Int)
        case text(String)
        case list([String])
        case flag(Bool)
        /// Unix seconds.
        case time(Int64)
        /// Plain text with its paragraphs (a feed entry's summary and content in `--json`).
        case paragraphs(String)
        /// Media files the item carries (a feed's enclosures, a JSON Feed's attachments).
        case media([Media])
    }

    /// A media file: where it is, what it is, how big and how long the source says it is.
    public struct Media: Sendable, Hashable, Codable {
        public var url: String
        public var type: String?
        /// Bytes, as the source states them.
        public var length: Int64?
        /// Seconds of playing time, as the source states them (a podcast's `itunes:duration`).
        public var duration: Int?

        public init(url: String, type: String? = nil, length: Int64? = nil, duration: Int? = nil) {
            self.url = url
            self.type = type
            self.length = length
            self.duration = duration
        }

        /// Audio or video: what `o` opens instead of the entry's page (a podcast's episode). By
        /// its type; when the type says nothing (missing, empty, `application/octet-stream`), by
        /// the extension of the file the URL's path names, as podcast players take it.
        public var isPlayable: Bool {
            let type = (type ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            if type.hasPrefix("audio/") || type.hasPrefix("video/") { return true }
            guard type.isEmpty || type == "application/octet-stream" || type == "binary/octet-stream" else { return false }
            return Self.playableExtensions.contains(Self.fileExtension(of: url))
        }

        /// Extensions of the audio and video files podcasts and video feeds enclose.
        static let playableExtensions: Set<String> = [
            "mp3", "m4a", "m4b", "aac", "ogg", "oga", "opus", "flac", "wav", "mp4", "m4v", "mov", "webm", "mkv",
        ]

        /// The lowercased extension of the last segment of a URL's path (query and fragment
        /// left out), or "" when the path ends in `/` or its last segment has none.
        static func fileExtension(of url: String) -> String {
            var rest = Substring(url)
            if let scheme = rest.range(of: "://") {
                rest = rest[scheme.upperBound...]
                guard let slash = rest.firstIndex(of: "/") else { return "" }
                rest = rest[slash...]
            }
            if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
            guard let last = rest.split(separator: "/", omittingEmptySubsequences: false).last,
                  let dot = last.lastIndex(of: "."), dot != last.startIndex
            else { return "" }
            return last[last.index(after: dot)...].lowercased()
        }

        /// Its line in the detail: `▶ audio/mpeg · 23.4 MB · 1:02:05 · host/path`, the parts known.
        public var detailLine: String {
            var parts = [type ?? "media"]
            if let length { parts.append(Self.sizeText(length)) }
            if let duration { parts.append(Self.durationText(duration)) }
            parts.append(url)
            return "▶ " + parts.joined(separator: " · ")
        }

        /// `M:SS` under an hour, `H:MM:SS` from an hour.
        public static func durationText(_ seconds: Int) -> String {
            let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
        }

        /// Decimal units with one decimal from a megabyte: `812 bytes`, `96 KB`, `23.4 MB`, `1.2 GB`.
        public static func sizeText(_ bytes: Int64) -> String {
            func tenths(_ unit: Int64) -> String { "\(bytes / unit).\(bytes / (unit / 10) % 10)" }
            if bytes >= 1_000_000_000 { return tenths(1_000_000_000) + " GB" }
            if bytes >= 1_000_000 { return tenths(1_000_000) + " MB" }
            if bytes >= 1000 { return "\(bytes / 1000) KB" }
            return "\(bytes) byte\(bytes == 1 ? "" : "s")"
        }
    }

    /// How the fact shows on the meta line.
    public enum Label: Sendable, Hashable, Codable {
        /// Only in `--json` (and the detail, where it says so).
        case hidden
        /// These words, as they are.
        case text(String)
        /// The age of a `.time` value (`3h`), after these words (`updated 3h`).
        case age(prefix: String)
    }

    /// The field name in `--json` (`stars`, `forks`, `subreddit`); the common fields (`author`,
    /// `score`, `comments`, `time`) name facts that the common field already carries.
    public var name: String
    public var value: Value
    public var label: Label

    public init(_ name: String, _ value: Value, label: Label) {
        self.name = name
        self.value = value
        self.label = label
    }
}

extension ItemFact {
    /// The label's words; empty for a hidden fact or an age (worded when drawn).
    public var labelText: String {
        if case let .text(text) = label { text } else { "" }
    }
}

// MARK: - The facts sources share

extension ItemFact {
    /// A count worded with its noun: `1 point`, `12 points`, `★ 12` with `symbol`.
    ///
    /// - Parameters:
    ///   - name: the `--json` field.
    ///   - count: the number.
    ///   - one: the noun for one (`point`); `many` defaults to it with an `s`.
    ///   - symbol: written before the number instead of a noun after it (`★`).
    public static func count(_ name: String, _ count: Int, _ one: String = "", many: String? = nil, symbol: String? = nil) -> ItemFact {
        let shown = symbol.map { "\($0) \(grouped(count))" }
            ?? "\(grouped(count)) \(count == 1 ? one : (many ?? one + "s"))"
        return ItemFact(name, .number(count), label: .text(shown))
    }

    /// Who wrote it, as the source writes names (`alice`, `@alice@host`, `u/alice`).
    public static func author(_ name: String, shown: String? = nil) -> ItemFact {
        ItemFact("author", .text(name), label: .text(shown ?? name))
    }

    /// When it happened, drawn as an age (`3h`, `updated 2d`).
    public static func age(_ seconds: Int64, prefix: String = "", name: String = "time") -> ItemFact {
        ItemFact(name, .time(seconds), label: .age(prefix: prefix))
    }

    /// Words shown as they are, under a `--json` name.
    public static func text(_ name: String, _ value: String, shown: String? = nil) -> ItemFact {
        ItemFact(name, .text(value), label: .text(shown ?? value))
    }

    /// `12345` → `12,345`: counts read at a glance.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return number < 0 ? "−" + out : out
    }
}

extension FeedItem {
    /// The media files the item carries (a feed entry's enclosures), in the source's order.
    public var media: [ItemFact.Media] {
        facts.flatMap { fact -> [ItemFact.Media] in
            if case let .media(files) = fact.value { return files }
            return []
        }
    }

    /// The first audio or video file: what `o` opens on a podcast's entry.
    public var playableMedia: ItemFact.Media? { media.first { $0.isPlayable } }
}
