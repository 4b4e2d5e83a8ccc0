import FeedModel
import Foundation

extension HTTPTransport {
    /// GETs a picture's bytes in the pictures lane, at most `maxBytes` of them.
    ///
    /// Sent like every page's request (the same transport, so the same deadline, per-host
    /// limiter and retries), in `FetchLane.pictures` so pictures never take a page's place on
    /// a host. Cancelling the calling task closes the connection.
    ///
    /// - Parameters:
    ///   - link: the picture's URL, as the adapter gave it; only http(s) is fetched.
    ///   - maxBytes: the body cap (a longer body, announced or streamed, is refused).
    /// - Returns: the body of a 2xx answer.
    /// - Throws: `.invalidRequest` for a link that is not http(s); the transport's errors;
    ///   `ResponseCheck`'s error for any other status.
    public func fetchPicture(_ link: String, maxBytes: Int) async throws(FeedError) -> [UInt8] {
        guard let url = URL(string: link), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { throw FeedError(.invalidRequest, "not an http(s) picture link") }
        let request = HTTPRequest(
            url: url, headers: ["Accept": "image/png, image/jpeg;q=0.9, */*;q=0.1"], maxBodyBytes: maxBytes,
            context: FetchContext(lane: .pictures))
        let host = url.port.map { "\(url.host ?? "?"):\($0)" } ?? (url.host ?? "?")
        return try await exchange(request) { response throws(FeedError) in
            try ResponseCheck.requireSuccess(response, api: host, now: Date())
            return [UInt8](response.body)
        }
    }
}
