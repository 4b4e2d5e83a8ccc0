import FeedPaging

/// When a list asks for its next page: the common app triggers, the library defaults, and
/// feedscroll's own policies.
public enum TriggerStrategy: String, Sendable, Hashable, CaseIterable, Codable {
    /// The "loading…" footer below the last row comes into view. In a window that follows the
    /// cursor, that happens when the reader reaches the last row.
    case footerVisible = "footer-visible"
    /// `willDisplay` of the last row: the last row enters the screen.
    case lastCellDisplayed = "last-cell"
    /// The bottom of the screen passes 67% of the content height, on every scroll event.
    case offset67 = "offset-67%"
    /// The same, with an `isLoading` guard.
    case offset67Guarded = "offset-67%+guard"
    /// The cursor's index reaches `loaded − 5`, with an `isLoading` guard.
    case indexNearEnd = "index>=loaded-5"
    /// A prefetch callback (one screen beyond the visible rows) includes the last index.
    case prefetchLastIndex = "prefetch-last"
    /// Texture's `leadingScreensForBatching = 2`: less than two screens of content below.
    case twoLeadingScreens = "2-screens"
    /// Paging 3's `prefetchDistance = pageSize`: the last bound row is within a page of the end.
    case pagingDistance = "distance=page"
    /// feedscroll's `PagingState` with a fixed lead (`--prefetch N`; N is the former default,
    /// one page or one screen, whichever is larger).
    case feedscrollFixed = "feedscroll-fixed"
    /// feedscroll's `PagingState` with `AdaptivePrefetch` (`--prefetch auto`).
    case feedscrollAdaptive = "feedscroll-auto"

    /// Whether the strategy runs through the shipped `PagingState`.
    public var isFeedscroll: Bool { self == .feedscrollFixed || self == .feedscrollAdaptive }

    /// How a model trigger fires.
    enum Firing {
        /// Once each time the condition turns true (a display event); no in-flight guard.
        case edge
        /// At every event while the condition holds; `guarded` skips while a request is out.
        case level(guarded: Bool)
    }

    /// Whether the trigger runs on scroll events only (not when rows are added).
    var isScrollEventOnly: Bool { self == .offset67 || self == .offset67Guarded }

    var firing: Firing {
        switch self {
        case .footerVisible, .lastCellDisplayed, .prefetchLastIndex: .edge
        case .offset67: .level(guarded: false)
        default: .level(guarded: true)
        }
    }

    /// The trigger's condition over the screen and the rows loaded.
    func condition(_ view: ListView) -> Bool {
        let bottom = view.top + view.screen  // one past the last row on screen
        switch self {
        case .footerVisible: return view.cursor >= view.loaded - 1
        case .lastCellDisplayed: return bottom >= view.loaded
        case .offset67: return Double(bottom) >= 0.67 * Double(view.loaded)
        case .offset67Guarded: return Double(bottom) >= 0.67 * Double(view.loaded)
        case .indexNearEnd: return view.cursor >= view.loaded - 5
        case .prefetchLastIndex: return bottom + view.screen >= view.loaded
        case .twoLeadingScreens: return view.loaded - bottom <= 2 * view.screen
        case .pagingDistance: return bottom - 1 >= view.loaded - view.pageSize
        case .feedscrollFixed, .feedscrollAdaptive: return false
        }
    }
}

/// What a model trigger sees.
struct ListView {
    var cursor: Int
    var top: Int
    var screen: Int
    var loaded: Int
    var pageSize: Int
}
