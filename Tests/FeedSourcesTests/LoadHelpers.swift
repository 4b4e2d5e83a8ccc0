import FeedModel
import Testing

/// The error a load throws, or nil when it succeeds.
func loadError(_ source: some FeedSource, _ key: PageKey, pageSize: Int = 10) async -> FeedError? {
    do {
        _ = try await source.load(key, pageSize: pageSize)
        return nil
    } catch {
        return error
    }
}

/// A page, or a test failure naming the error.
func loadPage(_ source: some FeedSource, _ key: PageKey, pageSize: Int = 10, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Page {
    do {
        return try await source.load(key, pageSize: pageSize)
    } catch {
        Issue.record("load(\(key)) failed: \(error.message)", sourceLocation: sourceLocation)
        throw error
    }
}
