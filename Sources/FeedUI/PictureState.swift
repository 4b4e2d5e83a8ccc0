import FeedPictures

/// Pictures in the app state: whether they are shown, the cost-bounded cache of scaled
/// pictures, and the requests in flight. `reduce` asks for what the rows within the prefetch
/// lead need and cancels what they no longer need; `render` only reads.
public struct PictureState: Equatable, Sendable {
    /// The box a row's thumbnail fits in: 4 columns × 2 rows, 4×4 square pixels.
    public static let thumbnailBox = (columns: 4, rows: 2)
    /// At most this many picture requests are in flight; the nearest rows go first.
    public static let maxInFlight = 6

    /// `--images on` (where the source has pictures); false draws none and loads none.
    public var isEnabled: Bool
    /// What transparent pixels are composited over (the theme's background).
    public var background: RGB
    public internal(set) var cache: PictureCache
    /// Requests in flight, by URL.
    public internal(set) var inFlight: [String: PictureRequest] = [:]

    /// - Parameters:
    ///   - isEnabled: whether pictures are drawn and loaded.
    ///   - costLimit: the cache's limit in bytes (`--image-cache-mb` × 2²⁰).
    ///   - background: the theme's background colour.
    public init(isEnabled: Bool = false, costLimit: Int = 32 << 20, background: RGB = .black) {
        self.isEnabled = isEnabled
        self.background = background
        cache = PictureCache(costLimit: costLimit)
    }

    /// The picture for `url` fitted to `box`, or why there is none, if it is cached.
    public func entry(_ url: String, box: PictureBox) -> PictureCache.Entry? {
        cache.peek(PictureKey(url: url, maxColumns: box.columns, maxRows: box.rows))
    }
}

/// The most columns and rows a picture may take.
public struct PictureBox: Hashable, Sendable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// One picture to fetch once, decode once, and fit to each box.
public struct PictureRequest: Hashable, Sendable {
    public var url: String
    public var boxes: [PictureBox]
    /// What transparent pixels are composited over.
    public var background: RGB

    public init(url: String, boxes: [PictureBox], background: RGB) {
        self.url = url
        self.boxes = boxes
        self.background = background
    }

    /// The cache keys the result fills.
    public var keys: [PictureKey] { boxes.map { PictureKey(url: url, maxColumns: $0.columns, maxRows: $0.rows) } }
}

/// What came back for a `PictureRequest`: a picture (or a failure) per box.
public struct PictureResult: Hashable, Sendable {
    public var url: String
    public var entries: [PictureKey: PictureCache.Entry]

    public init(url: String, entries: [PictureKey: PictureCache.Entry]) {
        self.url = url
        self.entries = entries
    }

    /// The same failure for every box of `request`.
    public static func failure(_ request: PictureRequest, _ error: PictureError) -> PictureResult {
        PictureResult(url: request.url, entries: Dictionary(uniqueKeysWithValues: request.keys.map { ($0, .failed(error)) }))
    }
}

extension PictureState {
    /// Rows a picture takes above its text (and the blank row under it): the picture's own
    /// once it is in, so a wide cover leaves no blank band under it (issue 23); the box's
    /// while it loads; two for the `✗` of one that failed; none on a screen under ten rows.
    func rows(for url: String?, box: PictureBox, screenRows: Int) -> Int {
        guard isEnabled, let url, screenRows >= 10 else { return 0 }
        switch entry(url, box: box) {
        case let .picture(picture)?: return picture.rows + 1
        case .failed?: return 2
        case nil: return box.rows + 1
        }
    }
}
