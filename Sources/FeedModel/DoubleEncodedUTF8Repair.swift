/// Repairs UTF-8 that was read as Latin-1 somewhere upstream (a server or a feed generator that
/// decoded its own UTF-8 bytes as ISO-8859-1 and encoded them again): `”` (E2 80 9D) arrives as
/// `â` U+0080 U+009D. Left alone, those C1 scalars are controls: U+009D and U+0098 (from `”`
/// and `‘`) start a control string that takes the text after them, up to the next `“`, with
/// them.
///
/// Only a run that cannot be text is repaired: a lead U+00C2–U+00F4 followed by the one to three
/// scalars in U+0080–U+00BF its UTF-8 byte needs, at least one of them a C1 control
/// (U+0080–U+009F, never in text), whose bytes decode to one scalar. Any other text passes
/// unchanged (`Ã©` for a double-encoded `é` has no control in it and is left as it is). What
/// comes out goes through the escape scanner like anything else: a repair can make a control,
/// never let one through.
public struct DoubleEncodedUTF8Repair<Base: IteratorProtocol<Unicode.Scalar>>: IteratorProtocol {
    private var base: Base
    /// Scalars read ahead and not handed on yet, oldest first.
    private var ahead: [Unicode.Scalar] = []

    public init(_ base: Base) {
        self.base = base
    }

    public mutating func next() -> Unicode.Scalar? {
        guard let lead = pull() else { return nil }
        let needed: Int
        switch lead.value {
        case 0xC2...0xDF: needed = 1
        case 0xE0...0xEF: needed = 2
        case 0xF0...0xF4: needed = 3
        default: return lead
        }
        var bytes: [UInt8] = [UInt8(lead.value)]
        var hasControl = false
        while bytes.count <= needed {
            guard let s = pull() else { break }
            guard (0x80...0xBF).contains(s.value) else {
                ahead.insert(s, at: 0)
                break
            }
            if s.value <= 0x9F { hasControl = true }
            bytes.append(UInt8(s.value))
        }
        if bytes.count == needed + 1, hasControl, let repaired = Self.decodeOne(bytes) { return repaired }
        // Not a repairable run: the lead goes on as it was, the rest is read again after it.
        ahead.insert(contentsOf: bytes.dropFirst().map { Unicode.Scalar($0) }, at: 0)
        return lead
    }

    // MARK: - Helpers

    private mutating func pull() -> Unicode.Scalar? {
        if !ahead.isEmpty { return ahead.removeFirst() }
        return base.next()
    }

    /// The one scalar `bytes` encode in UTF-8 (shortest form, no surrogate), or nil.
    private static func decodeOne(_ bytes: [UInt8]) -> Unicode.Scalar? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        guard case let .scalarValue(scalar) = decoder.decode(&iterator), iterator.next() == nil else { return nil }
        return scalar
    }
}
