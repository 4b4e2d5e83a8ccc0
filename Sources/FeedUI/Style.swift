/// What a cell means, not how it looks: a theme maps each style to colours and attributes.
public enum Style: UInt8, Sendable, Hashable, CaseIterable {
    case normal
    /// An item's title.
    case title
    /// An item's meta line (author · score · comments · age).
    case meta
    /// The focused line's marker and text in the detail (the focused comment's header).
    case selected
    /// The focused line in the detail.
    case selectedMeta
    /// The status line (the themes give it the meta lines' look: see docs/PERFORMANCE.md).
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
    /// The list's cursor: a bar in the left margin of the title row of the item under it, in
    /// the title's look (the glyph marks it). The item's text keeps its own look, so a step
    /// rewrites the margin it leaves and the one it reaches, not both items' rows (see
    /// docs/PERFORMANCE.md, bytes per step).
    case cursor
}
