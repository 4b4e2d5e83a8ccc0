import FeedModel

/// The key of every page whose start is known, by page index, kept compactly: a feed read for a
/// million entries knows some 40,000 page keys, and the pager must keep each (a dropped page is
/// fetched again from its key when the reader comes back), but not as 40,000 `PageKey` values
/// with a heap string each (some 120 bytes a page for a feed's `.cursor("25 https://…")`).
///
/// Pages go in blocks of `blockSize`. The block with the highest pages, where a feed read going
/// down adds its keys, is held as values; every block below it is sealed: its keys written one
/// after another as bytes, each string written as what it shares with the string before it in
/// the block (a common prefix and suffix, by length) and the bytes between. A feed's cursors
/// differ in a few bytes from one page to the next (`"25 URL"`, `"50 URL"`), so a sealed page
/// costs some 6 to 10 bytes. Reading a sealed key decodes its block up to it; writing one
/// decodes the block and writes it again (pages far up change only when a page above the rows
/// is fetched again and names a different next key).
///
/// A value: equal tables hold the same keys, whatever was sealed when. Strings come back with
/// the very bytes they were stored with.
///
/// - Complexity: the held block: O(1). A sealed block: O(`blockSize`) a read or a write.
public struct PageKeyTable: Sendable, Equatable {
    /// Pages a block holds.
    public static let blockSize = 64

    /// Sealed blocks `0..<heldBlock`, encoded (empty: no key in that block).
    private var sealed: [[UInt8]] = []
    /// The keys of block `heldBlock`, `blockSize` of them (nil: no key).
    private var held: [PageKey?] = Array(repeating: nil, count: PageKeyTable.blockSize)
    private var heldBlock = 0
    /// How many pages have a key.
    public private(set) var count = 0

    public init() {}

    public subscript(page: Int) -> PageKey? {
        get {
            guard page >= 0 else { return nil }
            let (block, slot) = page.quotientAndRemainder(dividingBy: Self.blockSize)
            if block == heldBlock { return held[slot] }
            guard block < heldBlock else { return nil }
            return Self.decode(sealed[block], upTo: slot)
        }
        set {
            guard page >= 0 else { return }
            let (block, slot) = page.quotientAndRemainder(dividingBy: Self.blockSize)
            if block > heldBlock {
                guard newValue != nil else { return }
                sealed.append(Self.encode(held))
                sealed.append(contentsOf: repeatElement([], count: block - heldBlock - 1))
                held = Array(repeating: nil, count: Self.blockSize)
                heldBlock = block
            }
            if block == heldBlock {
                count += (newValue != nil ? 1 : 0) - (held[slot] != nil ? 1 : 0)
                held[slot] = newValue
                return
            }
            var keys = Self.decodeAll(sealed[block])
            count += (newValue != nil ? 1 : 0) - (keys[slot] != nil ? 1 : 0)
            keys[slot] = newValue
            sealed[block] = Self.encode(keys)
        }
    }

    /// Removes a page's key and returns it.
    @discardableResult
    public mutating func removeValue(forPage page: Int) -> PageKey? {
        let value = self[page]
        self[page] = nil
        return value
    }

    /// The pages that have a key, ascending, with their keys.
    public var entries: [(page: Int, value: PageKey)] {
        var result: [(page: Int, value: PageKey)] = []
        result.reserveCapacity(count)
        for block in 0...heldBlock {
            let keys = block == heldBlock ? held : Self.decodeAll(sealed[block])
            for (slot, key) in keys.enumerated() {
                if let key { result.append((block * Self.blockSize + slot, key)) }
            }
        }
        return result
    }

    /// Bytes the sealed blocks take (their encodings; tests and measurements).
    public var sealedBytes: Int { sealed.reduce(0) { $0 + $1.count } }

    public static func == (lhs: PageKeyTable, rhs: PageKeyTable) -> Bool {
        lhs.count == rhs.count && lhs.entries.elementsEqual(rhs.entries) { $0.page == $1.page && $0.value == $1.value }
    }

    // MARK: - Encoding

    /// A key's first byte: which case, or none.
    private enum Tag: UInt8 {
        case none, offset, page, cursorNil, cursor, keysetNil, keyset, timeNil, time, idSlice
    }

    private static func encode(_ keys: [PageKey?]) -> [UInt8] {
        guard keys.contains(where: { $0 != nil }) else { return [] }
        var out: [UInt8] = []
        var previous: [UInt8] = []
        for key in keys {
            switch key {
            case nil: out.append(Tag.none.rawValue)
            case let .offset(offset, limit):
                out.append(Tag.offset.rawValue)
                writeInt(offset, to: &out)
                writeInt(limit, to: &out)
            case let .page(number):
                out.append(Tag.page.rawValue)
                writeInt(number, to: &out)
            case .cursor(nil): out.append(Tag.cursorNil.rawValue)
            case let .cursor(token?):
                out.append(Tag.cursor.rawValue)
                writeString(token, after: &previous, to: &out)
            case .keyset(nil): out.append(Tag.keysetNil.rawValue)
            case let .keyset(anchor?):
                out.append(Tag.keyset.rawValue)
                writeString(anchor, after: &previous, to: &out)
            case .time(nil): out.append(Tag.timeNil.rawValue)
            case let .time(bound?):
                out.append(Tag.time.rawValue)
                writeInt(Int(bound), to: &out)
            case let .idSlice(start, count):
                out.append(Tag.idSlice.rawValue)
                writeInt(start, to: &out)
                writeInt(count, to: &out)
            }
        }
        return out
    }

    private static func decodeAll(_ bytes: [UInt8]) -> [PageKey?] {
        var keys: [PageKey?] = []
        keys.reserveCapacity(blockSize)
        decode(bytes) { keys.append($0); return true }
        while keys.count < blockSize { keys.append(nil) }
        return keys
    }

    private static func decode(_ bytes: [UInt8], upTo slot: Int) -> PageKey? {
        var at = 0
        var found: PageKey?
        decode(bytes) { key in
            if at == slot { found = key; return false }
            at += 1
            return true
        }
        return found
    }

    /// Calls `body` with each key of an encoded block in order while it returns true.
    private static func decode(_ bytes: [UInt8], _ body: (PageKey?) -> Bool) {
        var at = 0
        var previous: [UInt8] = []
        while at < bytes.count {
            let key: PageKey?
            switch Tag(rawValue: bytes[at]) {
            case nil:
                preconditionFailure("a page key block holds an unknown tag \(bytes[at]) at \(at)")
            case .none?:
                at += 1
                key = nil
            case .offset?:
                at += 1
                let offset = readInt(bytes, &at)
                key = .offset(offset, limit: readInt(bytes, &at))
            case .page?:
                at += 1
                key = .page(readInt(bytes, &at))
            case .cursorNil?:
                at += 1
                key = .cursor(nil)
            case .cursor?:
                at += 1
                key = .cursor(readString(bytes, &at, after: &previous))
            case .keysetNil?:
                at += 1
                key = .keyset(nil)
            case .keyset?:
                at += 1
                key = .keyset(readString(bytes, &at, after: &previous))
            case .timeNil?:
                at += 1
                key = .time(nil)
            case .time?:
                at += 1
                key = .time(Int64(readInt(bytes, &at)))
            case .idSlice?:
                at += 1
                let start = readInt(bytes, &at)
                key = .idSlice(start: start, count: readInt(bytes, &at))
            }
            guard body(key) else { return }
        }
    }

    /// A zigzag LEB128 integer.
    private static func writeInt(_ value: Int, to out: inout [UInt8]) {
        writeUnsigned(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))), to: &out)
    }

    private static func readInt(_ bytes: [UInt8], _ at: inout Int) -> Int {
        let raw = readUnsigned(bytes, &at)
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    private static func writeUnsigned(_ value: UInt64, to out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    private static func readUnsigned(_ bytes: [UInt8], _ at: inout Int) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = bytes[at]
            at += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A string as the length of the prefix and of the suffix it shares with `previous` (which
    /// do not overlap in either), then the bytes between; `previous` becomes the string.
    private static func writeString(_ string: String, after previous: inout [UInt8], to out: inout [UInt8]) {
        let bytes = Array(string.utf8)
        let limit = min(bytes.count, previous.count)
        var prefix = 0
        while prefix < limit && bytes[prefix] == previous[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix && bytes[bytes.count - 1 - suffix] == previous[previous.count - 1 - suffix] { suffix += 1 }
        writeUnsigned(UInt64(prefix), to: &out)
        writeUnsigned(UInt64(suffix), to: &out)
        writeUnsigned(UInt64(bytes.count - prefix - suffix), to: &out)
        out.append(contentsOf: bytes[prefix..<(bytes.count - suffix)])
        previous = bytes
    }

    private static func readString(_ bytes: [UInt8], _ at: inout Int, after previous: inout [UInt8]) -> String {
        let prefix = Int(readUnsigned(bytes, &at))
        let suffix = Int(readUnsigned(bytes, &at))
        let middle = Int(readUnsigned(bytes, &at))
        var string = Array(previous[..<prefix])
        string.reserveCapacity(prefix + middle + suffix)
        string.append(contentsOf: bytes[at..<(at + middle)])
        string.append(contentsOf: previous[(previous.count - suffix)...])
        at += middle
        previous = string
        return String(decoding: string, as: UTF8.self)
    }
}

extension PageKeyTable: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (Int, PageKey)...) {
        for (page, key) in elements { self[page] = key }
    }
}
