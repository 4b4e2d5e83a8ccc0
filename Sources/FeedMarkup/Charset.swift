import CLibXML2

/// Which character set a page's bytes are in: a byte-order mark first, then the HTTP header's
/// `charset`, then a `<meta charset>` or `http-equiv` declaration in the first 4 KiB, as browsers
/// do it; labels are mapped to what libxml2 (iconv) knows, `ISO-8859-1` and `US-ASCII` read as
/// `windows-1252` as the HTML standard says.
public enum Charset {
    /// The charset label to decode with, or `nil` to let libxml2 guess (it assumes UTF-8 for
    /// valid UTF-8 and falls back to Latin-1).
    /// - Complexity: O(1): at most the first 4 KiB are looked at.
    public static func detect<Bytes: Collection<UInt8>>(bytes: Bytes, contentType: String?) -> String? {
        let head = Array(bytes.prefix(4096))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
        if head.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        if head.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if let header = contentType.flatMap(parameter), let label = usable(header) { return label }
        if let declared = metaCharset(head), let label = usable(declared) {
            // A page that says UTF-16 in ASCII bytes is not UTF-16.
            return label.uppercased().hasPrefix("UTF-16") ? "UTF-8" : label
        }
        return nil
    }

    /// The `charset` parameter of a `Content-Type` value.
    public static func parameter(_ contentType: String) -> String? {
        for part in contentType.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces().lowercased() == "charset" else { continue }
            let value = pair[1].trimmingSpaces().trimmingCharacters(in: "\"'")
            if !value.isEmpty { return value }
        }
        return nil
    }

    /// The label a `<meta>` in the head declares: `<meta charset=…>` or the `charset=` inside a
    /// `http-equiv` content value.
    static func metaCharset(_ head: [UInt8]) -> String? {
        let lower = head.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        let meta = Array("<meta".utf8), charset = Array("charset".utf8)
        var i = 0
        while i + meta.count < lower.count {
            // The `<` alone first: comparing a slice at every byte cost more than the rest of
            // detecting the charset.
            guard lower[i] == 0x3C, lower[i..<(i + meta.count)].elementsEqual(meta) else { i += 1; continue }
            let end = lower[i...].firstIndex(of: UInt8(ascii: ">")) ?? lower.count
            var j = i
            while j + charset.count < end {
                if lower[j..<(j + charset.count)].elementsEqual(charset) {
                    var k = j + charset.count
                    while k < end, lower[k] == 0x20 || lower[k] == 0x09 { k += 1 }
                    guard k < end, lower[k] == UInt8(ascii: "=") else { j += 1; continue }
                    k += 1
                    while k < end, [0x20, 0x09, 0x22, 0x27].contains(lower[k]) { k += 1 }
                    var label: [UInt8] = []
                    while k < end, isLabelByte(lower[k]) { label.append(lower[k]); k += 1 }
                    if !label.isEmpty { return String(decoding: label, as: UTF8.self) }
                }
                j += 1
            }
            i = end
        }
        return nil
    }

    /// The label libxml2 should be given for `label`, or `nil` when it knows no such encoding.
    static func usable(_ label: String) -> String? {
        let name = label.lowercased()
        let mapped: String
        switch name {
        case "utf8", "utf-8", "unicode-1-1-utf-8": mapped = "UTF-8"
        case "iso-8859-1", "iso8859-1", "latin1", "l1", "us-ascii", "ascii", "cp1252", "windows-1252", "x-cp1252":
            mapped = "windows-1252"
        case "x-sjis", "shift-jis", "sjis", "ms_kanji": mapped = "SHIFT_JIS"
        case "gb2312", "gbk", "x-gbk": mapped = "GBK"
        default: mapped = label
        }
        guard mapped.utf8.count < 40, mapped.utf8.allSatisfy(isLabelByte) else { return nil }
        if mapped == "UTF-8" { return mapped }
        guard let handler = xmlFindCharEncodingHandler(mapped) else { return nil }
        xmlCharEncCloseFunc(handler)
        return mapped
    }

    private static func isLabelByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
    }
}

extension StringProtocol {
    func trimmingSpaces() -> Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }

    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
