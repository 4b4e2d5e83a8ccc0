import FeedMarkup
import FeedModel
import FeedSources
import Foundation

/// Runs every adapter on mutated recorded payloads through its real decode path, and the
/// sanitiser and both HTML renderers on random bytes, and says what it found.
///
/// Seeded and reproducible: case `n` of adapter `api` under seed `s` is always the same
/// response (`Fuzzer.case(...)`). It asserts, for every case: no crash (the process is still
/// here), every failure one clear `FeedError` line naming the API, no page that is empty
/// while the API did not say so, and no control character in anything that reaches a screen.
public struct Fuzzer: Sendable {
    /// How long and how hard.
    public struct Configuration: Sendable {
        public var seed: UInt64
        /// Stop after this many cases per adapter (nil: until `seconds` pass).
        public var casesPerAdapter: Int?
        /// Stop after this many seconds (nil: after `casesPerAdapter`).
        public var seconds: Double?
        /// The size of `hugeString`'s string.
        public var hugeBytes: Int
        /// Random byte strings per round for the sanitiser and the HTML renderers.
        public var textInputsPerRound: Int
        /// Web pages per round for the HTML parser, the extractor and the layout.
        public var pagesPerRound: Int
        /// Syndication feeds (`FeedDocumentFuzz`) through the feed parsers per round.
        public var feedsPerRound: Int
        /// Config files per round (`ConfigFuzz`).
        public var configInputsPerRound: Int

        public init(
            seed: UInt64, casesPerAdapter: Int? = nil, seconds: Double? = nil, hugeBytes: Int = 50 << 20, textInputsPerRound: Int = 20,
            pagesPerRound: Int = 2, configInputsPerRound: Int = 2, feedsPerRound: Int = 2
        ) {
            self.pagesPerRound = pagesPerRound
            self.feedsPerRound = feedsPerRound
            self.seed = seed
            self.casesPerAdapter = casesPerAdapter
            self.seconds = seconds
            self.hugeBytes = hugeBytes
            self.textInputsPerRound = textInputsPerRound
            self.configInputsPerRound = configInputsPerRound
        }
    }

    /// What one adapter went through.
    public struct AdapterFigures: Sendable, Equatable {
        public var cases = 0
        /// Loads that failed with a clear error.
        public var errors = 0
        /// Loads that gave a page with items.
        public var pages = 0
        /// Loads that gave an empty page the API itself called empty.
        public var emptyAsSaid = 0
        /// Empty pages the API did not call empty.
        public var silentEmpties = 0

        public init() {}
    }

    /// A case that broke a rule, with what replays it.
    public struct Finding: Sendable, CustomStringConvertible {
        public var api: String
        public var caseNumber: Int
        public var mutation: Mutation?
        public var problem: String
        public var description: String { "\(api) case \(caseNumber) (\(mutation?.rawValue ?? "text")): \(problem)" }
    }

    /// Everything a run saw.
    public struct Report: Sendable {
        public var figures: [String: AdapterFigures] = [:]
        public var mutations: [Mutation: Int] = [:]
        public var textInputs = 0
        /// Random and mutated web pages through the reader (`PageFuzz`).
        public var pageInputs = 0
        public var feedInputs = 0
        /// Config files parsed, by shape.
        public var configInputs: [ConfigFuzz.Shape: Int] = [:]
        public var findings: [Finding] = []
        public var seconds = 0.0
    }

    public let configuration: Configuration
    public let targets: [FuzzTarget]

    public init(_ configuration: Configuration, targets: [FuzzTarget] = FuzzTarget.all) {
        self.configuration = configuration
        self.targets = targets
    }

    /// Runs until the configured bound, round-robin over the adapters.
    /// - Parameter progress: called after each round with the report so far.
    public func run(progress: @Sendable (Report) -> Void = { _ in }) async -> Report {
        var report = Report()
        let start = Date()
        var round = 0
        while true {
            if let limit = configuration.casesPerAdapter, round >= limit { break }
            if let seconds = configuration.seconds, Date().timeIntervalSince(start) >= seconds { break }
            for target in targets {
                let (mutation, finding, outcome) = await runCase(target, number: round)
                report.mutations[mutation, default: 0] += 1
                var figures = report.figures[target.api] ?? AdapterFigures()
                figures.cases += 1
                switch outcome {
                case .error: figures.errors += 1
                case .page: figures.pages += 1
                case .emptyAsSaid: figures.emptyAsSaid += 1
                case .silentEmpty: figures.silentEmpties += 1
                }
                report.figures[target.api] = figures
                if let finding { report.findings.append(finding) }
            }
            for index in 0..<configuration.textInputsPerRound {
                if let finding = Self.textCase(seed: configuration.seed, number: round * configuration.textInputsPerRound + index) {
                    report.findings.append(finding)
                }
                report.textInputs += 1
            }
            for index in 0..<configuration.pagesPerRound {
                if let problem = PageFuzz.check(seed: configuration.seed, number: round * configuration.pagesPerRound + index) {
                    report.findings.append(Finding(api: "reader", caseNumber: round * configuration.pagesPerRound + index, mutation: nil, problem: problem))
                }
                report.pageInputs += 1
            }
            for index in 0..<configuration.feedsPerRound {
                let number = round * configuration.feedsPerRound + index
                if let problem = FeedDocumentFuzz.check(seed: configuration.seed, number: number) {
                    report.findings.append(Finding(api: "feeds", caseNumber: number, mutation: nil, problem: problem))
                }
                report.feedInputs += 1
            }
            for index in 0..<configuration.configInputsPerRound {
                let number = round * configuration.configInputsPerRound + index
                let (shape, text) = ConfigFuzz.text(seed: configuration.seed, number: number)
                report.configInputs[shape, default: 0] += 1
                if let problem = ConfigFuzz.problem(with: text) {
                    report.findings.append(Finding(api: "config (\(shape.rawValue))", caseNumber: number, mutation: nil, problem: problem))
                }
            }
            round += 1
            report.seconds = Date().timeIntervalSince(start)
            // Scripted transports answer without suspending, so a round never leaves its thread;
            // yield so a long run shares the cooperative pool (2 threads on 2 cores) with others.
            await Task.yield()
            if round % 10 == 0 { progress(report) }
        }
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    enum Outcome { case error, page, emptyAsSaid, silentEmpty }

    /// The responses of case `number` for `target`: the recording with one response mutated.
    public func responses(_ target: FuzzTarget, number: Int) -> (Mutation, Int, [(path: String, status: Int, headers: [String: String], body: Data)]) {
        var random = SplitMix64(seed: SplitMix64.mix(configuration.seed ^ SplitMix64.mix(UInt64(number))) ^ Self.hash(target.api))
        let mutation = random.pick(Mutation.allCases)
        let recorded = target.recording.responses
        // Half the cases break the list response, the rest any response.
        let victim = random.next() % 2 == 0 ? 0 : Int(random.next() % UInt64(recorded.count))
        var responses = recorded.map { (path: $0.path, status: 200, headers: $0.headers, body: Data($0.body.utf8)) }
        let mutated = mutation.apply(to: responses[victim].body, headers: responses[victim].headers, random: &random, hugeBytes: configuration.hugeBytes)
        responses[victim] = (responses[victim].path, mutated.status, mutated.headers, mutated.body)
        return (mutation, victim, responses)
    }

    func runCase(_ target: FuzzTarget, number: Int) async -> (Mutation, Finding?, Outcome) {
        let (mutation, victim, responses) = responses(target, number: number)
        let source = target.make(ScriptedTransport(responses))
        func finding(_ problem: String) -> Finding { Finding(api: target.api, caseNumber: number, mutation: mutation, problem: problem) }
        do throws(FeedError) {
            let page = try await source.load(source.firstKey, pageSize: source.defaultPageSize)
            // A thread whose content is its subject (a Wikipedia diff) is checked as its subject.
            if page.items.isEmpty && page.next == nil, let subject = page.subject, !(subject.bodyHTML ?? "").isEmpty {
                if let leak = Self.leak(in: subject.sanitized()) { return (mutation, finding("control characters reach the screen in the subject's \(leak)"), .page) }
                return (mutation, nil, .page)
            }
            if page.items.isEmpty && page.next == nil {
                if victim == 0 && target.saysEmpty(responses[0].body) { return (mutation, nil, .emptyAsSaid) }
                return (mutation, finding("a silent empty page (no error, no items, no next page)"), .silentEmpty)
            }
            for item in page.items.map({ $0.sanitized() }) {
                if let leak = Self.leak(in: item) { return (mutation, finding("control characters reach the screen in \(leak)"), .page) }
            }
            return (mutation, nil, page.items.isEmpty ? .emptyAsSaid : .page)
        } catch {
            let message = error.sanitized().message
            if message.isEmpty || message.contains("\n") || message.count > 400 {
                return (mutation, finding("an unclear error line: \(message.prefix(120))"), .error)
            }
            if !message.hasPrefix("\(target.errorPrefix)") {
                return (mutation, finding("an error that does not name its API: \(message)"), .error)
            }
            if message.unicodeScalars.contains(where: Self.isControl) {
                return (mutation, finding("control characters in the error line"), .error)
            }
            return (mutation, nil, .error)
        }
    }

    /// The first field of a sanitised item that still holds a control character, if any.
    static func leak(in item: FeedItem) -> String? {
        let fields: [(String, String?)] = [("title", item.title), ("author", item.author), ("url", item.url), ("body", item.body),
                                           ("discussionURL", item.discussionURL), ("shown id", TextSanitizer.clean(item.id))]
        for (name, value) in fields where value?.unicodeScalars.contains(where: isControl) == true { return name }
        if let html = item.bodyHTML, MarkupFragment.textBlocks(html, baseAddress: item.discussionURL).flatMap(\.lines).contains(where: { $0.unicodeScalars.contains(where: isControl) }) {
            return "the laid-out body"
        }
        return nil
    }

    /// The sanitiser and the HTML pipeline (an API field's blocks for the detail, its plain text
    /// and its one line) on one random byte string: nothing they give may hold a control, and
    /// cleaning again changes nothing.
    static func textCase(seed: UInt64, number: Int) -> Finding? {
        var random = SplitMix64(seed: SplitMix64.mix(seed &+ 0x7E57) ^ SplitMix64.mix(UInt64(number)))
        let alphabet: [UInt8] = [0x1B, 0x9B, 0xC2, 0x9D, 0x9C, 0x07, 0x5B, 0x5D, 0x5C, 0x3B, 0x3C, 0x3E, 0x2F, 0x26, 0x23,
                                 0x70, 0x0A, 0x20, 0xE2, 0x80, 0xAE, 0xFF, 0x18, 0x50, 0x5F]
        let count = Int(random.next() % 512)
        let bytes = (0..<count).map { _ in random.next() % 2 == 0 ? random.pick(alphabet) : UInt8(truncatingIfNeeded: random.next()) }
        let text = String(decoding: bytes, as: UTF8.self)
        let outputs: [(String, [String])] = [
            ("TextSanitizer.clean", [TextSanitizer.clean(bytes: bytes), TextSanitizer.clean(bytes: bytes, mode: .multiline)]),
            ("MarkupFragment.textBlocks", MarkupFragment.textBlocks(text).flatMap(\.lines)
                + MarkupFragment.textBlocks(TextSanitizer.cleanKeepingLayout(text)).flatMap(\.lines)),
            ("MarkupFragment.line/text", [TextSanitizer.clean(MarkupFragment.line(text)), TextSanitizer.clean(MarkupFragment.text(text), mode: .multiline)]),
        ]
        for (name, lines) in outputs {
            if lines.contains(where: { $0.unicodeScalars.contains(where: isControl) }) {
                return Finding(api: name, caseNumber: number, mutation: nil, problem: "control characters out")
            }
        }
        let line = TextSanitizer.clean(text)
        if TextSanitizer.clean(line) != line {
            return Finding(api: "TextSanitizer.clean", caseNumber: number, mutation: nil, problem: "cleaning twice differs from once")
        }
        return nil
    }

    /// C0 (a line break allowed: multi-line text), DEL, C1, and the bidi controls.
    static func isControl(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s != "\n") || (0x7F...0x9F).contains(s.value) || (0x202A...0x202E).contains(s.value)
            || (0x2066...0x2069).contains(s.value)
    }

    /// FNV-1a: a stable hash of an adapter's name (Swift's `hashValue` changes per process).
    static func hash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
