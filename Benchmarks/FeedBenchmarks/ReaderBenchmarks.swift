// Reader benchmarks (issue 20): a 1 MB page through parse, extraction and layout, and the
// replica's ordinary article pages. The page is built from the replica's own article pages, so
// the numbers are for realistic markup, not a synthetic worst case.
import Benchmark
import FeedMarkup
import FeedReader
import FeedReplica
import Foundation

/// About `bytes` of HTML: the replica's 24 article bodies, one after another in one page, each
/// with its boilerplate (a long forum or aggregator page).
func megabytePage(bytes: Int = 1 << 20) -> [UInt8] {
    var body = ""
    var id = 1
    while body.utf8.count < bytes {
        let page = ReplicaArticles.page(String(id), seed: 1, origin: "http://127.0.0.1:8765").body
        let html = String(decoding: page, as: UTF8.self)
        if let start = html.range(of: "<body"), let end = html.range(of: "</body>", options: .backwards) {
            body += "<section>" + html[start.lowerBound..<end.lowerBound].replacingOccurrences(of: "<body", with: "<div") + "</div></section>\n"
        }
        id = id % ReplicaArticles.count + 1
    }
    return Array("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>A long page</title></head><body>\(body)</body></html>".utf8)
}

let readerBenchmarks: @Sendable () -> Void = {
    let page = Fixture<[UInt8]>()
    let article = ReplicaArticles.page("2", seed: 1, origin: "http://127.0.0.1:8765").body

    // 9. A 1 MB page: libxml2 parse alone, then parse + extract + layout at 76 columns.
    Benchmark(
        "reader parse 1MB page",
        configuration: .init(setup: { page.value = megabytePage() }, teardown: { page.value = nil })
    ) { benchmark in
        blackHole(HTMLDocument.parse(bytes: page.value!, contentType: "text/html; charset=utf-8"))
    }
    Benchmark(
        "reader parse+extract+layout 1MB page",
        configuration: .init(setup: { page.value = megabytePage() }, teardown: { page.value = nil })
    ) { benchmark in
        let found = try! ArticleExtractor().read(bytes: page.value!, contentType: "text/html; charset=utf-8", url: nil).get()
        blackHole(MarkupLayout.lines(found.markup, width: 76))
    }
    // 10. An ordinary article page (the replica's blog template, about 10 KB).
    Benchmark("reader parse+extract+layout article page") { benchmark in
        let found = try! ArticleExtractor().read(bytes: article, contentType: "text/html; charset=utf-8", url: nil).get()
        blackHole(MarkupLayout.lines(found.markup, width: 76))
    }
}
