import FeedDiff
import FeedModel
import FeedPaging

extension AppState {
    /// The one transition function: applies an action, returns the effects to carry out.
    ///
    /// After every action the prefetch rule runs once, so "loaded − cursor ≤ distance" is
    /// checked wherever the cursor or the rows changed, and the pager's in-flight guard makes
    /// it fire once per page however often it is checked.
    public mutating func reduce(_ action: AppAction) -> [AppEffect] {
        var effects: [AppEffect] = []
        switch action {
        case let .start(at):
            now = at
            lastLiveAt = at
        case let .key(key, at):
            now = at
            let before = viewport.cursor
            effects += handle(key)
            estimator.observeMove(by: viewport.cursor - before, at: at, screen: viewport.capacity)
        case let .resized(newSize):
            let anchor = cursorAnchor()
            setSize(newSize)
            viewport.setCapacity(Self.itemCapacity(for: newSize))
            restore(anchor)
            relayoutDetail()
            relayoutReader()
        case let .fetched(result, at):
            now = at
            effects += receiveFetched(result)
        case let .cacheRead(read, copy, at):
            now = at
            effects += answer(read, copy)
        case let .tick(at):
            now = at
            reduceDetail(.continueLayout)
        case let .notice(text):
            notice = text
        case let .openThread(itemID):
            effects += openThread(itemID)
        case let .threadHistory(serial, seen):
            reduceDetail(.history(serial: serial, seen: seen))
        case let .pictureFetched(result):
            effects += pictures.reduce(.fetched(result))
            reduceDetail(.pictureArrived(url: result.url))
            if reader?.pictureSlots.contains(where: { $0.url == result.url }) == true { relayoutReader() }
        case let .articleFetched(serial, outcome):
            effects += receiveArticle(serial: serial, outcome)
        case let .articleRead(serial, kept, failure):
            receiveKeptArticle(serial: serial, kept, failure: failure)
        }
        if !isQuitting {
            // After every action each view has its say, in this one order: the list (its pages,
            // highlights, live updates and prefetch), then the detail (its comments' prefetch),
            // then the pictures (what the two now show, within the list's lead).
            let (listEffects, lead) = settleList()
            effects += listEffects
            effects += reduceDetail(.settle).effects
            effects += updatePictures(lead: lead)
        }
        if isAnimating {
            if loadingSince == nil { loadingSince = now }
        } else {
            loadingSince = nil
        }
        return routeThroughCache(effects)
    }

    /// The list's part of every action: pages kept within the cap, unconfirmed loads cancelled,
    /// highlights expired, a live update when due, then the prefetch rule (or a revalidation
    /// when it asks for nothing).
    /// - Returns: the effects, and the prefetch lead in rows (what the pictures follow).
    private mutating func settleList() -> (effects: [AppEffect], lead: Int) {
        var effects = keepPagesInBounds()
        effects += paging.cancelUnconfirmed().map(AppEffect.init)
        expireHighlights()
        effects += liveUpdateIfDue()
        if newAbove > 0 && viewport.top == 0 { newAbove = 0 }
        let distance = prefetch.distance(
            pageSize: paging.pageSize, screen: viewport.capacity, estimator: estimator, at: now)
        // The lead counts rows the reader sees: hidden (read) items do not bring the end nearer.
        let hiddenAbove = viewport.hiddenBefore(viewport.cursor)
        let fetches = paging.prefetch(
            cursor: viewport.cursor, distance: distance,
            hiddenAbove: hiddenAbove, hiddenBelow: viewport.hidden.count - hiddenAbove
        ).map(AppEffect.init)
        effects += fetches
        if fetches.isEmpty { effects += revalidateIfDue() }
        return (effects, distance)
    }

    /// A fetch result handed to its pager, whatever it came from (the network or the cache).
    mutating func deliver(_ result: FetchResult) -> [AppEffect] {
        var effects: [AppEffect] = []
        switch result.pager {
        case .list:
            let counts = result.request.generation == paging.generation && paging.inFlight[result.request.id] != nil
            let wasRefreshing = paging.isRefreshing
            let hadFirstItems = showsFirstItems
            let early = firstCursorItemID
            effects += receive(result)
            if counts { noteCacheOrigin(of: result, completedRefresh: wasRefreshing && !paging.isRefreshing) }
            followEnd()
            // The first page replaced the first items: the cursor stays on its item (a thread
            // opened by id still takes it to its story, below), and the keys that waited for the
            // page are applied after, in order.
            let held = hadFirstItems && !showsFirstItems ? leaveFirstItems(cursorOn: early) : []
            if detail == nil { followCursorTarget() }
            for key in held { effects += handle(key) }
        case let .comments(serial): effects += reduceDetail(.comments(result, serial: serial)).effects
        case let .document(serial): effects += reduceDetail(.document(result, serial: serial)).effects
        }
        return effects
    }

    // MARK: - Helpers

    private mutating func handle(_ key: Key) -> [AppEffect] {
        if case let .mouse(event) = key {
            if reader != nil { return [] }
            if detail == nil && showsFirstItems {
                handleOnFirstItems(event)
                return []
            }
            return detail != nil ? handleInDetail(event) : handle(event)
        }
        notice = nil
        filter.reduce(.note(nil))
        isGoingToEnd = false
        if detail == nil { cursorTarget = nil }
        if filter.isEditing && !isHelpShown {
            editSearch(key)
            return []
        }
        let intent = keyMap.intent(for: key, in: detail != nil ? .detail : .list)
        if isHelpShown {
            // Movement keys scroll a help longer than the screen; any other key closes it, like
            // less; q still quits.
            let visible = helpVisibleLines
            let scroll: Int? = switch intent {
            case .down: 1
            case .up: -1
            case .pageDown, .halfPageDown: max(1, visible - 1)
            case .pageUp, .halfPageUp: -max(1, visible - 1)
            default: nil
            }
            if let scroll, keyMap.bindings.count > visible {
                helpTop = Self.clampedHelpTop(helpTop + scroll, lines: keyMap.bindings.count, visible: visible)
                return []
            }
            isHelpShown = false
            if intent == .quit && (detail == nil || key == .control("c")) { return quit() }
            return []
        }
        // The reader reads keys as a detail does (its scrolling, q and Esc to go back).
        if reader != nil { return handleInReader(key, keyMap.intent(for: key, in: .detail)) }
        if detail != nil { return handleInDetail(key, intent) }
        if showsFirstItems { return handleOnFirstItems(key, intent) }
        // Digits before a movement key are its count, as in vim and less (`3j`, `2 space`).
        let count = goTo.flatMap { Int($0.digits) }.map { max(1, $0) } ?? 1
        if let effects = handleGoTo(key) { return effects }
        if goesBack(key, intent) { return leaveList() }
        guard let intent else { return [] }
        switch intent {
        case .down: viewport.move(by: count)
        case .up: viewport.move(by: -count)
        case .pageDown: viewport.page(by: count)
        case .pageUp: viewport.page(by: -count)
        case .halfPageDown: viewport.halfPage(by: count)
        case .halfPageUp: viewport.halfPage(by: -count)
        case .top:
            viewport.toTop()
            // Pages above were dropped (page cap): fetch the first page again and go there.
            if paging.previousPage != nil {
                jumpRow = 0
                jumpsToEnd = false
                return paging.jump(toPage: 0).map(AppEffect.init)
            }
        case .bottom: return goToEnd()
        case .goTo: openGoTo()
        case .retry:
            retrying = nil
            return paging.retry().map(AppEffect.init)
        case .refresh:
            retrying = nil
            newAbove = 0
            refreshRows = [:]
            return [.startOver] + paging.refresh(anchor: cursorAnchor()?.id).map(AppEffect.init)
        case .openLink, .discussion, .copy: return handleLink(intent)
        case .help:
            isHelpShown = true
            helpTop = 0
        case .search, .nextMatch, .previousMatch, .clearSearch: search(intent)
        case .quit: return quit()
        case .open: return listRole == .chooser ? choose() : openDetail()
        case .save: return toggleSaved(nil)
        case .read: return openReader()
        case .toggleRead: return toggleRead(nil)
        case .hideRead: toggleHideRead()
        // Bound only in a detail.
        case .back, .collapse, .parent, .nextSibling, .previousSibling, .nextTopLevel, .previousTopLevel, .nextNew,
             .nextItem, .previousItem: break
        }
        return []
    }

    private mutating func handle(_ event: MouseEvent) -> [AppEffect] {
        switch event.kind {
        case .wheelDown: viewport.move(by: 3)
        case .wheelUp: viewport.move(by: -3)
        case .press, .release:
            // ncurses may fold a quick press and release into one release: act on either.
            // A click in the preview pane (split screen) is not a row of the list.
            if event.row < size.rows - 2, event.column < (splitListColumns ?? size.columns),
               let index = viewport.item(atRow: event.row / 2)
            {
                viewport.moveCursor(to: index)
            }
        }
        return []
    }

    /// A list result: the pager says what it did, and the screen follows.
    private mutating func receive(_ result: FetchResult) -> [AppEffect] {
        let request = result.request
        switch result.outcome {
        case let .loaded(loaded, latency):
            firstItems = []
            refreshRows = [:]
            let receipt = paging.receive(request, loaded)
            let outcome = receipt.outcome
            if outcome == .dropped { return [] }
            // A failure that ends a live batch closes the batch's other requests on the wire.
            let effects = receipt.effects.map(AppEffect.init)
            retrying = nil
            if case .success = loaded, result.cachedAt == nil {
                lastLatency = latency
                estimator.observeLatency(latency)
            }
            switch outcome {
            case let .applied(changes):
                follow(changes)
            case let .updated(changes):
                // New items the update brought above the cursor's item count as new above it.
                if let row = follow(changes) { newAbove += changes.insertCount(above: row) }
                highlight(changes)
            case let .jumped(changes):
                follow(changes)
                landJump()
                // Every row is the jump's now: fresh ones say nothing of the cache any more, and
                // leave nothing cached to revalidate.
                if result.cachedAt == nil && !cache.isOfflineOnly {
                    cache.shownFrom = nil
                    cache.awaitsRevalidation = false
                }
            case let .refreshed(changes):
                // The cursor's item stays on its screen row when it is still there, with the count
                // of new items above it; otherwise go to the top.
                if let row = follow(changes) {
                    newAbove = changes.insertCount(above: row)
                } else {
                    viewport.toTop()
                }
            case .dropped, .pending, .failed, .liveFailed:
                break  // the rows did not change
            }
            return effects
        case let .retrying(attempt, delay, error):
            guard paging.inFlight[request.id] != nil else { return [] }
            estimator.observeRetry(after: delay)
            let place: RetryPlace =
                if paging.isRefreshing { .refresh }
                else if paging.jumpTarget != nil { .jump }
                else if let first = paging.applier.pageRange?.lowerBound, request.index < first { .above }
                else { .below }
            retrying = RetryNote(attempt: attempt, delay: delay, reason: error.message, since: now, place: place)
        case let .partial(items):
            guard paging.inFlight[request.id] != nil else { return [] }
            if paging.items.count > 0 {
                // A refresh that reports its rows as it learns them (refresh-all: each feed's
                // row as its feed ends) has them drawn over the rows with the same ids.
                guard paging.isRefreshing else { return [] }
                refreshRows = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
                return []
            }
            // List pages are applied whole, in key order; before the first one, its first items
            // are drawn as they come (under a rate limit the page's last item is seconds away).
            guard items.count > firstItems.count else { return [] }
            firstItems = items
        }
        return []
    }

    /// Drops pages far from the cursor when the page cap is exceeded, keeping the cursor's item
    /// on its screen row.
    /// Drops pages past the cap, and cancels the list requests the drop left with no rows to
    /// extend (a page still loading beyond a dropped end).
    private mutating func keepPagesInBounds() -> [AppEffect] {
        guard let maxPages = paging.maxPages, paging.pagesLoaded > maxPages else { return [] }
        // The pager's own account of the rows it dropped carries the cursor, the search and the
        // highlights across the drop.
        let changes = paging.trim(visible: viewport.visible, cursor: viewport.cursor)
        guard !changes.deletes.isEmpty else { return [] }
        follow(changes)
        return paging.cancelStranded().map(AppEffect.init)
    }

    /// Asks for the visible pages again when a live update is due (`--live`).
    private mutating func liveUpdateIfDue() -> [AppEffect] {
        guard let livePeriod, now - (lastLiveAt ?? now) >= livePeriod else { return [] }
        lastLiveAt = now
        guard viewport.count > 0,
              let first = paging.applier.page(ofRow: viewport.top),
              let last = paging.applier.page(ofRow: max(viewport.top, viewport.visible.upperBound - 1))
        else { return [] }
        let fetches = paging.refreshLive(pages: first...last).map(AppEffect.init)
        return fetches.isEmpty ? [] : [.startOver] + fetches
    }

    mutating func quit() -> [AppEffect] {
        isQuitting = true
        return [.quit]
    }

    /// The cursor's item and screen row, to put back after the rows change.
    func cursorAnchor() -> (id: String, row: Int)? {
        guard viewport.hasCursorItem, viewport.cursor < paging.items.count else { return nil }
        return (paging.items[viewport.cursor].id, viewport.cursorRow)
    }

    private mutating func restore(_ anchor: (id: String, row: Int)?) {
        syncRows()
        if let anchor, let index = paging.items.index(of: anchor.id) {
            viewport.anchor(cursorAt: index, row: anchor.row)
        }
    }
}

extension AppEffect {
    init(_ effect: PagingEffect) {
        switch effect {
        case let .fetch(request): self = .fetch(request)
        case let .cancel(id): self = .cancel(id)
        }
    }
}
