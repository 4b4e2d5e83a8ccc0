/// SplitMix64: a small, fast, seedable generator; the same seed gives the same stream
/// everywhere. The one copy of the algorithm: the demo feed, the fuzzer and `SeededRandom` (the
/// replica and the lab) all draw from it.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The golden-ratio increment between states.
    public static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= Self.gamma
        return Self.mix(state)
    }

    /// A uniform value in `[0, 1)`.
    public mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    public mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }

    /// SplitMix64's finaliser: a bijective scramble of 64 bits.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
