/// An item id's 64-bit hash, for the tables that only need to recognise an id seen before (the
/// unread counts, a feed document's identity table, a feed walk's de-duplication): its UTF-8
/// bytes through the process's seeded `Hasher` (SipHash-1-3), so a 100,000-entry feed's ids
/// cost 8 bytes each in such a table instead of a string each.
///
/// Two different ids with one hash are taken for one id: for n ids the chance that any two
/// collide is about n²/2⁶⁵ (3·10⁻¹⁰ for 100,000). The seed is new in every process, so a feed
/// cannot choose ids that collide, and a collision in one run is gone in the next. Ids are
/// compared by their bytes here, where `String` compares by canonical equivalence: ids are
/// kept exactly as the source wrote them, and two spellings of one id are two ids.
public enum ItemIDHash {
    /// The hash of an id's UTF-8 bytes.
    public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }

    /// The hash of an id.
    public static func of(_ id: String) -> Int {
        if let hash = id.utf8.withContiguousStorageIfAvailable(of) { return hash }
        var id = id
        return id.withUTF8(of)
    }
}
