// MARK: - How the id index hashes an id

/// The hash the id index keys an id by: `hashValue`, except for `String` ids, which are hashed
/// here (`IDHash.string`) at about a fifth of the cost of `String`'s SipHash.
///
/// Every place that hashes an id for the index goes through this one function, so the index
/// never mixes two hashes.
@inlinable
internal func indexHash<ID: Hashable>(_ id: ID) -> Int {
    indexHash(id, seed: IDHash.seed)
}

/// `indexHash(id)` with `IDHash.seed` read by the caller: a loop over many ids reads it once
/// (each read of a lazily initialised global is a call).
@inlinable @inline(__always)
internal func indexHash<ID: Hashable>(_ id: ID, seed: UInt64) -> Int {
    if ID.self == String.self {
        return IDHash.string(unsafeBitCast(id, to: String.self), seed: seed)
    }
    return id.hashValue
}

/// A seeded hash of a string's UTF-8 bytes, equal for strings that are equal (`==`).
///
/// Feed ids are short ASCII (`hn:41003558`, URLs, UUIDs), and most of a snapshot's build time
/// went to `String`'s SipHash-1-3 (27 ns of about 50 a row for a UUID string). ASCII bytes are
/// hashed here eight at a time with a 64×64→128-bit multiply folded to 64 bits, about 5 ns.
///
/// **Equal strings, equal hashes.** `String` compares by canonical equivalence, so two strings
/// with different bytes can be equal. An ASCII string is its own normal form, and the only
/// other strings equal to an ASCII one are those that also hold one of the three scalars whose
/// canonical decomposition is a single ASCII scalar (U+037E `;`, U+1FEF `` ` ``, U+212A `K`,
/// checked over every scalar in `IDHashTests`): those are hashed as their ASCII form. Any other
/// string equals no ASCII string and takes `String`'s own hash, which normalises.
///
/// **Seeded.** Ids are remote text, so a feed could send ids chosen to collide. The seed comes
/// from `Hasher`, which is seeded per process (and fixed under `SWIFT_DETERMINISTIC_HASHING`),
/// so colliding ids cannot be chosen in advance.
@usableFromInline
internal enum IDHash {
    @usableFromInline static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x6964_2d69_6e64_6578 as UInt64)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }()

    @usableFromInline static let k0: UInt64 = 0xa076_1d64_78bd_642f
    @usableFromInline static let k1: UInt64 = 0xe703_7ed1_a0b4_28db
    @usableFromInline static let k2: UInt64 = 0x8ebc_6af0_9c88_c6e3
    @usableFromInline static let k3: UInt64 = 0x5899_65cc_7537_4cc3

    /// The high and low halves of the full product, folded.
    @inlinable
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        return high ^ low
    }

    // Inlined (with `ascii`) into the loops that hash: a call the optimiser cannot see into made
    // it retain and release each id borrowed from a row around the call (a tenth of a build).
    @inlinable @inline(__always)
    static func string(_ string: String, seed: UInt64 = IDHash.seed) -> Int {
        // Native strings (all of them on Linux) lend their bytes without a copy or a retain.
        if let hash = string.utf8.withContiguousStorageIfAvailable({ ascii($0, seed: seed) }), let hash { return hash }
        return nonASCII(string)
    }

    /// The hash of ASCII bytes, or `nil` when a byte is not ASCII.
    @inlinable @inline(__always)
    static func ascii(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = IDHash.seed) -> Int? {
        let count = bytes.count
        guard let start = bytes.baseAddress, count > 0 else { return Int(bitPattern: UInt(fold(seed ^ k0, k1))) }
        let raw = UnsafeRawPointer(start)
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        var state = fold(seed ^ k0, UInt64(truncatingIfNeeded: count) ^ k1)
        var seen: UInt64 = 0
        var offset = 0
        while count &- offset > 16 {
            let a = word(offset), b = word(offset &+ 8)
            seen |= a | b
            state = fold(a ^ k1 ^ state, b ^ k2)
            offset &+= 16
        }
        // The last 1–16 bytes. From 8 bytes on, they are read as words ending at the end
        // (overlapping bytes already mixed: the count is in the state, so this stays exact).
        var a: UInt64 = 0, b: UInt64 = 0
        let rest = count &- offset
        if count >= 16 {
            a = word(count &- 16)
            b = word(count &- 8)
        } else if rest > 8 {
            a = word(offset)
            b = word(count &- 8)
        } else if count >= 8 {
            a = word(count &- 8)
        } else {
            for index in 0..<count { a |= UInt64(start[index]) &<< (UInt64(index) &* 8) }
        }
        seen |= a | b
        guard seen & 0x8080_8080_8080_8080 == 0 else { return nil }
        state = fold(a ^ k1 ^ state, b ^ k2)
        return Int(bitPattern: UInt(fold(state ^ k3, seed ^ k0)))
    }

    /// A string with a byte that is not ASCII: its ASCII form's hash when it is equal to an
    /// ASCII string, else `String`'s own hash.
    @usableFromInline
    static func nonASCII(_ string: String) -> Int {
        var ascii: [UInt8] = []
        ascii.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: ascii.append(UInt8(truncatingIfNeeded: scalar.value))
            case 0x037E: ascii.append(UInt8(ascii: ";"))
            case 0x1FEF: ascii.append(UInt8(ascii: "`"))
            case 0x212A: ascii.append(UInt8(ascii: "K"))
            default: return string.hashValue
            }
        }
        return ascii.withUnsafeBufferPointer { Self.ascii($0) } ?? string.hashValue
    }
}
