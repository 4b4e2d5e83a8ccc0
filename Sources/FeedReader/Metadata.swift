import FeedMarkup
import FeedModel
import Foundation

/// What a page says about itself: JSON-LD first, then `<meta>` (Dublin Core, OpenGraph,
/// Twitter, Parse.ly, article:*), then `<title>` and `lang`. Values are cleaned text.
struct Metadata {
    var title = ""
    var byline: String?
    var excerpt: String?
    var site: String?
    var published: Date?
    var lang: String?

    /// The elements `read` looks at.
    static let tags: NameKey.Set = ["meta", "script"]

    /// Reads what the page says about itself (reading only: the tree is left as it was).
    /// - Parameters:
    ///   - document: the page.
    ///   - found: its `tags` elements in document order, when a walk the caller made found them.
    static func read(_ document: HTMLDocument, found: [HTMLNode]? = nil) -> Metadata {
        var out = Metadata()
        // One walk finds both (each was a walk of the whole page).
        let found = found ?? document.root.descendants(named: tags)
        let ld = JSONLD.article(scripts: found.lazy.filter { $0.name == "script" })
        // The values as written: one is cleaned when it is asked for (`first`), as cleaning all
        // of them was half of reading the metadata (a page has dozens of <meta>, five are used).
        var values: [String: String] = [:]
        for meta in found where meta.name == "meta" {
            guard let content = meta["content"], !content.isEmpty else { continue }
            let value = content
            if let property = meta["property"] {
                for name in property.lowercased().split(separator: " ") where isWanted(String(name)) {
                    values[normalise(String(name))] = value
                }
            }
            if let name = meta["name"]?.lowercased(), isWanted(name) || ["author", "description", "title", "parsely-title", "parsely-author", "parsely-pub-date", "date", "pubdate"].contains(name) {
                values[normalise(name)] = values[normalise(name)] ?? value
            }
            if let itemprop = meta["itemprop"]?.lowercased(), itemprop == "datepublished" {
                values["itemprop:datepublished"] = value
            }
        }
        func first(_ keys: [String]) -> String? {
            keys.lazy.compactMap { values[$0].map(Text.clean) }.first { !$0.isEmpty }
        }
        out.title = ld.title ?? first(["dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title", "twitter:title", "parsely-title"]) ?? ""
        // `<title>` only when no other title was found (cleaning it for nothing was a tenth of
        // reading the metadata).
        if out.title.isEmpty { out.title = cleanTitle(Text.clean(document.root.first("title")?.textContent ?? ""), root: document.root) }
        if out.title.isEmpty, let h1 = document.root.first("h1") { out.title = Text.clean(h1.textContent) }
        let author = first(["dc:creator", "dcterm:creator", "author", "parsely-author"])
            ?? first(["article:author"]).flatMap { $0.hasPrefix("http://") || $0.hasPrefix("https://") ? nil : $0 }
        out.byline = ld.byline ?? author
        out.excerpt = ld.excerpt ?? first(["dc:description", "dcterm:description", "og:description", "weibo:article:description", "weibo:webpage:description", "description", "twitter:description"])
        out.site = ld.site ?? first(["og:site_name"])
        let date = ld.published ?? first(["article:published_time", "parsely-pub-date", "itemprop:datepublished", "dc:date", "dcterm:date", "date", "pubdate"])
        out.published = date.flatMap(parseDate)
        out.lang = document.language ?? first(["og:locale"]).map { $0.replacingOccurrences(of: "_", with: "-") }
        return out
    }

    // MARK: - Helpers

    private static func isWanted(_ name: String) -> Bool {
        let prefixes = ["dc:", "dcterm:", "dcterms:", "og:", "twitter:", "article:", "weibo:", "parsely-"]
        return prefixes.contains { name.hasPrefix($0) }
    }

    private static func normalise(_ name: String) -> String {
        // Only when there is something to replace: Foundation's replacing goes through NSString
        // every time (a twentieth of a page's instructions, asked for every <meta>).
        guard name.utf8.contains(0x2E) || name.hasPrefix("dcterms:") else { return name }
        return name.replacingOccurrences(of: "dcterms:", with: "dcterm:").replacingOccurrences(of: ".", with: ":")
    }

    /// `<title>` without the site name: cut at the last separator (or the first, when that leaves
    /// too few words); a `Site: Title` keeps what follows the colon; a lone `<h1>` wins over a
    /// title that is too short or too long.
    static func cleanTitle(_ raw: String, root: HTMLNode) -> String {
        let original = Text.normalised(raw)
        var title = original
        let separators = [" | ", " - ", " – ", " — ", " \\ ", " / ", " > ", " » "]
        func words(_ s: String) -> Int { s.split(separator: " ").count }
        var hadSeparator = false
        // An ASCII title is searched byte by byte (Foundation's search went through NSString,
        // tens of thousands of instructions a call); the same answer, as nothing in ASCII
        // composes.
        let ascii = original.utf8.allSatisfy { $0 < 0x80 }
        func find(_ word: String, backwards: Bool = false) -> Range<String.Index>? {
            ascii ? asciiRange(of: word, in: original, backwards: backwards) : original.range(of: word, options: backwards ? .backwards : [])
        }
        if let last = separators.compactMap({ find($0, backwards: true) }).max(by: { $0.lowerBound < $1.lowerBound }) {
            hadSeparator = true
            title = String(original[..<last.lowerBound])
            if words(title) < 3, let firstSep = separators.compactMap({ find($0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
                title = String(original[firstSep.upperBound...])
            }
        } else if original.contains(": ") {
            let headings = root.descendants(named: ["h1", "h2"]).map { Text.normalised($0.textContent) }
            if !headings.contains(original), let colon = find(":", backwards: true) {
                title = String(original[colon.upperBound...]).trimmingSpace()
                if words(title) < 3, let firstColon = find(":") {
                    title = String(original[firstColon.upperBound...]).trimmingSpace()
                } else if let firstColon = find(":"), words(String(original[..<firstColon.lowerBound])) > 5 {
                    title = original
                }
            }
        } else if original.count > 150 || original.count < 15 {
            let h1s = root.descendants(named: ["h1"])
            if h1s.count == 1 { title = Text.normalised(h1s[0].textContent) }
        }
        title = Text.normalised(title)
        if words(title) <= 4, !hadSeparator || words(title) != words(withoutSeparators(original)) - 1 {
            title = original
        }
        return Text.clean(title)
    }

    /// `text` without the separator characters `| - – — \ / > »`: what replacing the regular
    /// expression `[|\-–—\\/>»]` with nothing gave, scalar by scalar (the expression was
    /// compiled again at every call, millions of instructions).
    static func withoutSeparators(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "|", "-", "–", "—", "\\", "/", ">", "»": continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Where `word` is in `text`, both ASCII, first or last: `range(of:options:)`'s answer.
    static func asciiRange(of word: String, in text: String, backwards: Bool) -> Range<String.Index>? {
        let haystack = Array(text.utf8), needle = Array(word.utf8)
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        let starts = 0...(haystack.count - needle.count)
        let found = backwards
            ? starts.reversed().first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
            : starts.first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
        guard let found else { return nil }
        let lower = text.utf8.index(text.utf8.startIndex, offsetBy: found)
        return lower..<text.utf8.index(lower, offsetBy: needle.count)
    }

    static func parseDate(_ text: String) -> Date? {
        let trimmed = text.trimmingSpace()
        return internetDate(trimmed) ?? formattedDate(trimmed)
    }

    /// The shapes most pages give, read by hand: RFC 3339's date-time in whole seconds
    /// (`2024-05-01T09:30:00Z`, `2014-09-02T08:35:27-04:00`) or with a fraction of zeros
    /// (`2018-06-12T23:00:00.000Z`, the same second), a date alone (`2024-06-25`, midnight UTC),
    /// and a date-time without a zone (`2015-04-30T07:19:58`), read as UTC (a page that leaves
    /// out its zone says nothing better; until 2026-11-28 it was read as its date alone, at
    /// midnight, by `ISO8601DateFormatter`'s full-date form, which ignores what follows the
    /// date), from the year 1600 (before the Gregorian reform of 1582 ICU counts Julian
    /// days). The same date `formattedDate` gives for them (`MetadataDateTests` compares the two
    /// on random dates); anything else, other fractions included, is left to it. Making an
    /// `ISO8601DateFormatter` sets up ICU's calendars: about 7 million instructions the first
    /// time in a process, two milliseconds of a `read` of a page with a date, and 1.7 million
    /// every time after (a formatter made and tried for each date).
    static func internetDate(_ text: String) -> Date? {
        var bytes = [UInt8]()
        bytes.reserveCapacity(25)
        var fraction = 0
        for byte in text.utf8 {
            // A fraction of zeros after the seconds is left out (`…:00.000Z` is `…:00Z`); any
            // other digit in it leaves the whole date to the formatters.
            if bytes.count == 19, bytes[10] == 0x54 {
                if fraction == 0, byte == 0x2E {
                    fraction = 1
                    continue
                }
                if fraction > 0, byte &- 0x30 < 10 {
                    guard byte == 0x30 else { return nil }
                    fraction &+= 1
                    continue
                }
            }
            guard bytes.count < 25 else { return nil }
            bytes.append(byte)
        }
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= bytes.count else { return nil }
            var value = 0
            for index in at..<(at + count) {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        // A fraction needs a digit and a zone after it.
        guard fraction != 1, fraction == 0 || bytes.count == 20 || bytes.count == 25 else { return nil }
        guard bytes.count == 10 || bytes.count == 19 || bytes.count == 20 || bytes.count == 25,
              let year = number(0, 4), year >= 1600, bytes[4] == 0x2D, let month = number(5, 2), bytes[7] == 0x2D,
              let day = number(8, 2), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        let midnight = daysSince1970(year: year, month: month, day: day) * 86_400
        if bytes.count == 10 { return Date(timeIntervalSince1970: Double(midnight)) }
        guard bytes[10] == 0x54, let hour = number(11, 2), bytes[13] == 0x3A, let minute = number(14, 2), bytes[16] == 0x3A,
              let second = number(17, 2), hour < 24, minute < 60, second < 60
        else { return nil }
        var offset = 0
        if bytes.count == 19 {
            // No zone: read as UTC, as the formatters' `yyyy-MM-dd'T'HH:mm:ss` in UTC reads it.
        } else if bytes.count == 20 {
            guard bytes[19] == 0x5A else { return nil }  // Z
        } else {
            guard bytes[19] == 0x2B || bytes[19] == 0x2D, let hours = number(20, 2), bytes[22] == 0x3A, let minutes = number(23, 2),
                  hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[19] == 0x2D ? -1 : 1)
        }
        return Date(timeIntervalSince1970: Double(midnight + hour * 3600 + minute * 60 + second - offset))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// A date through Foundation's formatters: ISO 8601 in its forms, then a few common ones.
    static func formattedDate(_ trimmed: String) -> Date? {
        let iso = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime]] {
            iso.formatOptions = options
            if let date = iso.date(from: trimmed) { return date }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in ["yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss", "EEE, dd MMM yyyy HH:mm:ss Z", "yyyy-MM-dd"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        // Last, a date followed by what none of the forms reads (`2024-05-01T09:30`): its date.
        // Tried before the forms with a time, it took a zoneless date-time's date alone.
        iso.formatOptions = [.withFullDate]
        return iso.date(from: trimmed)
    }
}

/// The schema.org article a page describes in `<script type="application/ld+json">`.
enum JSONLD {
    struct Found {
        var title: String?
        var byline: String?
        var excerpt: String?
        var site: String?
        var published: String?
    }

    static let articleTypes: Set<String> = [
        "Article", "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicNewsArticle",
        "BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report",
        "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting",
        "LiveBlogPosting", "DiscussionForumPosting", "TechArticle", "APIReference",
    ]

    static func article<Scripts: Sequence<HTMLNode>>(scripts: Scripts) -> Found {
        for script in scripts where (script["type"] ?? "").lowercased() == "application/ld+json" {
            var source = script.textContent.trimmingSpaceAndNewlines()
            if source.hasPrefix("<![CDATA[") { source = String(source.dropFirst(9).dropLast(3)) }
            guard let data = source.data(using: .utf8), let json = try? JSONSerialization.jsonObject(with: data) else { continue }
            if let found = find(json) { return found }
        }
        return Found()
    }

    private static func find(_ json: Any) -> Found? {
        if let list = json as? [Any] {
            for entry in list { if let found = find(entry) { return found } }
            return nil
        }
        guard let object = json as? [String: Any] else { return nil }
        if let context = object["@context"] {
            let text = (context as? String) ?? ((context as? [String: Any])?["@vocab"] as? String) ?? ""
            if !text.isEmpty, !text.contains("schema.org") { return nil }
        }
        if let graph = object["@graph"] as? [Any] {
            for entry in graph { if let found = find(entry) { return found } }
        }
        let types: [String] = (object["@type"] as? String).map { [$0] } ?? (object["@type"] as? [String]) ?? []
        guard types.contains(where: articleTypes.contains) else { return nil }
        var found = Found()
        let name = (object["name"] as? String).map(Text.clean), headline = (object["headline"] as? String).map(Text.clean)
        found.title = headline ?? name
        if let name, let headline, name != headline { found.title = headline }
        found.byline = people(object["author"])
        found.excerpt = (object["description"] as? String).map(Text.clean)
        if let publisher = object["publisher"] as? [String: Any] { found.site = (publisher["name"] as? String).map(Text.clean) }
        found.published = object["datePublished"] as? String
        return found
    }

    private static func people(_ value: Any?) -> String? {
        if let text = value as? String { return Text.clean(text) }
        if let one = value as? [String: Any] { return (one["name"] as? String).map(Text.clean) }
        if let many = value as? [Any] {
            let names = many.compactMap { people($0) }.filter { !$0.isEmpty }
            return names.isEmpty ? nil : names.joined(separator: ", ")
        }
        return nil
    }
}
