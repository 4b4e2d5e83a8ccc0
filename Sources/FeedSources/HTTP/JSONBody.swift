import FeedModel
import Foundation

/// Decodes response bodies into an adapter's private DTOs, turning every failure into
/// `FeedError(.decoding, "<api>: unexpected response (<short reason>)")`.
///
/// DTOs are meant to be tolerant (optional fields, `Optional` top level for APIs that answer
/// `null`); this only reports what could not be tolerated.
enum JSONBody {
    static func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse, api: String) throws(FeedError) -> T {
        try decode(type, from: response.body, api: api, contentType: response.header("content-type"))
    }

    /// A body with a key twice in one object is refused as malformed (the decoder would keep
    /// the last silently); a lone surrogate escape or a byte that is not UTF-8 becomes U+FFFD
    /// in its field instead of failing the whole body (`JSONScan`).
    static func decode<T: Decodable>(_ type: T.Type, from body: Data, api: String, contentType: String? = nil) throws(FeedError) -> T {
        let scan = JSONScan.scan(body)
        if let key = scan.duplicateKey {
            throw FeedError(.decoding, "\(api): unexpected response (key \"\(TextSanitizer.clean(key))\" twice in one object)")
        }
        let body = scan.repaired ?? body
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw FeedError(.decoding, "\(api): unexpected response (\(reason(error, body: body, contentType: contentType)))")
        }
    }

    /// A short reason: where in the document, and what was wrong.
    static func reason(_ error: any Error, body: Data, contentType: String?) -> String {
        if body.isEmpty { return "empty body" }
        let text = String(decoding: body.prefix(512), as: UTF8.self)
        if ResponseCheck.looksLikeHTML(text, contentType: contentType) { return "an HTML page, not JSON" }
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath)): expected \(typeName(type))"
        case let .valueNotFound(type, context):
            return "\(path(context.codingPath)): expected \(typeName(type)), found null"
        case let .keyNotFound(key, context):
            return "\(path(context.codingPath + [key])): missing"
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context.codingPath)): invalid value"
        @unknown default:
            return "undecodable"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "top level" }
        var out = ""
        for key in keys {
            if let index = key.intValue { out += "[\(index)]" } else { out += out.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return out
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "a boolean"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}

/// A JSON scalar whose type varies between API versions (Wikipedia `continue` values,
/// formatversion 1 flags), kept as text.
struct LooseScalar: Decodable, Sendable, Equatable {
    var text: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { text = nil }
        else if let string = try? container.decode(String.self) { text = string }
        else if let int = try? container.decode(Int64.self) { text = String(int) }
        else if let double = try? container.decode(Double.self) { text = String(double) }
        else if let bool = try? container.decode(Bool.self) { text = bool ? "true" : "false" }
        else { text = nil }
    }
}

/// A field that is a string in one version of an API and a list in another (DEV's
/// `tag_list`/`tags`, swapped between list and detail).
struct StringOrList: Decodable, Sendable, Equatable {
    var values: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            values = []
        } else if let list = try? container.decode([String].self) {
            values = list
        } else if let string = try? container.decode(String.self) {
            values = string.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        } else {
            values = []
        }
    }
}
