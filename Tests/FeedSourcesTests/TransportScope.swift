import FeedModel

@testable import FeedSources

/// Runs `body` with `transport` and shuts the transport down afterwards, whether `body` returned
/// or threw, so a failing request fails its test and leaves nothing running behind it.
func withTransport<T>(_ transport: AsyncHTTPTransport, _ body: (AsyncHTTPTransport) async throws -> T) async throws -> T {
    do {
        let value = try await body(transport)
        await transport.shutdown()
        return value
    } catch {
        await transport.shutdown()
        throw error
    }
}
