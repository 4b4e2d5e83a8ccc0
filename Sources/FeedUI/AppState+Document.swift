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
        if case let .success(page) = loaded, let described = page.items.first {
            detail?.fill(from: described)
            relayoutDetail()
        }
        return documentEffects(receipt.effects)
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
