import FeedModel

/// `a`: the item's web page read here, as an article (the reader), over the list or the detail.
/// Opening and leaving it are the app's (the item, where each address was left); the reader's
/// own keys, answers and layout are its reduce (`ReaderState+Reduce.swift`).
///
/// The page is fetched by the runtime (`AppEffect.fetchArticle`, the detail lane); leaving
/// while it loads cancels it on the wire. Scrolling is the detail's keys; `No` (digits, then
/// `o`) opens link N in the browser and `o` alone the page itself; where you were is kept per
/// address, so coming back opens the article where you left it.
extension AppState {
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
        return openReader(item)
    }

    mutating func openReader(_ item: FeedItem) -> [AppEffect] {
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

    /// A key in the reader: its own keys (scrolling, the search, links) go to its reduce;
    /// back, q and the help are the app's.
    mutating func handleInReader(_ key: Key, _ intent: Intent?) -> [AppEffect] {
        let reply = reduceReader(.key(key, intent))
        if reply.isHandled { return reply.effects }
        switch intent {
        case .back: return closeReader()
        case .quit: return key == .control("c") ? quit() : closeReader()
        case .help:
            isHelpShown = true
            helpTop = 0
        default: break
        }
        return []
    }

    mutating func closeReader() -> [AppEffect] {
        guard let reader else { return [] }
        readerPositions[reader.url] = reader.top
        self.reader = nil
        let cancel: [AppEffect] = reader.isLoading ? [.cancelArticle(serial: reader.serial)] : []
        // `feedscroll read URL`: the page was the run; there is no list to go back to.
        return readerEndsRun ? cancel + quit() : cancel
    }

    /// Hands an action to the reader (when one is open) with what it needs of the app, and
    /// takes back its note for the status line.
    @discardableResult
    mutating func reduceReader(_ action: ReaderAction) -> ReaderReply {
        guard let url = reader?.url else { return ReaderReply() }
        // The context first, then the reader taken out of the state: its article has one owner
        // while it changes (see `reduceDetail`).
        let context = readerContext(leftAt: readerPositions[url] ?? 0)
        guard var reader = reader.take() else { return ReaderReply() }
        let reply = reader.reduce(action, context)
        self.reader = reader
        if let notice = reply.notice { self.notice = notice }
        return reply
    }

    /// What the reader sees of the app: the screen, the pictures, where its address was left,
    /// the cache's switches.
    func readerContext(leftAt: Int = 0) -> ReaderContext {
        ReaderContext(
            size: size, pictures: pictures, leftAt: leftAt, isCacheEnabled: cache.isEnabled, storesPages: cache.storesPages)
    }

    /// Rows the reader's text gets: all but the title, its byline line and the status line.
    var readerRows: Int { readerContext().rows }

    /// The most a picture in the reader takes: the measure's width, half the text's height.
    var readerPictureBox: PictureBox { readerContext().pictureBox }

    /// Lays the article out again (the width changed).
    mutating func relayoutReader() { reduceReader(.relayout) }
}
