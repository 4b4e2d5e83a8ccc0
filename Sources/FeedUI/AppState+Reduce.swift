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
        case let .key(key, at):
            now = at
            effects += handle(key)
        case let .resized(newSize):
            let anchor = cursorAnchor()
            setSize(newSize)
            viewport.setCapacity(Self.itemCapacity(for: newSize))
            restore(anchor)
        case let .fetched(event, at):
            now = at
            effects += handle(event)
            updateSearch()
        case let .tick(at):
            now = at
        }
        if !isQuitting {
            let distance = prefetch.distance(pageSize: paging.pageSize, screen: viewport.capacity)
            effects += paging.prefetch(cursor: viewport.cursor, distance: distance).map(AppEffect.init)
        }
        if isAnimating {
            if loadingSince == nil { loadingSince = now }
        } else {
            loadingSince = nil
        }
        return effects
    }

    // MARK: - Helpers

    private mutating func handle(_ key: Key) -> [AppEffect] {
        if case let .mouse(event) = key { return handle(event) }
        filter.note = nil
        if filter.isEditing && !isHelpShown {
            editSearch(key)
            return []
        }
        let intent = keyMap.intent(for: key)
        if isHelpShown {
            // Any key closes help, like less; q still quits.
            isHelpShown = false
            if intent == .quit { return quit() }
            return []
        }
        guard let intent else { return [] }
        switch intent {
        case .down: viewport.move(by: 1)
        case .up: viewport.move(by: -1)
        case .pageDown: viewport.page(by: 1)
        case .pageUp: viewport.page(by: -1)
        case .halfPageDown: viewport.halfPage(by: 1)
        case .halfPageUp: viewport.halfPage(by: -1)
        case .top: viewport.toTop()
        case .bottom: viewport.toBottom()
        case .retry:
            retrying = nil
            return paging.retry().map(AppEffect.init)
        case .refresh:
            retrying = nil
            return [.startOver] + paging.refresh().map(AppEffect.init)
        case .help: isHelpShown = true
        case .search, .nextMatch, .previousMatch, .clearSearch: search(intent)
        case .quit: return quit()
        }
        return []
    }

    private mutating func handle(_ event: MouseEvent) -> [AppEffect] {
        switch event.kind {
        case .wheelDown: viewport.move(by: 3)
        case .wheelUp: viewport.move(by: -3)
        case .press, .release:
            // ncurses may fold a quick press and release into one release: act on either.
            let index = viewport.top + event.row / 2
            if event.row < size.rows - 2, index < viewport.count { viewport.moveCursor(to: index) }
        }
        return []
    }

    private mutating func handle(_ event: PageFetcher.Event) -> [AppEffect] {
        switch event {
        case let .loaded(request, result, latency):
            let anchor = cursorAnchor()
            guard paging.receive(request, result) else { return [] }
            retrying = nil
            if case .success = result { lastLatency = latency }
            restore(anchor)
        case let .retrying(request, attempt, delay, error):
            guard paging.inFlight[request.id] != nil else { return [] }
            retrying = RetryNote(attempt: attempt, delay: delay, reason: error.message, since: now)
        }
        return []
    }

    private mutating func quit() -> [AppEffect] {
        isQuitting = true
        return [.quit]
    }

    /// The cursor's item and screen row, to put back after the rows change.
    private func cursorAnchor() -> (id: String, row: Int)? {
        guard viewport.count > 0, viewport.cursor < paging.items.count else { return nil }
        return (paging.items[viewport.cursor].id, viewport.cursorRow)
    }

    private mutating func restore(_ anchor: (id: String, row: Int)?) {
        viewport.setCount(paging.items.count)
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
