import FeedConfig
import FeedModel

/// Config files as a hostile or careless hand writes them, through `ConfigFile.parse` (the path
/// `--config FILE` and the default file take). For every case: no crash (the process is still
/// here), and either a config or one clear error line (no line break, no control character,
/// a bounded length), however deep, long or garbled the file.
public enum ConfigFuzz {
    /// A config that uses every section.
    static let good = """
        # feedscroll settings
        default = "hn-new"
        page_size = 25
        prefetch = "auto"
        max_pages = 40
        theme = "light"
        images = "off"
        cache_mb = 50

        [keys]
        down = "j"
        up = "k"
        quit = "q"

        [feeds.hn-new]
        source = "hn"
        list = "new"

        [feeds.swift]
        source = "github"
        query = "language:swift"
        page_size = 50
        """

    /// The ways a case is made.
    public enum Shape: String, CaseIterable, Sendable {
        case deepHeader, deepDottedKey, deepArrays, deepInlineTables, controlEscapes, hugeValue, byteFlips, shuffledLines,
             duplicateKeys, longKey
    }

    /// Case `number` under `seed`: the same text every time.
    public static func text(seed: UInt64, number: Int) -> (Shape, String) {
        var random = SplitMix64(seed: SplitMix64.mix(seed &+ 0xC0F1) ^ SplitMix64.mix(UInt64(number)))
        let shape = random.pick(Shape.allCases)
        let depth = 1 + Int(random.next() % 20_000)
        switch shape {
        case .deepHeader:
            return (shape, good + "\n[" + Array(repeating: "a", count: depth).joined(separator: ".") + "]\nx = 1\n")
        case .deepDottedKey:
            return (shape, Array(repeating: "k", count: depth).joined(separator: ".") + " = 1\n" + good)
        case .deepArrays:
            return (shape, "page_size = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n")
        case .deepInlineTables:
            let levels = min(depth, 5_000)
            return (shape, "theme = " + String(repeating: "{ a = ", count: levels) + "1" + String(repeating: " }", count: levels) + "\n")
        case .controlEscapes:
            // TOML's own escapes put any scalar in a value or a key (raw controls are a syntax error).
            let hostile = ["\\u001B[2J", "\\u009B31m", "\\u001B]0;pwned\\u0007", "\\u202E", "\\u0000", "\\u2028", "\\uFEFF", "\\U000E0001"]
            let value = (0..<(1 + Int(random.next() % 6))).map { _ in random.pick(hostile) }.joined()
            let lines = ["theme = \"\(value)\"", "default = \"\(value)\"", "[keys]\n\"\(value)\" = \"j\"", "[keys]\ndown = \"\(value)\"",
                         "[feeds.\"\(value)\"]\nsource = \"hn\"", "[feeds.x]\nsource = \"\(value)\"", "[feeds.x]\nsource = \"github\"\nquery = \"\(value)\"",
                         "\"\(value)\" = 1"]
            return (shape, random.pick(lines) + "\n")
        case .hugeValue:
            let size = 1 + Int(random.next() % (4 << 20))
            let lines = ["theme = \"", "default = \"", "[keys]\ndown = \"", "[feeds.x]\nsource = \"github\"\nquery = \""]
            return (shape, random.pick(lines) + String(repeating: "x", count: size) + "\"\n")
        case .byteFlips:
            var bytes = Array(good.utf8)
            for _ in 0..<(1 + Int(random.next() % 40)) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
                default: if bytes.count > 1 { bytes.remove(at: at) }
                }
            }
            return (shape, String(decoding: bytes, as: UTF8.self))
        case .shuffledLines:
            var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for index in stride(from: lines.count - 1, to: 0, by: -1) { lines.swapAt(index, Int(random.next() % UInt64(index + 1))) }
            return (shape, lines.joined(separator: "\n"))
        case .duplicateKeys:
            return (shape, good + "\n[keys]\ndown = \"x\"\n[feeds.swift]\nsource = \"hn\"\ntheme = \"mono\"\n")
        case .longKey:
            return (shape, "[keys]\n" + String(repeating: "k", count: depth * 50) + " = \"j\"\n")
        }
    }

    /// What is wrong with how `ConfigFile.parse` took the text, if anything.
    public static func problem(with text: String) -> String? {
        do {
            _ = try ConfigFile.parse(text)
            return nil
        } catch {
            let line = error.description
            if line.contains("\n") { return "an error over several lines" }
            if line.unicodeScalars.contains(where: Fuzzer.isControl) { return "control characters in the error line" }
            if line.utf8.count > 1_200 { return "an error line of \(line.utf8.count) bytes" }
            if line.isEmpty { return "an empty error" }
            return nil
        }
    }
}
