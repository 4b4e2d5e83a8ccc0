import FeedDiff
import FeedModel
import FeedPaging

/// The detail view's transitions: open, scroll, fold, jump to parent, back, and the comment
/// pager's prefetch and results.
extension AppState {
    /// Rows the detail document scrolls in (all but the status line).
    var detailRows: Int { max(1, size.rows - 1) }

    /// The comment whose line is the first comment line on screen: what Tab folds and `p` leaves.
    public var focusedComment: Int? {
        guard let detail else { return nil }
        let end = min(detail.lines.count, detail.top + detailRows)
        guard detail.top < end else { return nil }
        return detail.lines[detail.top..<end].first { $0.comment != nil }?.comment
    }

    /// One past the last scroll position: the document, plus the comment footer's line.
    var detailLength: Int {
        guard let detail else { return 0 }
        return detail.lines.count + (detail.comments != nil || detail.document != nil ? 1 : 0)
    }

    // MARK: - Transitions

    mutating func openDetail() -> [AppEffect] {
        guard viewport.count > 0, viewport.cursor < paging.items.count else { return [] }
        return openDetail(paging.items[viewport.cursor], isStandIn: false)
    }

    /// Opens a thread known only by its item id (`hn --thread ID`): a stand-in item until the
    /// first comment page brings the real one. Back goes to the list, which loads behind it.
    mutating func openThread(_ itemID: String) -> [AppEffect] {
        guard commentPageSize != nil else { return [] }
        let number = itemID.split(separator: ":").last.map(String.init) ?? itemID
        return openDetail(FeedItem(id: itemID, title: "item \(number)"), isStandIn: true)
    }

    mutating func openDetail(_ item: FeedItem, isStandIn: Bool) -> [AppEffect] {
        detailsOpened += 1
        let comments = commentPageSize.map { PagingState(firstKey: .cursor(nil), pageSize: $0) }
        let document = loadsDocuments ? PagingState(firstKey: .cursor(nil), pageSize: 1) : nil
        detail = DetailState(item: item, serial: detailsOpened, comments: comments, document: document)
        detail?.isStandIn = isStandIn
        detail?.wasOpenedByID = isStandIn
        relayoutDetail()
        return loadDocument() + markRead(item) + recordVisit(item)
    }

    /// Back to the list: the list's viewport was never touched, so the same item sits on the
    /// same row. Comment loads still in flight are cancelled.
    mutating func closeDetail() -> [AppEffect] {
        guard let detail else { return [] }
        self.detail = nil
        if detail.wasOpenedByID {
            // The list loaded behind the thread: back lands on its story, as if opened from it.
            cursorTarget = detail.item.id
            followCursorTarget()
        }
        let inFlight = detail.comments?.inFlight.keys.sorted() ?? []
        let documentInFlight = detail.document?.inFlight.keys.sorted() ?? []
        return inFlight.map { .cancelComments($0, serial: detail.serial) }
            + documentInFlight.map { .cancelDocument($0, serial: detail.serial) }
    }

    /// Puts the list's cursor on `cursorTarget` once its row is loaded.
    mutating func followCursorTarget() {
        // Before the page, the first rows' cursor goes there if it can (the target stays for it).
        if let id = cursorTarget, showsFirstItems, let index = firstItems.prefix(firstItemsShown).firstIndex(where: { $0.id == id }) {
            firstCursor = index
        }
        guard let id = cursorTarget, let index = paging.items.index(of: id) else { return }
        cursorTarget = nil
        viewport.moveCursor(to: index)
    }

    mutating func handleInDetail(_ key: Key, _ intent: Intent?) -> [AppEffect] {
        if detail?.isSearching == true {
            editDetailSearch(key)
            return []
        }
        // A count before a motion: digits gather (a leading 0 is no count), the motion repeats.
        if case let .character(c) = key, let digit = c.wholeNumberValue, c.isASCII, digit > 0 || detail?.count != nil {
            let typed = min((detail?.count ?? 0) * 10 + digit, 100_000)
            detail?.count = typed
            return []
        }
        let times = detail?.count ?? 1
        detail?.count = nil
        if times > 1, let intent, Self.repeatsInDetail.contains(intent) {
            var effects: [AppEffect] = []
            for _ in 0..<times { effects += handleInDetail(key, intent) }
            return effects
        }
        let rows = detailRows
        switch intent {
        case .down: scrollDetail(to: (detail?.top ?? 0) + 1)
        case .up: scrollDetail(to: (detail?.top ?? 0) - 1)
        case .pageDown: scrollDetail(to: (detail?.top ?? 0) + max(1, rows - 1))
        case .pageUp: scrollDetail(to: (detail?.top ?? 0) - max(1, rows - 1))
        case .halfPageDown: scrollDetail(to: (detail?.top ?? 0) + max(1, rows / 2))
        case .halfPageUp: scrollDetail(to: (detail?.top ?? 0) - max(1, rows / 2))
        case .top: scrollDetail(to: 0)
        case .bottom: scrollDetail(to: Int.max)
        case .back: return closeDetail()
        case .quit:
            // q goes back from a detail, as in less's help or a pager inside vim; ^C still quits.
            return key == .control("c") ? quit() : closeDetail()
        case .collapse: toggleFocusedComment()
        case .parent: jumpToParent()
        case .nextSibling: jumpToComment(.sameDepth, forward: true)
        case .previousSibling: jumpToComment(.sameDepth, forward: false)
        case .nextTopLevel: jumpToComment(.topLevel, forward: true)
        case .previousTopLevel: jumpToComment(.topLevel, forward: false)
        case .nextNew: jumpToComment(.new, forward: true)
        case .nextItem: return openNeighbour(by: 1)
        case .previousItem: return openNeighbour(by: -1)
        case .retry:
            let document = retryDocument()
            guard document.isEmpty, var comments = detail?.comments else { return document }
            let effects = comments.retry()
            detail?.comments = comments
            return commentEffects(effects)
        case .help:
            isHelpShown = true
            helpTop = 0
        case .openLink: return handleLink(.openLink)
        case .discussion: return handleLink(.discussion)
        case .copy: return handleLink(.copy)
        case .toggleRead: return toggleRead(detail?.item)
        case .save: return toggleSaved(detail?.item)
        case .read: return openReader()
        case .search:
            let origin = detail?.top ?? 0
            detail?.isSearching = true
            detail?.search = SearchPattern("")
            detail?.searchOrigin = origin
        case .nextMatch: findInDetail(from: (detail?.top ?? 0) + 1, forward: true)
        case .previousMatch: findInDetail(from: (detail?.top ?? 0) - 1, forward: false)
        case .open, .refresh, .clearSearch, .goTo, .hideRead:
            notice = listOnlyNotice(key, intent)
        case nil:
            // A key the list binds (H, or Esc for the search) does nothing here: say where it works.
            notice = keyMap.intent(for: key, in: .list).flatMap { listOnlyNotice(key, $0) }
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
        switch event.kind {
        case .wheelDown: scrollDetail(to: (detail?.top ?? 0) + 3)
        case .wheelUp: scrollDetail(to: (detail?.top ?? 0) - 3)
        case .press, .release: break
        }
        return []
    }

    mutating func receiveComments(_ result: FetchResult, serial: Int) -> [AppEffect] {
        guard var comments = detail?.comments, let detail, detail.serial == serial else { return [] }
        if case let .partial(items) = result.outcome {
            receiveArriving(items, for: result.request)
            return []
        }
        if case let .retrying(attempt, delay, error) = result.outcome {
            // Said where the comments come, as the list's footer says it (a thread fans out to
            // many requests: the latest retry is the one shown).
            guard comments.inFlight[result.request.id] != nil, result.request.generation == comments.generation else { return [] }
            self.detail?.retrying = RetryNote(attempt: attempt, delay: delay, reason: error.message, since: now)
            return []
        }
        guard let loaded = result.result else { return [] }
        let wasRefreshing = comments.isRefreshing
        let loadedBefore = comments.items.count
        let receipt = comments.receive(result.request, loaded)
        guard receipt.outcome != .dropped else { return [] }
        self.detail?.comments = comments
        self.detail?.retrying = nil
        if let arriving = detail.arriving, comments.inFlight[arriving.request] == nil {
            // Their page arrived (it holds them), or failed: the pager's rows are the truth again.
            self.detail?.arriving = nil
        }
        noteCommentCacheOrigin(of: result, completedRefresh: wasRefreshing && !comments.isRefreshing)
        var effects = commentEffects(receipt.effects)
        var isHeadChanged = false
        if detail.isStandIn, case let .success(page) = loaded, let subject = page.subject, subject.id == detail.item.id {
            // The thread was opened by id: now its item is known (title, link, counts, body).
            self.detail?.replaceStandIn(with: subject)
            isHeadChanged = true
            if cache.isEnabled, let count = subject.commentCount {
                cache.visits[subject.id] = count
                effects.append(.recordVisit(threadID: subject.id, commentCount: count))
            }
        } else if case let .success(page) = loaded, let subject = page.subject, subject.id == detail.item.id,
                  subject.bodyHTML != nil, detail.item.bodyHTML == nil {
            // The thread brought the item's whole text where the list had a summary (a DEV article).
            self.detail?.takeBody(of: subject)
            isHeadChanged = true
        }
        // The changeset says where the comments part from what is drawn: only from there on are
        // they parsed and laid out again (a page appended to a long thread lays out that page).
        let changes = receipt.changeset
        let first = firstRedrawnComment(loadedBefore: loadedBefore, arrivingBefore: detail.arriving?.items ?? [], changes: changes)
        // Comments parsed while they arrived are parsed again when their page brings them changed.
        let rewritten = (detail.arriving?.items ?? []).filter { drawn in
            self.detail?.comments?.items[id: drawn.id].map { $0 != drawn } ?? false
        }
        let changed = Set((changes?.updates.map(\.item.id) ?? []) + rewritten.map(\.id))
        if isHeadChanged {
            self.detail?.parseComments(from: first, changed: changed)
            relayoutDetail()
        } else {
            followComments(from: first, changed: changed)
        }
        guard cache.isEnabled, case let .success(page) = loaded, !page.items.isEmpty else { return effects }
        return effects + [.markSeen(commentIDs: page.items.map(\.id), threadID: detail.item.id)]
    }

    /// The first comments of a page still loading, drawn after the loaded ones. Only for the
    /// page that comes next: not for a refresh (its page replaces the thread rather than
    /// extending it), nor a request no longer in flight, nor fewer comments than already drawn.
    private mutating func receiveArriving(_ items: [FeedItem], for request: PageRequest) {
        guard let detail, let comments = detail.comments, !comments.isRefreshing, request.generation == comments.generation,
              comments.inFlight[request.id] != nil, request.index == comments.nextPage,
              items.count > (detail.arriving?.request == request.id ? detail.arriving?.items.count ?? 0 : 0)
        else { return }
        // Each report is a longer prefix of the page: only comments not drawn yet are laid out.
        let drawn = detail.arriving?.items ?? []
        let kept = zip(drawn, items).prefix { $0 == $1 }.count
        self.detail?.arriving = DetailState.Arriving(request: request.id, items: items)
        followComments(from: comments.items.count + kept)
    }

    /// The first drawn comment a result changes: the loaded rows above the changeset's first
    /// row stay, and after them the comments that were arriving stay where the page brought the
    /// same ones (the page that holds them).
    private func firstRedrawnComment(loadedBefore: Int, arrivingBefore: [FeedItem], changes: Changeset<FeedItem>?) -> Int {
        let unchanged = changes?.firstChangedRow ?? Int.max
        guard unchanged >= loadedBefore, let detail else { return min(unchanged, loadedBefore) }
        var first = loadedBefore
        let shown = detail.shownCommentCount
        for drawn in arrivingBefore {
            guard first < shown, detail.shownComment(at: first) == drawn else { break }
            first += 1
        }
        return first
    }

    /// Lays out again the comments from `first` on, keeping every line above them: how a
    /// detail follows a page's changeset instead of laying out the whole thread. A folded
    /// comment whose hidden replies may grow is laid out again with them (its `+N hidden`).
    mutating func followComments(from first: Int, changed: Set<String> = []) {
        guard var detail, detail.comments != nil else { return }
        var start = max(0, first)
        var cut = Self.firstLine(of: start, in: detail.lines)
        // The last comment drawn above the cut: when it is folded, what follows may belong under it.
        if let header = detail.lines[..<cut].lastIndex(where: \.isHeader), let folded = detail.lines[header].comment,
           folded < detail.shownCommentCount, detail.collapsed.contains(detail.shownComment(at: folded).id)
        {
            start = folded
            cut = Self.firstLine(of: start, in: detail.lines)
        }
        detail.parseComments(from: start, changed: changed)
        let anchor = detail.top < detail.lines.count ? detail.lines[detail.top] : nil
        var wraps = detail.longWraps
        let tail = DetailLayout.commentLines(detail, from: start, width: size.columns, now: now, measure: commentWidth, wraps: &wraps)
        detail.longWraps = wraps
        detail.lines.replaceSubrange(cut..., with: tail)
        if let anchor, anchor.isHeader, let comment = anchor.comment, comment >= start,
           let row = detail.lines[cut...].firstIndex(where: { $0.isHeader && $0.comment == comment })
        {
            detail.top = row
        }
        self.detail = detail
        scrollDetail(to: detail.top)
    }

    /// The first line of comment `index` or of any after it (comments are laid out in order, at
    /// the end of the document): where their lines begin, or the end.
    private static func firstLine(of index: Int, in lines: [DetailLine]) -> Int {
        var cut = lines.count
        while cut > 0, let comment = lines[cut - 1].comment, comment >= index { cut -= 1 }
        return cut
    }

    /// The comment pager's prefetch rule, with the last comment on screen as the cursor (the
    /// whole loaded thread counts as passed once the footer shows).
    mutating func prefetchComments() -> [AppEffect] {
        guard let detail, var comments = detail.comments else { return [] }
        let end = min(detail.lines.count, detail.top + detailRows)
        var cursor = -1
        if detail.top + detailRows > detail.lines.count {
            cursor = comments.items.count
        } else if detail.top < end, let last = detail.lines[detail.top..<end].last(where: { $0.comment != nil })?.comment {
            // A comment of the page still arriving stands at the end of the loaded ones.
            cursor = min(last, comments.items.count)
        }
        // A comment takes about three lines: the screen in comments.
        // The list's scroll-speed estimate does not describe reading comments: their lead starts
        // from the floor (a screen plus a page).
        let distance = prefetch.distance(
            pageSize: comments.pageSize, screen: max(1, detailRows / 3), estimator: AdaptivePrefetch(), at: now)
        var effects = comments.prefetch(cursor: cursor, distance: distance)
        if effects.isEmpty, detail.awaitsRevalidation, !comments.isRefreshing, comments.inFlight.isEmpty {
            // The cached comments are drawn: fetch the thread again, keeping the top comment.
            self.detail?.awaitsRevalidation = false
            let anchor = focusedComment.flatMap { $0 < comments.items.count ? comments.items[$0].id : nil }
            effects = comments.refresh(anchor: anchor)
        }
        self.detail?.comments = comments
        return commentEffects(effects)
    }

    /// Lays the document out again (width, comments or folds changed), keeping the top line's
    /// comment at the top when it moved.
    mutating func relayoutDetail() {
        guard var detail else { return }
        let anchor = detail.top < detail.lines.count ? detail.lines[detail.top] : nil
        (detail.pictureRows, detail.pictureColumns) = detailPictureRoom(detail)
        var wraps = detail.longWraps
        detail.lines = DetailLayout.lines(detail, width: size.columns, now: now, measure: commentWidth, wraps: &wraps)
        detail.longWraps = wraps
        if let anchor, anchor.isHeader, let comment = anchor.comment,
           let row = detail.lines.firstIndex(where: { $0.isHeader && $0.comment == comment })
        {
            detail.top = row
        }
        self.detail = detail
        scrollDetail(to: detail.top)
    }

    /// Wraps a further slice of each long text still being laid out (on a tick: keys that
    /// came meanwhile were answered first), then lays the document out again.
    mutating func continueDetailLayout() {
        guard var detail, detail.isLayingOut else { return }
        for (key, var long) in detail.longWraps where !long.isDone {
            long.advance(bytes: LongWrap.slice)
            detail.longWraps[key] = long
        }
        self.detail = detail
        relayoutDetail()
    }

    // MARK: - Helpers

    /// Puts `line` at the top, kept within the document.
    mutating func scrollDetail(to line: Int) {
        guard detail != nil else { return }
        let maxTop = max(0, detailLength - detailRows)
        detail?.top = max(0, min(line, maxTop))
    }

    private mutating func toggleFocusedComment() {
        guard let index = focusedComment, let detail, let comments = detail.comments, index < comments.items.count else { return }
        var updated = detail
        let id = comments.items[index].id
        if updated.collapsed.contains(id) { updated.collapsed.remove(id) } else { updated.collapsed.insert(id) }
        var wraps = updated.longWraps
        updated.lines = DetailLayout.lines(updated, width: size.columns, now: now, measure: commentWidth, wraps: &wraps)
        updated.longWraps = wraps
        if let row = updated.lines.firstIndex(where: { $0.isHeader && $0.comment == index }) { updated.top = row }
        self.detail = updated
        scrollDetail(to: updated.top)
    }

    /// Moves the top to the nearest comment above the focused one that is less deep: its parent,
    /// or the closest shown ancestor when the parent was deleted.
    private mutating func jumpToParent() {
        guard let index = focusedComment, let detail else { return }
        // The comments drawn: a comment of a page still arriving has its parent above it too.
        let shown = detail.shownComments
        guard index < shown.count else { return }
        let depth = shown[index].depth
        guard depth > 0,
              let parent = (0..<index).reversed().first(where: { shown[$0].depth < depth }),
              let row = detail.lines.firstIndex(where: { $0.isHeader && $0.comment == parent })
        else { return }
        scrollDetail(to: row)
    }

    /// A key while the detail's `/` prompt is open: the pattern grows or shrinks and the text
    /// jumps to its first match at or below where the search began; `Enter` keeps it, `Esc`
    /// drops it and goes back to where it began (as less and the reader do).
    private mutating func editDetailSearch(_ key: Key) {
        guard let detail, var text = detail.search?.text else { return }
        switch key {
        case let .character(character): text.append(character)
        case .tab: text.append(" ")
        case .backspace:
            guard !text.isEmpty else { return cancelDetailSearch() }
            text.removeLast()
        case .control("u"): text = ""
        case .control("c"), .escape: return cancelDetailSearch()
        case .enter:
            self.detail?.isSearching = false
            if text.isEmpty {
                self.detail?.search = nil
            } else if !detail.lines.contains(where: { SearchPattern(text).matches($0.text) }) {
                notice = "nothing found for \(text)"
            }
            return
        default: return
        }
        self.detail?.search = SearchPattern(text)
        if text.isEmpty {
            scrollDetail(to: detail.searchOrigin)
        } else {
            findInDetail(from: detail.searchOrigin, forward: true, quiet: true)
        }
    }

    private mutating func cancelDetailSearch() {
        guard let detail else { return }
        self.detail?.isSearching = false
        self.detail?.search = nil
        scrollDetail(to: detail.searchOrigin)
    }

    /// Puts the next (or previous) line holding the pattern at the top, wrapping at the ends:
    /// the item's text and every comment laid out (folded ones are not searched).
    private mutating func findInDetail(from start: Int, forward: Bool, quiet: Bool = false) {
        guard let detail, let pattern = detail.search, !pattern.isEmpty else {
            if !quiet { notice = "no search: / searches the text and comments" }
            return
        }
        let count = detail.lines.count
        guard count > 0 else { return }
        for step in 0..<count {
            let index = ((forward ? start + step : start - step) % count + count) % count
            if pattern.matches(detail.lines[index].text) {
                if !quiet && (forward ? index < start : index > start) { notice = forward ? "search wrapped to the top" : "search wrapped to the bottom" }
                scrollDetail(to: index)
                return
            }
        }
        if !quiet { notice = "nothing found for \(pattern.text)" }
    }

    /// The motions a count repeats in a detail (`3j`, `2]`, `5}`).
    static let repeatsInDetail: Set<Intent> = [
        .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .nextSibling, .previousSibling,
        .nextTopLevel, .previousTopLevel, .nextNew, .nextMatch, .previousMatch, .parent,
    ]

    /// Which comment `]`, `}` and `.` look for.
    enum CommentTarget { case sameDepth, topLevel, new }

    /// Moves the top to the next (or previous) comment of a kind after (before) the focused one:
    /// at the focused one's depth or shallower (`]`, `[`: its next sibling, or the next comment
    /// of an ancestor's when its subtree ends), at depth 0 (`}`, `{`), or new since the last
    /// visit (`.`). Folded comments are passed over; when there is none, the status says so.
    private mutating func jumpToComment(_ target: CommentTarget, forward: Bool) {
        guard let detail else { return }
        let shown = detail.shownComments
        let focused = focusedComment
        // Above the comments (the item's text): the first comment counts as the next one.
        let start = focused ?? (forward ? -1 : shown.count)
        let depth = focused.map { $0 < shown.count ? shown[$0].depth : 0 } ?? 0
        let candidates = forward ? Array(stride(from: start + 1, to: shown.count, by: 1)) : Array(stride(from: start - 1, through: 0, by: -1))
        let seen = detail.seenBefore
        for index in candidates {
            let comment = shown[index]
            let matches = switch target {
            case .sameDepth: comment.depth <= depth
            case .topLevel: comment.depth == 0
            case .new: seen.map { !$0.contains(comment.id) } ?? false
            }
            guard matches, let row = detail.lines.firstIndex(where: { $0.isHeader && $0.comment == index }) else { continue }
            scrollDetail(to: row)
            return
        }
        let loading = detail.comments.map { !$0.isAtEnd } ?? false
        notice = switch target {
        case .new where seen == nil: "no new comments: this is your first visit"
        case .new: loading ? "no new comment below yet (more comments are loading)" : "no new comment below"
        case .topLevel: forward ? (loading ? "no top-level comment below yet" : "this is the last top-level comment") : "this is the first top-level comment"
        case .sameDepth: forward ? (loading ? "no comment at this depth below yet" : "no comment at this depth below") : "no comment at this depth above"
        }
    }

    /// `J`/`K`: leaves the detail for the next (previous) item of the list and opens it, the
    /// list's cursor moving with it (and prefetching as it would).
    private mutating func openNeighbour(by step: Int) -> [AppEffect] {
        let target = viewport.cursor + step
        guard detail != nil, viewport.count > 0, target >= 0, target < paging.items.count else {
            notice = step > 0 ? "this is the last item loaded" : "this is the first item"
            return []
        }
        let closed = closeDetail()
        viewport.move(by: step)
        return closed + openDetail()
    }

    private func commentEffects(_ effects: [PagingEffect]) -> [AppEffect] {
        guard let detail else { return [] }
        return effects.map { effect in
            switch effect {
            case let .fetch(request): .fetchComments(request, itemID: detail.item.id, serial: detail.serial)
            case let .cancel(id): .cancelComments(id, serial: detail.serial)
            }
        }
    }
}
