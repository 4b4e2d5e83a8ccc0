import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct LobstersCommentsSourceTests {
    static let base = "http://127.0.0.1:8080/lobsters"

    /// A real `/s/mbw0z5.json` of December 2012, recorded in the chowders Android client's
    /// sources (ninja.mpnguyen.chowders `Story.java`), with the users' `about` texts cut: the old
    /// shape, `indent_level` (1-based) instead of `depth`, `commenting_user` an object.
    static let recorded2012 = #"""
        {"created_at":"2012-12-22T22:15:29.000-06:00","url":"https://bitbucket.org/kisom/check_github","title":"kisom / check_github",
         "short_id":"mbw0z5","score":3,"comment_count":4,
         "description":"<p>Want to check if Github is still down? I wrote a command line program that polls Github while it&rsquo;s down to see if it&rsquo;s back up.</p>\n",
         "comments_url":"https://lobste.rs/s/mbw0z5/kisom_check_github",
         "submitter_user":{"username":"kyle","created_at":"2012-07-02T14:30:57.000-05:00","is_admin":false,"about":"…","is_moderator":true,"karma":4541,
                           "avatar_url":"https://secure.gravatar.com/avatar/ff0631797f86b033c4a597bebf8192a7?r=pg&d=identicon&s=100"},
         "tags":["go","show"],
         "comments":[
          {"created_at":"2012-12-23T14:48:17.000-06:00","updated_at":"2012-12-23T14:48:17.000-06:00","short_id":"spkxpv","is_deleted":false,"is_moderated":false,"score":2,
           "comment":"<p>What we need are tools to allow us to simultaneously use bitbucket, github, and gitorious (and optionally self-host) at the same time. You know&hellip; since git is distributed, why put up with centralized systems, etc etc. Just need to solve the whole federation of issues thing. As an rstat.us founder, I&rsquo;ve <a rel=\"nofollow\" href=\"http://blog.davewilkinsonii.com/posts/you-want-freedom-build-it\">thought about how to build this a bit</a>.</p>\n",
           "url":"https://lobste.rs/s/mbw0z5/kisom_check_github/comments/spkxpv#c_spkxpv","indent_level":1,
           "commenting_user":{"username":"wilkie","created_at":"2012-09-26T16:43:06.000-05:00","is_admin":false,"about":"…","is_moderator":false,"karma":145}},
          {"created_at":"2012-12-23T15:00:41.000-06:00","updated_at":"2012-12-23T15:00:41.000-06:00","short_id":"t1u1ql","is_deleted":false,"is_moderated":false,"score":1,
           "comment":"<p>I am up for figuring this problem, it&rsquo;s something I&rsquo;ve thought about (and &ldquo;faked&rdquo; with multiple remotes). What would it take to build this kind of tool?</p>\n",
           "url":"https://lobste.rs/s/mbw0z5/kisom_check_github/comments/t1u1ql#c_t1u1ql","indent_level":2,
           "commenting_user":{"username":"kyle","created_at":"2012-07-02T14:30:57.000-05:00","is_admin":false,"about":"…","is_moderator":true,"karma":4541}},
          {"created_at":"2012-12-23T18:15:38.000-06:00","updated_at":"2012-12-23T18:15:38.000-06:00","short_id":"rurrzs","is_deleted":false,"is_moderated":false,"score":1,
           "comment":"<p>Instead of devising an autonomous system immediately, like I describe doing, a stepping-stone solution would just be some sort of interface.</p>\n",
           "url":"https://lobste.rs/s/mbw0z5/kisom_check_github/comments/rurrzs#c_rurrzs","indent_level":3,
           "commenting_user":{"username":"wilkie","created_at":"2012-09-26T16:43:06.000-05:00","is_admin":false,"about":"…","is_moderator":false,"karma":145}},
          {"created_at":"2012-12-23T08:07:28.000-06:00","updated_at":"2012-12-23T08:07:28.000-06:00","short_id":"re6uat","is_deleted":false,"is_moderated":false,"score":1,
           "comment":"<p>Waiting for check_&ldquo;kisom/check_github&rdquo;.</p>\n",
           "url":"https://lobste.rs/s/mbw0z5/kisom_check_github/comments/re6uat#c_re6uat","indent_level":1,
           "commenting_user":{"username":"af","created_at":"2012-12-08T11:16:27.000-06:00","is_admin":false,"about":"…","is_moderator":false,"karma":11}}]}
        """#

    /// Today's shape (`depth`, `parent_comment`, `commenting_user` a string), with a comment
    /// removed by its author whose reply keeps its place under it.
    static let current = #"""
        {"short_id":"abc123","created_at":"2025-03-01T10:00:00.000-06:00","title":"T &amp; <b>x</b>","url":"https://example.com/x","score":20,"flags":0,
         "comment_count":3,"description":"","description_plain":"","submitter_user":"alice","user_is_author":false,"tags":["programming"],
         "comments":[
          {"short_id":"c1aaaa","created_at":"2025-03-01T11:00:00.000-06:00","last_edited_at":"2025-03-01T11:00:00.000-06:00",
           "is_deleted":true,"is_moderated":false,"score":1,"flags":0,"parent_comment":null,
           "comment":"<em>Comment removed by author</em>","comment_plain":"Comment removed by author","depth":0,"commenting_user":"carol",
           "short_id_url":"https://lobste.rs/c/c1aaaa","url":"https://lobste.rs/s/abc123/slug#c_c1aaaa"},
          {"short_id":"c2bbbb","created_at":"2025-03-01T11:30:00.000-06:00","last_edited_at":"2025-03-01T11:30:00.000-06:00",
           "is_deleted":false,"is_moderated":false,"score":5,"flags":0,"parent_comment":"c1aaaa",
           "comment":"<p>Nice <em>work</em> &amp; more</p>\n","comment_plain":"Nice *work* & more","depth":1,"commenting_user":"bob",
           "short_id_url":"https://lobste.rs/c/c2bbbb","url":"https://lobste.rs/s/abc123/slug#c_c2bbbb"},
          {"short_id":"c3cccc","created_at":"2025-03-01T12:00:00.000-06:00","last_edited_at":"2025-03-01T12:00:00.000-06:00",
           "is_deleted":false,"is_moderated":false,"score":2,"flags":0,"parent_comment":null,
           "comment":"<p>Second</p>","comment_plain":"Second","depth":0,"commenting_user":"dan",
           "short_id_url":"https://lobste.rs/c/c3cccc","url":"https://lobste.rs/s/abc123/slug#c_c3cccc"}],
         "short_id_url":"https://lobste.rs/s/abc123","comments_url":"https://lobste.rs/s/abc123/slug"}
        """#

    private func source(serving body: String, id: String) -> (LobstersCommentsSource, FakeTransport) {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/s/\(id).json", body: body)
        return (LobstersCommentsSource(storyID: id, baseURL: URL(string: Self.base)!, transport: transport), transport)
    }

    @Test func theRecorded2012StoryReadsInThreadOrderWithDepthsFromIndentLevel() async throws {
        let (source, transport) = source(serving: Self.recorded2012, id: "mbw0z5")
        let first = try await source.load(source.firstKey, pageSize: 3)
        #expect(first.items.map(\.id) == ["lobsters:c/spkxpv", "lobsters:c/t1u1ql", "lobsters:c/rurrzs"])
        #expect(first.items.map(\.depth) == [0, 1, 2])
        #expect(first.items.map(\.author) == ["wilkie", "kyle", "wilkie"])
        #expect(first.items[0].time == 1_356_295_697)  // 14:48:17 at -06:00
        #expect(first.items[1].title.hasPrefix("I am up for figuring this problem, it’s something I’ve thought about (and “faked”"))
        #expect(first.total == 4)
        #expect(first.subject?.id == "lobsters:mbw0z5")
        #expect(first.subject?.title == "kisom / check_github")
        let second = try await source.load(try #require(first.next), pageSize: 3)
        #expect(second.items.map(\.id) == ["lobsters:c/re6uat"])
        #expect(second.items[0].depth == 0)
        #expect(second.next == nil)
        #expect(transport.requestedURLs == ["\(Self.base)/s/mbw0z5.json"], "one request for the whole thread")
    }

    @Test func aRemovedCommentKeepsItsPlaceAndItsReplyHangsUnderIt() async throws {
        let (source, _) = source(serving: Self.current, id: "abc123")
        let page = try await source.load(source.firstKey, pageSize: 20)
        #expect(page.items.map(\.id) == ["lobsters:c/c1aaaa", "lobsters:c/c2bbbb", "lobsters:c/c3cccc"])
        #expect(page.items.map(\.depth) == [0, 1, 0])
        #expect(page.items.map(\.parentID) == ["lobsters:abc123", "lobsters:c/c1aaaa", "lobsters:abc123"])
        #expect(page.items[0].title == "Comment removed by author")
        #expect(page.items[0].facts.isEmpty, "a removed comment's score is not shown")
        #expect(page.items[1].title == "Nice work & more")
        #expect(page.items[1].bodyHTML == "<p>Nice <em>work</em> &amp; more</p>\n")
        #expect(page.subject?.title == "T &amp; <b>x</b>", "a story title is plain text, kept as typed")
    }

    @Test func storyIDsAreReadFromWhatUsersPaste() {
        #expect(LobstersCommentsSource.shortID("abc123") == "abc123")
        #expect(LobstersCommentsSource.shortID("lobsters:abc123") == "abc123")
        #expect(LobstersCommentsSource.shortID("https://lobste.rs/s/abc123/some_slug") == "abc123")
        #expect(LobstersCommentsSource.shortID("https://lobste.rs/s/abc123") == "abc123")
        #expect(LobstersCommentsSource.shortID("https://lobste.rs/u/alice") == nil)
        #expect(LobstersCommentsSource.shortID("abc 123") == nil)
        #expect(LobstersCommentsSource.shortID("") == nil)
        #expect(LobstersCommentsSource.forItem("hn:1", baseURL: URL(string: Self.base)!, transport: FakeTransport()) == nil)
    }

    @Test func aStoryThatIsGoneIsOneClearError() async throws {
        let transport = FakeTransport()
        let source = LobstersCommentsSource(storyID: "zzzzzz", baseURL: URL(string: Self.base)!, transport: transport)
        await #expect(throws: FeedError.self) { try await source.load(source.firstKey, pageSize: 20) }
    }
}
