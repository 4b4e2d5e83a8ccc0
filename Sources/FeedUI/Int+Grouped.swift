import FeedModel

extension Int {
    /// The number as the sources' facts write counts (`49,471`, `★ 1,204`), so positions,
    /// totals and counts read alike on every line.
    var grouped: String { ItemFact.grouped(self) }
}
