/// Web pages for the reader: the articles HN-like stories link to, in several site templates,
/// and the pages a reader must refuse (`ReplicaArticles` lists them). HTML, not an API.
struct ArticlesReplica: ReplicaAPI {
    let name = "articles"
    let prefix = "/articles"
    let seed: UInt64

    func routeName(for path: String) -> String? {
        path.isEmpty || path.contains("/") ? nil : "{page}"
    }

    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse {
        guard request.method == "GET" || request.method == "HEAD" else { return ReplicaResponse(status: 405) }
        let page = ReplicaArticles.page(request.path, seed: seed, origin: request.origin)
        return ReplicaResponse(status: page.status, headers: [("Content-Type", page.contentType)] + page.headers, body: page.body)
    }
}
