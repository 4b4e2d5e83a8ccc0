import FeedModel
import FeedPictures

/// What the reader sub-state hears: its own keys, the article's answers, and the changes of
/// the screen around it. Keys that leave it (back, q) or open the help are the app's: the
/// reader answers them `isHandled == false`.
enum ReaderAction {
    /// A key with its intent in the detail's key table (the reader scrolls as a detail does).
    case key(Key, Intent?)
    /// The network's answer for an opening.
    case article(serial: Int, ArticleOutcome)
    /// The cache's answer: the copy kept from an earlier reading, or why there is none.
    case kept(serial: Int, KeptArticle?, failure: String?)
    /// The width changed: the article is laid out again.
    case relayout
    /// A picture came in: the lines make room for its own height when it is one of the figures.
    case pictureArrived(url: String)
}

/// What the reader needs of the app, passed in rather than reached for: the screen, the
/// pictures it makes room for, where this address was left last time, and the cache switches.
struct ReaderContext {
    var size: Size
    var pictures: PictureState
    /// The first line shown when this address was last left (0 for a first reading).
    var leftAt: Int
    var isCacheEnabled: Bool
    var storesPages: Bool

    /// Rows the reader's text gets: all but the title, its byline line and the status line.
    var rows: Int { max(1, size.rows - 3) }

    /// The text's width: the measure, narrower on a narrow screen.
    var measure: Int { min(ReaderState.measure, max(10, size.columns - 2)) }

    /// The most a picture in the reader takes: the measure's width, half the text's height.
    var pictureBox: PictureBox { PictureBox(columns: max(4, measure), rows: max(2, rows / 2)) }
}

/// What the reader hands back: effects to carry out, a note for the status line, and whether
/// it took the key.
struct ReaderReply {
    var effects: [AppEffect] = []
    var notice: String?
    /// False for a key that is not the reader's own (the app acts on it).
    var isHandled = true

    static let notHandled = ReaderReply(isHandled: false)
}

extension ReaderState {
    /// The reader's one transition function: no I/O; loads and links come back as effects.
    mutating func reduce(_ action: ReaderAction, _ context: ReaderContext) -> ReaderReply {
        switch action {
        case let .key(key, intent): return handle(key, intent, context)
        case let .article(serial, outcome):
            guard self.serial == serial, isLoading else { break }
            switch outcome {
            case .article(let article):
                show(.loaded(article), context)
                return ReaderReply(effects: context.storesPages ? [.keepArticle(article, url: url)] : [])
            case .failed(let reason):
                // With a cache, the copy kept from an earlier reading is asked for before the
                // reader says why.
                if context.isCacheEnabled { return ReaderReply(effects: [.readArticle(url: url, serial: serial, failure: reason)]) }
                show(.failed(reason), context)
            }
        case let .kept(serial, kept, failure):
            guard self.serial == serial, isLoading else { break }
            guard var article = kept?.article else {
                show(.failed(failure ?? "offline: this page was not read here before, so no copy is kept"), context)
                break
            }
            // The copy's links are checked again, as remote text.
            article.links = article.links.map { (try? LinkCheck.validate($0)) ?? "" }
            keptAt = kept?.fetchedAt
            show(.loaded(article), context)
            return ReaderReply(notice: failure)
        case .relayout:
            relayout(context)
        case let .pictureArrived(url):
            if pictureSlots.contains(where: { $0.url == url }) { relayout(context) }
        }
        return ReaderReply()
    }

    /// The reader's pictures within a screen of what it shows, nearest first: the rest are not
    /// loaded (or their loads are cancelled when the text scrolls away from them).
    func wantedPictures(_ context: ReaderContext) -> [PictureRequest] {
        let rows = context.rows
        let near = (top - rows)...(top + 2 * rows)
        var seen = Set<String>()
        return pictureSlots
            .filter { near.overlaps($0.line...($0.line + $0.rows)) }
            .sorted { abs($0.line - top) < abs($1.line - top) }
            .filter { seen.insert($0.url).inserted }
            .map { PictureRequest(url: $0.url, boxes: [context.pictureBox], background: context.pictures.background) }
    }

    static func clampedTop(_ top: Int, lines: Int, rows: Int) -> Int {
        max(0, min(top, lines - rows))
    }

    // MARK: - Helpers

    /// Shows what came, laid out, where it was left last time.
    private mutating func show(_ content: Content, _ context: ReaderContext) {
        self.content = content
        relayout(context)
        top = Self.clampedTop(context.leftAt, lines: lines.count, rows: context.rows)
    }

    /// Lays the article out for the terminal's width: the measure, centred when wider, with
    /// room for each figure's picture when pictures are on. The line at the top stays at the
    /// top when a picture above it changes the room it takes.
    private mutating func relayout(_ context: ReaderContext) {
        let measure = context.measure
        let margin = max(1, (context.size.columns - measure) / 2)
        let before = pictureSlots
        switch content {
        case .loaded(let article):
            let box = context.pictureBox
            let urls = article.pictures.map { (try? LinkCheck.validate($0)) ?? "" }
            let rows = urls.map { $0.isEmpty ? 0 : context.pictures.rows(for: $0, box: box, screenRows: context.size.rows) }
            let laidOut = DetailLayout.blockLines(article.blocks, column: margin, width: margin + measure) { index in
                index < rows.count ? rows[index] : 0
            }
            lines = laidOut.lines
            pictureSlots = laidOut.pictures.map { PictureSlot(line: $0.line, rows: rows[$0.picture], url: urls[$0.picture]) }
        case .loading, .failed:
            lines = []
            pictureSlots = []
        }
        if before.count == pictureSlots.count {
            let moved = zip(before, pictureSlots).filter { $0.0.line < top }.reduce(0) { $0 + $1.1.rows - $1.0.rows }
            top += moved
        }
        top = Self.clampedTop(top, lines: lines.count, rows: context.rows)
    }

    private mutating func handle(_ key: Key, _ intent: Intent?, _ context: ReaderContext) -> ReaderReply {
        if isSearching { return ReaderReply(notice: editSearch(key, context)) }
        if case let .character(c) = key, let digit = c.wholeNumberValue, c.isASCII {
            count = min((count ?? 0) * 10 + digit, 1_000_000)
            return ReaderReply()
        }
        let typed = count
        count = nil
        let rows = context.rows
        switch intent {
        case .down: scroll(to: top + 1, context)
        case .up: scroll(to: top - 1, context)
        case .pageDown: scroll(to: top + max(1, rows - 1), context)
        case .pageUp: scroll(to: top - max(1, rows - 1), context)
        case .halfPageDown: scroll(to: top + max(1, rows / 2), context)
        case .halfPageUp: scroll(to: top - max(1, rows / 2), context)
        case .top: scroll(to: 0, context)
        case .bottom: scroll(to: Int.max, context)
        case .back, .quit, .help: return .notHandled
        case .retry:
            guard case .failed = content else { break }
            content = .loading
            keptAt = nil
            return ReaderReply(effects: [.fetchArticle(url: url, serial: serial)])
        case .search:
            isSearching = true
            search = SearchPattern("")
            searchOrigin = top
        case .nextMatch: return ReaderReply(notice: find(from: top + 1, forward: true, context))
        case .previousMatch: return ReaderReply(notice: find(from: top - 1, forward: false, context))
        case .openLink, .copy:
            var link = url
            if let typed {
                guard case .loaded(let article) = content, typed >= 1, typed <= article.links.count else {
                    return ReaderReply(notice: "no link \(typed) in this article")
                }
                link = article.links[typed - 1]
                guard !link.isEmpty else { return ReaderReply(notice: "link \(typed) was not a web address") }
            }
            let shown = LinkText.display(link)
            if intent == .copy { return ReaderReply(effects: [.copy(link)], notice: "copied \(shown)") }
            return ReaderReply(effects: [.openURL(link)], notice: "opening \(shown)")
        default: break
        }
        return ReaderReply()
    }

    private mutating func scroll(to line: Int, _ context: ReaderContext) {
        top = Self.clampedTop(line, lines: lines.count, rows: context.rows)
    }
}

extension ReaderState: InTextSearch {
    static let searchHint = "no search: / searches the article"

    /// The match goes to the top line (near the end, blank lines follow it), so `n` always moves
    /// on from it.
    mutating func showSearchMatch(at line: Int, _ context: ReaderContext) { top = line }
    mutating func returnToSearchOrigin(_ context: ReaderContext) { scroll(to: searchOrigin, context) }
}
