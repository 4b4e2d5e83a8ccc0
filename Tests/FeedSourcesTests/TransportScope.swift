import FeedModel

@testable import FeedSources

/// The limits of a transport in a test that is not about its timeout. Under `make test` every
/// suite shares the cooperative pool's threads (two on two cores) with synchronous tests that
/// hold them for minutes: an answer that came over loopback in milliseconds can wait that long
/// for the task that reads it, and the default 10 s then fails a sound exchange (2026-11-29: a
/// 10 s timeout met after 444 s of a loaded run). A hang still ends, at this bound.
let patientLimits = AsyncHTTPTransport.Limits(timeout: 600)

/// `patientLimits` with a body cap of `maxBodyBytes`, for the tests about the cap.
func patientLimitsCapped(at maxBodyBytes: Int) -> AsyncHTTPTransport.Limits {
    .init(timeout: patientLimits.timeout, maxBodyBytes: maxBodyBytes)
}

/// Runs `body` with `transport` and shuts the transport down afterwards, whether `body` returned
/// or threw, so a failing request fails its test and leaves nothing running behind it.
func withShutDown<T>(_ transport: AsyncHTTPTransport, _ body: (AsyncHTTPTransport) async throws -> T) async throws -> T {
    do {
        let value = try await body(transport)
        await transport.shutdown()
        return value
    } catch {
        await transport.shutdown()
        throw error
    }
}
