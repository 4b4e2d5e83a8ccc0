/// The version every request announces in its `User-Agent`.
public enum FeedscrollVersion {
    public static let string = "0.1.0"

    /// `feedscroll/0.1.0`: the default `User-Agent` of `AsyncHTTPTransport`.
    public static let userAgent = "feedscroll/\(string)"
}
