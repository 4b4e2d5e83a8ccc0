/// What a cell means, not how it looks: a theme maps each style to colours and attributes.
public enum Style: UInt8, Sendable, Hashable, CaseIterable {
    case normal
    /// An item's title.
    case title
    /// An item's meta line (author · score · comments · age).
    case meta
    /// The cursor row's title.
    case selected
    /// The cursor row's meta line.
    case selectedMeta
    /// The status line.
    case status
    /// The loading and end-of-feed footers.
    case footer
    /// The error footer and error notices.
    case error
    /// The spinner glyph.
    case spinner
    /// A search match.
    case highlight
    /// The title of an item marked read (dimmed).
    case readTitle
    /// The meta line of an item marked read.
    case readMeta
    /// The meta line of a row a live update just changed or brought (for a moment).
    case changed
}
