import FeedModel
import Foundation

/// JSONPlaceholder on json-server 0.17: `_page`/`_limit`, `_start`/`_end`, `X-Total-Count`, a `Link` built by string replacement.
struct JSONPlaceholderReplica: ReplicaAPI {
    let name = "jsonplaceholder"
    let prefix = "/jsonplaceholder"
    let seed: UInt64
    let count: Int

    func postJSON(_ id: Int) -> JSONValue {
        var rng = SeededRandom(seed: seed, salt: "jsonplaceholder", index: id)
        let title = id % 17 == 0 ? TextGenerator.title(&rng) : TextGenerator.lorem(&rng, words: 3 + rng.below(8))
        let body = (0..<4).map { _ in TextGenerator.lorem(&rng, words: 6 + rng.below(6)) }.joined(separator: "\n")
        return ["userId": .int((id - 1) / 10 + 1), "id": .int(id), "title": .string(title), "body": .string(body)]
    }

    /// The five comments of post `postID` (ids 5(p−1)+1 … 5p, as on the real service).
    func commentsJSON(_ postID: Int) -> [JSONValue] {
        (1...5).map { k in
            let id = (postID - 1) * 5 + k
            var rng = SeededRandom(seed: seed, salt: "jsonplaceholder/comment", index: id)
            let name = TextGenerator.lorem(&rng, words: 3 + rng.below(5))
            let first = TextGenerator.slug(TextGenerator.author(&rng), maxLength: 12)
            let body = (0..<4).map { _ in TextGenerator.lorem(&rng, words: 5 + rng.below(6)) }.joined(separator: "\n")
            return ["postId": .int(postID), "id": .int(id), "name": .string(name), "email": .string("\(first)@example.biz"), "body": .string(body)]
        }
    }

    // MARK: - ReplicaAPI

    func routeName(for path: String) -> String? {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        if trimmed == "posts" { return "posts" }
        if trimmed.hasPrefix("posts/"), trimmed.hasSuffix("/comments") { return "posts/{id}/comments" }
        if trimmed.hasPrefix("posts/") { return "posts/{id}" }
        return nil
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        var headers: [(String, String)] = [("Access-Control-Allow-Credentials", "true"), ("Cache-Control", "max-age=43200"),
                                           ("X-Powered-By", "Express"), ("Vary", "Origin, Accept-Encoding")]
        let path = request.path.hasSuffix("/") ? String(request.path.dropLast()) : request.path
        if path.hasPrefix("posts/"), path.hasSuffix("/comments") {
            // The nested route: an unknown post's comments are `[]`, as json-server answers.
            let id = Int(path.dropFirst(6).dropLast(9)) ?? 0
            return .json(.array(id >= 1 && id <= count ? commentsJSON(id) : []), headers: headers)
        }
        if path.hasPrefix("posts/") {
            guard let id = Int(path.dropFirst(6)), id >= 1, id <= count else {
                return .json([:], status: 404, headers: headers)
            }
            guard request["_embed"] == "comments", case var .object(fields) = postJSON(id) else {
                return .json(postJSON(id), headers: headers)
            }
            fields.append(("comments", .array(commentsJSON(id))))
            return .json(.object(fields), headers: headers)
        }
        guard path == "posts" else { return .json([:], status: 404, headers: headers) }

        // The order of json-server 0.17's plural router: filters, sort, then slicing.
        var posts = Array(1...max(count, 1)).prefix(count).map { $0 }
        for (name, value) in request.query where !name.hasPrefix("_") {
            guard let number = Int(value) else { posts = []; continue }
            let field = name.split(separator: "_").first.map(String.init) ?? name
            let op = name.dropFirst(field.count)
            func fieldValue(_ id: Int) -> Int? { field == "id" ? id : field == "userId" ? (id - 1) / 10 + 1 : nil }
            posts = posts.filter { id in
                guard let v = fieldValue(id) else { return false }
                switch op {
                case "_lte": return v <= number
                case "_gte": return v >= number
                case "_ne": return v != number
                case "": return v == number
                default: return true
                }
            }
        }
        if let sort = request["_sort"], sort == "id" || sort == "userId" {
            // Ids and user ids rise together, so sorting by either is the id order (stable).
            if request["_order"]?.lowercased() == "desc" { posts.reverse() }
        }
        let page = request["_page"]
        let limit = request["_limit"]
        let end = request["_end"]
        if end != nil || limit != nil || page != nil {
            headers.append(("X-Total-Count", String(posts.count)))
            headers.append(("Access-Control-Expose-Headers", page != nil ? "X-Total-Count, Link" : "X-Total-Count"))
        }
        if let page {
            let current = max(jsParseInt(page) ?? 1, 1)
            let perPage = jsParseInt(limit).flatMap { $0 == 0 ? nil : $0 } ?? 10
            let startIndex = (current - 1) * perPage
            let endIndex = current * perPage
            let range = jsSliceRange(count: posts.count, start: startIndex, end: endIndex)
            var links: [(String, String)] = []
            if !range.isEmpty {
                let full = request.fullURL
                // `fullURL.replace("page=" + current, …)`: the first occurrence only, so `_page=2` matches.
                func replaced(_ target: Int) -> String {
                    guard let r = full.range(of: "page=\(current)") else { return full }
                    return full.replacingCharacters(in: r, with: "page=\(target)")
                }
                let spansPages = range.count != posts.count
                if spansPages { links.append(("first", replaced(1))) }
                if current > 1 { links.append(("prev", replaced(current - 1))) }
                if endIndex < posts.count { links.append(("next", replaced(current + 1))) }
                if spansPages { links.append(("last", replaced((posts.count + perPage - 1) / perPage))) }
            }
            headers.append(("Link", links.map { "<\($0.1)>; rel=\"\($0.0)\"" }.joined(separator: ", ")))
            posts = Array(posts[range])
        } else if let end {
            let start = jsParseInt(request["_start"]) ?? 0
            posts = Array(posts[jsSliceRange(count: posts.count, start: start, end: jsParseInt(end) ?? 0)])
        } else if let limit {
            let start = jsParseInt(request["_start"]) ?? 0
            posts = Array(posts[jsSliceRange(count: posts.count, start: start, end: start + (jsParseInt(limit) ?? 0))])
        }
        return .json(.array(posts.map(postJSON)), headers: headers)
    }
}
