import FeedModel
import FeedPaging

/// Everything the screen shows and the pager knows: one value, changed only by `reduce`.
public struct AppState: Equatable {
    /// The smallest terminal feedscroll draws its list in.
    public static let minimumSize = Size(columns: 20, rows: 5)

    public var sourceName: String
    public private(set) var size: Size
    public internal(set) var paging: PagingState
    public internal(set) var viewport: Viewport
    public var prefetch: PrefetchPolicy
    public var keyMap: KeyMap
    /// Wall-clock seconds (Unix) of the latest action: drives ages and the spinner.
    public internal(set) var now: Double = 0
    /// When the current wait for a page began, for the spinner's phase.
    public internal(set) var loadingSince: Double?
    /// Seconds the last page took.
    public internal(set) var lastLatency: Double?
    /// A retry under way after a failed attempt.
    public internal(set) var retrying: RetryNote?
    public internal(set) var isHelpShown = false
    /// The `/` search (AppState+Search.swift).
    public internal(set) var filter = FilterState()
    public internal(set) var isQuitting = false

    public struct RetryNote: Equatable, Sendable {
        public var attempt: Int
        public var delay: Double
        public var reason: String
        public var since: Double
    }

    public init(
        sourceName: String, paging: PagingState, size: Size,
        prefetch: PrefetchPolicy = .automatic, keyMap: KeyMap = .standard
    ) {
        self.sourceName = sourceName
        self.paging = paging
        self.size = size
        self.prefetch = prefetch
        self.keyMap = keyMap
        viewport = Viewport(count: 0, capacity: Self.itemCapacity(for: size))
    }

    /// Items that fit on screen: two lines each, above one footer line and the status line.
    public static func itemCapacity(for size: Size) -> Int {
        max(1, (size.rows - 2) / 2)
    }

    /// Whether something on screen animates (so the runtime should tick).
    public var isAnimating: Bool {
        if case .loading = paging.loadState { return true }
        return retrying != nil || paging.isRefreshing
    }

    /// Whether the terminal is too small to draw the list.
    public var isTooSmall: Bool {
        size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows
    }

    internal mutating func setSize(_ newSize: Size) { size = newSize }
}
