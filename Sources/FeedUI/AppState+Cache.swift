import FeedModel
import FeedPaging

/// The page cache's part in the transitions: a cached first screen revalidated in the
/// background, cached pages standing in when the network fails, read marks and thread visits.
extension AppState {
    /// Whether the status line should say where the rows came from, and what it says:
    /// `cached 3 min ago`, or `offline · cached 3 min ago`.
    public var cacheNote: String? {
        guard let shownFrom = cache.shownFrom else { return cache.isNetworkDown ? "offline" : nil }
        let age = "cached \(Self.age(now - shownFrom)) ago"
        return cache.isNetworkDown ? "offline · \(age)" : age
    }

    /// Whether an item is marked read.
    public func isRead(_ item: FeedItem) -> Bool { cache.readIDs.contains(item.id) }

    /// An age in the largest unit that fits: `12 s`, `3 min`, `5 h`, `2 d`.
    static func age(_ seconds: Double) -> String {
        let s = max(0, Int(seconds))
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min" }
        if s < 86_400 { return "\(s / 3600) h" }
        return "\(s / 86_400) d"
    }

    // MARK: - Transitions

    /// Notes where a list result that counted came from. Cached pages of the first generation
    /// are the cached first screen: once they are in, a refresh revalidates them. Cached pages
    /// of a later generation stood in for a failed fetch: the network is down. Fresh pages that
    /// complete a refresh replace every cached row.
    mutating func noteCacheOrigin(of result: FetchResult, completedRefresh: Bool) {
        guard case .success? = result.result else { return }
        if let cachedAt = result.cachedAt {
            cache.shownFrom = min(cache.shownFrom ?? cachedAt, cachedAt)
            if cache.isOfflineOnly { return }
            if result.request.generation == 0 && !cache.isNetworkDown {
                cache.awaitsRevalidation = true
            } else {
                cache.isNetworkDown = true
            }
        } else if !cache.isOfflineOnly {
            cache.isNetworkDown = false
            if completedRefresh { cache.shownFrom = nil }
        }
    }

    /// Notes where a comment page came from: cached pages of the detail's first generation are
    /// drawn at once and revalidated; fresh pages that complete that refresh replace them.
    mutating func noteCommentCacheOrigin(of result: FetchResult, completedRefresh: Bool) {
        guard case .success? = result.result, detail != nil else { return }
        if let cachedAt = result.cachedAt {
            let oldest = min(detail?.cachedAt ?? cachedAt, cachedAt)
            detail?.cachedAt = oldest
            if result.request.generation == 0 && !cache.isOfflineOnly { detail?.awaitsRevalidation = true }
        } else if completedRefresh {
            detail?.cachedAt = nil
        }
    }

    /// Starts the revalidation of a cached first screen once no more cached pages are asked for:
    /// a refresh that keeps the cached rows on screen until fresh ones reach the cursor's item.
    mutating func revalidateIfDue() -> [AppEffect] {
        // Not while a jump travels: the refresh would cancel it, and the page it brings is fresh.
        guard cache.awaitsRevalidation, !paging.isRefreshing, paging.jumpTarget == nil else { return [] }
        cache.awaitsRevalidation = false
        return [.startOver] + paging.refresh(anchor: cursorAnchor()?.id).map(AppEffect.init)
    }

    /// Marks an item read (opened in the detail or with `o`).
    mutating func markRead(_ item: FeedItem) -> [AppEffect] {
        guard cache.isEnabled, !cache.readIDs.contains(item.id) else { return [] }
        cache.readIDs.insert(item.id)
        if cache.hidesRead { cache.readWhileHiding.insert(item.id) }
        return [.markRead(itemID: item.id, isRead: true)]
    }

    /// `u`: read becomes unread and unread read, for the detail's item or the cursor's.
    mutating func toggleRead(_ opened: FeedItem?) -> [AppEffect] {
        guard let item = opened ?? (viewport.cursor < paging.items.count ? paging.items[viewport.cursor] : nil) else { return [] }
        guard cache.isEnabled else {
            notice = "read marks need the page cache (not with --no-cache)"
            return []
        }
        let isRead = !cache.readIDs.contains(item.id)
        if isRead { cache.readIDs.insert(item.id) } else { cache.readIDs.remove(item.id) }
        if isRead && cache.hidesRead { cache.readWhileHiding.insert(item.id) }
        notice = isRead ? "marked read" : "marked unread"
        return [.markRead(itemID: item.id, isRead: isRead)]
    }

    /// Records a visit to an item's thread: its comment count now, so the list stops showing
    /// `+N new` and the next run counts from here.
    mutating func recordVisit(_ item: FeedItem) -> [AppEffect] {
        guard cache.isEnabled, commentPageSize != nil, let serial = detail?.serial else { return [] }
        var effects: [AppEffect] = [.loadThreadHistory(threadID: item.id, serial: serial)]
        if let count = item.commentCount {
            cache.visits[item.id] = count
            effects.append(.recordVisit(threadID: item.id, commentCount: count))
        }
        return effects
    }
}
