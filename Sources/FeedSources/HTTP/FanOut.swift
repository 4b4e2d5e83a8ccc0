import FeedModel

/// Runs one async step per element with at most `width` in flight, keeping the input order.
///
/// The first final failure cancels the steps still running (their requests are closed) and is
/// thrown; cancellation of the calling task reaches every step. The steps' requests take their
/// places in their hosts' lines in input order, whatever order their tasks start in
/// (`PlaceInLine`): the first rows and the first replies go first.
enum FanOut {
    /// - Parameters:
    ///   - elements: the inputs, in the order the results are wanted.
    ///   - width: steps in flight at once (at least 1).
    ///   - step: the work for one element; it retries by itself if it wants to.
    /// - Returns: the results in input order.
    static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], width: Int, _ step: @escaping @Sendable (Element) async throws(FeedError) -> Result
    ) async throws(FeedError) -> [Result] {
        guard !elements.isEmpty else { return [] }
        if let enclosing = PlaceInLine.ticket {
            // A fan-out run by a step of another takes that step's place: after the steps before it.
            try await enclosing.waitForTurn()
            enclosing.taken()
        }
        let line = PlaceInLine()
        let outcome: Swift.Result<[Result], FeedError> = await withTaskGroup(of: (Int, Swift.Result<Result, FeedError>).self) { group in
            var results = [Result?](repeating: nil, count: elements.count)
            var next = 0
            func launch() {
                let index = next
                let element = elements[index]
                next += 1
                let ticket = line.ticket(index)
                group.addTask {
                    // A step that ends without asking a host (or asks one through a transport
                    // that keeps no line) lets the steps after it take their places.
                    defer { ticket.taken() }
                    return await PlaceInLine.$ticket.withValue(ticket) { () async -> (Int, Swift.Result<Result, FeedError>) in
                        do throws(FeedError) {
                            // Awaited before the tuple is built: see `scripts/check-async-tuples`.
                            let value = try await step(element)
                            return (index, .success(value))
                        } catch {
                            return (index, .failure(error))
                        }
                    }
                }
            }
            while next < min(max(1, width), elements.count) { launch() }
            var failure: FeedError?
            while let (index, result) = await group.next() {
                switch result {
                case let .success(value):
                    results[index] = value
                    if failure == nil, next < elements.count { launch() }
                case let .failure(error):
                    if failure == nil || failure?.kind == .cancelled { failure = error }
                    group.cancelAll()
                }
            }
            if let failure { return .failure(failure) }
            return .success(results.map { $0! })
        }
        return try outcome.get()
    }
}
