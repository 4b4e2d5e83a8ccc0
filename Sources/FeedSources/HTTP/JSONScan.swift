import Foundation

/// One pass over a JSON body before it is decoded, for what `JSONDecoder` gets wrong:
///
/// - a lone UTF-16 surrogate escape (`"\ud83d"` with no low half after it, or a low half with
///   no high one before) fails the whole body in `JSONDecoder`: it becomes `\ufffd`, so only
///   that field shows a replacement character;
/// - a byte that is not UTF-8 (a truncated multi-byte sequence, a Latin-1 byte) likewise
///   becomes U+FFFD, where it stands;
/// - a key that appears twice in one object is taken silently by `JSONDecoder` (the last one
///   wins, so `{"hits":[…],"hits":[]}` empties a page): it is reported, and the body is refused
///   as malformed.
///
/// Everything else (syntax, types) is left to the decoder. Keys are compared as written, after
/// the repairs; `"a"` and `"\u0061"` count as different (no API writes keys escaped).
///
/// - Complexity: O(n) in the body's bytes, one pass; the body is copied only when repaired.
enum JSONScan {
    struct Outcome: Equatable {
        /// The body with its repairs, when it needed any.
        var repaired: Data?
        /// The first key found twice in one object, as written (at most 40 bytes of it).
        var duplicateKey: String?
    }

    static func scan(_ body: Data) -> Outcome {
        body.withUnsafeBytes { raw in scan(raw.bindMemory(to: UInt8.self)) }
    }

    // MARK: - Helpers

    private enum Frame {
        case object(keys: Set<[UInt8]>, expectsKey: Bool)
        case array
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
    private static let escapedReplacement = Array(#"\ufffd"#.utf8)

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        var output: [UInt8]?  // created at the first repair, with everything before it
        var copied = 0  // bytes of `bytes` already in `output`
        var stack: [Frame] = []
        var duplicate: String?
        var index = 0
        let count = bytes.count

        func repair(_ start: Int, _ end: Int, with replacementBytes: [UInt8]) {
            if output == nil {
                output = []
                output!.reserveCapacity(count + 16)
            }
            output!.append(contentsOf: bytes[copied..<start])
            output!.append(contentsOf: replacementBytes)
            copied = end
        }

        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(.object(keys: [], expectsKey: true))
                index += 1
            case UInt8(ascii: "["):
                stack.append(.array)
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                index += 1
            case UInt8(ascii: ","):
                if case let .object(keys, _)? = stack.last { stack[stack.count - 1] = .object(keys: keys, expectsKey: true) }
                index += 1
            case UInt8(ascii: "\""):
                let start = index + 1
                var end = start
                var keyBytes: [UInt8]?
                let isKey: Bool
                if case let .object(_, expectsKey)? = stack.last { isKey = expectsKey } else { isKey = false }
                if isKey { keyBytes = [] }
                // The string's contents, repaired as they are read.
                while end < count, bytes[end] != UInt8(ascii: "\"") {
                    let current = bytes[end]
                    if current == UInt8(ascii: "\\") {
                        if end + 1 < count, bytes[end + 1] == UInt8(ascii: "u"), let unit = hexUnit(bytes, at: end + 2) {
                            if (0xD800...0xDBFF).contains(unit) {
                                if end + 11 < count, bytes[end + 6] == UInt8(ascii: "\\"), bytes[end + 7] == UInt8(ascii: "u"),
                                   let low = hexUnit(bytes, at: end + 8), (0xDC00...0xDFFF).contains(low)
                                {
                                    keyBytes?.append(contentsOf: bytes[end..<(end + 12)])
                                    end += 12
                                    continue
                                }
                                repair(end, end + 6, with: escapedReplacement)
                                keyBytes?.append(contentsOf: escapedReplacement)
                                end += 6
                                continue
                            }
                            if (0xDC00...0xDFFF).contains(unit) {
                                repair(end, end + 6, with: escapedReplacement)
                                keyBytes?.append(contentsOf: escapedReplacement)
                                end += 6
                                continue
                            }
                            keyBytes?.append(contentsOf: bytes[end..<(end + 6)])
                            end += 6
                            continue
                        }
                        // Any other escape: two bytes (the decoder judges whether it is valid).
                        let stop = min(count, end + 2)
                        keyBytes?.append(contentsOf: bytes[end..<stop])
                        end = stop
                        continue
                    }
                    if current < 0x80 {
                        keyBytes?.append(current)
                        end += 1
                        continue
                    }
                    let length = utf8Length(bytes, at: end)
                    if length == 0 {
                        repair(end, end + 1, with: replacement)
                        keyBytes?.append(contentsOf: replacement)
                        end += 1
                    } else {
                        keyBytes?.append(contentsOf: bytes[end..<(end + length)])
                        end += length
                    }
                }
                index = min(count, end + 1)
                if let keyBytes, case .object(var keys, _)? = stack.last {
                    if !keys.insert(keyBytes).inserted, duplicate == nil {
                        duplicate = String(decoding: keyBytes.prefix(40), as: UTF8.self)
                    }
                    stack[stack.count - 1] = .object(keys: keys, expectsKey: false)
                }
            default:
                index += 1
            }
        }
        guard var repaired = output else { return Outcome(repaired: nil, duplicateKey: duplicate) }
        repaired.append(contentsOf: bytes[copied..<count])
        return Outcome(repaired: Data(repaired), duplicateKey: duplicate)
    }

    /// The UTF-16 code unit of four hex digits at `index`, if they are there.
    private static func hexUnit(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// The length of a well-formed UTF-8 sequence starting at `index` (2…4), or 0 when the
    /// byte there starts none (a stray continuation byte, an overlong or surrogate form, a
    /// sequence cut short).
    private static func utf8Length(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        let second = bytes[index + 1]
        guard second >= lower && second <= upper else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }
}
