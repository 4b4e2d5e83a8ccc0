import FeedDiff
import FeedModel
import FeedPaging

/// The detail view as the app sees it: opening and closing it (the list's cursor item, the
/// cursor target of a thread opened by id), the keys that leave it, and the context its own
/// reduce (`DetailState+Reduce.swift`) is handed.
extension AppState {
    /// Rows the detail document scrolls in (all but the status line).
    var detailRows: Int { max(1, size.rows - 1) }

    /// The comment whose line is the first comment line on screen: what Tab folds and `p` leaves.
    public var focusedComment: Int? { detail?.focusedComment(rows: detailRows) }

    /// One past the last scroll position: the document, plus the comment footer's line.
    var detailLength: Int { detail?.length ?? 0 }

    // MARK: - Transitions

    mutating func openDetail() -> [AppEffect] {
        guard list.viewport.count > 0, list.viewport.cursor < list.paging.items.count else { return [] }
        return openDetail(list.paging.items[list.viewport.cursor], isStandIn: false)
    }

    /// Opens a thread known only by its item id (`hn --thread ID`): a stand-in item until the
    /// first comment page brings the real one. Back goes to the list, which loads behind it.
    mutating func openThread(_ itemID: String) -> [AppEffect] {
        guard commentPageSize != nil else { return [] }
        let number = itemID.split(separator: ":").last.map(String.init) ?? itemID
        return openDetail(FeedItem(id: itemID, title: "item \(number)"), isStandIn: true)
    }

    mutating func openDetail(_ item: FeedItem, isStandIn: Bool) -> [AppEffect] {
        if !isStandIn, let previewed = takePreview(of: item) {
            // The preview loaded it already: its comments, document and requests carry on here.
            detail = previewed
            relayoutDetail()
            // The visit's history is read before the comments the preview brought are marked seen
            // (the cache's queue keeps the order), so they still count as new on this visit.
            let seen = previewed.comments.map { $0.items.map(\.id) } ?? []
            let marks: [AppEffect] = cache.isEnabled && !seen.isEmpty ? [.markSeen(commentIDs: seen, threadID: item.id)] : []
            return reduceDetail(.loadDocument).effects + markRead(item) + recordVisit(item) + marks
        }
        let dropped = dropPreview()
        detailsOpened += 1
        let comments = commentPageSize.map { PagingState(firstKey: .cursor(nil), pageSize: $0) }
        let document = loadsDocuments ? PagingState(firstKey: .cursor(nil), pageSize: 1) : nil
        detail = DetailState(item: item, serial: detailsOpened, comments: comments, document: document)
        detail?.isStandIn = isStandIn
        detail?.wasOpenedByID = isStandIn
        relayoutDetail()
        return dropped + reduceDetail(.loadDocument).effects + markRead(item) + recordVisit(item)
    }

    /// Back to the list: the list's viewport was never touched, so the same item sits on the
    /// same row. Comment loads still in flight are cancelled, unless the screen is split: there
    /// the detail becomes the item's preview.
    mutating func closeDetail() -> [AppEffect] {
        guard let detail else { return [] }
        self.detail = nil
        if detail.wasOpenedByID {
            // The list loaded behind the thread: back lands on its story, as if opened from it.
            list.cursorTarget = detail.item.id
            followCursorTarget()
        } else if previewedItem?.id == detail.item.id, commentPageSize != nil || loadsDocuments {
            // Back on a split screen: the detail becomes its item's preview, and what it loads
            // carries on until the cursor moves on.
            preview = detail
            previewDwelling = Dwell(itemID: detail.item.id, since: now)
            reducePreview(.relayout)
            return []
        }
        return detail.cancellations
    }

    /// Puts the list's cursor on `cursorTarget` once its row is loaded.
    mutating func followCursorTarget() {
        // Before the page, the first rows' cursor goes there if it can (the target stays for it).
        if let id = list.cursorTarget, showsFirstItems, let index = list.firstItems.prefix(firstItemsShown).firstIndex(where: { $0.id == id }) {
            list.firstCursor = index
        }
        guard let id = list.cursorTarget, let index = list.paging.items.index(of: id) else { return }
        list.cursorTarget = nil
        list.viewport.moveCursor(to: index)
    }

    /// A key in the detail: its own keys (motions, folds, the search, a count) go to its
    /// reduce; those that leave it or cross to another view are the app's.
    mutating func handleInDetail(_ key: Key, _ intent: Intent?) -> [AppEffect] {
        let reply = reduceDetail(.key(key, intent))
        if reply.isHandled { return reply.effects }
        guard let intent else {
            // A key the list binds (H, or Esc for the search) does nothing here: say where it works.
            notice = keyMap.intent(for: key, in: .list).flatMap { listOnlyNotice(key, $0) }
            return []
        }
        switch intent {
        case .back: return closeDetail()
        case .quit:
            // q goes back from a detail, as in less's help or a pager inside vim; ^C still quits.
            return key == .control("c") ? quit() : closeDetail()
        case .nextItem: return openNeighbour(by: 1)
        case .previousItem: return openNeighbour(by: -1)
        case .help:
            isHelpShown = true
            helpTop = 0
        case .openLink: return handleLink(.openLink)
        case .discussion: return handleLink(.discussion)
        case .copy: return handleLink(.copy)
        case .toggleRead: return toggleRead(detail?.item)
        case .save: return toggleSaved(detail?.item)
        case .read: return openReader()
        case .open, .refresh, .clearSearch, .goTo, .hideRead:
            notice = listOnlyNotice(key, intent)
        default: break
        }
        return []
    }

    /// What a key that works only in the list says in a detail: `H in the list: hide or show
    /// read items (Esc goes back)`.
    private func listOnlyNotice(_ key: Key, _ intent: Intent?) -> String? {
        guard let intent, let binding = keyMap.bindings.first(where: { $0.intent == intent }) else { return nil }
        let help = binding.help.prefix(1).lowercased() + binding.help.dropFirst()
        let back = keyMap.keys(for: .back).first.map { " (\($0.label) goes back)" } ?? ""
        return "\(key.label) in the list: \(help)\(back)"
    }

    mutating func handleInDetail(_ event: MouseEvent) -> [AppEffect] {
        reduceDetail(.mouse(event)).effects
    }

    /// Hands an action to the detail (when one is open) with what it needs of the app, and
    /// takes back its note for the status line and the visit it asks the cache view to record.
    @discardableResult
    mutating func reduceDetail(_ action: DetailAction) -> DetailReply {
        guard detail != nil else { return DetailReply() }
        // The context first, then the detail taken out of the state, so that the detail's arrays
        // (a long thread's comments and lines) have one owner while it changes them, and are
        // not copied on every action.
        let context = detailContext
        guard var detail = detail.take() else { return DetailReply() }
        let reply = detail.reduce(action, context)
        self.detail = detail
        if let notice = reply.notice { self.notice = notice }
        if let visit = reply.visit { cache.visits[visit.id] = visit.commentCount }
        return reply
    }

    /// What the detail sees of the app: the screen, the clock, the settings, the pictures and
    /// the cache's switches.
    var detailContext: DetailContext {
        DetailContext(
            size: size, now: now, commentWidth: commentWidth, prefetch: prefetch, pictures: pictures,
            largePictureBox: largePictureBox, isCacheEnabled: cache.isEnabled, isOfflineOnly: cache.isOfflineOnly)
    }

    /// Lays the detail's document out again (the width, the pictures or the history changed).
    mutating func relayoutDetail() { reduceDetail(.relayout) }

    /// `J`/`K`: leaves the detail for the next (previous) item of the list and opens it, the
    /// list's cursor moving with it (and prefetching as it would).
    private mutating func openNeighbour(by step: Int) -> [AppEffect] {
        let target = list.viewport.cursor + step
        guard detail != nil, list.viewport.count > 0, target >= 0, target < list.paging.items.count else {
            notice = step > 0 ? "this is the last item loaded" : "this is the first item"
            return []
        }
        let closed = closeDetail()
        list.viewport.move(by: step)
        return closed + openDetail()
    }
}
