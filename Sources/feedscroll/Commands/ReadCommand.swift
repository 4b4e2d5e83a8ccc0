import FeedRuntime
import ArgumentParser
import FeedMarkup
import FeedModel
import FeedPaging
import FeedReader
import FeedSources
import Foundation

/// `feedscroll read URL`: one web page's article, fetched through the same transport as every
/// feed (limits, redirects, the retry site), read out by `ArticleExtractor`.
struct ReadCommand: RunCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read the article at a web address: its text without the page around it.",
        discussion: """
            --plain prints the title, a blank line, then the text; --json one object (url after
            redirects, title, byline, site, published, lang, excerpt, text, links, pictures).
            On a terminal without either, the page opens in the reader, as `a` opens an item's
            page: j/k and space scroll, / searches, No opens link N, o the page itself in the
            browser, q or Esc quits; the article is kept in the page cache. In a pipe, a page that
            is not an article (a PDF, a page that needs JavaScript, an error page, one with no
            readable text, one over the size cap) is one line on stderr and exit status 1; on a
            terminal the reader says so in one line and o still opens it.
            """)

    @Argument(help: ArgumentHelp("The page's address (http or https).", valueName: "URL")) var address: String
    @Flag(help: "Print the title, a blank line, then the text.") var plain = false
    @Flag(help: "Print one JSON object for the article.") var json = false
    @Flag(name: .customLong("no-cache"), help: "On a terminal, do not keep the article in the page cache.") var noCache = false
    @Option(help: ArgumentHelp("Seconds one attempt may take, whole (a failure is retried once).", valueName: "SECONDS"))
    var timeout: Double = ReadCommand.defaultTimeout

    /// Seconds one attempt may take when `--timeout` is not given.
    static let defaultTimeout: Double = 10

    func validate() throws {
        guard NetworkOptions.checkedURL(address) != nil else {
            throw ValidationError("'\(address)' is not a web address; give it as http://HOST/… or https://HOST/…")
        }
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be within 0…600 seconds, not \(timeout)") }
        if plain && json { throw ValidationError("--plain and --json cannot be used together") }
    }

    func run(in context: RunContext) throws {
        let url = NetworkOptions.checkedURL(address)!
        let onTerminal = !plain && !json && isatty(STDOUT_FILENO) != 0
        // In a pipe the page is one fetch: a loop thread of its own, not one a core (the
        // reader on a terminal loads pictures too, and keeps NIO's shared group).
        let transport = context.network.transport(timeout: timeout, width: 2, eventLoops: onTerminal ? .shared : .ownThread)
        if onTerminal {
            // The reader `a` opens, over a list holding the one page; the terminal runtime
            // reads through the run's transport made above (`--timeout`), pictures too.
            let item = FeedItem(id: url.absoluteString, title: url.absoluteString, url: url.absoluteString)
            let options = try FeedOptions.parse(noCache ? ["--no-cache"] : [])
            try Launcher(context, options: options, mode: .terminal, readPage: item).run(PageToReadSource(item: item))
            return
        }
        let fetch = ArticleFetch(transport: transport)
        let inbox = Inbox<Result<Result<Article, NotAnArticle>, FeedError>>()
        let task = Task(executorPreference: FetchExecutor(label: "feedscroll.fetch")) {
            do throws(FeedError) {
                inbox.post(.success(try await fetch.load(url)))
            } catch {
                inbox.post(.failure(error))
            }
        }
        var outcome: Result<Result<Article, NotAnArticle>, FeedError>?
        while outcome == nil {
            inbox.wait()
            outcome = inbox.drain().first
        }
        _ = task
        // The client is not shut down: the process ends as soon as the page is written, and
        // the kernel closes the connection; a shutdown would wait on the loop thread for it.
        let article: Article
        switch outcome! {
        case .failure(let error):
            printError(error.sanitized().message)
            throw ExitCode(1)
        case .success(.failure(let reason)):
            printError("\(ArticleFetch.hostName(url)): \(reason)")
            throw ExitCode(1)
        case .success(.success(let found)):
            article = found
        }
        let text = json ? try ArticleJSON.line(article) : article.title + "\n\n" + article.text + "\n"
        signal(SIGPIPE, SIG_IGN)
        let data = Array(text.utf8)
        var offset = 0
        while offset < data.count {
            let n = data[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { return }
                printError("cannot write the output: \(String(cString: strerror(errno)))")
                throw ExitCode(1)
            }
            offset += n
        }
    }
}

/// The list under `feedscroll read URL` on a terminal: the page itself, as its one item.
struct PageToReadSource: FeedSource {
    let item: FeedItem
    var name: String { "read" }
    var firstKey: PageKey { .page(0) }
    var defaultPageSize: Int { 1 }
    var maxPageSize: Int { 1 }

    func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        Page(key: key, items: [item], next: nil)
    }
}

/// The article as `read --json` prints it.
enum ArticleJSON {
    private struct Record: Encodable {
        struct Link: Encodable {
            var n: Int
            var text: String
            var url: String
        }

        struct Picture: Encodable {
            var url: String
            var alt: String
        }

        var url: String?
        var title: String
        var byline: String?
        var site: String?
        var published: Int64?
        var lang: String?
        var excerpt: String?
        var text: String
        var links: [Link]
        var pictures: [Picture]

        func encode(to encoder: any Encoder) throws {
            // Every field is written, `null` when unknown (keys sorted, as on every --json line).
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(url, forKey: .url)
            try c.encode(title, forKey: .title)
            try c.encode(byline, forKey: .byline)
            try c.encode(site, forKey: .site)
            try c.encode(published, forKey: .published)
            try c.encode(lang, forKey: .lang)
            try c.encode(excerpt, forKey: .excerpt)
            try c.encode(text, forKey: .text)
            try c.encode(links, forKey: .links)
            try c.encode(pictures, forKey: .pictures)
        }

        enum CodingKeys: String, CodingKey {
            case url, title, byline, site, published, lang, excerpt, text, links, pictures
        }
    }

    static func line(_ article: Article) throws -> String {
        let record = Record(
            url: article.url, title: article.title, byline: article.byline, site: article.site,
            published: article.published.map { Int64($0.timeIntervalSince1970.rounded(.down)) }, lang: article.lang,
            excerpt: article.excerpt, text: article.text,
            links: article.markup.links.map { Record.Link(n: $0.n, text: $0.text, url: $0.url) },
            pictures: article.markup.pictures.map { Record.Picture(url: $0.url, alt: $0.alt) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(record), as: UTF8.self) + "\n"
    }
}
