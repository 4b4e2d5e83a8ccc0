import FeedFormats
import FeedModel
import FeedReader
import FeedSources
import Foundation
import Testing

@testable import FeedFuzz
import FeedTestSupport

/// `make test`'s slice of `make fuzz`: the same fuzzer, seeded, bounded by cases (seconds).
struct FuzzerTests {
    static let slice = Fuzzer.Configuration(seed: 14, casesPerAdapter: 24, hugeBytes: 256 << 10, textInputsPerRound: 20)

    @Test(.offThePool) func aSeededSliceFindsNothing() async {
        let fuzzer = Fuzzer(Self.slice)
        let report = await fuzzer.run()
        #expect(report.findings.isEmpty, "\(report.findings.prefix(10).map(\.description).joined(separator: "\n"))")
        for target in fuzzer.targets {
            let figures = report.figures[target.api] ?? Fuzzer.AdapterFigures()
            #expect(figures.cases == 24, "\(target.api)")
            // Both outcomes happen, so the checks on each ran.
            #expect(figures.errors > 0 && figures.pages > 0, "\(target.api): \(figures)")
            #expect(figures.silentEmpties == 0, "\(target.api)")
        }
        #expect(report.textInputs == 24 * 20)
        #expect(report.pageInputs == 24 * 2)
        #expect(report.feedInputs == 24 * 2)
        #expect(report.configInputs.values.reduce(0, +) == 24 * Self.slice.configInputsPerRound)
        #expect(Set(report.mutations.keys) == Set(Mutation.allCases), "every mutation was tried")
    }

    /// Config files of every shape, deep, long and hostile, give a config or one clean line.
    @Test(.offThePool) func everyConfigShapeGivesAConfigOrOneCleanLine() {
        var shapes: Set<ConfigFuzz.Shape> = []
        for number in 0..<60 {
            let (shape, text) = ConfigFuzz.text(seed: 5, number: number)
            shapes.insert(shape)
            #expect(ConfigFuzz.problem(with: text) == nil, "\(shape) case \(number)")
        }
        #expect(shapes == Set(ConfigFuzz.Shape.allCases))
    }

    /// Pages of every kind go through the reader: nesting bombs, byte noise and tag soup, and
    /// the checks see extracted articles, not only refusals.
    @Test(.offThePool) func thePageCasesCoverEveryKindAndSomeArticles() {
        var kinds: [String: Int] = [:]
        var articles = 0
        for number in 0..<60 {
            let (kind, bytes) = PageFuzz.page(seed: 14, number: number)
            kinds[kind, default: 0] += 1
            if case .success = ArticleExtractor().read(bytes: bytes, contentType: "text/html", url: nil) { articles += 1 }
            #expect(PageFuzz.check(seed: 14, number: number) == nil, "page \(number)")
        }
        #expect(Set(kinds.keys) == ["nesting", "bytes", "soup"])
        #expect(articles >= 3, "\(articles) of 60 pages gave an article")
        #expect(PageFuzz.page(seed: 14, number: 7).1 == PageFuzz.page(seed: 14, number: 7).1)
    }

    /// Feeds of every kind go through the parsers (RSS with hostile encodings, RDF, Atom with
    /// every text type, JSON Feed with odd ids, byte noise, nesting bombs), and the checks see
    /// parsed entries, not only refusals.
    @Test func theFeedCasesCoverEveryKindAndSomeEntries() {
        var kinds: Set<FeedDocumentFuzz.Kind> = []
        var withEntries = 0
        for number in 0..<80 {
            let (kind, bytes) = FeedDocumentFuzz.document(seed: 14, number: number)
            kinds.insert(kind)
            if let document = try? FeedParser.parse(bytes), !document.entries.isEmpty { withEntries += 1 }
            #expect(FeedDocumentFuzz.check(seed: 14, number: number) == nil, "feed \(number)")
        }
        #expect(kinds == Set(FeedDocumentFuzz.Kind.allCases))
        // Most cases are broken on purpose before their first entry ends; 7 of 80 give entries at seed 14.
        #expect(withEntries >= 5, "\(withEntries) of 80 feeds gave entries")
        #expect(FeedDocumentFuzz.document(seed: 14, number: 9).1 == FeedDocumentFuzz.document(seed: 14, number: 9).1)
    }

    @Test(.offThePool) func aCaseIsTheSameBytesEveryTime() {
        let one = Fuzzer(Self.slice), two = Fuzzer(Self.slice)
        for target in one.targets {
            for number in 0..<30 {
                let a = one.responses(target, number: number), b = two.responses(target, number: number)
                #expect(a.0 == b.0 && a.1 == b.1 && a.2.map(\.body) == b.2.map(\.body), "\(target.api) case \(number)")
            }
        }
    }

    @Test func everyRecordingLoadsAsRecorded() async throws {
        for target in FuzzTarget.all {
            let responses = target.recording.responses.map { (path: $0.path, status: 200, headers: $0.headers, body: Data($0.body.utf8)) }
            let source = target.make(ScriptedTransport(responses))
            let page = try await source.load(source.firstKey, pageSize: source.defaultPageSize)
            switch target.api {
            case "wikipedia-diff":
                // The diff is the subject: its lines, marked in text.
                #expect(page.items.isEmpty && page.subject?.bodyHTML?.contains("<p>+ ") == true, "\(target.api)")
            case "reddit-more":
                // The page the stub expands to: the three ids morechildren was asked for, one reply.
                #expect(page.items.map(\.id) == ["reddit:t1_j53kombp", "reddit:t1_j53kombt", "reddit:t1_j53kombs", "reddit:t1_j53kombu"])
                #expect(page.items.map(\.depth) == [0, 1, 0, 0])
            default:
                #expect(!page.items.isEmpty, "\(target.api)")
            }
        }
    }

    /// The oracle can fail: an adapter that answers every load with an empty last page, as
    /// the lenient adapters of issue 14 did with a body they could not read, is caught.
    @Test(.offThePool) func anAdapterThatSwallowsBodiesIsCaught() async {
        struct AlwaysEmpty: FeedSource {
            var name: String { "pokeapi" }
            var firstKey: PageKey { .offset(0, limit: 0) }
            var defaultPageSize: Int { 20 }
            var maxPageSize: Int { 500 }
            func load(_ key: PageKey, pageSize: Int, context: FetchContext) throws(FeedError) -> Page { Page(key: key, items: [], next: nil) }
        }
        var lenient = FuzzTarget.all.first { $0.api == "pokeapi" }!
        lenient.make = { _ in AlwaysEmpty() }
        let report = await Fuzzer(Self.slice, targets: [lenient]).run()
        #expect((report.figures["pokeapi"]?.silentEmpties ?? 0) > 0)
        #expect(report.findings.contains { $0.problem.contains("silent empty") })
    }
}
