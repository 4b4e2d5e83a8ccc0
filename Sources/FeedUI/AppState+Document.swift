import FeedModel
import FeedPaging

/// The opened item's own document, for sources whose list says less than the item's page
/// (PokeAPI names a Pokémon; its document gives types, size and stats): loaded when the detail
/// opens, through a pager of one page so it retries, fails and cancels like a comment page.
extension AppState {
    /// The document's first (and only) page, when the source has documents.
    mutating func loadDocument() -> [AppEffect] {
        guard let detail, var document = detail.document else { return [] }
        let effects = document.prefetch(cursor: 0, distance: 1)
        self.detail?.document = document
        return documentEffects(effects)
    }

    mutating func receiveDocument(_ result: FetchResult, serial: Int) -> [AppEffect] {
        guard var document = detail?.document, detail?.serial == serial, let loaded = result.result else { return [] }
        let receipt = document.receive(result.request, loaded)
        guard receipt.outcome != .dropped else { return [] }
        detail?.document = document
        // The changeset brings the document (inserted, or updated when asked again): it changes
        // the item's text above the comments, which stay laid out as they are.
        if let changes = receipt.changeset, let described = (changes.inserts + changes.updates).first?.item {
            detail?.fill(from: described)
            relayoutDetailHead()
        }
        return documentEffects(receipt.effects)
    }

    /// Lays out again the lines above the comments (the item changed), moving the comments'
    /// lines, laid out already, by as many lines as the head grew or shrank.
    mutating func relayoutDetailHead() {
        guard var detail else { return }
        let headEnd = detail.lines.firstIndex { $0.comment != nil } ?? detail.lines.count
        (detail.pictureRows, detail.pictureColumns) = detailPictureRoom(detail)
        var wraps = detail.longWraps
        let head = DetailLayout.headLines(detail, width: size.columns, now: now, wraps: &wraps)
        detail.longWraps = wraps
        detail.lines.replaceSubrange(0..<headEnd, with: head)
        if detail.top >= headEnd { detail.top += head.count - headEnd }
        self.detail = detail
        scrollDetail(to: detail.top)
    }

    /// `r` in a detail whose document failed: asks again.
    mutating func retryDocument() -> [AppEffect] {
        guard var document = detail?.document, case .error = document.loadState else { return [] }
        let effects = document.retry()
        detail?.document = document
        return documentEffects(effects)
    }

    /// The document's footer line while it loads or after it failed (nothing once it is in).
    var documentFooter: (text: String, style: Style)? {
        switch detail?.document?.loadState {
        case .loading: ("\(spinner) Loading details…", .footer)
        case let .error(error): ("✗ \(error.message) — \(retryHint(for: error))", .error)
        case .idle, .end, nil: nil
        }
    }

    private func documentEffects(_ effects: [PagingEffect]) -> [AppEffect] {
        guard let detail else { return [] }
        return effects.map { effect in
            switch effect {
            case let .fetch(request): .fetchDocument(request, itemID: detail.item.id, serial: detail.serial)
            case let .cancel(id): .cancelDocument(id, serial: detail.serial)
            }
        }
    }
}
