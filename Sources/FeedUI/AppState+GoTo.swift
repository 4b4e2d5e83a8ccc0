import FeedModel
import FeedPaging

/// The `:N` / `N%` prompt, as in less: a count typed in the list (or after `:`) goes to item N
/// with Enter, `g` or `G`, or to N percent of the feed with `%`. On a feed that can jump
/// (`PagingState.canJump`), a position that is not loaded is fetched directly, its page
/// replacing the rows; elsewhere the cursor goes as far as the loaded rows and the status line
/// says why.
public struct GoToPrompt: Sendable, Equatable {
    /// The digits typed so far.
    public var digits: String
}

extension AppState {
    /// Feeds a key to the prompt.
    /// - Returns: the effects when the prompt took the key (digits, `%`, Enter, Esc, …); nil when
    ///   the key is not the prompt's (it cancels an open prompt and then acts as itself).
    mutating func handleGoTo(_ key: Key) -> [AppEffect]? {
        guard var prompt = list.goTo else {
            // A digit no binding takes starts a count, as in less and vim.
            if case let .character(digit) = key, digit.isASCII, digit.isNumber, keyMap.intent(for: key, in: .list) == nil {
                list.goTo = GoToPrompt(digits: String(digit))
                return []
            }
            return nil
        }
        switch key {
        case let .character(digit) where digit.isASCII && digit.isNumber:
            if prompt.digits.count < 12 { prompt.digits.append(digit) }
            list.goTo = prompt
            return []
        case .character("%"), .character("p"):
            list.goTo = nil
            return goToPercent(Int(prompt.digits) ?? 0)
        case .enter, .character("g"), .character("G"):
            list.goTo = nil
            guard let number = Int(prompt.digits) else { return [] }
            return goToItem(number)
        case .backspace:
            if prompt.digits.isEmpty { list.goTo = nil } else { prompt.digits.removeLast(); list.goTo = prompt }
            return []
        case .escape, .control("c"):
            list.goTo = nil
            return []
        default:
            list.goTo = nil
            return nil
        }
    }

    /// Opens the prompt empty (`:`).
    mutating func openGoTo() {
        list.goTo = GoToPrompt(digits: "")
    }

    /// Goes to item `number` (1-based, as the status line counts).
    mutating func goToItem(_ number: Int) -> [AppEffect] {
        moveCursor(toAbsoluteRow: max(1, number) - 1)
    }

    /// Goes to `percent` of the feed: 0 is the first item, 100 the last.
    mutating func goToPercent(_ percent: Int) -> [AppEffect] {
        let count = list.paging.reachableTotal ?? list.paging.knownRowCount
        guard count > 0 else { return [] }
        let clamped = min(max(percent, 0), 100)
        return moveCursor(toAbsoluteRow: (count - 1) * clamped / 100)
    }

    /// Whether a far page can be fetched directly: the feed can jump, and the network is in
    /// reach (offline, pages come from the cache in order, and far ones are seldom there).
    var canJump: Bool { list.paging.canJump && !cache.isOfflineOnly }

    /// `G`: the true last item where the feed can jump, else the last loaded one (saying why).
    /// Offline it follows the cached pages to their end, saying so.
    mutating func goToEnd() -> [AppEffect] {
        if canJump, let reachable = list.paging.reachableTotal, !list.paging.isAtEnd {
            let effects = moveCursor(toAbsoluteRow: reachable - 1)
            // The last page may hold more rows than the total said (GitHub's last page past its
            // 1,000 cap): when it lands, G goes to its last row, where the footer is.
            list.jumpsToEnd = list.jumpRow != nil
            return effects
        }
        if cache.isOfflineOnly {
            list.viewport.toBottom()
            list.isGoingToEnd = !list.paging.isAtEnd && list.paging.failure == nil
            notice = list.isGoingToEnd ? "G: going to the last cached item (offline)" : "G: the last cached item (offline)"
            return []
        }
        list.viewport.toBottom()
        if !list.paging.isAtEnd, let reason = cannotJumpReason { notice = "G: last loaded (\(reason))" }
        return []
    }

    /// Moves the cursor to an absolute row: at once when it is loaded, by fetching its page
    /// directly when the feed can jump, by fetching a dropped page again when the row is in one
    /// (page cap), else as far as the loaded rows go.
    mutating func moveCursor(toAbsoluteRow target: Int) -> [AppEffect] {
        list.jumpsToEnd = false
        let known = list.paging.reachableTotal ?? list.paging.knownRowCount
        let row = max(0, min(target, max(0, known - 1)))
        let local = row - list.paging.rowsAbove
        if local >= 0 && local < list.paging.items.count {
            list.land(at: row)
            return []
        }
        if canJump {
            let effects = landing(at: row, list.paging.jump(toRow: row))
            // No jump: the row's page is loaded but holds fewer rows than its place in the
            // API's list (items left out). As far as the rows go, then on as more arrive.
            if list.paging.jumpTarget == nil { list.land(at: row) }
            return effects
        }
        if local < 0, let page = list.paging.droppedPage(containingAbsoluteRow: row) {
            return landing(at: row, list.paging.jump(toPage: page))
        }
        if local < 0 {
            list.viewport.toTop()
        } else {
            list.viewport.toBottom()
            if let reason = cannotJumpReason { notice = "\(row + 1) not loaded (\(reason))" }
        }
        return []
    }

    /// Why this feed cannot fetch a far page directly, in few words (the status line is short).
    var cannotJumpReason: String? {
        guard !canJump else { return nil }
        if cache.isOfflineOnly { return "offline: not cached" }
        switch list.paging.firstKey {
        case .cursor: return "cursor paging"
        case .keyset: return "keyset paging"
        case .time: return "time paging"
        case .offset, .page, .idSlice: return "no total"
        }
    }

    /// The effects of a jump to `row`, remembering the row to land on only if a jump is under
    /// way (a jump that did not start leaves no stale target behind).
    private mutating func landing(at row: Int, _ effects: [PagingEffect]) -> [AppEffect] {
        if list.paging.jumpTarget != nil { list.jumpRow = row }
        return effects.map(AppEffect.init)
    }

    /// Offline `G` follows the cached pages as they load: the cursor stays on the last row
    /// until the cache's end, then says so.
    mutating func followEnd() {
        guard list.isGoingToEnd else { return }
        list.viewport.toBottom()
        if list.paging.isAtEnd || list.paging.failure != nil {
            list.isGoingToEnd = false
            notice = "G: the last cached item (offline)"
        }
    }
}
