import FeedPictures

/// What the pictures sub-state hears: what the screen wants after an action, and what came back.
public enum PictureAction: Equatable, Sendable {
    /// The pictures the screen wants now, nearest first (the rows within the prefetch lead, or
    /// the detail's item): missing ones are asked for, cached ones touched, the rest cancelled.
    case want([PictureRequest])
    /// A picture (or why there is none) came back for a request.
    case fetched(PictureResult)
}

extension PictureState {
    /// The pictures' own transitions, apart from the views that say what they want.
    ///
    /// - Parameter action: what the screen wants, or what came back.
    /// - Returns: the picture loads to start and cancel.
    /// - Complexity: O(wanted + in flight) dictionary look-ups.
    public mutating func reduce(_ action: PictureAction) -> [AppEffect] {
        switch action {
        case let .fetched(result):
            // Kept only while still wanted: a cancelled request's late answer is dropped.
            guard inFlight.removeValue(forKey: result.url) != nil else { return [] }
            for (key, entry) in result.entries.sorted(by: { $0.key.description < $1.key.description }) {
                cache.insert(entry, for: key)
            }
            return []
        case let .want(wanted):
            guard isEnabled else {
                let cancelled = inFlight.keys.sorted().map { AppEffect.cancelPicture(url: $0) }
                inFlight = [:]
                return cancelled
            }
            return ask(for: affordable(wanted))
        }
    }

    // MARK: - Helpers

    private mutating func ask(for wanted: [PictureRequest]) -> [AppEffect] {
        var effects: [AppEffect] = []
        let wantedURLs = Set(wanted.map(\.url))
        for url in inFlight.keys.sorted() where !wantedURLs.contains(url) {
            inFlight[url] = nil
            effects.append(.cancelPicture(url: url))
        }
        for request in wanted {
            let missing = request.keys.filter { !cache.contains($0) }
            for key in request.keys where cache.contains(key) { cache.touch(key) }
            guard !missing.isEmpty, inFlight[request.url] == nil, inFlight.count < Self.maxInFlight else { continue }
            let boxes = missing.map { PictureBox(columns: $0.maxColumns, rows: $0.maxRows) }
            let fetch = PictureRequest(url: request.url, boxes: boxes, background: background)
            inFlight[request.url] = fetch
            effects.append(.fetchPicture(fetch))
        }
        return effects
    }

    /// The nearest of `wanted` that the cache can hold together: wanting more would thrash (a
    /// picture evicted to make room for another wanted one would be asked for again, and again).
    private func affordable(_ wanted: [PictureRequest]) -> [PictureRequest] {
        var budget = cache.costLimit
        var kept: [PictureRequest] = []
        for request in wanted {
            budget -= request.boxes.reduce(0) { $0 + HalfBlockPicture.maximumCost(columns: $1.columns, rows: $1.rows) }
            guard budget >= 0 else { break }
            kept.append(request)
        }
        return kept
    }
}
