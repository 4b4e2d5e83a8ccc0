import Glibc

extension Charset {
    /// A page's bytes as UTF-8, decoded from `label` the way browsers decode (the WHATWG
    /// Encoding standard's "replacement" error mode): a sequence that is not valid in the charset
    /// becomes U+FFFD and the decoding goes on. `nil` when the bytes are already valid UTF-8 in a
    /// page labelled UTF-8 (nothing to do), or when iconv does not know the label.
    ///
    /// libxml2, given the label, stops at the first invalid sequence instead ("input conversion
    /// failed", the rest of the page lost) and prints that to stderr, over the screen curses
    /// draws: a windows-1252 page with one byte cp1252 leaves undefined (0x81) was cut there.
    /// - Complexity: O(n) in the bytes.
    public static func utf8(_ bytes: [UInt8], from label: String) -> [UInt8]? {
        switch label {
        case "UTF-8":
            if isValidUTF8(bytes) { return nil }
            return Array(String(decoding: bytes, as: UTF8.self).utf8)
        case "windows-1252":
            return bytes.allSatisfy({ $0 < 0x80 }) ? nil : windows1252(bytes)
        default:
            return iconv(bytes, from: label, replacing: true)
        }
    }

    /// A page that declares no charset, as UTF-8 where its bytes are UTF-8 and as windows-1252
    /// byte by byte where they are not (`nil`: all valid UTF-8, nothing to do). libxml2's own
    /// guess read the rest of the page as Latin-1 from the first invalid byte on: a page in
    /// windows-1252 lost its curly quotes and dashes (0x93, 0x94, 0x96 became C1 controls, which
    /// the escape scanner drops, and 0x9D, an 8-bit OSC, took the rest of its paragraph with it).
    public static func undeclared(_ bytes: [UInt8]) -> [UInt8]? {
        if isValidUTF8(bytes) { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 { out.append(lead); i += 1; continue }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
            if length > 0, i + length <= bytes.count, isValidUTF8(bytes[i..<(i + length)]) {
                out.append(contentsOf: bytes[i..<(i + length)])
                i += length
            } else {
                out.append(contentsOf: windows1252(CollectionOfOne(lead)))
                i += 1
            }
        }
        return out
    }

    /// windows-1252 (which the web reads Latin-1 and ASCII as) to UTF-8: every byte decodes, the
    /// five the charset leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) to U+FFFD.
    public static func windows1252<C: Collection<UInt8>>(_ body: C) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(body.count + body.count / 8)
        for byte in body {
            if byte < 0x80 { out.append(byte); continue }
            let scalar = (0x80...0x9F).contains(byte) ? cp1252High[Int(byte - 0x80)] : UInt32(byte)
            Unicode.UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { out.append($0) }
        }
        return out
    }

    private static let cp1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD,
        0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    /// Whether `bytes` are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates,
    /// nothing past U+10FFFF), allocating nothing for contiguous bytes. ASCII is skipped eight
    /// bytes at a time: every page and feed is checked before it is parsed, and the standard
    /// library's scalar-at-a-time decoder took 0.73 ms for the 1 MB page (about 2 % of its
    /// whole read), this 0.07 (swiftc -O, same page; `CharsetTests` holds the two to the same
    /// answers on random bytes).
    public static func isValidUTF8<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        if let answer = bytes.withContiguousStorageIfAvailable(isValidUTF8(buffer:)) { return answer }
        return Array(bytes).withUnsafeBufferPointer(isValidUTF8(buffer:))
    }

    private static func isValidUTF8(buffer p: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = p.baseAddress else { return true }
        let n = p.count
        var i = 0
        func continuation(_ k: Int) -> Bool { p[k] & 0xC0 == 0x80 }
        while i < n {
            while i + 8 <= n, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < n else { return true }
            let lead = p[i]
            switch lead {
            case 0x00...0x7F:
                i += 1
            case 0xC2...0xDF:
                guard i + 1 < n, continuation(i + 1) else { return false }
                i += 2
            case 0xE0...0xEF:
                guard i + 2 < n, continuation(i + 1), continuation(i + 2) else { return false }
                // Overlong (E0 80–9F) and surrogates (ED A0–BF) are not UTF-8.
                if lead == 0xE0 && p[i + 1] < 0xA0 || lead == 0xED && p[i + 1] > 0x9F { return false }
                i += 3
            case 0xF0...0xF4:
                guard i + 3 < n, continuation(i + 1), continuation(i + 2), continuation(i + 3) else { return false }
                // Overlong (F0 80–8F) and past U+10FFFF (F4 90–BF).
                if lead == 0xF0 && p[i + 1] < 0x90 || lead == 0xF4 && p[i + 1] > 0x8F { return false }
                i += 4
            default:
                return false
            }
        }
        return true
    }

    /// `bytes` from `label` to UTF-8 through glibc's iconv (UTF-16, KOI8-R, Shift_JIS, EUC-JP,
    /// ISO-8859-x…). With `replacing`, an invalid or cut sequence becomes U+FFFD and one byte is
    /// skipped; without it, the first one makes the answer nil (a feed's charset is then guessed
    /// again). Nil too when iconv does not know the label.
    public static func iconv(_ bytes: [UInt8], from label: String, replacing: Bool) -> [UInt8]? {
        guard label.utf8.count < 40, label.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let cd = iconv_open("UTF-8", label)
        guard let cd, cd != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(cd) }
        var input = bytes
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2 + 16)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let ok: Bool = input.withUnsafeMutableBufferPointer { inBuffer in
            chunk.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = inBuffer.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                var inLeft = inBuffer.count
                var flushed = false
                while true {
                    var outPointer = outBuffer.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                    var outLeft = outBuffer.count
                    let result = inLeft > 0
                        ? Glibc.iconv(cd, &inPointer, &inLeft, &outPointer, &outLeft)
                        : Glibc.iconv(cd, nil, nil, &outPointer, &outLeft)
                    let failure = result == -1 ? errno : 0
                    out.append(contentsOf: outBuffer[..<(outBuffer.count - outLeft)])
                    if failure == E2BIG { continue }
                    if failure == EILSEQ || failure == EINVAL {
                        // Invalid here (EILSEQ) or cut off at the end (EINVAL): one byte is
                        // given up for a U+FFFD, and the state starts over after it.
                        guard replacing, inLeft > 0 else { return false }
                        out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                        inPointer = inPointer.map { $0 + 1 }
                        inLeft -= 1
                        _ = Glibc.iconv(cd, nil, nil, nil, nil)
                        continue
                    }
                    guard failure == 0 else { return false }
                    if inLeft == 0 {
                        if flushed { return true }
                        flushed = true
                    }
                }
            }
        }
        return ok ? out : nil
    }
}
