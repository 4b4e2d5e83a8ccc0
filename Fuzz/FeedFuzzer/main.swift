import FeedFuzz
import FeedModel
import Foundation

// `make fuzz`: FeedFuzzer [--seconds N] [--cases N] [--seed N] [--huge-mb N] [--feedscroll BINARY]
// With --feedscroll, the run first drives that binary with hostile `--log` targets.
// With --dump-pages DIR it only writes the reader's fuzz pages (`PageFuzz.page`, as many as
// --cases, default 200) to DIR as N.html, with the Content-Type the fuzzer gives each in N.type,
// and exits: scripts/check-reader-output reads them through `feedscroll read`.
// Prints the figures per adapter and every finding; exits 1 when there is one.

var configuration = Fuzzer.Configuration(seed: 1, seconds: 600)
var binary: String?
var dumpDirectory: String?
let arguments = Array(CommandLine.arguments.dropFirst())
var index = 0
while index < arguments.count {
    let flag = arguments[index]
    let value = index + 1 < arguments.count ? arguments[index + 1] : ""
    index += 2
    switch flag {
    case "--seconds": configuration.seconds = Double(value); configuration.casesPerAdapter = nil
    case "--cases": configuration.casesPerAdapter = Int(value); configuration.seconds = nil
    case "--seed": configuration.seed = UInt64(value) ?? 1
    case "--huge-mb": configuration.hugeBytes = (Int(value) ?? 50) << 20
    case "--feedscroll": binary = value
    case "--dump-pages": dumpDirectory = value
    default:
        FileHandle.standardError.write(Data("FeedFuzzer: unknown option \(flag) (--seconds N, --cases N, --seed N, --huge-mb N, --feedscroll BINARY, --dump-pages DIR)\n".utf8))
        exit(2)
    }
}

if let dumpDirectory {
    try FileManager.default.createDirectory(atPath: dumpDirectory, withIntermediateDirectories: true)
    for number in 0..<(configuration.casesPerAdapter ?? 200) {
        let (_, bytes) = PageFuzz.page(seed: configuration.seed, number: number)
        try Data(bytes).write(to: URL(fileURLWithPath: "\(dumpDirectory)/\(number).html"))
        try Data(PageFuzz.contentType(number: number).utf8).write(to: URL(fileURLWithPath: "\(dumpDirectory)/\(number).type"))
    }
    exit(0)
}

/// One line on stdout, at once (the run is long; a pipe would buffer it).
@Sendable func line(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

let bound = configuration.seconds.map { "\(Int($0)) s" } ?? "\(configuration.casesPerAdapter ?? 0) cases per adapter"
line("fuzzing every adapter and the text renderers for \(bound), seed \(configuration.seed), huge strings \(configuration.hugeBytes >> 20) MB")
var logFindings: [String] = []
var logTargets = 0
if let binary {
    let directory = NSTemporaryDirectory() + "/feedfuzz-logs-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for target in LogTargetFuzz.targets(in: directory, seed: configuration.seed, random: 20) {
        logTargets += 1
        if let problem = LogTargetFuzz.problem(binary: binary, target: target) {
            logFindings.append("--log \(TextSanitizer.clean(target).prefix(120)): \(problem)")
        }
    }
    try? FileManager.default.removeItem(atPath: directory)
    line("log targets through \(binary): \(logTargets), findings \(logFindings.count)")
}
let fuzzer = Fuzzer(configuration)
// @Sendable: called from the fuzzer's task, not the main actor.
let report = await fuzzer.run { @Sendable report in
    let cases = report.figures.values.reduce(0) { $0 + $1.cases }
    line(String(format: "  %6.0f s  %7d adapter cases  %8d text inputs  %6d pages  %d findings", report.seconds, cases, report.textInputs, report.pageInputs, report.findings.count))
}
line("")
/// `text` padded to `width` columns (on the right for names, the left for numbers).
func cell(_ text: String, _ width: Int, left: Bool = false) -> String {
    let pad = String(repeating: " ", count: max(0, width - text.count))
    return left ? text + pad : pad + text
}
line(cell("adapter", 16, left: true) + cell("inputs", 8) + cell("errors", 8) + cell("pages", 8) + cell("said empty", 12) + cell("silent empties", 16))
for api in fuzzer.targets.map(\.api) {
    let f = report.figures[api] ?? Fuzzer.AdapterFigures()
    line(cell(api, 16, left: true) + cell("\(f.cases)", 8) + cell("\(f.errors)", 8) + cell("\(f.pages)", 8)
        + cell("\(f.emptyAsSaid)", 12) + cell("\(f.silentEmpties)", 16))
}
line("text inputs (sanitiser, the HTML pipeline: MarkupFragment): \(report.textInputs)")
line("web pages (libxml2, extractor, layout; \(PageFuzz.timeLimit) s each at most): \(report.pageInputs)")
line("syndication feeds (RSS, RDF, Atom, JSON Feed parsers; \(FeedDocumentFuzz.timeLimit) s each at most): \(report.feedInputs)")
line("config files: \(report.configInputs.values.reduce(0, +)) (" + ConfigFuzz.Shape.allCases.map { "\($0.rawValue) \(report.configInputs[$0] ?? 0)" }.joined(separator: ", ") + ")")
if binary != nil { line("log targets: \(logTargets)") }
line("mutations: " + Mutation.allCases.map { "\($0.rawValue) \(report.mutations[$0] ?? 0)" }.joined(separator: ", "))
line(String(format: "%.0f s, crashes 0 (still running), findings %d", report.seconds, report.findings.count + logFindings.count))
for finding in logFindings { line("FINDING \(finding)") }
for finding in report.findings.prefix(50) { line("FINDING \(finding)") }
exit(report.findings.isEmpty && logFindings.isEmpty ? 0 : 1)
