/// Where a JSON text breaks RFC 8259, and how.
struct JSONSyntaxError: Error, Equatable {
    /// The byte at which it breaks (from the start of the buffer scanned).
    var offset: Int
    var message: String
}

/// A strict RFC 8259 scanner over bytes in place: it finds where values begin and end, checks
/// them on the way (strings with their escapes and UTF-8, numbers, literals, nesting,
/// separators) and decodes nothing, so it allocates nothing however long the text.
///
/// Strict where `JSONDecoder` is lenient: a trailing comma (`[1,]`, `{"a":1,}`) and a number
/// like `01` or `1.` are errors here. As strict as `JSONDecoder` elsewhere: only space, tab, LF
/// and CR are whitespace; a string holds no byte below 0x20, only valid UTF-8, only the escapes
/// `\" \\ \/ \b \f \n \r \t \uXXXX`, and no lone surrogate; containers nest at most 512 deep (the
/// decoder's own limit), so any value this scanner passes decodes with `JSONDecoder`.
/// Nesting is tracked without recursion (a bit per level), so a nesting bomb costs no stack.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    /// The most containers may nest, counting the outermost: `JSONDecoder`'s limit.
    static let maxDepth = 512

    /// Whether each open container is an object (true) or an array, by depth.
    private var isObject = [Bool](repeating: false, count: JSONScanner.maxDepth + 1)
    /// Called with the position now and then (at least every `releaseStep` bytes, between
    /// values) so a mapping can give back the pages behind it.
    private let passed: ((Int) -> Void)?
    private var nextRelease: Int
    static let releaseStep = 1 << 20

    init(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, passed: ((Int) -> Void)? = nil) {
        self.bytes = bytes
        self.position = position
        self.passed = passed
        nextRelease = position + Self.releaseStep
    }

    var atEnd: Bool { position >= bytes.count }

    /// The byte at the position, nil at the end.
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Skips whitespace, then takes `byte` or fails saying `expected` was.
    mutating func take(_ byte: UInt8, expected: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { throw unexpected(expected) }
        position += 1
    }

    /// An error at the position: what was found instead of `expected`.
    func unexpected(_ expected: String) -> JSONSyntaxError {
        guard position < bytes.count else { return JSONSyntaxError(offset: position, message: "the document ends where \(expected) should be") }
        let byte = bytes[position]
        let found = byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return JSONSyntaxError(offset: position, message: "\(expected) expected, \(found) found")
    }

    private func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, message: message)
    }

    // MARK: - Values

    /// Skips one value (after whitespace) and everything in it.
    /// - Parameter depth: how many containers are open around it (their limit counts them).
    /// - Returns: where the value begins and ends.
    @discardableResult
    mutating func skipValue(depth outer: Int) throws(JSONSyntaxError) -> Range<Int> {
        skipWhitespace()
        let start = position
        var depth = 0
        while true {
            // A value is expected here.
            skipWhitespace()
            guard position < bytes.count else { throw unexpected("a value") }
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let object = bytes[position] == UInt8(ascii: "{")
                guard outer + depth < Self.maxDepth else { throw fail("arrays and objects nested deeper than \(Self.maxDepth) levels") }
                depth += 1
                isObject[depth] = object
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    depth -= 1
                } else {
                    if object { try skipKey() }
                    continue
                }
            case UInt8(ascii: "\""): _ = try skipString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
            case UInt8(ascii: "t"): try skipLiteral("true")
            case UInt8(ascii: "f"): try skipLiteral("false")
            case UInt8(ascii: "n"): try skipLiteral("null")
            default: throw unexpected("a value")
            }
            // After a value: close containers until one goes on with a comma.
            while true {
                if position >= nextRelease {
                    passed?(position)
                    nextRelease = position + Self.releaseStep
                }
                if depth == 0 { return start..<position }
                skipWhitespace()
                guard position < bytes.count else { throw unexpected(isObject[depth] ? "',' or '}'" : "',' or ']'") }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if isObject[depth] { try skipKey() }
                    break
                }
                guard byte == (isObject[depth] ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw unexpected(isObject[depth] ? "',' or '}' after an object's member" : "',' or ']' after an array's element")
                }
                position += 1
                depth -= 1
            }
        }
    }

    /// Skips a member's key and its colon.
    private mutating func skipKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw unexpected("a member's key (a string)") }
        _ = try skipString()
        try take(UInt8(ascii: ":"), expected: "':' after a key")
    }

    /// Skips a string at its opening quote.
    /// - Returns: whether it holds an escape (its bytes are then not its text).
    mutating func skipString() throws(JSONSyntaxError) -> Bool {
        let opening = position
        position += 1
        var escaped = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return escaped
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                try skipEscape()
            } else if byte < 0x20 {
                throw fail("a control character (0x\(String(byte, radix: 16, uppercase: true))) inside a string; it must be escaped")
            } else if byte < 0x80 {
                position += 1
            } else {
                try skipUTF8()
            }
        }
        throw fail("the document ends inside the string that begins at byte \(opening)")
    }

    private mutating func skipEscape() throws(JSONSyntaxError) {
        let start = position
        guard position + 1 < bytes.count else { throw fail("the document ends inside an escape") }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
             UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            position += 2
            let unit = try hex4()
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                    throw fail("a lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) (a high one with no low one after it)", at: start)
                }
                position += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail("a lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) (followed by \\u\(String(low, radix: 16, uppercase: true)), not a low one)", at: start)
                }
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw fail("a lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) (a low one with no high one before it)", at: start)
            }
        default:
            position += 1
            throw unexpected("an escape (one of \" \\ / b f n r t u) after a backslash")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw fail("the document ends inside a \\u escape") }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected("four hexadecimal digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// One UTF-8 sequence of two to four bytes (RFC 3629: no overlong forms, no surrogates,
    /// nothing above U+10FFFF).
    private mutating func skipUTF8() throws(JSONSyntaxError) {
        let lead = bytes[position]
        let count: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; second = 0x80...0x9F
        case 0xF0: count = 4; second = 0x90...0xBF
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; second = 0x80...0x8F
        default: throw fail("invalid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)) begins no character)")
        }
        guard position + count <= bytes.count else { throw fail("the document ends inside a UTF-8 character") }
        guard second.contains(bytes[position + 1]) else { throw fail("invalid UTF-8 (a broken or overlong sequence)") }
        for k in 2..<count where !(0x80...0xBF).contains(bytes[position + k]) {
            throw fail("invalid UTF-8 (a broken sequence)")
        }
        position += count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func skipNumber() throws(JSONSyntaxError) {
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, isDigit(first) else { throw unexpected("a digit in a number") }
        position += 1
        if first == UInt8(ascii: "0") {
            if let next = peek, isDigit(next) { throw fail("a number with a leading zero") }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard let next = peek, isDigit(next) else { throw unexpected("a digit after a number's decimal point") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard let next = peek, isDigit(next) else { throw unexpected("a digit in a number's exponent") }
            skipDigits()
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private mutating func skipLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        let matches = position + length <= bytes.count && word.withUTF8Buffer { literal in
            (0..<length).allSatisfy { bytes[position + $0] == literal[$0] }
        }
        guard matches else { throw unexpected("a value") }
        position += length
    }
}
