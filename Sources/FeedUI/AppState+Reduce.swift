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
            list.lastLiveAt = at
        case let .key(key, at):
            now = at
            let before = list.viewport.cursor
            effects += handle(key)
            list.estimator.observeMove(by: list.viewport.cursor - before, at: at, screen: list.viewport.capacity)
        case let .resized(newSize):
            let anchor = cursorAnchor()
            setSize(newSize)
            list.viewport.setCapacity(Self.itemCapacity(for: newSize))
            restore(anchor)
            relayoutDetail()
            reducePreview(.relayout)
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
            reducePreview(.continueLayout)
        case let .notice(text):
            notice = text
        case let .openThread(itemID):
            effects += openThread(itemID)
        case let .readPage(item):
            readerEndsRun = true
            effects += openReader(item)
        case let .threadHistory(serial, seen):
            reduceDetail(.history(serial: serial, seen: seen))
        case let .pictureFetched(result):
            effects += pictures.reduce(.fetched(result))
            reduceDetail(.pictureArrived(url: result.url))
            reducePreview(.pictureArrived(url: result.url))
            reduceReader(.pictureArrived(url: result.url))
        case let .articleFetched(serial, outcome):
            effects += reduceReader(.article(serial: serial, outcome)).effects
        case let .articleRead(serial, kept, failure):
            effects += reduceReader(.kept(serial: serial, kept, failure: failure)).effects
        }
        if !isQuitting {
            // After every action each view has its say, in this one order: the list (its pages,
            // highlights, live updates and prefetch), then the detail and the preview (the item's
            // age counted again when the clock moved on), the detail's comments' prefetch,
            // then the split screen's preview (its dwell, its loads), then the pictures (what
            // the list, the detail or the reader now shows, within the list's lead). The search
            // follows the list's changesets as they happen; the reader settles nothing.
            let (listEffects, lead) = settleList()
            effects += listEffects
            reduceDetail(.clock)
            reducePreview(.clock)
            effects += reduceDetail(.settle).effects
            effects += settlePreview()
            effects += updatePictures(lead: lead)
        }
        if isAnimating {
            if loadingSince == nil { loadingSince = now }
        } else {
            loadingSince = nil
        }
        return routeThroughCache(effects)
    }

    /// The list's part of every action (`ListState.reduce(.settle)`), and what the others
    /// follow of it: the search its trimmed rows, the cache a revalidation that started.
    /// - Returns: the effects, and the prefetch lead in rows (what the pictures follow).
    private mutating func settleList() -> (effects: [AppEffect], lead: Int) {
        let reply = reduceList(.settle)
        return (reply.effects, reply.lead)
    }

    /// Hands an action to the list with what it needs of the app, then has the search follow
    /// each change of the rows and the cache view take what the list says of it.
    private mutating func reduceList(_ action: ListAction) -> ListReply {
        let reply = list.reduce(action, listContext)
        for changes in reply.changes { followSearch(changes) }
        if reply.revalidated { cache.awaitsRevalidation = false }
        if reply.jumpedFresh && !cache.isOfflineOnly {
            // Every row is the jump's now: fresh ones say nothing of the cache any more, and
            // leave nothing cached to revalidate.
            cache.shownFrom = nil
            cache.awaitsRevalidation = false
        }
        return reply
    }

    /// What the list sees of the app: the clock, the prefetch and live settings, the cache.
    var listContext: ListContext {
        ListContext(now: now, prefetch: prefetch, livePeriod: livePeriod, cache: cache)
    }

    /// A fetch result handed to its pager, whatever it came from (the network or the cache).
    mutating func deliver(_ result: FetchResult) -> [AppEffect] {
        var effects: [AppEffect] = []
        switch result.pager {
        case .list:
            let counts = result.request.generation == list.paging.generation && list.paging.inFlight[result.request.id] != nil
            let wasRefreshing = list.paging.isRefreshing
            let hadFirstItems = showsFirstItems
            let awaitedRows = awaitsFirstRows
            let early = firstCursorItemID
            effects += receive(result)
            if counts, case let .loaded(.success(page), _) = result.outcome,
               let name = page.sourceName, !name.isEmpty {
                sourceName = name
            }
            if counts { noteCacheOrigin(of: result, completedRefresh: wasRefreshing && !list.paging.isRefreshing) }
            followEnd()
            // The first page replaced the first items: the cursor stays on its item (a thread
            // opened by id still takes it to its story, below), and the keys that waited for the
            // page are applied after, in order. The same for keys that waited for any row: the
            // first rows (items or page) are in, or the first load failed.
            var held = hadFirstItems && !showsFirstItems ? leaveFirstItems(cursorOn: early) : []
            if awaitedRows && !awaitsFirstRows { held += takeTypeahead() }
            if detail == nil { followCursorTarget() }
            for key in held { effects += handle(key) }
        case let .comments(serial): effects += reduceOpened(serial: serial, .comments(result, serial: serial)).effects
        case let .document(serial): effects += reduceOpened(serial: serial, .document(result, serial: serial)).effects
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
        // Before any row, a key waits for the rows (the cursor target, the row the list comes
        // back to, stays for it).
        if awaitsFirstRows, !isHelpShown, !filter.isEditing, waitsForFirstRows(key, keyMap.intent(for: key, in: .list)) {
            list.typeahead.append(key)
            return []
        }
        notice = nil
        filter.reduce(.note(nil))
        list.isGoingToEnd = false
        if detail == nil { list.cursorTarget = nil }
        if filter.isEditing && !isHelpShown {
            editSearch(key)
            return []
        }
        let intent = keyMap.intent(for: key, in: detail != nil ? .detail : .list)
        if isHelpShown {
            // Movement keys scroll a help longer than the screen; any other key closes it, q
            // too (as less, htop and newsboat close their help); ^C still quits.
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
            if intent == .quit && key == .control("c") { return quit() }
            return []
        }
        // The reader reads keys as a detail does (its scrolling, q and Esc to go back).
        if reader != nil { return handleInReader(key, keyMap.intent(for: key, in: .detail)) }
        if detail != nil { return handleInDetail(key, intent) }
        if showsFirstItems { return handleOnFirstItems(key, intent) }
        // Digits before a movement key are its count, as in vim and less (`3j`, `2 space`).
        let count = list.goTo.flatMap { Int($0.digits) }.map { max(1, $0) } ?? 1
        if let effects = handleGoTo(key) { return effects }
        if goesBack(key, intent) { return leaveList() }
        guard let intent else { return [] }
        switch intent {
        case .down: list.viewport.move(by: count)
        case .up: list.viewport.move(by: -count)
        case .pageDown: list.viewport.page(by: count)
        case .pageUp: list.viewport.page(by: -count)
        case .halfPageDown: list.viewport.halfPage(by: count)
        case .halfPageUp: list.viewport.halfPage(by: -count)
        case .top:
            list.viewport.toTop()
            // Pages above were dropped (page cap): fetch the first page again and go there.
            if list.paging.previousPage != nil {
                list.jumpRow = 0
                list.jumpsToEnd = false
                return list.paging.jump(toPage: 0).map(AppEffect.init)
            }
        case .bottom: return goToEnd()
        case .goTo: openGoTo()
        case .retry:
            // The list has nothing to retry and the preview's load failed: `r` is the preview's.
            if retriesPreview { return reducePreview(.key(key, intent)).effects }
            list.retrying = nil
            return list.paging.retry().map(AppEffect.init)
        case .refresh:
            list.retrying = nil
            list.newAbove = 0
            list.refreshRows = [:]
            return [.startOver] + list.paging.refresh(anchor: cursorAnchor()?.id).map(AppEffect.init)
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
        case .wheelDown: list.viewport.move(by: 3)
        case .wheelUp: list.viewport.move(by: -3)
        case .press, .release:
            // ncurses may fold a quick press and release into one release: act on either.
            // A click in the preview pane (split screen) is not a row of the list.
            if event.row < size.rows - 2, event.column < (splitListColumns ?? size.columns),
               let index = list.viewport.item(atRow: event.row / 2)
            {
                list.viewport.moveCursor(to: index)
            }
        }
        return []
    }

    /// A list result: the pager says what it did, and the screen follows.
    private mutating func receive(_ result: FetchResult) -> [AppEffect] {
        reduceList(.fetched(result)).effects
    }

    mutating func quit() -> [AppEffect] {
        isQuitting = true
        return [.quit]
    }

    /// The cursor's item and screen row, to put back after the rows change.
    func cursorAnchor() -> (id: String, row: Int)? { list.cursorAnchor() }

    private mutating func restore(_ anchor: (id: String, row: Int)?) {
        syncRows()
        if let anchor, let index = list.paging.items.index(of: anchor.id) {
            list.viewport.anchor(cursorAt: index, row: anchor.row)
        }
    }
}

extension AppEffect {
    init(_ effect: PagingEffect) {
        switch effect {
        case let .fetch(request): self = .fetch(request)
        case let .cancel(id): self = .cancel(id)
        case let .promote(id): self = .promote(id)
        }
    }
}
