import FeedModel

/// What a run's list is: a feed, the subscription list (`feedscroll feeds`), or a feed opened
/// from it. The runtime ends a chooser's run when a row is chosen and an opened feed's run when
/// the reader goes back; the command starts the next run on the same terminal.
public enum ListRole: Sendable, Equatable {
    /// A feed of its own: Enter opens an item's detail, Esc clears the search.
    case feed
    /// The subscription list: Enter chooses the row (`AppEffect.choose`).
    case chooser
    /// A feed opened from the subscription list: Esc (with no search), h or ← go back to it
    /// (`AppEffect.leave`).
    case opened
}

extension AppState {
    /// Enter on the subscription list: the run ends choosing the cursor's row.
    mutating func choose() -> [AppEffect] {
        guard list.viewport.hasCursorItem, list.viewport.cursor < list.paging.items.count else { return [] }
        isQuitting = true
        return [.choose(itemID: list.paging.items[list.viewport.cursor].id)]
    }

    /// Back from a feed opened from the subscription list: the run ends, and the list comes back.
    mutating func leaveList() -> [AppEffect] {
        isQuitting = true
        return [.leave]
    }

    /// Whether `key` goes back from this list: a key bound to back in a detail, in a feed opened
    /// from the subscription list, unless it is Esc clearing a search.
    func goesBack(_ key: Key, _ intent: Intent?) -> Bool {
        guard listRole == .opened, keyMap.intent(for: key, in: .detail) == .back else { return false }
        return !(intent == .clearSearch && filter.isActive)
    }

    /// `s`: saves the item (the list's cursor item, or the detail's) for later, or takes a saved
    /// one off the saved list; the status line says which.
    mutating func toggleSaved(_ item: FeedItem?) -> [AppEffect] {
        guard listRole != .chooser else {
            notice = "s saves the items of a feed: open one with Enter"
            return []
        }
        guard cache.isEnabled else {
            notice = "saving items needs the page cache (not with --no-cache)"
            return []
        }
        guard !cache.isOfflineOnly else {
            notice = "offline: the cache is read-only, nothing saved"
            return []
        }
        let chosen = item ?? (list.viewport.hasCursorItem && list.viewport.cursor < list.paging.items.count ? list.paging.items[list.viewport.cursor] : nil)
        guard let chosen else { return [] }
        // Titles came through the fetcher's sanitiser; cleaned again as a notice is drawn raw.
        let title = TextSanitizer.clean(chosen.title.count > 60 ? String(chosen.title.prefix(59)) + "…" : chosen.title)
        if cache.savedIDs.contains(chosen.id) {
            cache.savedIDs.remove(chosen.id)
            notice = "no longer saved: \(title)"
            return [.unsave(itemID: chosen.id)]
        }
        cache.savedIDs.insert(chosen.id)
        notice = "saved for later: \(title) (feedscroll feeds lists it)"
        return [.save(chosen)]
    }
}

extension AppState {
    /// Puts the cursor on the item with this id once its row is loaded (the subscription list's
    /// row the reader comes back from); any key pressed before drops it.
    public mutating func placeCursor(on itemID: String) {
        list.cursorTarget = itemID
    }
}
