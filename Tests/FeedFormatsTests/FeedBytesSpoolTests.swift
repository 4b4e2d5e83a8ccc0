@testable import FeedFormats
import FeedModel
import Foundation
import Testing
import FeedTestSupport

/// A spooled (mapped) document that must be converted from another charset or repaired has its
/// copy written to a file of its own a chunk at a time, never whole in memory, and that copy is
/// byte for byte what the in-memory path makes, across chunk boundaries.
@Suite struct FeedBytesSpoolTests {
    static func spooled(_ bytes: [UInt8]) throws -> SpooledBody {
        let spool = try BodySpool(in: FileManager.default.temporaryDirectory.path)
        try bytes.withUnsafeBytes { try spool.append($0) }
        return spool.finish()
    }

    /// What `prepare` makes of `bytes` in memory and from a mapping of its spooled file.
    static func bothWays(_ bytes: [UInt8], contentType: String? = nil) throws -> (memory: FeedBytes, memoryUTF8: [UInt8], file: FeedBytes, fileUTF8: [UInt8]) {
        let (memory, memoryUTF8) = bytes.withUnsafeBufferPointer { input in
            let prepared = FeedBytes.prepare(input, contentType: contentType)
            return (prepared, prepared.utf8(in: input))
        }
        let mapped = try #require(MappedBody(try spooled(bytes)))
        let file = FeedBytes.prepare(mapped.bytes, contentType: contentType, mapped: mapped)
        return (memory, memoryUTF8, file, file.utf8(in: mapped.bytes))
    }

    /// Where two byte strings first differ (`#expect(a == b)` on megabytes would describe both).
    static func mismatch(_ a: [UInt8], _ b: [UInt8]) -> String? {
        if let at = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { return "differ at byte \(at)" }
        return a.count == b.count ? nil : "\(a.count) bytes against \(b.count)"
    }

    /// An RSS document of `items` entries whose titles are `title(n)`, in UTF-8 (to be encoded).
    static func feed(_ items: Int, declaring encoding: String, title: (Int) -> String) -> String {
        "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<rss version=\"2.0\"><channel><title>t</title>"
            + (0..<items).map { "<item><guid>g\($0)</guid><title>\(title($0))</title></item>\n" }.joined()
            + "</channel></rss>"
    }

    static let longEnough = 3 * FeedBytes.copyChunk / 2

    /// Latin-1 over two and a half chunks: converted into a file, the same UTF-8 as in memory.
    @Test(.offThePool) func aLongWindows1252DocumentIsConvertedIntoAFile() throws {
        let text = Self.feed(2 * Self.longEnough / 50, declaring: "windows-1252") { "caf\u{E9} \u{20AC}\($0) na\u{EF}ve" }
        let bytes = Array(text.unicodeScalars.map { $0.value == 0x20AC ? 0x80 : UInt8($0.value) })
        let both = try Self.bothWays(bytes)
        #expect(both.file.owned?.mapped != nil, "the converted copy is a mapped file")
        #expect(both.file.charset == "windows-1252" && both.memory.charset == "windows-1252")
        #expect(Self.mismatch(both.fileUTF8, both.memoryUTF8) == nil)
        #expect(String(decoding: both.fileUTF8.prefix(200), as: UTF8.self).contains("caf\u{E9} \u{20AC}0 na\u{EF}ve"))
        #expect(both.fileUTF8.count > 2 * FeedBytes.copyChunk)
    }

    /// UTF-16 (through iconv) over a chunk of output and more: the same UTF-8 as in memory.
    @Test(.offThePool) func aLongUTF16DocumentIsConvertedThroughIconvIntoAFile() throws {
        let text = Self.feed(Self.longEnough / 60, declaring: "UTF-16") { "\u{41F}\u{440}\u{438}\u{432}\u{435}\u{442} \($0) \u{1F600}" }
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let both = try Self.bothWays(bytes)
        #expect(both.file.owned?.mapped != nil)
        #expect(both.file.charset == both.memory.charset)
        #expect(Self.mismatch(both.fileUTF8, both.memoryUTF8) == nil)
        #expect(both.fileUTF8.count > FeedBytes.copyChunk)
    }

    /// UTF-8 with repairs at its start, across its chunks and at its very end: the repaired
    /// copy is a file, the same bytes and notes as in memory.
    @Test(.offThePool) func aLongRepairedDocumentIsCopiedIntoAFile() throws {
        let text = Self.feed(Self.longEnough / 50, declaring: "utf-8") { $0 % 997 == 0 ? "fish & chips &nbsp;\u{07}" : "plain \($0)" } + " &"
        let both = try Self.bothWays(Array(text.utf8))
        #expect(both.file.owned?.mapped != nil)
        #expect(both.file.repairs == both.memory.repairs)
        #expect(both.file.repairs.contains { $0.hasSuffix("bare & escaped") })
        #expect(Self.mismatch(both.fileUTF8, both.memoryUTF8) == nil)
    }

    /// The first repair late in a long document: everything before it goes from the mapping
    /// straight to the file.
    @Test(.offThePool) func aRepairLateInALongDocumentCopiesWhatCameBeforeIt() throws {
        let text = Self.feed(Self.longEnough / 40, declaring: "utf-8") { "plain \($0)" }.replacingOccurrences(of: "</channel>", with: "<x>&hellip;</x></channel>")
        let both = try Self.bothWays(Array(text.utf8))
        #expect(both.file.owned?.mapped != nil)
        #expect(Self.mismatch(both.fileUTF8, both.memoryUTF8) == nil)
        #expect(String(decoding: both.fileUTF8.suffix(40), as: UTF8.self).contains("&#8230;"))
    }

    /// Latin-1 that needs repairs as well: converted into one file, repaired into another.
    @Test(.offThePool) func aConvertedDocumentThatNeedsRepairIsRepairedFromItsFile() throws {
        let text = Self.feed(Self.longEnough / 50, declaring: "iso-8859-1") { $0 % 500 == 0 ? "\u{E9}t\u{E9} & hiver" : "\u{E9}t\u{E9} \($0)" }
        let bytes = Array(text.unicodeScalars.map { UInt8($0.value) })
        let both = try Self.bothWays(bytes)
        #expect(both.file.owned?.mapped != nil)
        #expect(both.file.repairs == both.memory.repairs && !both.file.repairs.isEmpty)
        #expect(Self.mismatch(both.fileUTF8, both.memoryUTF8) == nil)
    }

    /// No copy at all where none is needed, and a wrong label falls back as in memory.
    @Test func cleanOrMislabelledDocumentsAreReadAsInMemory() throws {
        let ascii = try Self.bothWays(Array(Self.feed(50, declaring: "windows-1252") { "plain \($0)" }.utf8))
        #expect(ascii.file.owned == nil && ascii.memory.owned == nil)
        #expect(Self.mismatch(ascii.fileUTF8, ascii.memoryUTF8) == nil)

        // Declared Shift_JIS, but a lone 0x81 at the end is no Shift_JIS: the fallbacks decide.
        let broken = Array(Self.feed(50, declaring: "shift_jis") { "t\($0)" }.utf8) + [0x81]
        let both = try Self.bothWays(broken)
        #expect(both.file.charset == both.memory.charset)
        #expect(both.file.repairs == both.memory.repairs)
        #expect(Self.mismatch(both.fileUTF8, both.memoryUTF8) == nil)

        // UTF-8 labelled Latin-1: read as UTF-8, in place.
        let mislabelled = try Self.bothWays(Array(Self.feed(50, declaring: "iso-8859-1") { "caf\u{E9} \($0)" }.utf8))
        #expect(mislabelled.file.charset == "UTF-8" && mislabelled.file.owned == nil)
        #expect(Self.mismatch(mislabelled.fileUTF8, mislabelled.memoryUTF8) == nil)
    }

    /// The cursor reads a long converted, repaired document from its files exactly as it reads
    /// it from memory.
    @Test(.offThePool) func theCursorReadsTheFileCopyAsItReadsMemory() throws {
        let text = Self.feed(Self.longEnough / 60, declaring: "windows-1252") { $0 % 300 == 0 ? "\u{E9} &eacute; & co" : "\u{E9} \($0)" }
        let bytes = Array(text.unicodeScalars.map { UInt8($0.value) })
        let fromMemory = try FeedCursorTests.readAll(.memory(Data(bytes)), slice: 700, url: nil)
        let fromFile = try FeedCursorTests.readAll(.spooled(Self.spooled(bytes)), slice: 700, url: nil)
        #expect(fromFile.entries.count == fromMemory.entries.count && fromFile.entries.count > 10_000)
        #expect(fromFile.entries.map(\.title) == fromMemory.entries.map(\.title))
        #expect(fromFile.entries.first?.title.hasPrefix("\u{E9} \u{E9} & co") == true, "\(fromFile.entries.first?.title ?? "none")")
    }
}
