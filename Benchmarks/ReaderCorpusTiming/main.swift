// The extractor's in-process time on each page of the reader corpus (issue 20): the same work the
// peers are timed on in scripts/bench-reader-peers (parse the bytes, find the article, its text),
// with no process start and no HTTP. Prints one JSON object, page name -> median seconds.
//
// Usage: ReaderCorpusTiming FIXTURES [RUNS [FILE...]]   (FIXTURES = Tests/FeedReaderTests/Fixtures;
// each FILE is timed too, under the key `file:NAME`)
import FeedReader
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: ReaderCorpusTiming FIXTURES [RUNS]\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1])
let runs = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 5) : 5
let files = FileManager.default
var times: [String: Double] = [:]

func time(_ bytes: [UInt8], _ name: String) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        let article = ArticleExtractor().extract(bytes: bytes, contentType: "text/html", url: URL(string: "http://fakehost/test/page.html"))
        let elapsed = ContinuousClock.now - start
        if article?.text.isEmpty ?? true { FileHandle.standardError.write(Data("\(name): no article\n".utf8)) }
        samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return samples.sorted()[samples.count / 2]
}

for suite in ((try? files.contentsOfDirectory(atPath: root.path)) ?? []).sorted() {
    let suiteURL = root.appendingPathComponent(suite)
    for page in ((try? files.contentsOfDirectory(atPath: suiteURL.path)) ?? []).sorted() {
        let source = suiteURL.appendingPathComponent(page).appendingPathComponent("source.html")
        guard let data = try? Data(contentsOf: source) else { continue }
        times["\(suite)/\(page)"] = time([UInt8](data), "\(suite)/\(page)")
    }
}
for path in arguments.dropFirst(3) {
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    times["file:" + URL(fileURLWithPath: path).lastPathComponent] = time([UInt8](data), path)
}
let json = try JSONSerialization.data(withJSONObject: times, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))
