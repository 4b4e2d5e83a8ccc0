import FeedMarkup
import FeedModel
import FeedPaging
import FeedReader
import FeedSources
import FeedUI
import Foundation

/// Fetches and reads the reader's articles (`AppEffect.fetchArticle`), one task per opening,
/// on the fetch executor; cancelling one closes its request on the wire.
final class ArticleLoader: Sendable {
    private let fetch: ArticleFetch
    private let deliver: @Sendable (Int, ArticleOutcome) -> Void
    private let executor: FetchExecutor
    private let tasks = TaskTable<Int>()

    init(transport: any HTTPTransport, executor: FetchExecutor, deliver: @escaping @Sendable (Int, ArticleOutcome) -> Void) {
        fetch = ArticleFetch(transport: transport)
        self.executor = executor
        self.deliver = deliver
    }

    func fetch(url: String, serial: Int) {
        guard let address = URL(string: url) else {
            deliver(serial, .failed("not a web address"))
            return
        }
        tasks.start(serial, on: executor) { [self] in
            // The detail lane: what the reader is looking at never queues behind list prefetch.
            let loaded: Result<Result<Article, NotAnArticle>, FeedError>
            do throws(FeedError) {
                loaded = .success(try await self.fetch.load(address, context: FetchContext(lane: .detail)))
            } catch {
                loaded = .failure(error)
            }
            let outcome: ArticleOutcome
            switch loaded {
            case .success(.success(let article)): outcome = .article(ArticleText(article))
            case .success(.failure(let reason)): outcome = .failed(reason.description)
            case .failure(let error):
                guard error.kind != .cancelled, !Task.isCancelled else { return }
                outcome = .failed(error.sanitized().message)
            }
            guard !Task.isCancelled else { return }
            deliver(serial, outcome)
        }
    }

    func cancel(serial: Int) {
        tasks.cancel(serial)
    }

    func cancelAll() {
        tasks.cancelAll()
    }
}

extension ArticleText {
    /// The reader's form of an extracted article: blocks with numbered links, the links' addresses.
    init(_ article: Article) {
        let about = [article.byline, article.site].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        self.init(
            url: article.url ?? "", title: article.title, about: about, blocks: article.markup.textBlocks(),
            links: article.markup.links.map(\.url), pictures: article.markup.pictures.map(\.url))
    }
}
