import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// A GitHub repository's README and open issues: the README content object as octokit's
/// fixtures record it (THREADS-AND-FEEDS.md T6), issues in the REST shape with a pull request
/// among them and the `link` header paging.
struct GitHubRepoThreadSourceTests {
    static let base = "http://127.0.0.1:8080/github"
    static let repo = #"""
        {"id":7,"full_name":"octokit/octokit.rb","description":"Ruby toolkit for the GitHub API","html_url":"https://github.com/octokit/octokit.rb",
         "owner":{"login":"octokit"},"stargazers_count":3800,"open_issues_count":3,"language":"Ruby"}
        """#
    static let readme = #"""
        {"name":"README.md","path":"README.md","sha":"3d21ec53a331a6f037a91c368710b99387d012c1","size":5362,
         "url":"https://api.github.com/repos/octokit/octokit.rb/contents/README.md?ref=main","html_url":"https://github.com/octokit/octokit.rb/blob/main/README.md",
         "type":"file","content":"IyBPY3Rva2l0CgpSdWJ5IHRvb2xraXQgZm9y\nIHRoZSBHaXRIdWIgQVBJLgo=\n","encoding":"base64"}
        """#
    static func issue(_ number: Int, pull: Bool = false, body: String? = "Steps:\\n\\n```\\nrake\\n```") -> String {
        #"{"number":\#(number),"title":"Issue \#(number) <b>bold</b>","html_url":"https://github.com/octokit/octokit.rb/issues/\#(number)","#
            + #""user":{"login":"u\#(number)"},"comments":\#(number),"created_at":"2024-01-0\#(number)T00:00:00Z","#
            + #""body":\#(body.map { "\"\($0)\"" } ?? "null")\#(pull ? #","pull_request":{"url":"x"}"# : "")}"#
    }

    func serve(_ transport: FakeTransport) {
        transport.serve("\(Self.base)/repos/octokit/octokit.rb", body: Self.repo)
        transport.serve("\(Self.base)/repos/octokit/octokit.rb/readme", body: Self.readme)
        transport.serve(
            "\(Self.base)/repos/octokit/octokit.rb/issues?state=open&sort=created&direction=desc&per_page=2&page=1",
            headers: ["Link": #"<\#(Self.base)/repos/octokit/octokit.rb/issues?page=2>; rel="next""#],
            body: "[\(Self.issue(3)),\(Self.issue(2, pull: true))]")
        transport.serve(
            "\(Self.base)/repos/octokit/octokit.rb/issues?state=open&sort=created&direction=desc&per_page=2&page=2",
            body: "[\(Self.issue(1, body: nil))]")
    }

    @Test func theReadmeIsTheBodyAndOpenIssuesAreTheThreadWithoutPullRequests() async throws {
        let transport = FakeTransport()
        serve(transport)
        let source = GitHubRepoThreadSource(repository: .name(owner: "octokit", repo: "octokit.rb"), baseURL: URL(string: Self.base)!, transport: transport)
        let first = try await source.load(source.firstKey, pageSize: 2)
        let subject = try #require(first.subject)
        #expect(subject.id == "github:octokit/octokit.rb")
        #expect(subject.bodyHTML == "<h1>Octokit</h1><p>Ruby toolkit for the GitHub API.</p>", "base64 in lines, decoded and rendered")
        #expect(first.items.map(\.id) == ["github:octokit/octokit.rb/issues/3"], "the pull request is left out")
        let issue = try #require(first.items.first)
        #expect(issue.author == "u3" && issue.depth == 0 && issue.parentID == "github:octokit/octokit.rb")
        #expect(issue.time == 1_704_240_000)
        #expect(issue.bodyHTML?.hasPrefix("<p><strong>Issue 3 &lt;b&gt;bold&lt;/b&gt;</strong></p>") == true, "the title is text")
        #expect(issue.bodyHTML?.contains("<code>rake") == true)
        #expect(first.next == .cursor("2"))
        let second = try await source.load(.cursor("2"), pageSize: 2)
        #expect(second.items.map(\.id) == ["github:octokit/octokit.rb/issues/1"])
        #expect(second.next == nil)
        #expect(transport.requestedURLs.count == 4, "the repository and README once, each issues page once")
    }

    @Test func aRepositoryWithoutAReadmeSaysSo() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/repositories/7", body: Self.repo)
        transport.serve("\(Self.base)/repositories/7/readme", status: 404, body: #"{"message":"Not Found"}"#)
        transport.serve("\(Self.base)/repositories/7/issues?state=open&sort=created&direction=desc&per_page=2&page=1", body: "[]")
        let source = try #require(GitHubRepoThreadSource.forItem("github:7", baseURL: URL(string: Self.base)!, transport: transport))
        let first = try await source.load(source.firstKey, pageSize: 2)
        #expect(first.subject?.id == "github:7")
        #expect(first.subject?.bodyHTML?.contains("no README") == true)
        #expect(first.items.isEmpty && first.next == nil)
    }

    @Test func repositoriesAreReadFromWhatUsersPaste() {
        #expect(GitHubRepoThreadSource.repository("github:7") == .id(7))
        #expect(GitHubRepoThreadSource.repository("octokit/octokit.rb") == .name(owner: "octokit", repo: "octokit.rb"))
        #expect(GitHubRepoThreadSource.repository("https://github.com/octokit/octokit.rb/issues/5") == .name(owner: "octokit", repo: "octokit.rb"))
        #expect(GitHubRepoThreadSource.repository("https://gitlab.com/a/b") == nil)
        #expect(GitHubRepoThreadSource.repository("octokit") == nil)
        #expect(GitHubRepoThreadSource.repository("a b/c") == nil)
        #expect(GitHubRepoThreadSource.forItem("github:octokit/octokit.rb", baseURL: URL(string: Self.base)!, transport: FakeTransport())?.repository
            == .name(owner: "octokit", repo: "octokit.rb"))
    }
}
