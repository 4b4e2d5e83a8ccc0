import FeedDiff
import FeedModel

/// What one result did to a `PagingState`: returned by `receive`, so callers act on what
/// happened instead of comparing the pager's state before and after.
///
/// Every case that changes the rows carries the `Changeset` from the rows before the call to
/// the rows after it (`apply(changeset, to: before) == after`).
public enum PagingOutcome: Sendable, Equatable {
    /// Stale (an older generation), a duplicate, or for a page no longer next to the rows:
    /// nothing changed (counted in `resultsDropped`).
    case dropped
    /// Taken, but the rows do not change yet: a refresh or a live batch still gathering pages,
    /// or a live batch whose pages were trimmed away meanwhile.
    case pending
    /// A page extended the rows at either end, or replaced an applied page (empty when the page
    /// waits in the applier's buffer for a gap to fill).
    case applied(Changeset<FeedItem>)
    /// The page a jump waited for replaced every row.
    case jumped(Changeset<FeedItem>)
    /// A refresh replaced the rows: the diff of the old rows and the new generation's (its
    /// inserts above the anchor's new row are the rows new above it).
    case refreshed(Changeset<FeedItem>)
    /// A live batch was applied in place.
    case updated(Changeset<FeedItem>)
    /// Loading stopped at this failure until `retry`.
    case failed(FeedError)
    /// A live update failed: the rows are unchanged and loading goes on.
    case liveFailed(FeedError)
}

extension PagingOutcome {
    /// The rows' changes, for the cases that change them.
    public var changeset: Changeset<FeedItem>? {
        switch self {
        case let .applied(changes), let .jumped(changes), let .refreshed(changes), let .updated(changes): changes
        case .dropped, .pending, .failed, .liveFailed: nil
        }
    }
}

/// What `PagingState.receive` returns: what the result did, and the effects it asks for (a
/// failure that ends a live batch cancels the batch's other requests). Every caller carries
/// the effects out; none is dropped.
public struct PagingReceipt: Sendable, Equatable {
    public var outcome: PagingOutcome
    public var effects: [PagingEffect]

    public init(_ outcome: PagingOutcome, effects: [PagingEffect] = []) {
        self.outcome = outcome
        self.effects = effects
    }

    /// The rows' changes, for the outcomes that change them.
    public var changeset: Changeset<FeedItem>? { outcome.changeset }
}
