import FeedModel
import Foundation

/// Deterministic uniform numbers addressed by a seed and a few integers (SplitMix64 mixing).
///
/// Addressing draws by (page, copy, attempt) rather than taking them from a stream gives every
/// strategy the same latency for the same page: they are compared on identical networks.
struct SeededRandom: Sendable, Hashable {
    var seed: UInt64

    /// A number in `0..<1` for the given coordinates.
    func uniform(_ a: Int, _ b: Int = 0, _ c: Int = 0, _ d: Int = 0) -> Double {
        var x = seed
        for part in [a, b, c, d] { x = Self.mix(x &+ UInt64(bitPattern: Int64(part)) &* 0x9E37_79B9_7F4A_7C15) }
        return Double(x >> 11) * 0x1.0p-53
    }

    /// A standard normal variate (Box–Muller) for the given coordinates.
    func normal(_ a: Int, _ b: Int = 0, _ c: Int = 0) -> Double {
        let u1 = max(uniform(a, b, c, 1), 0x1.0p-53)
        let u2 = uniform(a, b, c, 2)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    private static func mix(_ value: UInt64) -> UInt64 { SplitMix64.mix(value &+ SplitMix64.gamma) }
}
