import CLibXML2
import FeedModel
import Foundation

/// A feed document read a slice at a time: `read(upTo:onEntry:)` hands over the next entries and
/// returns, and the next call goes on from where the last one stopped.
///
/// The XML reader keeps its place between slices and is fed the document's bytes 512 at a time
/// from the body it was given (libxml2's I/O input, not a copy of the document), so a caller
/// can hold only the entries it shows and read on when it needs more: a 100,000-entry document
/// is never in memory as 100,000 parsed entries. A body spooled to a file (`DocumentBytes
/// .spooled`) is mapped and its pages given back as the reader passes them, so it is never
/// resident whole either. Reading again from the start is a new cursor over the same body;
/// entries come out the same, in the same order, with the same ids, from memory or from file.
///
/// A JSON Feed is checked whole and its head read when the cursor is made (the outline pass of
/// `JSONFeedParser`: nothing decoded but the top-level fields), then its items are decoded one
/// at a time, a slice a call, from where the last call stopped; a mapping gives its pages back
/// behind both passes.
///
/// Not thread-safe: one cursor is read by one thread at a time (the program's parse queue).
public final class FeedCursor {
    private enum Reading {
        case xml(XMLFeedParser, reader: xmlTextReaderPtr, errors: ErrorLog, bytes: ByteFeed)
        case json(JSONFeedParser.Reader, storage: ByteFeed.Storage)
    }

    private var reading: Reading
    private let sink: EntrySink
    private let isCancelled: () -> Bool
    /// Entries handed over so far.
    public private(set) var count = 0
    /// The head, once the document was read to its end.
    public private(set) var head: FeedHead?

    /// Judges the body as `FeedParser.stream` does and makes it ready to read.
    /// - Throws: `FeedParseError` for what is not a feed (an HTML page, an empty body, text).
    /// - Parameter isCancelled: asked after each entry: when it says yes the read stops there
    ///   and throws `.cancelled`.
    public convenience init(
        _ body: Data, contentType: String? = nil, url: URL? = nil, isCancelled: @escaping () -> Bool = { false }
    ) throws(FeedParseError) {
        try self.init(.memory(body), contentType: contentType, url: url, isCancelled: isCancelled)
    }

    /// Judges the document as `FeedParser.stream` does and makes it ready to read, from memory
    /// or from its file.
    /// - Throws: `FeedParseError` for what is not a feed (an HTML page, an empty body, text).
    /// - Parameter isCancelled: asked after each entry: when it says yes the read stops there
    ///   and throws `.cancelled`.
    public init(
        _ document: DocumentBytes, contentType: String? = nil, url: URL? = nil, isCancelled: @escaping () -> Bool = { false }
    ) throws(FeedParseError) {
        let sink = EntrySink()
        self.isCancelled = isCancelled
        self.sink = sink
        let storage: ByteFeed.Storage
        switch document {
        case .memory(let data):
            storage = .body(data)
        case .spooled(let body):
            // A file that cannot be mapped is read into memory: slower to hold, same entries.
            storage = MappedBody(body).map(ByteFeed.Storage.mapped) ?? .body(body.data())
        }
        let judged: Result<Reading, FeedParseError> = storage.withBytes { input in
            switch FeedParser.sniff(input) {
            case .empty:
                return .failure(FeedParseError(.notAFeed, "the response is empty, not a feed"))
            case .html:
                return .failure(FeedParseError(.notAFeed, "the response is an HTML page, not a feed"))
            case .text:
                return .failure(FeedParseError(.notAFeed, "the response is neither XML nor JSON, not a feed"))
            case .json(let start):
                do throws(FeedParseError) {
                    let mapped = storage.mapped
                    let reader = try JSONFeedParser.Reader(
                        input, start: start, url: url, charset: "UTF-8", passed: mapped.map { mapped in { mapped.passed($0) } },
                        restart: mapped.map { mapped in { mapped.restart(at: $0) } })
                    return .success(.json(reader, storage: storage))
                } catch {
                    return .failure(error)
                }
            case .xml:
                let prepared = FeedBytes.prepare(input, contentType: contentType, mapped: storage.mapped)
                if let doctype = prepared.doctype?.lowercased(), doctype.contains("html"), !doctype.contains("rss") {
                    return .failure(FeedParseError(.notAFeed, "the response is an HTML page, not a feed"))
                }
                if prepared.range.isEmpty { return .failure(FeedParseError(.notAFeed, "the response is empty, not a feed")) }
                let copy: ByteFeed.Storage? = prepared.owned.map {
                    switch $0 {
                    case .bytes(let bytes): .owned(bytes)
                    case .file(let mapped): .mapped(mapped)
                    }
                }
                let bytes = ByteFeed(copy ?? storage, range: prepared.range)
                let errors = ErrorLog()
                guard let reader = xmlReaderForIO(
                    feedCursorRead, nil, Unmanaged.passUnretained(bytes).toOpaque(), url?.absoluteString, "UTF-8",
                    XMLFeedParser.readerOptions)
                else { return .failure(FeedParseError(.malformed, "libxml2 could not start reading the feed")) }
                xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
                    guard let context, let error else { return }
                    Unmanaged<ErrorLog>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
                }, Unmanaged.passUnretained(errors).toOpaque())
                let head = FeedHead(format: .rss20, charset: prepared.charset, repairs: prepared.repairs)
                let netscape = prepared.doctype?.lowercased().contains("netscape") ?? false
                let parser = XMLFeedParser(
                    reader: reader, documentURL: url, head: head, netscape: netscape, isCancelled: isCancelled
                ) { [sink] entry, head in
                    sink.take(entry, head)
                }
                return .success(.xml(parser, reader: reader, errors: errors, bytes: bytes))
            }
        }
        reading = try judged.get()
    }

    deinit {
        if case let .xml(_, reader, _, _) = reading { xmlFreeTextReader(reader) }
    }

    /// Hands over up to `limit` more entries, in document order, each with the head as read up
    /// to it.
    /// - Returns: the head once the document was read to its end (then and on every later
    ///   call), or `nil` when `limit` entries were handed over and the document goes on.
    /// - Throws: `FeedParseError` when the document is no feed or breaks before its root.
    @discardableResult
    public func read(upTo limit: Int, onEntry: (FeedEntry, FeedHead) -> Void) throws(FeedParseError) -> FeedHead? {
        if let head { return head }
        switch reading {
        case let .json(reader, storage):
            let isCancelled = self.isCancelled
            var handed = 0
            let result: Result<FeedHead?, FeedParseError> = storage.withBytes { bytes in
                do throws(FeedParseError) {
                    return .success(try reader.read(bytes, upTo: max(0, limit), isCancelled: isCancelled) { entry, head in
                        handed += 1
                        onEntry(entry, head)
                    })
                } catch {
                    return .failure(error)
                }
            }
            count += handed
            head = try result.get()
        case let .xml(parser, _, errors, _):
            try withoutActuallyEscaping(onEntry) { (onEntry) throws(FeedParseError) in
                sink.handler = onEntry
                defer { sink.handler = nil }
                let before = sink.handed
                do throws(FeedParseError) {
                    head = try parser.run(errors: errors, limit: max(0, limit))
                } catch {
                    count += sink.handed - before
                    throw error
                }
                count += sink.handed - before
            }
        }
        return head
    }
}

/// Where the XML parser's entries go during one `read`.
private final class EntrySink {
    var handler: ((FeedEntry, FeedHead) -> Void)?
    private(set) var handed = 0

    func take(_ entry: FeedEntry, _ head: FeedHead) {
        handed += 1
        handler?(entry, head)
    }
}

/// The document's bytes as libxml2's I/O input reads them: from the body as it came (in memory
/// or mapped from its file; a mapping gives its pages back behind the reader) or the repaired
/// copy, a chunk at a time.
private final class ByteFeed {
    enum Storage {
        case body(Data)
        case owned([UInt8])
        case mapped(MappedBody)

        var mapped: MappedBody? {
            if case .mapped(let mapped) = self { return mapped }
            return nil
        }

        func withBytes<R>(_ read: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            switch self {
            case .body(let data): data.withUnsafeBytes { read($0.assumingMemoryBound(to: UInt8.self)) }
            case .owned(let bytes): bytes.withUnsafeBufferPointer(read)
            case .mapped(let mapped): read(mapped.bytes)
            }
        }
    }

    private let storage: Storage
    private var position: Int
    private let end: Int

    init(_ storage: Storage, range: Range<Int>) {
        self.storage = storage
        position = range.lowerBound
        end = range.upperBound
        storage.mapped?.restart(at: position)
    }

    /// The most a read hands over: the chunk libxml2's reader pushes from a memory input
    /// (`CHUNK_SIZE`). Larger reads change where a document cut inside a tag breaks off (the
    /// last whole entry before the cut was lost with 4,000-byte reads), so a cursor reads a
    /// broken document exactly as a whole parse does, from memory or from file.
    static let chunk = 512

    func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
        let n = min(count, end - position, Self.chunk)
        guard n > 0 else { return 0 }
        let target = UnsafeMutableRawBufferPointer(start: buffer, count: n)
        storage.withBytes { target.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[position..<(position + n)]))) }
        position += n
        storage.mapped?.passed(position)
        return Int32(n)
    }
}

private func feedCursorRead(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32) -> Int32 {
    guard let context, let buffer, length > 0 else { return 0 }
    return Unmanaged<ByteFeed>.fromOpaque(context).takeUnretainedValue().read(into: buffer, count: Int(length))
}
