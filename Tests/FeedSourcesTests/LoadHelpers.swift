import FeedModel
import Testing

/// The error a load throws, or nil when it succeeds.
func loadError(_ source: some FeedSource, _ key: PageKey, pageSize: Int = 10) async -> FeedError? {
    do {
        _ = try await source.load(key, pageSize: pageSize)
        return nil
    } catch {
        return error
    }
}

/// A page, or a test failure naming the error.
func loadPage(_ source: some FeedSource, _ key: PageKey, pageSize: Int = 10, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Page {
    do {
        return try await source.load(key, pageSize: pageSize)
    } catch {
        Issue.record("load(\(key)) failed: \(error.message)", sourceLocation: sourceLocation)
        throw error
    }
}

extension FeedItem {
    /// The item without its facts, to compare the common fields on their own.
    var withoutFacts: FeedItem {
        var item = self
        item.facts = []
        return item
    }

    /// The facts as `name=value label` lines (`stars=225265 ★ 225,265`; `(hidden)` for a
    /// `--json`-only fact, `(age updated)` for an age), for expectations that read like the screen.
    var factLines: [String] {
        facts.map { fact in
            let value: String
            switch fact.value {
            case let .number(number): value = String(number)
            case let .text(text): value = text
            case let .list(texts): value = "[" + texts.joined(separator: ",") + "]"
            case let .flag(flag): value = String(flag)
            case let .time(seconds): value = "@\(seconds)"
            case let .paragraphs(text): value = text
            case let .media(files): value = "[" + files.map(\.url).joined(separator: ",") + "]"
            }
            let label: String
            switch fact.label {
            case .hidden: label = "(hidden)"
            case let .text(text): label = text
            case let .age(prefix): label = prefix.isEmpty ? "(age)" : "(age \(prefix))"
            }
            return "\(fact.name)=\(value) \(label)"
        }
    }
}
