import FeedModel
import FeedPaging

/// The page cache's part in the transitions: a cached first screen revalidated in the
/// background, cached pages standing in when the network fails, read marks and thread visits.
///
/// This is the one place that decides when the cache answers: the runtime only carries out
/// `.readCache` (off its thread, answered by `.cacheRead` through the inbox) and `.writeCache`.
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

    /// The one place for "cache first, then revalidate": of the network loads the pagers asked
    /// for, those the cache answers first become `.readCache`. Offline every list and comment
    /// page does; otherwise first-generation pages do (a cached first screen, a thread read
    /// before) until one of them is not cached, and later generations (the revalidation, a
    /// refresh) go to the network.
    func routeThroughCache(_ effects: [AppEffect]) -> [AppEffect] {
        guard cache.isEnabled else { return effects }
        let offline = cache.isOfflineOnly
        let purpose: CacheRead.Purpose = offline ? .offline : .firstScreen
        return effects.map { effect in
            switch effect {
            case let .fetch(request) where offline || request.generation == 0 && cache.startsFromCache:
                return .readCache(CacheRead(request: request, purpose: purpose))
            case let .fetchComments(request, itemID, serial)
                where offline || request.generation == 0 && opened(serial: serial)?.missedCache == false:
                return .readCache(CacheRead(request: request, pager: .comments(serial: serial), threadID: itemID, purpose: purpose))
            case let .fetchArticle(url, serial) where offline:
                return .readArticle(url: url, serial: serial, failure: nil)
            default:
                return effect
            }
        }
    }

    /// A fetch result from the network: with a cache, a fresh list or thread page is stored,
    /// and a final failure of a request its pager still waits for asks the cache for its copy
    /// first (the network is down); the answer (`.cacheRead`) then reaches the pager.
    mutating func receiveFetched(_ result: FetchResult) -> [AppEffect] {
        guard cache.storesPages, result.cachedAt == nil, case let .loaded(loaded, _) = result.outcome,
              let owner = cacheOwner(of: result.pager)
        else { return deliver(result) }
        switch loaded {
        case let .success(page):
            return [.writeCache(page, index: result.request.index, threadID: owner.threadID)] + deliver(result)
        case let .failure(error):
            guard owner.waitsFor(result.request) else { return deliver(result) }
            return [.readCache(CacheRead(request: result.request, pager: result.pager, threadID: owner.threadID, purpose: .standIn(error)))]
        }
    }

    /// The cache's answer to `.readCache`: a cached copy goes to its pager as a page; a miss
    /// sends a first screen's request to the network, delivers the failure a stand-in was
    /// asked for, and ends an offline feed or thread where the cache does.
    mutating func answer(_ read: CacheRead, _ copy: CachedCopy?) -> [AppEffect] {
        let request = read.request
        if let copy { return deliver(.cached(request, copy.page, fetchedAt: copy.fetchedAt, for: read.pager)) }
        switch read.purpose {
        case let .standIn(error):
            return deliver(.loaded(request, .failure(error), latency: 0, for: read.pager))
        case .offline:
            let reason = switch read.pager {
            case .list: request.index == 0 ? "offline: nothing cached for \(sourceName)" : "offline: page not cached"
            case .comments, .document:
                request.index == 0 ? "offline: this thread was not read before" : "offline: the rest of this thread is not cached"
            }
            return deliver(.loaded(request, .failure(FeedError(.invalidRequest, reason)), latency: 0, for: read.pager))
        case .firstScreen:
            guard let owner = cacheOwner(of: read.pager), owner.waitsFor(request) else { return [] }
            switch read.pager {
            case .list:
                cache.startsFromCache = false
                return [.fetch(request)]
            case let .comments(serial):
                if detail?.serial == serial { detail?.missedCache = true } else { preview?.missedCache = true }
                return [.fetchComments(request, itemID: owner.threadID ?? "", serial: serial)]
            case .document:
                return []
            }
        }
    }

    /// Whose pages a pager's results are in the cache: the list's (no thread) or the thread of
    /// the open detail (or preview); nil for what the cache does not keep (documents, an
    /// earlier detail).
    private func cacheOwner(of pager: FetchResult.Pager) -> (threadID: String?, waitsFor: (PageRequest) -> Bool)? {
        switch pager {
        case .list:
            let paging = list.paging
            return (nil, { $0.generation == paging.generation && paging.inFlight[$0.id] != nil })
        case let .comments(serial):
            guard let opened = opened(serial: serial), let comments = opened.comments else { return nil }
            return (opened.item.id, { $0.generation == comments.generation && comments.inFlight[$0.id] != nil })
        case .document:
            return nil
        }
    }

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

    /// Marks an item read (opened in the detail or with `o`).
    mutating func markRead(_ item: FeedItem) -> [AppEffect] {
        guard cache.isEnabled, !cache.readIDs.contains(item.id) else { return [] }
        cache.readIDs.insert(item.id)
        if cache.hidesRead { cache.readWhileHiding.insert(item.id) }
        return [.markRead(itemID: item.id, isRead: true)]
    }

    /// `u`: read becomes unread and unread read, for the detail's item or the cursor's.
    mutating func toggleRead(_ opened: FeedItem?) -> [AppEffect] {
        guard let item = opened ?? (list.viewport.cursor < list.paging.items.count ? list.paging.items[list.viewport.cursor] : nil) else { return [] }
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
