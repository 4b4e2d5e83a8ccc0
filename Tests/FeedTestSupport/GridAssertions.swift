import FeedUI

extension Grid {
    /// The screen as capture-pane would print it: rows with trailing spaces removed, and
    /// trailing empty rows kept so positions stay visible in failures.
    public var screen: String { trimmedLines.joined(separator: "\n") }
}
