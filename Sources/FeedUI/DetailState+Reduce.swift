import FeedDiff
import FeedModel
import FeedPaging
import FeedPictures

/// What the detail sub-state hears: its own keys, its pagers' results, and the changes of the
/// screen around it. Keys that leave the detail (back, the next item, links, the reader) are
/// the app's: the detail answers them `isHandled == false`.
enum DetailAction {
    /// A key with its intent in the detail's key table.
    case key(Key, Intent?)
    /// A mouse event over the detail (the wheel scrolls it).
    case mouse(MouseEvent)
    /// The width, the comments or the folds changed: the document is laid out again.
    case relayout
    /// A tick: a further slice of each long text still being wrapped.
    case continueLayout
    /// After every action: the item's age (`14m`) counted again when the clock has moved on, so
    /// the detail and the preview say what the list beside them says.
    case clock
    /// The comments seen on earlier visits of the thread (the page cache's answer).
    case history(serial: Int, seen: Set<String>)
    /// A result of the comment pager.
    case comments(FetchResult, serial: Int)
    /// A result of the document pager.
    case document(FetchResult, serial: Int)
    /// A picture came in: the text moves to the picture's own height when it is the item's.
    case pictureArrived(url: String)
    /// The document's first (and only) page, asked for as the detail opens.
    case loadDocument
    /// After every action: the comment pager's prefetch rule (or the revalidation of cached
    /// comments when it asks for nothing).
    case settle
    /// A preview's loads: the document and the first comment page, nothing further.
    case loadFirstPages
}

/// What the detail needs of the app around it, passed in with every action rather than
/// reached for: the screen, the clock, the settings, the pictures it makes room for, the cache.
struct DetailContext {
    var size: Size
    var now: Double
    var commentWidth: Int
    var prefetch: PrefetchPolicy
    /// The pictures as they stand (the item's picture takes rows above or beside the title).
    var pictures: PictureState
    /// The box of a large picture on this screen (`AppState.largePictureBox`).
    var largePictureBox: PictureBox
    var isCacheEnabled: Bool
    var isOfflineOnly: Bool

    /// Rows the document scrolls in (all but the status line).
    var rows: Int { max(1, size.rows - 1) }

    /// Whether the detail's picture sits small beside its title rather than large above the
    /// text: in a conversation, whose text comes first (issue 21: a GitHub repository opened on
    /// half a screen of its owner's avatar); a Pokémon's artwork, which is its page, stays large.
    func pictureIsAside(_ detail: DetailState) -> Bool {
        detail.comments != nil && size.columns >= 40
    }

    /// The box the detail's picture is drawn in.
    func pictureBox(_ detail: DetailState) -> PictureBox {
        pictureIsAside(detail) ? AppState.asidePictureBox : largePictureBox
    }

    /// Rows the detail keeps for the item's picture (above the text, or beside the title) and
    /// the columns a picture beside the title takes, with its margin.
    func pictureRoom(_ detail: DetailState) -> (rows: Int, columns: Int) {
        let rows = pictures.rows(for: detail.item.pictureURL, box: pictureBox(detail), screenRows: size.rows)
        return (rows, rows > 0 && pictureIsAside(detail) ? AppState.asidePictureBox.columns + 2 : 0)
    }
}

/// What the detail hands back to the app: effects to carry out, a note for the status line,
/// whether it took the key, and a visit the app's cache view must record.
struct DetailReply {
    var effects: [AppEffect] = []
    var notice: String?
    /// False for a key that is not the detail's own (the app acts on it).
    var isHandled = true
    /// A thread opened by id whose item is now known, with its comment count.
    var visit: (id: String, commentCount: Int)?

    static let notHandled = DetailReply(isHandled: false)
}

extension DetailState {
    /// The detail's one transition function: no I/O; loads and cancels come back as effects.
    mutating func reduce(_ action: DetailAction, _ context: DetailContext) -> DetailReply {
        switch action {
        case let .key(key, intent): return handle(key, intent, context)
        case let .mouse(event):
            switch event.kind {
            case .wheelDown: scroll(to: top + 3, context)
            case .wheelUp: scroll(to: top - 3, context)
            case .press, .release: break
            }
        case .relayout: relayout(context)
        case .clock:
            // The few lines of the head (the item's age, which the list beside it shows too)
            // whenever the second has changed. Comments keep the ages they were laid out with
            // until a whole layout: a thread follows its pages' changesets, not the clock.
            // Laid out again only when the meta line reads differently (the body can be long).
            if Int(context.now) != Int(headAgesCountedAt), !lines.isEmpty {
                headAgesCountedAt = context.now
                if metaLine(item, now: context.now) != headMeta { relayoutHead(context) }
            }
        case .continueLayout:
            guard isLayingOut else { break }
            for (key, var long) in longWraps where !long.isDone {
                long.advance(bytes: LongWrap.slice)
                longWraps[key] = long
            }
            relayout(context)
        case let .history(serial, seen):
            guard self.serial == serial, !seen.isEmpty else { break }
            seenBefore = seen
            relayout(context)
        case let .comments(result, serial):
            guard self.serial == serial else { break }
            return receiveComments(result, context)
        case let .document(result, serial):
            guard self.serial == serial else { break }
            return DetailReply(effects: receiveDocument(result, context))
        case let .pictureArrived(url):
            // The detail's text moves up to the picture's own height (no blank band, issue 23).
            if item.pictureURL == url, pictureRows != context.pictureRoom(self).rows { relayout(context) }
        case .loadDocument:
            guard var document else { break }
            let effects = document.prefetch(cursor: 0, distance: 1)
            self.document = document
            return DetailReply(effects: documentEffects(effects))
        case .settle:
            return DetailReply(effects: prefetchComments(context))
        case .loadFirstPages:
            var reply = reduce(.loadDocument, context)
            guard var comments else { return reply }
            let effects = comments.prefetch(cursor: 0, distance: 1)
            self.comments = comments
            reply.effects += commentEffects(effects)
            return reply
        }
        return DetailReply()
    }

    /// The comment whose line is the first comment line on screen: what Tab folds and `p` leaves.
    func focusedComment(rows: Int) -> Int? {
        let end = min(lines.count, top + rows)
        guard top < end else { return nil }
        return lines[top..<end].first { $0.comment != nil }?.comment
    }

    /// The cancels of every request the detail still waits for (it is left, or moved on from).
    var cancellations: [AppEffect] {
        (comments?.inFlight.keys.sorted() ?? []).map { .cancelComments($0, serial: serial) }
            + (document?.inFlight.keys.sorted() ?? []).map { .cancelDocument($0, serial: serial) }
    }

    /// Whether a load failed and waits for `r`.
    var hasFailed: Bool {
        if case .error = comments?.loadState { return true }
        if case .error = document?.loadState { return true }
        return false
    }

    /// One past the last scroll position: the document, plus the comment footer's line.
    var length: Int {
        lines.count + (comments != nil || document != nil ? 1 : 0)
    }

    /// The motions a count repeats in a detail (`3j`, `2]`, `5}`).
    static let repeatsInDetail: Set<Intent> = [
        .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .nextSibling, .previousSibling,
        .nextTopLevel, .previousTopLevel, .nextNew, .nextMatch, .previousMatch, .parent,
    ]

    // MARK: - Keys

    private mutating func handle(_ key: Key, _ intent: Intent?, _ context: DetailContext) -> DetailReply {
        if isSearching { return DetailReply(notice: editSearch(key, context)) }
        // A count before a motion: digits gather (a leading 0 is no count), the motion repeats.
        if case let .character(c) = key, let digit = c.wholeNumberValue, c.isASCII, digit > 0 || count != nil {
            count = min((count ?? 0) * 10 + digit, 100_000)
            return DetailReply()
        }
        let times = count ?? 1
        count = nil
        guard let intent else { return .notHandled }
        if times > 1, Self.repeatsInDetail.contains(intent) {
            var reply = DetailReply()
            for _ in 0..<times {
                let once = handle(intent, context)
                reply.effects += once.effects
                if let notice = once.notice { reply.notice = notice }
            }
            return reply
        }
        return handle(intent, context)
    }

    /// One of the detail's own intents; any other is the app's.
    private mutating func handle(_ intent: Intent, _ context: DetailContext) -> DetailReply {
        let rows = context.rows
        var notice: String?
        switch intent {
        case .down: scroll(to: top + 1, context)
        case .up: scroll(to: top - 1, context)
        case .pageDown: scroll(to: top + max(1, rows - 1), context)
        case .pageUp: scroll(to: top - max(1, rows - 1), context)
        case .halfPageDown: scroll(to: top + max(1, rows / 2), context)
        case .halfPageUp: scroll(to: top - max(1, rows / 2), context)
        case .top: scroll(to: 0, context)
        case .bottom: scroll(to: Int.max, context)
        case .collapse: toggleFocusedComment(context)
        case .parent: jumpToParent(context)
        case .nextSibling: notice = jumpToComment(.sameDepth, forward: true, context)
        case .previousSibling: notice = jumpToComment(.sameDepth, forward: false, context)
        case .nextTopLevel: notice = jumpToComment(.topLevel, forward: true, context)
        case .previousTopLevel: notice = jumpToComment(.topLevel, forward: false, context)
        case .nextNew: notice = jumpToComment(.new, forward: true, context)
        case .retry:
            let retried = retryDocument()
            guard retried.isEmpty, var comments else { return DetailReply(effects: retried) }
            let effects = comments.retry()
            self.comments = comments
            return DetailReply(effects: commentEffects(effects))
        case .search:
            let origin = top
            isSearching = true
            search = SearchPattern("")
            searchOrigin = origin
        case .nextMatch: notice = find(from: top + 1, forward: true, context)
        case .previousMatch: notice = find(from: top - 1, forward: false, context)
        default: return .notHandled
        }
        return DetailReply(notice: notice)
    }

    private mutating func toggleFocusedComment(_ context: DetailContext) {
        guard let index = focusedComment(rows: context.rows), let comments, index < comments.items.count else { return }
        let id = comments.items[index].id
        if collapsed.contains(id) { collapsed.remove(id) } else { collapsed.insert(id) }
        var wraps = longWraps
        lines = DetailLayout.lines(self, width: context.size.columns, now: context.now, measure: context.commentWidth, wraps: &wraps)
        longWraps = wraps
        if let row = lines.firstIndex(where: { $0.isHeader && $0.comment == index }) { top = row }
        scroll(to: top, context)
    }

    /// Moves the top to the nearest comment above the focused one that is less deep: its parent,
    /// or the closest shown ancestor when the parent was deleted.
    private mutating func jumpToParent(_ context: DetailContext) {
        guard let index = focusedComment(rows: context.rows) else { return }
        // The comments drawn: a comment of a page still arriving has its parent above it too.
        let shown = shownComments
        guard index < shown.count else { return }
        let depth = shown[index].depth
        guard depth > 0,
              let parent = (0..<index).reversed().first(where: { shown[$0].depth < depth }),
              let row = lines.firstIndex(where: { $0.isHeader && $0.comment == parent })
        else { return }
        scroll(to: row, context)
    }

    /// Which comment `]`, `}` and `.` look for.
    enum CommentTarget { case sameDepth, topLevel, new }

    /// Moves the top to the next (or previous) comment of a kind after (before) the focused one:
    /// at the focused one's depth or shallower (`]`, `[`: its next sibling, or the next comment
    /// of an ancestor's when its subtree ends), at depth 0 (`}`, `{`), or new since the last
    /// visit (`.`). Folded comments are passed over.
    /// - Returns: what the status says when there is none.
    private mutating func jumpToComment(_ target: CommentTarget, forward: Bool, _ context: DetailContext) -> String? {
        let shown = shownComments
        let focused = focusedComment(rows: context.rows)
        // Above the comments (the item's text): the first comment counts as the next one.
        let start = focused ?? (forward ? -1 : shown.count)
        let depth = focused.map { $0 < shown.count ? shown[$0].depth : 0 } ?? 0
        let candidates = forward ? Array(stride(from: start + 1, to: shown.count, by: 1)) : Array(stride(from: start - 1, through: 0, by: -1))
        let seen = seenBefore
        for index in candidates {
            let comment = shown[index]
            let matches = switch target {
            case .sameDepth: comment.depth <= depth
            case .topLevel: comment.depth == 0
            case .new: seen.map { !$0.contains(comment.id) } ?? false
            }
            guard matches, let row = lines.firstIndex(where: { $0.isHeader && $0.comment == index }) else { continue }
            scroll(to: row, context)
            return nil
        }
        let loading = comments.map { !$0.isAtEnd } ?? false
        return switch target {
        case .new where seen == nil: "no new comments: this is your first visit"
        case .new: loading ? "no new comment below yet (more comments are loading)" : "no new comment below"
        case .topLevel: forward ? (loading ? "no top-level comment below yet" : "this is the last top-level comment") : "this is the first top-level comment"
        case .sameDepth: forward ? (loading ? "no comment at this depth below yet" : "no comment at this depth below") : "no comment at this depth above"
        }
    }

    // MARK: - Layout

    /// Puts `line` at the top, kept within the document.
    mutating func scroll(to line: Int, _ context: DetailContext) {
        let maxTop = max(0, length - context.rows)
        top = max(0, min(line, maxTop))
    }

    /// Lays the document out again (width, comments or folds changed), keeping the top line's
    /// comment at the top when it moved.
    mutating func relayout(_ context: DetailContext) {
        let anchor = top < lines.count ? lines[top] : nil
        (pictureRows, pictureColumns) = context.pictureRoom(self)
        var wraps = longWraps
        lines = DetailLayout.lines(self, width: context.size.columns, now: context.now, measure: context.commentWidth, wraps: &wraps)
        longWraps = wraps
        (headAgesCountedAt, headMeta) = (context.now, metaLine(item, now: context.now))
        if let anchor, anchor.isHeader, let comment = anchor.comment,
           let row = lines.firstIndex(where: { $0.isHeader && $0.comment == comment })
        {
            top = row
        }
        scroll(to: top, context)
    }

    /// Lays out again the lines above the comments (the item changed), moving the comments'
    /// lines, laid out already, by as many lines as the head grew or shrank.
    private mutating func relayoutHead(_ context: DetailContext) {
        let headEnd = lines.firstIndex { $0.comment != nil } ?? lines.count
        (pictureRows, pictureColumns) = context.pictureRoom(self)
        var wraps = longWraps
        let head = DetailLayout.headLines(self, width: context.size.columns, now: context.now, wraps: &wraps)
        longWraps = wraps
        (headAgesCountedAt, headMeta) = (context.now, metaLine(item, now: context.now))
        lines.replaceSubrange(0..<headEnd, with: head)
        if top >= headEnd { top += head.count - headEnd }
        scroll(to: top, context)
    }

    /// Lays out again the comments from `first` on, keeping every line above them: how a
    /// detail follows a page's changeset instead of laying out the whole thread. A folded
    /// comment whose hidden replies may grow is laid out again with them (its `+N hidden`).
    private mutating func followComments(from first: Int, changed: Set<String> = [], _ context: DetailContext) {
        guard comments != nil else { return }
        var start = max(0, first)
        var cut = Self.firstLine(of: start, in: lines)
        // The last comment drawn above the cut: when it is folded, what follows may belong under it.
        if let header = lines[..<cut].lastIndex(where: \.isHeader), let folded = lines[header].comment,
           folded < shownCommentCount, collapsed.contains(shownComment(at: folded).id)
        {
            start = folded
            cut = Self.firstLine(of: start, in: lines)
        }
        parseComments(from: start, changed: changed)
        let anchor = top < lines.count ? lines[top] : nil
        var wraps = longWraps
        let tail = DetailLayout.commentLines(self, from: start, width: context.size.columns, now: context.now, measure: context.commentWidth, wraps: &wraps)
        longWraps = wraps
        lines.replaceSubrange(cut..., with: tail)
        if let anchor, anchor.isHeader, let comment = anchor.comment, comment >= start,
           let row = lines[cut...].firstIndex(where: { $0.isHeader && $0.comment == comment })
        {
            top = row
        }
        scroll(to: top, context)
    }

    /// The first line of comment `index` or of any after it (comments are laid out in order, at
    /// the end of the document): where their lines begin, or the end.
    private static func firstLine(of index: Int, in lines: [DetailLine]) -> Int {
        var cut = lines.count
        while cut > 0, let comment = lines[cut - 1].comment, comment >= index { cut -= 1 }
        return cut
    }

    // MARK: - Pagers

    /// The comment pager's prefetch rule, with the last comment on screen as the cursor (the
    /// whole loaded thread counts as passed once the footer shows).
    private mutating func prefetchComments(_ context: DetailContext) -> [AppEffect] {
        guard var comments else { return [] }
        let rows = context.rows
        let end = min(lines.count, top + rows)
        var cursor = -1
        if top + rows > lines.count {
            cursor = comments.items.count
        } else if top < end, let last = lines[top..<end].last(where: { $0.comment != nil })?.comment {
            // A comment of the page still arriving stands at the end of the loaded ones.
            cursor = min(last, comments.items.count)
        }
        // A comment takes about three lines: the screen in comments.
        // The list's scroll-speed estimate does not describe reading comments: their lead starts
        // from the floor (a screen plus a page).
        let distance = context.prefetch.distance(
            pageSize: comments.pageSize, screen: max(1, rows / 3), estimator: AdaptivePrefetch(), at: context.now)
        var effects = comments.prefetch(cursor: cursor, distance: distance)
        if effects.isEmpty, awaitsRevalidation, !comments.isRefreshing, comments.inFlight.isEmpty {
            // The cached comments are drawn: fetch the thread again, keeping the top comment.
            awaitsRevalidation = false
            let anchor = focusedComment(rows: rows).flatMap { $0 < comments.items.count ? comments.items[$0].id : nil }
            effects = comments.refresh(anchor: anchor)
        }
        self.comments = comments
        return commentEffects(effects)
    }

    private mutating func receiveComments(_ result: FetchResult, _ context: DetailContext) -> DetailReply {
        guard var comments else { return DetailReply() }
        if case let .partial(items) = result.outcome {
            receiveArriving(items, for: result.request, context)
            return DetailReply()
        }
        if case let .retrying(attempt, delay, error) = result.outcome {
            // Said where the comments come, as the list's footer says it (a thread fans out to
            // many requests: the latest retry is the one shown).
            guard comments.inFlight[result.request.id] != nil, result.request.generation == comments.generation else { return DetailReply() }
            retrying = AppState.RetryNote(attempt: attempt, delay: delay, reason: error.message, since: context.now)
            return DetailReply()
        }
        guard let loaded = result.result else { return DetailReply() }
        let before = self
        let wasRefreshing = comments.isRefreshing
        let loadedBefore = comments.items.count
        let receipt = comments.receive(result.request, loaded)
        guard receipt.outcome != .dropped else { return DetailReply() }
        self.comments = comments
        retrying = nil
        if let arriving = before.arriving, comments.inFlight[arriving.request] == nil {
            // Their page arrived (it holds them), or failed: the pager's rows are the truth again.
            self.arriving = nil
        }
        noteCacheOrigin(of: result, completedRefresh: wasRefreshing && !comments.isRefreshing, context)
        var reply = DetailReply(effects: commentEffects(receipt.effects))
        var isHeadChanged = false
        if before.isStandIn, case let .success(page) = loaded, let subject = page.subject, subject.id == before.item.id {
            // The thread was opened by id: now its item is known (title, link, counts, body).
            replaceStandIn(with: subject)
            isHeadChanged = true
            if context.isCacheEnabled, let count = subject.commentCount {
                reply.visit = (subject.id, count)
                reply.effects.append(.recordVisit(threadID: subject.id, commentCount: count))
            }
        } else if case let .success(page) = loaded, let subject = page.subject, subject.id == before.item.id,
                  subject.bodyHTML != nil, before.item.bodyHTML == nil {
            // The thread brought the item's whole text where the list had a summary (a DEV article).
            takeBody(of: subject)
            isHeadChanged = true
        }
        // The changeset says where the comments part from what is drawn: only from there on are
        // they parsed and laid out again (a page appended to a long thread lays out that page).
        let changes = receipt.changeset
        let first = firstRedrawnComment(loadedBefore: loadedBefore, arrivingBefore: before.arriving?.items ?? [], changes: changes)
        // Comments parsed while they arrived are parsed again when their page brings them changed.
        let rewritten = (before.arriving?.items ?? []).filter { drawn in
            self.comments?.items[id: drawn.id].map { $0 != drawn } ?? false
        }
        let changed = Set((changes?.updates.map(\.item.id) ?? []) + rewritten.map(\.id))
        if isHeadChanged {
            parseComments(from: first, changed: changed)
            relayout(context)
        } else {
            followComments(from: first, changed: changed, context)
        }
        guard context.isCacheEnabled, case let .success(page) = loaded, !page.items.isEmpty else { return reply }
        reply.effects.append(.markSeen(commentIDs: page.items.map(\.id), threadID: before.item.id))
        return reply
    }

    /// Notes where a comment page came from: cached pages of the detail's first generation are
    /// drawn at once and revalidated; fresh pages that complete that refresh replace them.
    private mutating func noteCacheOrigin(of result: FetchResult, completedRefresh: Bool, _ context: DetailContext) {
        guard case .success? = result.result else { return }
        if let fetchedAt = result.cachedAt {
            cachedAt = min(cachedAt ?? fetchedAt, fetchedAt)
            if result.request.generation == 0 && !context.isOfflineOnly { awaitsRevalidation = true }
        } else if completedRefresh {
            cachedAt = nil
        }
    }

    /// The first comments of a page still loading, drawn after the loaded ones. Only for the
    /// page that comes next: not for a refresh (its page replaces the thread rather than
    /// extending it), nor a request no longer in flight, nor fewer comments than already drawn.
    private mutating func receiveArriving(_ items: [FeedItem], for request: PageRequest, _ context: DetailContext) {
        guard let comments, !comments.isRefreshing, request.generation == comments.generation,
              comments.inFlight[request.id] != nil, request.index == comments.nextPage,
              items.count > (arriving?.request == request.id ? arriving?.items.count ?? 0 : 0)
        else { return }
        // Each report is a longer prefix of the page: only comments not drawn yet are laid out.
        let drawn = arriving?.items ?? []
        let kept = zip(drawn, items).prefix { $0 == $1 }.count
        arriving = Arriving(request: request.id, items: items)
        followComments(from: comments.items.count + kept, context)
    }

    /// The first drawn comment a result changes: the loaded rows above the changeset's first
    /// row stay, and after them the comments that were arriving stay where the page brought the
    /// same ones (the page that holds them).
    private func firstRedrawnComment(loadedBefore: Int, arrivingBefore: [FeedItem], changes: Changeset<FeedItem>?) -> Int {
        let unchanged = changes?.firstChangedRow ?? Int.max
        guard unchanged >= loadedBefore else { return min(unchanged, loadedBefore) }
        var first = loadedBefore
        let shown = shownCommentCount
        for drawn in arrivingBefore {
            guard first < shown, shownComment(at: first) == drawn else { break }
            first += 1
        }
        return first
    }

    private mutating func receiveDocument(_ result: FetchResult, _ context: DetailContext) -> [AppEffect] {
        guard var document, let loaded = result.result else { return [] }
        let receipt = document.receive(result.request, loaded)
        guard receipt.outcome != .dropped else { return [] }
        self.document = document
        // The changeset brings the document (inserted, or updated when asked again): it changes
        // the item's text above the comments, which stay laid out as they are.
        if let changes = receipt.changeset, let described = (changes.inserts + changes.updates).first?.item {
            fill(from: described)
            relayoutHead(context)
        }
        return documentEffects(receipt.effects)
    }

    /// `r` in a detail whose document failed: asks again.
    private mutating func retryDocument() -> [AppEffect] {
        guard var document, case .error = document.loadState else { return [] }
        let effects = document.retry()
        self.document = document
        return documentEffects(effects)
    }

    private func commentEffects(_ effects: [PagingEffect]) -> [AppEffect] {
        effects.compactMap { effect in
            switch effect {
            case let .fetch(request): .fetchComments(request, itemID: item.id, serial: serial)
            case let .cancel(id): .cancelComments(id, serial: serial)
            case .promote: nil  // the detail's requests run in its own lane, ahead of the list's
            }
        }
    }

    private func documentEffects(_ effects: [PagingEffect]) -> [AppEffect] {
        effects.compactMap { effect in
            switch effect {
            case let .fetch(request): .fetchDocument(request, itemID: item.id, serial: serial)
            case let .cancel(id): .cancelDocument(id, serial: serial)
            case .promote: nil  // the detail's requests run in its own lane, ahead of the list's
            }
        }
    }
}

extension DetailState: InTextSearch {
    static let searchHint = "no search: / searches the text and comments"

    mutating func showSearchMatch(at line: Int, _ context: DetailContext) { scroll(to: line, context) }
    mutating func returnToSearchOrigin(_ context: DetailContext) { scroll(to: searchOrigin, context) }
}
