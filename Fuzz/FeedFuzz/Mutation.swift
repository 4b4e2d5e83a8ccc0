import FeedModel
import Foundation

/// The ways a response is broken, each drawn from a seed so any case can be replayed.
public enum Mutation: String, CaseIterable, Sendable {
    /// The body cut at a random byte.
    case truncate
    /// A few random bytes XORed with random values.
    case flipBytes
    /// One JSON value replaced by a value of another type.
    case swapType
    /// One JSON value replaced by `null`.
    case nullOut
    /// One object field removed.
    case removeField
    /// One JSON value replaced by arrays nested 10,000 deep.
    case nestDeep
    /// One string value replaced by a huge one (50 MB in `make fuzz`).
    case hugeString
    /// Bytes that are not UTF-8 spliced into one string value.
    case invalidUTF8
    /// One string value carrying escape sequences, controls and bidi overrides.
    case hostileString
    /// No body at all.
    case emptyBody
    /// An HTML error page, with status 200.
    case htmlPage
    /// The whole body replaced by another JSON document (`null`, `{}`, `[]`, `"x"`, `0`, `true`).
    case otherDocument

    /// The mutated response: status, headers and body.
    ///
    /// - Parameters:
    ///   - body: the recorded body.
    ///   - headers: the recorded headers.
    ///   - random: the case's generator.
    ///   - hugeBytes: the size of `hugeString`'s string.
    func apply(to body: Data, headers: [String: String], random: inout SplitMix64, hugeBytes: Int)
        -> (status: Int, headers: [String: String], body: Data)
    {
        switch self {
        case .truncate:
            return (200, headers, body.prefix(Int(random.next() % UInt64(max(body.count, 1)))))
        case .flipBytes:
            var bytes = [UInt8](body)
            for _ in 0..<(1 + Int(random.next() % 4)) where !bytes.isEmpty {
                bytes[Int(random.next() % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            }
            return (200, headers, Data(bytes))
        case .emptyBody:
            return (200, headers, Data())
        case .htmlPage:
            let page = "<!DOCTYPE html><html><head><title>Oops</title></head><body><h1>We'll be right back</h1>"
                + "<p>Something went wrong \u{1B}]0;PWNED\u{07}.</p></body></html>"
            return (200, ["content-type": "text/html; charset=utf-8"], Data(page.utf8))
        case .otherDocument:
            return (200, headers, Data(random.pick(["null", "{}", "[]", "\"x\"", "0", "true", "{\"items\":{}}", "[null]", "[{}]"]).utf8))
        default:
            guard var document = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
                return (200, headers, body)
            }
            let paths = JSONTree.paths(in: document)
            guard !paths.isEmpty else { return (200, headers, body) }
            let path = random.pick(paths)
            var splice: Data?
            switch self {
            case .swapType:
                let current = JSONTree.value(in: document, at: path)
                let others: [Any] = [NSNull(), 0, 1.5, -1, "text", "", true, [Any](), [String: Any](), ["a": 1], [1, "b"]]
                var replacement = random.pick(others)
                if type(of: replacement) == type(of: current as Any) { replacement = NSNull() }
                document = JSONTree.replacing(in: document, at: path, with: replacement)
            case .nullOut:
                document = JSONTree.replacing(in: document, at: path, with: NSNull())
            case .removeField:
                let fields = paths.filter { if case .key = $0.last { true } else { false } }
                if !fields.isEmpty { document = JSONTree.removing(in: document, at: random.pick(fields)) }
            case .nestDeep:
                document = JSONTree.replacing(in: document, at: path, with: JSONTree.marker)
                splice = Data(String(repeating: "[", count: 10_000).utf8) + Data(String(repeating: "]", count: 10_000).utf8)
            case .hugeString:
                document = JSONTree.replacing(in: document, at: JSONTree.stringPath(in: document, random: &random) ?? path, with: JSONTree.marker)
                splice = Data("\"".utf8) + Data(repeating: UInt8(ascii: "a") &+ UInt8(random.next() % 26), count: hugeBytes) + Data("\"".utf8)
            case .invalidUTF8:
                document = JSONTree.replacing(in: document, at: JSONTree.stringPath(in: document, random: &random) ?? path, with: JSONTree.marker)
                let bad: [[UInt8]] = [[0xFF], [0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]]
                splice = Data("\"a".utf8) + Data(random.pick(bad)) + Data("b\"".utf8)
            case .hostileString:
                let hostile = random.pick([
                    "A\u{1B}]0;X\u{1B}[31mB", "A\u{1B}P qq \u{1B}[2JB", "A\u{1B}]0;X Y Z\u{07}B", "A\u{1B}[31</p>",
                    "\u{9B}31m\u{9D}0;t\u{9C}x", "\u{202E}evil\u{202C}", "a\u{0}b\u{7F}c\u{85}d", "<p>\u{1B}[2J</p>&#27;[31m",
                    "https://example.com/\u{1B}[31mred", "\u{1B}]8;;https://evil.example\u{1B}\\here",
                ])
                document = JSONTree.replacing(in: document, at: JSONTree.stringPath(in: document, random: &random) ?? path, with: hostile)
            default:
                break
            }
            guard var data = try? JSONSerialization.data(withJSONObject: document, options: [.fragmentsAllowed, .sortedKeys]) else {
                return (200, headers, body)
            }
            if let splice, let range = data.range(of: Data("\"\(JSONTree.marker)\"".utf8)) {
                data.replaceSubrange(range, with: splice)
            }
            return (200, headers, data)
        }
    }
}

/// Paths into a JSONSerialization document, and edits at them.
enum JSONTree {
    enum Step { case key(String), index(Int) }

    /// Stands in for a value spliced in as raw bytes after serialisation.
    static let marker = "FUZZ-SPLICE-7f3a9c"

    /// Every value's path (the root excluded), depth first.
    static func paths(in value: Any, prefix: [Step] = []) -> [[Step]] {
        var out: [[Step]] = []
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                let path = prefix + [.key(key)]
                out.append(path)
                out += paths(in: object[key]!, prefix: path)
            }
        } else if let array = value as? [Any] {
            for (index, element) in array.enumerated() {
                let path = prefix + [.index(index)]
                out.append(path)
                out += paths(in: element, prefix: path)
            }
        }
        return out
    }

    /// A random path to a string value, if there is one.
    static func stringPath(in document: Any, random: inout SplitMix64) -> [Step]? {
        let strings = paths(in: document).filter { value(in: document, at: $0) is String }
        return strings.isEmpty ? nil : random.pick(strings)
    }

    static func value(in document: Any, at path: [Step]) -> Any? {
        var node: Any = document
        for step in path {
            switch step {
            case let .key(key): guard let next = (node as? [String: Any])?[key] else { return nil }; node = next
            case let .index(index): guard let array = node as? [Any], index < array.count else { return nil }; node = array[index]
            }
        }
        return node
    }

    static func replacing(in document: Any, at path: [Step], with replacement: Any) -> Any {
        guard let step = path.first else { return replacement }
        switch step {
        case let .key(key):
            guard var object = document as? [String: Any], let child = object[key] else { return document }
            object[key] = replacing(in: child, at: Array(path.dropFirst()), with: replacement)
            return object
        case let .index(index):
            guard var array = document as? [Any], index < array.count else { return document }
            array[index] = replacing(in: array[index], at: Array(path.dropFirst()), with: replacement)
            return array
        }
    }

    static func removing(in document: Any, at path: [Step]) -> Any {
        guard let step = path.first else { return document }
        if path.count == 1, case let .key(key) = step, var object = document as? [String: Any] {
            object[key] = nil
            return object
        }
        switch step {
        case let .key(key):
            guard var object = document as? [String: Any], let child = object[key] else { return document }
            object[key] = removing(in: child, at: Array(path.dropFirst()))
            return object
        case let .index(index):
            guard var array = document as? [Any], index < array.count else { return document }
            array[index] = removing(in: array[index], at: Array(path.dropFirst()))
            return array
        }
    }
}
