import Foundation
import Testing
@testable import FeedReplica
import FeedTestSupport

/// The conversation endpoints the replica serves beside HN's: each thread is a consistent tree
/// in display order, with depth, deleted and removed comments that keep their place.
@Suite struct ConversationReplicaTests {
    @Test func lobstersStoriesComeWithTheirCommentsInDisplayOrder() async throws {
        try await withReplica(ReplicaConfiguration(items: 60, anchorTime: 1_760_000_000)) { running in
            let stories = try await ReplicaClient.get(running, "lobsters", "/hottest.json").array.compactMap { $0 as? [String: Any] }
            var total = 0
            var maxDepth = 0
            var sawGone = false
            for story in stories.prefix(10) {
                let id = try #require(story["short_id"] as? String)
                let page = try await ReplicaClient.get(running, "lobsters", "/s/\(id).json").object
                #expect(page["short_id"] as? String == id)
                let comments = try #require(page["comments"] as? [[String: Any]])
                #expect(comments.count == page["comment_count"] as? Int)
                var depthOf: [String: Int] = [:]
                for comment in comments {
                    let cid = try #require(comment["short_id"] as? String)
                    let depth = try #require(comment["depth"] as? Int)
                    if let parent = comment["parent_comment"] as? String {
                        // Pre-order: the parent came before, one level up.
                        #expect(depthOf[parent].map { $0 + 1 } == depth)
                    } else {
                        #expect(depth == 0)
                    }
                    depthOf[cid] = depth
                    maxDepth = max(maxDepth, depth)
                    if comment["is_deleted"] as? Bool == true || comment["is_moderated"] as? Bool == true {
                        sawGone = true
                        #expect((comment["comment_plain"] as? String)?.hasPrefix("Comment removed by") == true)
                    }
                }
                total += comments.count
            }
            #expect(total > 50)
            #expect(maxDepth >= 2)
            #expect(sawGone)
            let missing = try await ReplicaClient.get(running, "lobsters", "/s/zzzzzz.json")
            #expect(missing.status == 404)
        }
    }

    @Test func devArticlesHaveANestedCommentTree() async throws {
        try await withReplica(ReplicaConfiguration(items: 60, anchorTime: 1_760_000_000)) { running in
            let articles = try await ReplicaClient.get(running, "devto", "/articles?per_page=10").array.compactMap { $0 as? [String: Any] }
            var counted = 0
            var sawPlaceholder = false
            for article in articles {
                let id = try #require(article["id"] as? Int)
                var stack = try await ReplicaClient.get(running, "devto", "/comments?a_id=\(id)").array.compactMap { $0 as? [String: Any] }
                var seen = 0
                while let comment = stack.popLast() {
                    seen += 1
                    if comment["body_html"] as? String == "<p>[deleted]</p>" {
                        sawPlaceholder = true
                        #expect((comment["user"] as? [String: Any])?.isEmpty == true)
                    }
                    stack += (comment["children"] as? [[String: Any]]) ?? []
                }
                #expect(seen == article["comments_count"] as? Int)
                counted += seen
            }
            #expect(counted > 20)
            #expect(sawPlaceholder || counted < 60)
            let missing = try await ReplicaClient.get(running, "devto", "/comments?a_id=1")
            #expect(missing.status == 404)
        }
    }

    /// The detail's body is the whole article, the list's description its first 140 characters
    /// (as DEV cuts it); it was the cut description until 2026-11-27, so every detail ended mid-word.
    @Test func devArticleDetailsCarryTheWholeBody() async throws {
        try await withReplica(ReplicaConfiguration(items: 60, anchorTime: 1_760_000_000)) { running in
            let articles = try await ReplicaClient.get(running, "devto", "/articles?per_page=12").array.compactMap { $0 as? [String: Any] }
            var sawCode = false
            var sawList = false
            for article in articles {
                let id = try #require(article["id"] as? Int)
                let description = try #require(article["description"] as? String)
                let detail = try await ReplicaClient.get(running, "devto", "/articles/\(id)").object
                let html = try #require(detail["body_html"] as? String)
                let markdown = try #require(detail["body_markdown"] as? String)
                #expect(markdown.hasPrefix(description), "\(id): \(description)")
                #expect(markdown.count > description.count + 40)
                #expect(html.contains("<h2>") && (markdown.hasPrefix("## ") || markdown.contains("\n## ")))
                // Text in the HTML is escaped; nothing of the markdown's raw `<mostly>` is markup.
                #expect(!html.contains("<mostly>"))
                sawCode = sawCode || (html.contains("<pre class=\"highlight") && markdown.contains("```"))
                sawList = sawList || (html.contains("<ul>\n<li>") && markdown.contains("\n- "))
            }
            #expect(articles.count == 12)
            #expect(sawCode && sawList)
        }
    }

    @Test func jsonPlaceholderEmbedsAPostsFiveComments() async throws {
        try await withReplica(ReplicaConfiguration(items: 60, anchorTime: 1_760_000_000)) { running in
            let post = try await ReplicaClient.get(running, "jsonplaceholder", "/posts/3?_embed=comments").object
            let comments = try #require(post["comments"] as? [[String: Any]])
            #expect(comments.compactMap { $0["id"] as? Int } == [11, 12, 13, 14, 15])
            #expect(comments.allSatisfy { $0["postId"] as? Int == 3 })
            let nested = try await ReplicaClient.get(running, "jsonplaceholder", "/posts/3/comments").array
            #expect(nested.count == 5)
            let plain = try await ReplicaClient.get(running, "jsonplaceholder", "/posts/3").object
            #expect(plain["comments"] == nil)
        }
    }
}

@Suite struct MastodonContextReplicaTests {
    @Test func aStatusContextIsATreeWithTheAuthorsOwnRepliesFirst() async throws {
        try await withReplica(ReplicaConfiguration(items: 60, anchorTime: 1_760_000_000)) { running in
            let statuses = try await ReplicaClient.get(running, "mastodon", "/api/v1/timelines/public?limit=20").array.compactMap { $0 as? [String: Any] }
            var replies = 0
            for status in statuses {
                let id = try #require(status["id"] as? String)
                let one = try await ReplicaClient.get(running, "mastodon", "/api/v1/statuses/\(id)").object
                #expect(one["id"] as? String == id)
                let context = try await ReplicaClient.get(running, "mastodon", "/api/v1/statuses/\(id)/context").object
                #expect((context["ancestors"] as? [Any])?.isEmpty == true)
                let descendants = try #require(context["descendants"] as? [[String: Any]])
                let ids = Set(descendants.compactMap { $0["id"] as? String } + [id])
                for reply in descendants { #expect(ids.contains(try #require(reply["in_reply_to_id"] as? String))) }
                replies += descendants.count
            }
            #expect(replies > 20)
            #expect(try await ReplicaClient.get(running, "mastodon", "/api/v1/statuses/12345/context").status == 404)
        }
    }
}

@Suite struct RedditCommentsReplicaTests {
    /// A post's tree leaves comments out behind `more` stubs, and morechildren gives them back:
    /// the tree plus every expansion is the whole thread, each comment once.
    @Test func stubsAndMoreChildrenAddUpToTheThread() async throws {
        try await withReplica(ReplicaConfiguration(items: 60, anchorTime: 1_760_000_000)) { running in
            let listing = try await ReplicaClient.get(running, "reddit", "/r/programming/new.json?limit=10&raw_json=1").object
            let posts = ((listing["data"] as? [String: Any])?["children"] as? [[String: Any]] ?? []).compactMap { $0["data"] as? [String: Any] }
            let post = try #require(posts.first { ($0["num_comments"] as? Int ?? 0) > 60 })
            let id = try #require(post["id"] as? String)
            let pair = try await ReplicaClient.get(running, "reddit", "/comments/\(id).json?raw_json=1").array
            #expect(pair.count == 2)
            var seen = Set<String>()
            var loadMore: [String] = []
            var continues = 0
            var stack = (((pair[1] as? [String: Any])?["data"] as? [String: Any])?["children"] as? [[String: Any]]) ?? []
            while let thing = stack.popLast() {
                let data = try #require(thing["data"] as? [String: Any])
                if thing["kind"] as? String == "more" {
                    let children = data["children"] as? [String] ?? []
                    if children.isEmpty { continues += 1 } else { loadMore += children }
                    continue
                }
                #expect(seen.insert(try #require(data["id"] as? String)).inserted)
                if let replies = data["replies"] as? [String: Any] {
                    stack += ((replies["data"] as? [String: Any])?["children"] as? [[String: Any]]) ?? []
                } else {
                    #expect(data["replies"] as? String == "")
                }
            }
            #expect(!loadMore.isEmpty, "a long thread has load-more stubs")
            let more = try await ReplicaClient.get(
                running, "reddit", "/api/morechildren.json?api_type=json&link_id=t3_\(id)&children=\(loadMore.prefix(100).joined(separator: ","))").object
            let things = (((more["json"] as? [String: Any])?["data"] as? [String: Any])?["things"] as? [[String: Any]]) ?? []
            #expect(!things.isEmpty)
            for thing in things {
                let data = try #require(thing["data"] as? [String: Any])
                #expect(data["replies"] as? String == "")
                #expect(seen.insert(try #require(data["id"] as? String)).inserted, "morechildren brings only what the tree left out")
            }
            #expect(continues >= 0)
            let missing = try await ReplicaClient.get(running, "reddit", "/comments/zzzzzz.json")
            #expect(missing.status == 404)
        }
    }
}

/// Stack Exchange's question threads: bodies, answers paged by votes with the accepted one not
/// on top, and the comments on every post.
@Suite struct StackExchangeThreadReplicaTests {
    @Test(.offThePool) func questionsHaveAnswersAndCommentsThatAddUp() async throws {
        try await withReplica(ReplicaConfiguration(items: 60, anchorTime: 1_760_000_000)) { running in
            let list = try await ReplicaClient.get(running, "stackexchange", "/questions?site=stackoverflow&pagesize=60").object
            let questions = try #require(list["items"] as? [[String: Any]])
            var sawPagedAnswers = false
            var sawAcceptedBelowTop = false
            var comments = 0
            for question in questions {
                let id = try #require(question["question_id"] as? Int)
                let count = try #require(question["answer_count"] as? Int)
                let one = try await ReplicaClient.get(running, "stackexchange", "/questions/\(id)?site=stackoverflow&filter=withbody").object
                let body = try #require((one["items"] as? [[String: Any]])?.first?["body"] as? String)
                #expect(body.hasPrefix("<p>"))
                var answers: [[String: Any]] = []
                var page = 1
                while true {
                    let got = try await ReplicaClient.get(
                        running, "stackexchange",
                        "/questions/\(id)/answers?site=stackoverflow&filter=withbody&sort=votes&order=desc&page=\(page)&pagesize=5").object
                    answers += try #require(got["items"] as? [[String: Any]])
                    guard got["has_more"] as? Bool == true else { break }
                    sawPagedAnswers = true
                    page += 1
                }
                #expect(answers.count == count, "question \(id): answer_count says \(count)")
                let scores = answers.compactMap { $0["score"] as? Int }
                #expect(scores == scores.sorted(by: >), "by votes, highest first")
                if let accepted = question["accepted_answer_id"] as? Int {
                    let index = try #require(answers.firstIndex { $0["answer_id"] as? Int == accepted })
                    #expect(answers[index]["is_accepted"] as? Bool == true)
                    if index > 0 { sawAcceptedBelowTop = true }
                }
                let ids = answers.compactMap { $0["answer_id"] as? Int }
                guard !ids.isEmpty else { continue }
                let got = try await ReplicaClient.get(
                    running, "stackexchange",
                    "/answers/\(ids.map(String.init).joined(separator: ";"))/comments?site=stackoverflow&filter=withbody&sort=creation&order=asc&pagesize=100").object
                let items = try #require(got["items"] as? [[String: Any]])
                #expect(items.allSatisfy { ids.contains($0["post_id"] as? Int ?? -1) && $0["body"] is String })
                comments += items.count
            }
            #expect(sawPagedAnswers)
            #expect(sawAcceptedBelowTop)
            #expect(comments > 20)
        }
    }
}
