// A long thread's decode (issue 20, item 5): every comment's HTML made into its title line as
// the adapter decodes the page, off the runtime thread. The page arrives in the detail in the
// `detail comment page arrives …` rows; this is the other half of a comment's HTML cost.
import Benchmark
import FeedModel
import FeedSources
import Foundation

/// One HN comment's HTML as the API writes it: paragraphs, an entity, italics, a link with
/// HN's shortened text, now and then a quote or a code block.
func hackerNewsCommentHTML(_ number: Int) -> String {
    let words = (0..<30).map { "word\(($0 * 7 + number) % 97)" }.joined(separator: " ")
    var html = "I don&#x27;t think \(words) is <i>quite</i> right."
    if number % 4 == 0 { html = "<p>&gt; \(words.prefix(60))<p>" + html }
    html += "<p>See <a href=\"https:&#x2F;&#x2F;example.com&#x2F;a&#x2F;very&#x2F;long&#x2F;path&#x2F;\(number)\" rel=\"nofollow\">https:&#x2F;&#x2F;example.com&#x2F;a&#x2F;very&#x2F;lo...</a> and item?id=\(number)."
    if number % 10 == 0 { html += "<p><pre><code>  let x = \(number)\n  print(x &lt; 3)\n</code></pre>" }
    return html
}

/// An HN Search tree of `count` comments (a third top-level, each with two replies), as JSON.
func hackerNewsSearchThread(count: Int) -> Data {
    func node(_ id: Int, children: [String]) -> String {
        let text = hackerNewsCommentHTML(id).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return #"{"id":\#(id),"author":"author\#(id % 13)","text":"\#(text)","created_at_i":1700000000,"parent_id":1,"children":[\#(children.joined(separator: ","))]}"#
    }
    var roots: [String] = []
    var id = 2
    while id < count + 2 {
        let replies = [node(id + 1, children: []), node(id + 2, children: [])]
        roots.append(node(id, children: replies))
        id += 3
    }
    return Data(#"{"id":1,"author":"op","title":"A long thread","url":"https://example.com/","points":100,"created_at_i":1700000000,"children":[\#(roots.joined(separator: ","))]}"#.utf8)
}

/// Serves one body for every request.
struct OneBodyTransport: HTTPTransport {
    let body: Data

    func send(_ request: HTTPRequest) async throws(FeedError) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body, url: request.url)
    }
}

let threadDecodeBenchmarks: @Sendable () -> Void = {
    let thread = Fixture<Data>()
    Benchmark(
        "detail thread decode hn-search 3k comments",
        configuration: .init(
            maxDuration: .seconds(5),
            setup: { thread.value = hackerNewsSearchThread(count: 3_000) }, teardown: { thread.value = nil })
    ) { benchmark in
        let source = AlgoliaCommentsSource(itemID: 1, transport: OneBodyTransport(body: thread.value!))
        benchmark.startMeasurement()
        let page = try await source.load(.cursor(nil), pageSize: 500, context: FetchContext())
        benchmark.stopMeasurement()
        blackHole(page)
    }
}
