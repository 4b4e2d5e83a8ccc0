import Testing

@testable import FeedSources

struct LinkHeaderTests {
    @Test func gitHubStyleHeaderMapsEveryRelation() async {
        let header = LinkHeader(
            #"<https://api.github.com/repositories/1300192/issues?page=2>; rel="prev", <https://api.github.com/repositories/1300192/issues?page=4>; rel="next", <https://api.github.com/repositories/1300192/issues?page=515>; rel="last", <https://api.github.com/repositories/1300192/issues?page=1>; rel="first""#)
        #expect(header.url(for: "next") == "https://api.github.com/repositories/1300192/issues?page=4")
        #expect(header.url(for: "prev") == "https://api.github.com/repositories/1300192/issues?page=2")
        #expect(header.url(for: "last") == "https://api.github.com/repositories/1300192/issues?page=515")
        #expect(header.url(for: "first") == "https://api.github.com/repositories/1300192/issues?page=1")
        #expect(header.links.count == 4)
    }

    @Test(arguments: [
        // (header, relation, expected)
        (#"<http://x/a?b=1,2>; rel="next""#, "next", "http://x/a?b=1,2"),
        (#"<http://x/1>; rel="prev", <http://x/a,b>; rel="next""#, "next", "http://x/a,b"),
        (#"<http://x/1>; rel=next"#, "next", "http://x/1"),
        (#"<http://x/1>; rel="NEXT""#, "next", "http://x/1"),
        (#"<http://x/1>; rel="next last""#, "last", "http://x/1"),
        (#"<http://x/1>; title="a, b; c"; rel="next""#, "next", "http://x/1"),
        (#"  <http://x/1> ;  rel = "next"  "#, "next", "http://x/1"),
        (#"garbage, <http://x/2>; rel="next""#, "next", "http://x/2"),
        (#"<http://x/1>; rel="next", <http://x/2>; rel="next""#, "next", "http://x/1"),
        (#"<https://mastodon.social/api/v1/timelines/public?limit=20&max_id=103206804086086361>; rel="next", <https://mastodon.social/api/v1/timelines/public?limit=20&min_id=103206804533200177>; rel="prev""#,
         "next", "https://mastodon.social/api/v1/timelines/public?limit=20&max_id=103206804086086361"),
    ])
    func parsesRelations(header: String, relation: String, expected: String) {
        #expect(LinkHeader(header).url(for: relation) == expected)
    }

    @Test(arguments: [nil, "", "   ", "<http://x/1>; rel=\"prev\"", "<unterminated; rel=\"next\"", "http://x/1; rel=\"next\""])
    func noNextRelation(header: String?) {
        #expect(LinkHeader(header).url(for: "next") == nil)
    }
}
