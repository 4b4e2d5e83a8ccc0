import FeedModel

/// Strict decoding, the rule every adapter follows.
///
/// Each adapter says in its DTOs which fields a page cannot do without: the list of items,
/// and the signal that says whether more follow. Those are declared non-optional, and a body
/// that is a bare list is decoded as a list, not an optional one, so a body without them, with
/// `null` there, with the wrong type, with invalid UTF-8 or nested past the decoder's depth is
/// the `FeedError(.decoding, "<api>: unexpected response (results: missing)")` a malformed
/// body is (`JSONBody`), decoded inside the transport's exchange and so retried like one, then
/// shown; never an empty page. An empty page is only taken where the API's own signals say so
/// (an empty list that is present, `next: null`, `has_more: false`, a short page, …). What a
/// decoder cannot check (two fields that contradict each other) throws `unexpectedResponse`.
/// HN's `null` item stays a skipped item: the API documents it.
extension FeedError {
    /// A body that decoded but does not say what the API documents: `"<api>: unexpected
    /// response (<reason>)"`, a decoding error like a malformed body.
    static func unexpectedResponse(_ api: String, _ reason: String) -> FeedError {
        FeedError(.decoding, "\(api): unexpected response (\(reason))")
    }
}

extension KeyedDecodingContainer {
    /// Decodes `key` when `isRequired`, else decodes it if present: for a field the API
    /// leaves out only in documented cases (MediaWiki's `query`, absent beside `error`).
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key, requiredIf isRequired: Bool) throws -> T? {
        isRequired ? try decode(type, forKey: key) : try decodeIfPresent(type, forKey: key)
    }
}
