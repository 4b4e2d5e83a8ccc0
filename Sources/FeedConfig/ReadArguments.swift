/// The arguments of `feedscroll read` in the plain forms scripts write, read without
/// ArgumentParser: `read URL` with `--json` or `--plain`, `--no-cache` and `--timeout SECONDS`
/// (or `--timeout=SECONDS`), each at most once, in any order.
///
/// ArgumentParser builds its parser by reflection, and every property type it meets costs the
/// Swift runtime a scan of all the binary's protocol conformances (some 11,000): even for `read`
/// alone, a fifth of a `read --json` process's instructions, most of them to check for a
/// completion-script request. A script reading one page a process pays that each time. Any
/// other form (help, `--`, a value that is not a plain decimal, a flag twice, a mistake) is
/// nil here and goes to ArgumentParser, which says what it always says.
public struct ReadArguments: Equatable, Sendable {
    public var address: String
    public var plain = false
    public var json = false
    public var noCache = false
    /// Seconds, when given.
    public var timeout: Double?

    public init(address: String, plain: Bool = false, json: Bool = false, noCache: Bool = false, timeout: Double? = nil) {
        self.address = address
        self.plain = plain
        self.json = json
        self.noCache = noCache
        self.timeout = timeout
    }

    /// Reads `read …` in one of the plain forms.
    ///
    /// - Parameter arguments: the command line after `CommandLineRewrite`, without the program.
    /// - Returns: the arguments, or nil when the form is not one of the plain ones.
    public static func parse(_ arguments: [String]) -> ReadArguments? {
        guard arguments.first == "read" else { return nil }
        var address: String?
        var flags: Set<String> = []
        var timeout: Double?
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var value: String?
            if argument == "--timeout" {
                guard index < arguments.count else { return nil }
                value = arguments[index]
                index += 1
            } else if argument.hasPrefix("--timeout=") {
                value = String(argument.dropFirst("--timeout=".count))
            }
            if let value {
                guard timeout == nil, let seconds = plainDecimal(value) else { return nil }
                timeout = seconds
            } else if argument.hasPrefix("-") {
                guard flagSpellings.contains(argument), flags.insert(argument).inserted else { return nil }
            } else {
                guard address == nil else { return nil }
                address = argument
            }
        }
        guard let address else { return nil }
        return ReadArguments(
            address: address, plain: flags.contains("--plain"), json: flags.contains("--json"),
            noCache: flags.contains("--no-cache"), timeout: timeout)
    }

    // MARK: - Helpers

    private static let flagSpellings: Set<String> = ["--json", "--plain", "--no-cache"]

    /// Digits, optionally a point and more digits: read by `Double(_:)` as ArgumentParser does.
    private static func plainDecimal(_ text: String) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } })
        else { return nil }
        return Double(text)
    }
}
