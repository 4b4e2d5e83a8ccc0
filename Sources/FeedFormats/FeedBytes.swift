import CLibXML2
import FeedMarkup
import FeedModel
import Foundation
import Glibc

/// A feed's bytes made ready for a strict XML reader: decoded to UTF-8 by the RFC 7303 order
/// (byte-order mark, then the HTTP `charset`, then the XML declaration, then UTF-8) with each
/// decode validated and a fallback chain (declared, UTF-8, windows-1252) when it fails; the
/// BOM, leading whitespace, XML declaration and DOCTYPE removed (the DOCTYPE also blocks
/// external entities); and the ten-breakages repairs made in one pass: HTML named entities
/// become numeric references, a bare `&` becomes `&amp;`, characters XML forbids are dropped,
/// an unterminated CDATA section or comment is closed.
struct FeedBytes {
    /// The decoded or repaired copy, or nil when the input needed neither (valid UTF-8 with
    /// nothing to repair, the usual feed): the reader then reads the input's own bytes at
    /// `range`, and a 32 MB document costs no second 32 MB. A copy of a spooled (mapped) body
    /// goes to a nameless file of its own as it is made, and is mapped in turn.
    var owned: Copy?
    /// Where the reader's bytes are: in `owned` when there is a copy, else in the input.
    var range: Range<Int>
    /// The charset the bytes were read as.
    var charset: String
    /// The DOCTYPE declaration that was removed (Netscape RSS 0.91 is told by it).
    var doctype: String?
    /// What had to be repaired, one short phrase each.
    var repairs: [String]

    /// A copy of the document: in memory, or in a file written a chunk at a time and mapped,
    /// whose pages the reader gives back as it passes them, as it does the body's own.
    enum Copy {
        case bytes([UInt8])
        case file(MappedBody)

        var count: Int {
            switch self {
            case .bytes(let bytes): bytes.count
            case .file(let mapped): mapped.bytes.count
            }
        }

        func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            switch self {
            case .bytes(let bytes): bytes.withUnsafeBufferPointer(body)
            case .file(let mapped): body(mapped.bytes)
            }
        }

        /// The mapping, when the copy is in a file.
        var mapped: MappedBody? {
            if case .file(let mapped) = self { return mapped }
            return nil
        }
    }

    /// Copies of a spooled body are written here a megabyte at a time.
    static let copyChunk = 1 << 20

    /// Appends `bytes` to `spool` (a result, for closures that cannot throw a typed error).
    static func write(_ bytes: UnsafeRawBufferPointer, to spool: BodySpool) -> Result<Void, FeedError> {
        do throws(FeedError) {
            try spool.append(bytes)
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// The UTF-8 ready for the reader, given the input `prepare` was given.
    func withUTF8<R>(in input: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let owned {
            return owned.withBytes { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        return body(UnsafeBufferPointer(rebasing: input[range]))
    }

    /// The UTF-8 ready for the reader, as an array (tests).
    func utf8(in input: UnsafeBufferPointer<UInt8>) -> [UInt8] { withUTF8(in: input) { Array($0) } }

    /// - Parameter mapped: the mapping `input` is, when it is a spooled body's: the UTF-8
    ///   check, a conversion from another charset and the repair pass give its pages back as
    ///   they pass them, and write what they copy to a file of its own a chunk at a time
    ///   (mapped in turn), so a document read from its file is never resident whole, whatever
    ///   its charset or repairs.
    /// - Complexity: O(n) in the body's size; no copy when the body is valid UTF-8 that needs
    ///   no repair, one copy otherwise.
    static func prepare(_ input: UnsafeBufferPointer<UInt8>, contentType: String?, mapped: MappedBody? = nil) -> FeedBytes {
        var repairs: [String] = []
        var body = input[...]
        var bomLabel: String?
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { bomLabel = "UTF-8"; body = body.dropFirst(3) }
        else if body.starts(with: [0xFE, 0xFF]) { bomLabel = "UTF-16BE"; body = body.dropFirst(2) }
        else if body.starts(with: [0xFF, 0xFE]) { bomLabel = "UTF-16LE"; body = body.dropFirst(2) }
        else if body.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { bomLabel = "UTF-16LE" }
        else if body.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { bomLabel = "UTF-16BE" }
        let declared = bomLabel == nil ? declaredEncoding(body) : nil
        let header = contentType.flatMap(charsetParameter)
        let label = bomLabel ?? header ?? declared ?? "UTF-8"

        var decoded: Decoded?
        var charset = canonical(label)
        var candidates = [charset]
        if let declared, !candidates.contains(canonical(declared)) { candidates.append(canonical(declared)) }
        for fallback in ["UTF-8", "windows-1252"] where !candidates.contains(fallback) { candidates.append(fallback) }
        // A Latin-1 label over bytes that are valid UTF-8 with non-ASCII in them: the label is
        // wrong (valid multi-byte UTF-8 is almost never intended Latin-1 text).
        if charset == "windows-1252", bomLabel == nil, body.contains(where: { $0 >= 0x80 }),
            mapped.map({ isValidUTF8(input, body.indices, releasing: $0) }) ?? isValidUTF8(body)
        {
            candidates = ["UTF-8"]
            repairs.append("declared \(label) but the bytes are UTF-8; read as UTF-8")
        }
        for (index, candidate) in candidates.enumerated() {
            if let out = decode(body, from: candidate, mapped: mapped) {
                decoded = out
                charset = candidate
                if index > 0 { repairs.append("bytes were not \(candidates[0]); read as \(candidate)") }
                break
            }
        }
        // windows-1252 always decodes: `.asIs` is never reached for want of a decode.
        switch decoded ?? .asIs {
        case .asIs:
            var from = body.startIndex
            if input[from...].starts(with: [0xEF, 0xBB, 0xBF]) { from += 3 }
            let (start, doctype) = prologEnd(UnsafeBufferPointer(rebasing: input[from...]))
            var out = FeedBytes(owned: nil, range: (from + start)..<input.count, charset: charset, doctype: doctype, repairs: repairs)
            if let repaired = repair(input, from: from + start, notes: &out.repairs, mapped: mapped) {
                out.owned = repaired
                out.range = 0..<repaired.count
            }
            return out
        case var .converted(utf8):
            if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8.removeFirst(3) }
            return utf8.withUnsafeBufferPointer { converted in
                let (start, doctype) = prologEnd(converted)
                var out = FeedBytes(owned: nil, range: start..<converted.count, charset: charset, doctype: doctype, repairs: repairs)
                let repaired = repair(converted, from: start, notes: &out.repairs)
                out.owned = repaired ?? .bytes(utf8)
                out.range = repaired.map { 0..<$0.count } ?? out.range
                return out
            }
        case .convertedFile(let file):
            // The same, on the converted copy's own mapping: a repair of it goes to a file too.
            let converted = file.bytes
            let from = converted.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            let (start, doctype) = prologEnd(UnsafeBufferPointer(rebasing: converted[from...]))
            var out = FeedBytes(
                owned: .file(file), range: (from + start)..<converted.count, charset: charset, doctype: doctype, repairs: repairs)
            if let repaired = repair(converted, from: from + start, notes: &out.repairs, mapped: file) {
                out.owned = repaired
                out.range = 0..<repaired.count
            }
            return out
        }
    }

    /// A decode's result: the input itself (valid UTF-8), or a UTF-8 copy of it.
    enum Decoded {
        case asIs
        case converted([UInt8])
        /// Converted from a mapped body into a file of its own, mapped.
        case convertedFile(MappedBody)
    }

    /// Whether `bytes` are well-formed UTF-8, allocating nothing.
    static func isValidUTF8<C: Collection<UInt8>>(_ bytes: C) -> Bool { Charset.isValidUTF8(bytes) }

    /// Whether `input[range]` is well-formed UTF-8, checked a block at a time with the mapping's
    /// pages given back behind. A block ends before a byte that is not a continuation byte, so
    /// no valid sequence is split; an invalid one stays invalid on one side of the split (four
    /// continuation bytes in a row, where no such byte is found, are invalid anyway).
    static func isValidUTF8(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, releasing mapped: MappedBody) -> Bool {
        mapped.restart(at: range.lowerBound)
        var start = range.lowerBound
        while start < range.upperBound {
            var end = min(range.upperBound, start + MappedBody.releaseStep)
            var back = 0
            while end < range.upperBound, back < 3, input[end] & 0xC0 == 0x80 {
                end -= 1
                back += 1
            }
            guard isValidUTF8(input[start..<end]) else { return false }
            mapped.passed(end)
            start = end
        }
        return true
    }

    // MARK: - Charsets

    static func charsetParameter(_ contentType: String) -> String? {
        for part in contentType.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            if !value.isEmpty { return value }
        }
        return nil
    }

    /// The `encoding` of an XML declaration at the start (after whitespace).
    static func declaredEncoding<C: Collection<UInt8>>(_ body: C) -> String? {
        let head = Array(body.prefix(256))
        guard let text = String(bytes: head, encoding: .isoLatin1) else { return nil }
        let trimmed = text.drop(while: { $0.isWhitespace })
        guard trimmed.hasPrefix("<?xml"), let close = trimmed.range(of: "?>") else { return nil }
        let decl = trimmed[..<close.lowerBound]
        guard let at = decl.range(of: "encoding") else { return nil }
        var rest = decl[at.upperBound...].drop(while: { $0 == " " || $0 == "=" || $0 == "\t" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        let value = rest.prefix(while: { $0 != quote })
        return value.isEmpty || value.count > 40 ? nil : String(value)
    }

    static func canonical(_ label: String) -> String {
        switch label.lowercased().trimmingCharacters(in: .whitespaces) {
        case "utf8", "utf-8", "unicode-1-1-utf-8": "UTF-8"
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "us-ascii", "ascii", "cp1252", "windows-1252",
             "x-cp1252", "iso_8859-1": "windows-1252"
        case "utf-16", "utf16": "UTF-16LE"
        default: label.uppercased()
        }
    }

    /// The body as UTF-8 from `charset`, or nil when the bytes are not valid in it.
    static func decode(_ body: Slice<UnsafeBufferPointer<UInt8>>, from charset: String, mapped: MappedBody?) -> Decoded? {
        if charset == "UTF-8", let mapped {
            return isValidUTF8(body.base, body.indices, releasing: mapped) ? .asIs : nil
        }
        if let mapped, let spool = try? BodySpool(in: FileManager.default.temporaryDirectory.path) {
            return convert(body, from: charset, releasing: mapped, into: spool)
        }
        return decode(body, from: charset)
    }

    /// The body as UTF-8 from `charset`, written to `spool` a chunk at a time as it is
    /// converted, the mapping's pages given back behind; nil when the bytes are not valid in
    /// `charset`. A disk that refuses the file falls back to converting into memory.
    static func convert(
        _ body: Slice<UnsafeBufferPointer<UInt8>>, from charset: String, releasing mapped: MappedBody, into spool: BodySpool
    ) -> Decoded? {
        mapped.restart(at: body.startIndex)
        do throws(FeedError) {
            switch charset {
            case "windows-1252":
                var start = body.startIndex, sawHigh = false
                while start < body.endIndex {
                    let end = min(body.endIndex, start + copyChunk)
                    let chunk = body.base[start..<end]
                    if chunk.contains(where: { $0 >= 0x80 }) { sawHigh = true }
                    try windows1252(chunk).withUnsafeBytes { FeedBytes.write($0, to: spool) }.get()
                    mapped.passed(end)
                    start = end
                }
                if !sawHigh { return .asIs }
            default:
                guard try iconvSpooling(body, from: charset, releasing: mapped, into: spool) else { return nil }
            }
        } catch {
            return decode(body, from: charset)
        }
        let file = spool.finish()
        if let copy = MappedBody(file) { return .convertedFile(copy) }
        return .converted([UInt8](file.data()))
    }

    /// `iconvToUTF8` into `spool`, a megabyte of output at a time, reading the mapping in place.
    /// - Returns: false when the bytes are not valid in `charset` (or iconv does not know it).
    private static func iconvSpooling(
        _ body: Slice<UnsafeBufferPointer<UInt8>>, from charset: String, releasing mapped: MappedBody, into spool: BodySpool
    ) throws(FeedError) -> Bool {
        guard charset.utf8.count < 40, charset.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
        let cd = iconv_open("UTF-8", charset)
        guard let cd, cd != iconv_t(bitPattern: -1) else { return false }
        defer { iconv_close(cd) }
        guard let base = body.base.baseAddress, !body.isEmpty else { return true }
        var output = [UInt8](repeating: 0, count: copyChunk)
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base + body.startIndex)
            .assumingMemoryBound(to: CChar.self)
        var inLeft = body.count
        var flushed = false
        while true {
            var outLeft = output.count
            let result: Int = output.withUnsafeMutableBufferPointer { out in
                var outPointer = out.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                // Once the input is spent, one call with none flushes a stateful encoding's end.
                return inLeft > 0
                    ? Glibc.iconv(cd, &inPointer, &inLeft, &outPointer, &outLeft)
                    : Glibc.iconv(cd, nil, nil, &outPointer, &outLeft)
            }
            let failure = result == -1 ? errno : 0
            let produced = output.count - outLeft
            if produced > 0 { try output.withUnsafeBytes { FeedBytes.write(UnsafeRawBufferPointer(rebasing: $0[..<produced]), to: spool) }.get() }
            mapped.passed(body.endIndex - inLeft)
            if failure == E2BIG { continue }
            guard failure == 0 else { return false }
            if inLeft == 0 {
                if flushed { return true }
                flushed = true
            }
        }
    }

    /// The body as UTF-8 from `charset`, or nil when the bytes are not valid in it.
    static func decode<C: Collection<UInt8>>(_ body: C, from charset: String) -> Decoded? {
        switch charset {
        case "UTF-8":
            return isValidUTF8(body) ? .asIs : nil
        case "windows-1252":
            return body.allSatisfy({ $0 < 0x80 }) ? .asIs : .converted(windows1252(body))
        default:
            return iconvToUTF8(body, from: charset).map(Decoded.converted)
        }
    }

    /// windows-1252 (which the web reads Latin-1 and ASCII as) to UTF-8: every byte decodes.
    static func windows1252<C: Collection<UInt8>>(_ body: C) -> [UInt8] {
        body.allSatisfy({ $0 < 0x80 }) ? Array(body) : Charset.windows1252(body)
    }

    /// Any other charset glibc's iconv knows (UTF-16, KOI8-R, Shift_JIS, ISO-8859-x…), or nil
    /// when the bytes are not valid in it: the feed's charset is guessed again.
    static func iconvToUTF8<C: Collection<UInt8>>(_ body: C, from charset: String) -> [UInt8]? {
        Charset.iconv(Array(body), from: charset, replacing: false)
    }

    // MARK: - Prolog

    /// Where the content starts after whitespace, the XML declaration and a DOCTYPE (comments
    /// and processing instructions stay for the reader); and the DOCTYPE's text.
    static func prologEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, String?) {
        var i = 0
        var doctype: String?
        func skipSpace() { while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 } }
        func at(_ s: String) -> Bool {
            let u = Array(s.utf8)
            guard i + u.count <= bytes.count else { return false }
            for k in 0..<u.count where bytes[i + k] | 0x20 != u[k] | 0x20 { return false }
            return true
        }
        skipSpace()
        if at("<?xml") {
            while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "?") && bytes[i + 1] == UInt8(ascii: ">")) { i += 1 }
            i = min(bytes.count, i + 2)
        }
        while true {
            skipSpace()
            if at("<!--") {
                var j = i + 4
                while j + 2 < bytes.count, !(bytes[j] == 0x2D && bytes[j + 1] == 0x2D && bytes[j + 2] == 0x3E) { j += 1 }
                i = min(bytes.count, j + 3)
            } else if at("<!doctype") {
                let start = i
                var depth = 0
                while i < bytes.count {
                    let b = bytes[i]
                    if b == UInt8(ascii: "[") { depth += 1 }
                    if b == UInt8(ascii: "]") { depth -= 1 }
                    i += 1
                    if b == UInt8(ascii: ">") && depth <= 0 { break }
                }
                doctype = String(decoding: bytes[start..<i], as: UTF8.self)
            } else if at("<?") && !at("<?xml ") {
                // A stylesheet processing instruction: harmless, left to the reader.
                return (i, doctype)
            } else {
                return (i, doctype)
            }
        }
    }

    // MARK: - Repairs

    private static let xmlEntities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    /// One pass over the document's UTF-8 bytes from `start`; CDATA sections and comments are
    /// copied as they are (less characters XML forbids).
    /// - Returns: the repaired copy, or nil when nothing needed repair (no copy is made then).
    ///   The copy of a mapped document goes to a file a chunk at a time (`RepairOutput`).
    static func repair(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, notes: inout [String], mapped: MappedBody? = nil
    ) -> Copy? {
        var out = RepairOutput(input: bytes, start: start, mapped: mapped)
        var entities = 0, bare = 0, controls = 0
        var i = start
        let end = bytes.count
        mapped?.restart(at: start)
        var nextRelease = mapped == nil ? Int.max : start + MappedBody.releaseStep
        func starts(_ s: StaticString, at k: Int) -> Bool {
            let n = s.utf8CodeUnitCount
            guard k + n <= end else { return false }
            let p = s.utf8Start
            for j in 0..<n where bytes[k + j] != p[j] { return false }
            return true
        }
        func find(_ s: StaticString, from k: Int) -> Int? {
            var j = k
            let first = s.utf8Start[0]
            while j < end {
                if bytes[j] == first && starts(s, at: j) { return j }
                j += 1
            }
            return nil
        }
        func copyLiteral(_ range: Range<Int>) {
            for k in range {
                let b = bytes[k]
                if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D {
                    controls += 1
                    out.drop()
                    continue
                }
                out.keep(k)
            }
        }
        while i < end {
            if i >= nextRelease {
                mapped?.passed(i)
                nextRelease = i + MappedBody.releaseStep
            }
            let b = bytes[i]
            if b == UInt8(ascii: "<") {
                if starts("<![CDATA[", at: i) {
                    if let close = find("]]>", from: i + 9) {
                        copyLiteral(i..<(close + 3))
                        i = close + 3
                    } else {
                        copyLiteral(i..<end)
                        out.emit("]]>")
                        notes.append("unterminated CDATA section closed")
                        i = end
                    }
                    continue
                }
                if starts("<!--", at: i) {
                    if let close = find("-->", from: i + 4) {
                        copyLiteral(i..<(close + 3))
                        i = close + 3
                    } else {
                        out.emit("<!-- -->")
                        notes.append("unterminated comment dropped")
                        i = end
                    }
                    continue
                }
                out.keep(i)
                i += 1
            } else if b == UInt8(ascii: "&") {
                i = repairReference(bytes, at: i, into: &out, entities: &entities, bare: &bare)
            } else if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D {
                controls += 1
                out.drop()
                i += 1
            } else if b == 0xEF, i + 2 < end, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF {
                controls += 1  // U+FFFE, U+FFFF: not XML characters
                out.drop()
                i += 3
            } else {
                out.keep(i)
                i += 1
            }
        }
        if entities > 0 { notes.append("\(entities) undeclared HTML entit\(entities == 1 ? "y" : "ies") replaced") }
        if bare > 0 { notes.append("\(bare) bare & escaped") }
        if controls > 0 { notes.append("\(controls) character\(controls == 1 ? "" : "s") XML forbids dropped") }
        return out.finish()
    }

    /// The repair's output, copied only from the first change on: until then the output is the
    /// input's `start..<kept` itself. The copy of a mapped document is written to a file of its
    /// own a chunk at a time (`spill`), so only a chunk of it is ever in memory.
    struct RepairOutput {
        let input: UnsafeBufferPointer<UInt8>
        let start: Int
        /// The input's mapping: a copy of it goes to a file.
        let mapped: MappedBody?
        /// The input's bytes up to here are the output so far (while there is no copy).
        private(set) var kept: Int
        /// The copy, or (when it goes to a file) its part not yet written there.
        private(set) var copy: [UInt8]?
        private var spill: BodySpool?

        init(input: UnsafeBufferPointer<UInt8>, start: Int, mapped: MappedBody? = nil) {
            self.input = input
            self.start = start
            self.mapped = mapped
            self.kept = start
        }

        /// The copy made, if any: in memory, or its file finished and mapped.
        mutating func finish() -> Copy? {
            guard let bytes = copy else { return nil }
            guard let spool = spill else { return .bytes(bytes) }
            do throws(FeedError) {
                try bytes.withUnsafeBytes { FeedBytes.write($0, to: spool) }.get()
            } catch {
                return .bytes([UInt8](spool.finish().data()) + bytes)  // the disk refused the rest
            }
            let file = spool.finish()
            return MappedBody(file).map(Copy.file) ?? .bytes([UInt8](file.data()))
        }

        /// Writes what is held to the file once it is a chunk (a disk that refuses it keeps the
        /// rest in memory from there on).
        private mutating func flushIfFull() {
            guard let spool = spill, copy!.count >= FeedBytes.copyChunk else { return }
            do throws(FeedError) {
                try copy!.withUnsafeBytes { FeedBytes.write($0, to: spool) }.get()
                copy!.removeAll(keepingCapacity: true)
            } catch {
                // The disk refused it: what the file holds comes back, the rest is made in memory.
                copy = [UInt8](spool.finish().data()) + copy!
                spill = nil
            }
        }

        /// The input's bytes `range`, unchanged: they must follow what came before.
        mutating func keep(_ range: Range<Int>) {
            if copy == nil, range.lowerBound == kept {
                kept = range.upperBound
                return
            }
            diverge()
            copy!.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
            flushIfFull()
        }

        mutating func keep(_ index: Int) {
            if copy == nil, index == kept {
                kept += 1
                return
            }
            diverge()
            copy!.append(input[index])
            flushIfFull()
        }

        /// Input left out: the output differs from here on.
        mutating func drop() { diverge() }

        /// Bytes of the repair's own.
        mutating func emit(_ text: StaticString) {
            diverge()
            copy!.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
            flushIfFull()
        }

        mutating func emit(_ text: String) {
            diverge()
            copy!.append(contentsOf: text.utf8)
            flushIfFull()
        }

        private mutating func diverge() {
            guard copy == nil else { return }
            if let mapped, let spool = try? BodySpool(in: FileManager.default.temporaryDirectory.path) {
                // What came before the first change goes straight from the mapping to the file,
                // its pages given back again as they are written.
                mapped.restart(at: start)
                var from = start
                do throws(FeedError) {
                    while from < kept {
                        let to = min(kept, from + FeedBytes.copyChunk)
                        try spool.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input[from..<to])))
                        mapped.passed(to)
                        from = to
                    }
                    spill = spool
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(FeedBytes.copyChunk + 64)
                    copy = bytes
                    return
                } catch {
                    // The disk refused the file: the copy is made in memory instead.
                }
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(input.count - start + 64)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<kept]))
            copy = bytes
        }
    }

    /// Copies or repairs the reference starting at `i` (an `&`); returns where to go on.
    private static func repairReference(
        _ bytes: UnsafeBufferPointer<UInt8>, at i: Int, into out: inout RepairOutput, entities: inout Int, bare: inout Int
    ) -> Int {
        let end = bytes.count
        var j = i + 1
        func isAlnum(_ c: UInt8) -> Bool { (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) }
        if j < end, bytes[j] == UInt8(ascii: "#") {
            j += 1
            let hex = j < end && bytes[j] | 0x20 == UInt8(ascii: "x")
            if hex { j += 1 }
            let digitsStart = j
            while j < end, j - digitsStart < 10, hex ? isHex(bytes[j]) : (bytes[j] >= 0x30 && bytes[j] <= 0x39) { j += 1 }
            if j > digitsStart, j < end, bytes[j] == UInt8(ascii: ";") {
                let digits = String(decoding: UnsafeBufferPointer(rebasing: bytes[digitsStart..<j]), as: UTF8.self)
                let value = UInt32(digits, radix: hex ? 16 : 10)
                if let value, isXMLChar(value) {
                    out.keep(i..<(j + 1))
                } else {
                    out.emit("&#xFFFD;")
                }
                return j + 1
            }
            bare += 1
            out.emit("&amp;")
            return i + 1
        }
        let nameStart = j
        while j < end, j - nameStart < 32, isAlnum(bytes[j]) { j += 1 }
        if j > nameStart, j < end, bytes[j] == UInt8(ascii: ";"), isLetter(bytes[nameStart]) {
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<j]), as: UTF8.self)
            if xmlEntities.contains(name) {
                out.keep(i..<(j + 1))
            } else if let value = htmlEntityValue(name) {
                entities += 1
                out.emit("&#\(value);")
            } else {
                bare += 1
                out.emit("&amp;")
                return i + 1
            }
            return j + 1
        }
        bare += 1
        out.emit("&amp;")
        return i + 1
    }

    static func htmlEntityValue(_ name: String) -> UInt32? {
        if let extra = html5Extras[name] { return extra }
        guard let entity = htmlEntityLookup(name) else { return nil }
        return UInt32(entity.pointee.value)
    }

    /// A few HTML5 names feeds use that libxml2's HTML 4 table lacks.
    private static let html5Extras: [String: UInt32] = [
        "apos": 0x27, "hellip": 0x2026, "nbsp": 0xA0, "rsquo": 0x2019, "lsquo": 0x2018, "ndash": 0x2013, "mdash": 0x2014,
        "NewLine": 0x0A, "Tab": 0x09, "period": 0x2E, "comma": 0x2C, "colon": 0x3A, "excl": 0x21, "quest": 0x3F,
        "num": 0x23, "dollar": 0x24, "percnt": 0x25, "lpar": 0x28, "rpar": 0x29, "ast": 0x2A, "plus": 0x2B,
        "sol": 0x2F, "semi": 0x3B, "equals": 0x3D, "commat": 0x40, "lsqb": 0x5B, "rsqb": 0x5D, "lowbar": 0x5F,
        "grave": 0x60, "lcub": 0x7B, "rcub": 0x7D, "verbar": 0x7C, "vert": 0x7C, "hyphen": 0x2010, "dash": 0x2010,
    ]

    private static func isHex(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x66)
    }

    private static func isLetter(_ c: UInt8) -> Bool { c | 0x20 >= 0x61 && c | 0x20 <= 0x7A }

    static func isXMLChar(_ v: UInt32) -> Bool {
        v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v)
            || (0x10000...0x10FFFF).contains(v)
    }
}
