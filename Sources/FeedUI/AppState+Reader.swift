import FeedModel

/// `a`: the item's web page read here, as an article (the reader), over the list or the detail.
///
/// The page is fetched by the runtime (`AppEffect.fetchArticle`, the detail lane); leaving
/// while it loads cancels it on the wire. Scrolling is the detail's keys; `No` (digits, then
/// `o`) opens link N in the browser and `o` alone the page itself; where you were is kept per
/// address, so coming back opens the article where you left it.
extension AppState {
    /// Rows the reader's text gets: all but the title, its byline line and the status line.
    var readerRows: Int { max(1, size.rows - 3) }

    mutating func openReader() -> [AppEffect] {
        let item: FeedItem
        if let detail {
            item = detail.item
        } else {
            guard list.viewport.count > 0, list.viewport.cursor < list.paging.items.count else {
                notice = "no item selected"
                return []
            }
            item = list.paging.items[list.viewport.cursor]
        }
        guard let link = item.url, !link.isEmpty else {
            notice = "this item has no page to read"
            return []
        }
        let checked: String
        do throws(LinkCheck.Refusal) {
            if item.isRefusedLink(link) { throw LinkCheck.Refusal.hiddenCharacters }
            checked = try LinkCheck.validate(link)
        } catch {
            notice = LinkCheck.message(for: error)
            return []
        }
        readersOpened += 1
        reader = ReaderState(serial: readersOpened, url: checked, itemTitle: item.title, content: .loading)
        return [.fetchArticle(url: checked, serial: readersOpened)] + markRead(item)
    }

    /// The network's answer. With a cache, an article is kept for reading offline, and a page
    /// that failed asks the cache for the copy kept from an earlier reading before it says why.
    mutating func receiveArticle(serial: Int, _ outcome: ArticleOutcome) -> [AppEffect] {
        guard let reader, reader.serial == serial, reader.isLoading else { return [] }
        switch outcome {
        case .article(let article):
            show(.loaded(article))
            return cache.storesPages ? [.keepArticle(article, url: reader.url)] : []
        case .failed(let reason):
            if cache.isEnabled { return [.readArticle(url: reader.url, serial: serial, failure: reason)] }
            show(.failed(reason))
            return []
        }
    }

    /// The cache's answer: the copy kept (its links checked again, as remote text), or why
    /// there is nothing to read.
    mutating func receiveKeptArticle(serial: Int, _ kept: KeptArticle?, failure: String?) {
        guard let reader, reader.serial == serial, reader.isLoading else { return }
        guard var article = kept?.article else {
            show(.failed(failure ?? "offline: this page was not read here before, so no copy is kept"))
            return
        }
        article.links = article.links.map { (try? LinkCheck.validate($0)) ?? "" }
        self.reader?.keptAt = kept?.fetchedAt
        if let failure { notice = failure }
        show(.loaded(article))
    }

    /// Shows what came for the reader, laid out, where it was left last time.
    private mutating func show(_ content: ReaderState.Content) {
        guard let url = reader?.url else { return }
        reader?.content = content
        relayoutReader()
        let top = Self.clampedTop(readerPositions[url] ?? 0, lines: reader?.lines.count ?? 0, rows: readerRows)
        reader?.top = top
    }

    /// Lays the article out for the terminal's width: the measure, centred when wider, with
    /// room for each figure's picture when pictures are on. The line at the top stays at the
    /// top when a picture above it changes the room it takes.
    mutating func relayoutReader() {
        guard var reader else { return }
        let measure = min(ReaderState.measure, max(10, size.columns - 2))
        let margin = max(1, (size.columns - measure) / 2)
        let before = reader.pictureSlots
        switch reader.content {
        case .loaded(let article):
            let box = readerPictureBox
            let urls = article.pictures.map { (try? LinkCheck.validate($0)) ?? "" }
            let rows = urls.map { $0.isEmpty ? 0 : pictureRows(for: $0, box: box) }
            let laidOut = DetailLayout.blockLines(article.blocks, column: margin, width: margin + measure) { index in
                index < rows.count ? rows[index] : 0
            }
            reader.lines = laidOut.lines
            reader.pictureSlots = laidOut.pictures.map { PictureSlot(line: $0.line, rows: rows[$0.picture], url: urls[$0.picture]) }
        case .loading, .failed:
            reader.lines = []
            reader.pictureSlots = []
        }
        if before.count == reader.pictureSlots.count {
            let moved = zip(before, reader.pictureSlots).filter { $0.0.line < reader.top }.reduce(0) { $0 + $1.1.rows - $1.0.rows }
            reader.top += moved
        }
        reader.top = Self.clampedTop(reader.top, lines: reader.lines.count, rows: readerRows)
        self.reader = reader
    }

    /// The most a picture in the reader takes: the measure's width, half the text's height.
    var readerPictureBox: PictureBox {
        let measure = min(ReaderState.measure, max(10, size.columns - 2))
        return PictureBox(columns: max(4, measure), rows: max(2, readerRows / 2))
    }

    /// The reader's pictures within a screen of what it shows, nearest first: the rest are not
    /// loaded (or their loads are cancelled when the text scrolls away from them).
    func readerWantedPictures() -> [PictureRequest] {
        guard let reader else { return [] }
        let rows = readerRows
        let near = (reader.top - rows)...(reader.top + 2 * rows)
        var seen = Set<String>()
        return reader.pictureSlots
            .filter { near.overlaps($0.line...($0.line + $0.rows)) }
            .sorted { abs($0.line - reader.top) < abs($1.line - reader.top) }
            .filter { seen.insert($0.url).inserted }
            .map { PictureRequest(url: $0.url, boxes: [readerPictureBox], background: pictures.background) }
    }

    mutating func handleInReader(_ key: Key, _ intent: Intent?) -> [AppEffect] {
        guard var reader else { return [] }
        if reader.isSearching {
            editReaderSearch(key)
            return []
        }
        if case let .character(c) = key, let digit = c.wholeNumberValue, c.isASCII {
            reader.count = min((reader.count ?? 0) * 10 + digit, 1_000_000)
            self.reader = reader
            return []
        }
        let count = reader.count
        self.reader?.count = nil
        let rows = readerRows
        switch intent {
        case .down: scrollReader(to: reader.top + 1)
        case .up: scrollReader(to: reader.top - 1)
        case .pageDown: scrollReader(to: reader.top + max(1, rows - 1))
        case .pageUp: scrollReader(to: reader.top - max(1, rows - 1))
        case .halfPageDown: scrollReader(to: reader.top + max(1, rows / 2))
        case .halfPageUp: scrollReader(to: reader.top - max(1, rows / 2))
        case .top: scrollReader(to: 0)
        case .bottom: scrollReader(to: Int.max)
        case .back: return closeReader()
        case .quit: return key == .control("c") ? quit() : closeReader()
        case .retry:
            guard case .failed = reader.content else { return [] }
            self.reader?.content = .loading
            self.reader?.keptAt = nil
            return [.fetchArticle(url: reader.url, serial: reader.serial)]
        case .help:
            isHelpShown = true
            helpTop = 0
        case .search:
            self.reader?.isSearching = true
            self.reader?.search = SearchPattern("")
            self.reader?.searchOrigin = reader.top
        case .nextMatch: findInReader(from: reader.top + 1, forward: true)
        case .previousMatch: findInReader(from: reader.top - 1, forward: false)
        case .openLink, .copy:
            var link = reader.url
            if let count {
                guard case .loaded(let article) = reader.content, count >= 1, count <= article.links.count else {
                    notice = "no link \(count) in this article"
                    return []
                }
                link = article.links[count - 1]
                guard !link.isEmpty else {
                    notice = "link \(count) was not a web address"
                    return []
                }
            }
            let shown = LinkText.display(link)
            if intent == .copy {
                notice = "copied \(shown)"
                return [.copy(link)]
            }
            notice = "opening \(shown)"
            return [.openURL(link)]
        default: break
        }
        return []
    }

    mutating func closeReader() -> [AppEffect] {
        guard let reader else { return [] }
        readerPositions[reader.url] = reader.top
        self.reader = nil
        return reader.isLoading ? [.cancelArticle(serial: reader.serial)] : []
    }

    /// A key while the `/` prompt is open: the pattern grows or shrinks and the text jumps to
    /// its first match at or below where the search began; `Enter` keeps it, `Esc` drops it.
    private mutating func editReaderSearch(_ key: Key) {
        guard let reader, var text = reader.search?.text else { return }
        switch key {
        case let .character(character): text.append(character)
        case .tab: text.append(" ")
        case .backspace:
            guard !text.isEmpty else { return cancelReaderSearch() }
            text.removeLast()
        case .control("u"): text = ""
        case .control("c"), .escape: return cancelReaderSearch()
        case .enter:
            self.reader?.isSearching = false
            if text.isEmpty {
                self.reader?.search = nil
            } else if !reader.lines.contains(where: { SearchPattern(text).matches($0.text) }) {
                notice = "nothing found for \(text)"
            }
            return
        default: return
        }
        self.reader?.search = SearchPattern(text)
        if text.isEmpty {
            scrollReader(to: reader.searchOrigin)
        } else {
            findInReader(from: reader.searchOrigin, forward: true, quiet: true)
        }
    }

    private mutating func cancelReaderSearch() {
        guard let reader else { return }
        self.reader?.isSearching = false
        self.reader?.search = nil
        scrollReader(to: reader.searchOrigin)
    }

    /// Puts the next (or previous) line holding the pattern at the top, wrapping at the ends.
    private mutating func findInReader(from start: Int, forward: Bool, quiet: Bool = false) {
        guard let reader, let pattern = reader.search, !pattern.isEmpty else {
            if !quiet { notice = "no search: / searches the article" }
            return
        }
        let count = reader.lines.count
        guard count > 0 else { return }
        for step in 0..<count {
            let index = ((forward ? start + step : start - step) % count + count) % count
            if pattern.matches(reader.lines[index].text) {
                if !quiet && (forward ? index < start : index > start) { notice = forward ? "search wrapped to the top" : "search wrapped to the bottom" }
                // The match goes to the top line (near the end, blank lines follow it), so `n`
                // always moves on from it.
                self.reader?.top = index
                return
            }
        }
        if !quiet { notice = "nothing found for \(pattern.text)" }
    }

    private mutating func scrollReader(to top: Int) {
        guard let reader else { return }
        let clamped = Self.clampedTop(top, lines: reader.lines.count, rows: readerRows)
        self.reader?.top = clamped
    }

    static func clampedTop(_ top: Int, lines: Int, rows: Int) -> Int {
        max(0, min(top, lines - rows))
    }
}
