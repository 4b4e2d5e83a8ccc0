import FeedModel

/// SplitMix64: a small, fast generator whose whole future is fixed by its seed.
struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A generator for one entity: the same seed, salt and index always give the same stream.
    init(seed: UInt64, salt: String, index: Int) {
        state = SeededRandom.mix(seed ^ SeededRandom.hash(salt) ^ (UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15))
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SeededRandom.mix(state)
    }

    /// A uniform value in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// `true` with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    /// A uniform value in `[0, 1)`.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    static func mix(_ value: UInt64) -> UInt64 { SplitMix64.mix(value) }

    /// FNV-1a: stable across runs, unlike `Hasher`.
    static func hash(_ string: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in string.utf8 {
            h ^= UInt64(byte)
            h &*= 0x0000_0100_0000_01B3
        }
        return h
    }
}
