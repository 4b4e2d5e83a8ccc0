import Foundation

/// Seeded randomness on `SplitMix64`, the one generator of the replica, the lab and the tests:
/// the same seed gives the same numbers on every run and machine.
///
/// Two ways to draw. As a stream (`next()`, `below`, `chance`, `unit`, `pick`), for data generated
/// in order: the replica makes an entity from `init(seed:salt:index:)`, so each entity has its
/// own stream. Addressed (`uniform`, `normal`), for draws named by coordinates rather than taken
/// in turn: the lab gives every strategy the same latency for the same (page, copy, attempt), so
/// strategies are compared on identical networks. Addressed draws read only `seed`.
public struct SeededRandom: RandomNumberGenerator, Sendable, Hashable {
    /// The seed: it fixes the stream and keys the addressed draws.
    public let seed: UInt64
    private var stream: SplitMix64

    public init(seed: UInt64) {
        self.seed = seed
        stream = SplitMix64(seed: seed)
    }

    /// A generator for one entity: the same seed, salt and index always give the same stream.
    public init(seed: UInt64, salt: String, index: Int) {
        self.init(seed: SplitMix64.mix(seed ^ Self.hash(salt) ^ (UInt64(bitPattern: Int64(index)) &* SplitMix64.gamma)))
    }

    public mutating func next() -> UInt64 { stream.next() }

    /// A uniform value in `0..<bound` (0 when `bound` is not positive).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A uniform value in `[0, 1)`.
    public mutating func unit() -> Double { stream.nextUnit() }

    /// One of `values`, uniformly; `values` must not be empty.
    public mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    /// FNV-1a: a string's hash that is stable across runs, unlike `Hasher`.
    public static func hash(_ string: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in string.utf8 {
            h ^= UInt64(byte)
            h &*= 0x0000_0100_0000_01B3
        }
        return h
    }
}

// MARK: - Addressed draws

extension SeededRandom {
    /// A number in `[0, 1)` for the given coordinates; the stream is not touched.
    public func uniform(_ a: Int, _ b: Int = 0, _ c: Int = 0, _ d: Int = 0) -> Double {
        var x = seed
        for part in [a, b, c, d] {
            x = SplitMix64.mix(x &+ UInt64(bitPattern: Int64(part)) &* SplitMix64.gamma &+ SplitMix64.gamma)
        }
        return Double(x >> 11) * 0x1.0p-53
    }

    /// A standard normal variate (Box–Muller) for the given coordinates.
    public func normal(_ a: Int, _ b: Int = 0, _ c: Int = 0) -> Double {
        let u1 = max(uniform(a, b, c, 1), 0x1.0p-53)
        let u2 = uniform(a, b, c, 2)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
