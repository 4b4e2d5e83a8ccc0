import FeedModel

/// Gives each entry of a document its identity: the feed's own id, exactly as written, while it
/// is present and unique in the document; otherwise a stable id derived from the entry's link,
/// title and date (F10 case 7), so the same entry gets the same id on every fetch.
///
/// An entry repeating an earlier one whole (same id, link, title and date) is dropped; one that
/// only reuses an earlier id (a feed that gives every item the same guid) keeps its place under
/// a derived id.
///
/// The ids met so far are kept as 64-bit hashes (`ItemIDHash`) with their fingerprints in an
/// `ItemIDHashTable`, which moves to a temporary file past 32,768 ids: the memory a document's
/// identity costs stays the same however long it is (a 100,000-entry document's table held
/// 6.3 MB of strings, then 6.3 MB of hashes in a dictionary). The table refusing (its file
/// damaged) sets `failure` and the parser stops with it: an entry is never shown under an
/// identity nobody checked. An id whose hash an earlier, different id had (about 3·10⁻¹⁰ for 100,000 ids, the seed new
/// each process) is taken for a reused id: its entry keeps its place under a derived id (or is
/// dropped if its link, title and date are the earlier one's too).
struct EntryIdentity {
    private let fingerprints = ItemIDHashTable()
    private(set) var derived = 0
    private(set) var repeated = 0
    /// Why the table could not answer (its file damaged or cut): the parse stops with it.
    private(set) var failure: String?

    /// Sets `entry.id`; returns false when the entry repeats an earlier one and should be dropped,
    /// or when the table failed (`failure` says why).
    mutating func assign(_ entry: inout FeedEntry, ownID: String?) -> Bool {
        do throws(SpillFileError) {
            return try assignChecked(&entry, ownID: ownID)
        } catch {
            failure = "cannot tell the entries apart: \(error.message)"
            return false
        }
    }

    private mutating func assignChecked(_ entry: inout FeedEntry, ownID: String?) throws(SpillFileError) -> Bool {
        let print = EntryIdentity.fingerprint(url: entry.url, title: entry.title, time: entry.time)
        if let own = ownID, !own.allSatisfy(\.isWhitespace) {
            if let earlier = try fingerprints.insertIfAbsent(ItemIDHash.of(own), value: print) {
                if earlier == print { repeated += 1; return false }
            } else {
                entry.id = own
                entry.isDerivedID = false
                return true
            }
        }
        var id = EntryIdentity.derivedID(print)
        var n = 1
        while let earlier = try fingerprints.insertIfAbsent(ItemIDHash.of(id), value: print) {
            if earlier == print && ownID == nil { repeated += 1; return false }
            n += 1
            id = EntryIdentity.derivedID(print) + "-\(n)"
        }
        entry.id = id
        entry.isDerivedID = true
        derived += 1
        return true
    }

    /// The derived id of an entry with this link, title and date.
    static func derivedID(url: String?, title: String, time: Int64?) -> String {
        derivedID(fingerprint(url: url, title: title, time: time))
    }

    private static func derivedID(_ print: UInt64) -> String {
        let hex = String(print, radix: 16)
        return "derived:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// FNV-1a 64 over the three fields, separated: stable across runs and platforms (Swift's
    /// `Hasher` is seeded per process).
    static func fingerprint(url: String?, title: String, time: Int64?) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ s: String) {
            for byte in s.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            hash = (hash ^ 0x1F) &* 0x0000_0100_0000_01B3
        }
        mix(url ?? "")
        mix(title)
        mix(time.map(String.init) ?? "")
        return hash
    }
}
