import FeedMarkup
import FeedModel
import Foundation

/// What an HTTP status means for a feed, the same for every adapter.
///
/// - 2xx: fine.
/// - 429, and 403 carrying rate-limit signals (`Retry-After`, a spent `x-ratelimit-remaining`
///   or a GitHub rate-limit message): `.rateLimited`, retryable, with `retryAfter`.
/// - 408 and 5xx: `.http(status)`, retryable (honouring a `Retry-After` on 503).
/// - Any other 4xx (and odd 1xx/3xx that reach us): `.http(status)`, final.
///
/// The message is one line: `"<api>: HTTP 404 (<detail>)"`, where the detail is the API's own
/// words when the body is JSON (`message`, `error`, `error_message`, `error.info`,
/// `error.message`), the `<title>` of an HTML error page (never the page), the first line of a
/// plain-text body, or the status's reason phrase.
public enum ResponseCheck {
    /// - Returns: nil for 2xx, else the error this response stands for.
    public static func error(for response: HTTPResponse, api: String, now: Date = Date()) -> FeedError? {
        let status = response.status
        if (200..<300).contains(status) { return nil }
        let detail = detailMessage(response.body, contentType: response.header("content-type")) ?? reasonPhrase(status)
        let message = "\(api): HTTP \(status) (\(detail))"
        let looksLimited =
            status == 429
            || (status == 403
                && (RetryAfter.saysQuotaSpent(response.headers) || detail.lowercased().contains("rate limit")))
        if looksLimited {
            let wait = RetryAfter.seconds(headers: response.headers, isThrottled: true, now: now)
            return FeedError(.rateLimited, message, isRetryable: true, retryAfter: wait)
        }
        // 5xx only: a status past 599 (LinkedIn's 999 refusal, a proxy's invention) is not a
        // server error to wait out.
        let retryable = status == 408 || (500...599).contains(status)
        let wait = retryable ? RetryAfter.seconds(headers: response.headers, isThrottled: false, now: now) : nil
        return FeedError(.http(status: status), message, isRetryable: retryable, retryAfter: wait)
    }

    /// Throws the error for a non-2xx response.
    public static func requireSuccess(_ response: HTTPResponse, api: String, now: Date = Date()) throws(FeedError) {
        if let error = error(for: response, api: api, now: now) { throw error }
    }

    // MARK: - Messages

    /// The API's own one-line explanation in an error body, if there is one.
    static func detailMessage(_ body: Data, contentType: String?) -> String? {
        guard !body.isEmpty else { return nil }
        if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            return jsonMessage(object).map { oneLine($0) }
        }
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        if looksLikeHTML(text, contentType: contentType) {
            return htmlTitle(text).map { oneLine($0) } ?? "an HTML error page"
        }
        let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let line = oneLine(firstLine)
        return line.isEmpty ? nil : line
    }

    static func looksLikeHTML(_ text: String, contentType: String?) -> Bool {
        if contentType?.lowercased().contains("text/html") == true { return true }
        let head = text.prefix(512).lowercased().trimmingWhitespace()
        return head.hasPrefix("<!doctype") || head.hasPrefix("<html") || head.contains("<html")
            || head.hasPrefix("<?xml") || head.hasPrefix("<head") || head.hasPrefix("<body")
    }

    private static func jsonMessage(_ object: Any) -> String? {
        if let text = object as? String { return text }
        guard let dict = object as? [String: Any] else { return nil }
        for key in ["message", "error_message", "error_description"] {
            if let text = dict[key] as? String, !text.isEmpty { return text }
        }
        if let text = dict["error"] as? String, !text.isEmpty { return text }
        if let error = dict["error"] as? [String: Any] {
            for key in ["info", "message", "code"] {
                if let text = error[key] as? String, !text.isEmpty { return text }
            }
        }
        if let errors = dict["errors"] as? [[String: Any]], let text = errors.first?["message"] as? String {
            return text
        }
        return nil
    }

    private static func htmlTitle(_ html: String) -> String? {
        for tag in ["title", "h1"] {
            guard let open = html.range(of: "<\(tag)", options: .caseInsensitive),
                  let openEnd = html[open.upperBound...].firstIndex(of: ">"),
                  let close = html[openEnd...].range(of: "</\(tag)", options: .caseInsensitive)
            else { continue }
            let title = MarkupFragment.line(String(html[html.index(after: openEnd)..<close.lowerBound]))
            if !title.isEmpty { return title }
        }
        return nil
    }

    /// Collapses to one line and caps the length, so a footer never carries a wall of text.
    static func oneLine(_ text: String, limit: Int = 160) -> String {
        let line = text.collapsingWhitespace()
        return line.count > limit ? String(line.prefix(limit - 1)) + "…" : line
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "status \(status)"
        }
    }
}
