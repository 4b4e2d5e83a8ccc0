/// JavaScript's `parseInt(s, 10)`-ish semantics used by PokeAPI's and json-server's handlers:
/// leading spaces, a sign, digits up to the first non-digit; `nil` for NaN. `0x` prefixes parse as hex.
func jsParseInt(_ string: String?) -> Int? {
    guard let string else { return nil }
    var s: Substring = string[...]
    s = s.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    var negative = false
    if let first = s.first, first == "-" || first == "+" {
        negative = first == "-"
        s = s.dropFirst()
    }
    var radix = 10
    if s.hasPrefix("0x") || s.hasPrefix("0X") {
        radix = 16
        s = s.dropFirst(2)
    }
    let digits = s.prefix { $0.isHexDigit && Int(String($0), radix: radix) != nil }
    guard !digits.isEmpty else { return nil }
    let value: Int = Int(String(digits.prefix(15)), radix: radix) ?? 0
    return negative ? -value : value
}

/// JavaScript's `Array.prototype.slice(start, end)` index rules.
func jsSliceRange(count: Int, start: Int, end: Int) -> Range<Int> {
    func clamp(_ i: Int) -> Int { i < 0 ? max(count + i, 0) : min(i, count) }
    let lower = clamp(start)
    let upper = clamp(end)
    return lower < upper ? lower..<upper : lower..<lower
}
