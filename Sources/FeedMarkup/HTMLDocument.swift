import CLibXML2
import FeedModel
import Foundation

/// A page parsed by libxml2's HTML parser into an `HTMLNode` tree (built from the parser's
/// events by `HTMLTreeBuilder`: libxml2 builds no tree of its own).
///
/// libxml2 repairs what browsers repair (unclosed tags, stray end tags, misnested inline
/// markup, missing `<html>`/`<body>`), decodes entities and converts the bytes to UTF-8 from the
/// charset `Charset.detect` chose. The parser never touches the network (`HTML_PARSE_NONET`)
/// and reports no errors (`RECOVER | NOERROR | NOWARNING`): a page is never refused for bad
/// markup. Comments and processing instructions are dropped; `<script>` and `<style>` keep
/// their text (JSON-LD is read from it) and are skipped by layout.
public struct HTMLDocument {
    /// The `<html>` element (made by the parser when the page has none).
    public let root: HTMLNode
    /// The charset the bytes were decoded with (`nil`: libxml2's own guess).
    public let charset: String?
    /// The page's address after redirects; `<base href>` resolved against it.
    public let baseURL: URL?

    /// Deeper elements are flattened into their ancestor at this depth: a hostile page cannot
    /// make a walk recurse without bound (libxml2 itself stops nesting at 256 without `HUGE`).
    public static let maxDepth = 400

    /// Parses a page.
    /// - Parameters:
    ///   - bytes: the body as received.
    ///   - contentType: the HTTP `Content-Type` value, for its `charset`.
    ///   - url: where the page was fetched from (after redirects), the base for relative links.
    /// - Complexity: O(n) in the page's size.
    public static func parse<Bytes: Collection<UInt8>>(bytes: Bytes, contentType: String? = nil, url: URL? = nil) -> HTMLDocument {
        parse(bytes: bytes, contentType: contentType, url: url) { buffer, charset, options in
            let built = HTMLTreeBuilder.parse(buffer, charset: charset, options: options)
            return Built(root: built.root, base: .found(built.firstBase))
        }
    }

    /// What building a tree gave: its `<html>` element and, when the builder saw every element
    /// made, the first one named `base` (a walk of the new tree for it was fewer than 0.3% of
    /// the instructions but nearly 3% of the time: every node of a tree just built, out of the
    /// cache again).
    private struct Built {
        enum Base {
            /// The first `base` made, in document order (`nil`: none).
            case found(HTMLNode?)
            /// Not known: walk the tree.
            case unknown
        }
        let root: HTMLNode
        let base: Base
    }

    /// The same page through libxml2's own tree, copied node by node: how `parse` built the tree
    /// until libxml2's events built it directly (`HTMLTreeBuilder`). Kept to check that the two
    /// trees are the same (`HTMLTreeBuilderTests`).
    static func parseThroughLibXMLTree<Bytes: Collection<UInt8>>(bytes: Bytes, contentType: String? = nil, url: URL? = nil) -> HTMLDocument {
        parse(bytes: bytes, contentType: contentType, url: url) { buffer, charset, options -> Built in
            let root = HTMLNode(element: "html")
            let doc: htmlDocPtr? = buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                htmlReadMemory(pointer, Int32(clamping: buffer.count), nil, charset, options)
            }
            if let doc {
                defer { xmlFreeDoc(doc) }
                if let element = xmlDocGetRootElement(doc) {
                    root.attributes = attributes(of: element)
                    copyChildren(of: element, into: root, depth: 1)
                }
            }
            return Built(root: root, base: .unknown)
        }
    }

    private static func parse<Bytes: Collection<UInt8>>(
        bytes: Bytes, contentType: String?, url: URL?, build: (UnsafeBufferPointer<UInt8>, String?, Int32) -> Built
    ) -> HTMLDocument {
        let charset = Charset.detect(bytes: bytes, contentType: contentType)
        var data = Array(bytes)
        if data.isEmpty { data = Array("<html></html>".utf8) }
        // Decoded here, invalid sequences replaced, so libxml2 reads valid UTF-8 only: given a
        // charset, it stops at the first invalid sequence (the rest of the page lost) and says so
        // on stderr (`Charset.utf8`); given none, it reads Latin-1 from the first byte that is not
        // UTF-8 (`Charset.undeclared`).
        var parseCharset = charset
        if let decoded = charset.map({ Charset.utf8(data, from: $0) }) ?? Charset.undeclared(data) {
            data = decoded
            parseCharset = "UTF-8"
        }
        LibXMLErrors.silence()
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue | HTML_PARSE_COMPACT.rawValue)
        let built = data.withUnsafeBufferPointer { buffer in build(buffer, parseCharset, options) }
        let root = built.root
        // The builder's first `base` is the walk's while `normalise` moves nothing (it only moves
        // nodes, keeping their order, into a new `<body>` after a `<head>` that may come later).
        let moved = normalise(root)
        let baseElement: HTMLNode?
        if !moved, case .found(let found) = built.base { baseElement = found } else { baseElement = root.first("base") }
        let base = baseElement?["href"].flatMap { href in URL(string: href, relativeTo: url)?.absoluteURL } ?? url
        return HTMLDocument(root: root, charset: charset, baseURL: base)
    }

    /// Parses a string (an HTML field of an API, a test snippet).
    public static func parse(_ html: String, url: URL? = nil) -> HTMLDocument {
        parse(bytes: Array(html.utf8), contentType: "text/html; charset=utf-8", url: url)
    }

    /// `<head>`, when the page has one.
    public var head: HTMLNode? { root.elementChildren.first { $0.name == "head" } }
    /// `<body>` (an empty one when the page has none).
    public var body: HTMLNode {
        if let body = root.elementChildren.first(where: { $0.name == "body" }) { return body }
        let body = HTMLNode(element: "body")
        root.append(body)
        return body
    }

    /// The `lang` of `<html>` (or `<body>`), cleaned.
    public var language: String? {
        let lang = root["lang"] ?? root["xml:lang"] ?? body["lang"]
        return lang.map { TextSanitizer.clean($0) }.flatMap { $0.isEmpty || $0.count > 35 ? nil : $0 }
    }

    /// Resolves an `href`/`src` against the page: an absolute http(s) URL, or `nil` for anything
    /// else (`javascript:`, `data:`, fragments alone) and for links that carried control characters,
    /// which are refused, never cleaned.
    public func resolve(_ reference: String) -> URL? {
        Self.resolve(reference, against: baseURL)
    }

    public static func resolve(_ reference: String, against base: URL?) -> URL? {
        let trimmed = reference.trimmingSpaceAndNewlines()
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !Self.hasControl(trimmed) else { return nil }
        // Only when there is a space: Foundation's replacing goes through NSString every time.
        let escaped = trimmed.utf8.contains(0x20) ? trimmed.replacingOccurrences(of: " ", with: "%20") : trimmed
        guard let url = URL(string: escaped, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }

    /// Whether the text holds a C0 or C1 control or DEL (U+0000–U+001F, U+007F–U+009F), read as
    /// UTF-8 bytes: a C1 control is 0xC2 then 0x80–0x9F, and 0xC2 is always a lead byte in a
    /// String's valid UTF-8 (asking each scalar cost more than the check's worth, for every link).
    static func hasControl(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte == 0xC2, index &+ 1 < bytes.count, bytes[index &+ 1] &- 0x80 < 0x20 { return true }
                index &+= 1
            }
            return false
        }
    }
}

// MARK: - Helpers

extension HTMLDocument {
    static let urlAttributes: Set<String> = [
        "href", "src", "srcset", "data-src", "data-srcset", "data-original", "data-lazy-src", "poster", "cite", "action",
    ]

    private static func attributes(of node: xmlNodePtr) -> [String: String] {
        var out: [String: String] = [:]
        var attr = node.pointee.properties
        while let a = attr {
            if let name = a.pointee.name {
                let key = String(cString: name).lowercased()
                var value = ""
                if let only = a.pointee.children, only.pointee.next == nil, only.pointee.type == XML_TEXT_NODE {
                    // The usual value, one text node: read in place (xmlNodeListGetString
                    // copied it into a new C string first).
                    if let content = only.pointee.content { value = String(cString: content) }
                } else if let v = xmlNodeListGetString(node.pointee.doc, a.pointee.children, 1) {
                    value = String(cString: v)
                    fs_xmlFree(v)
                }
                // Addresses stay as written so `resolve` can refuse one that carried a control
                // character (never clean a link into a different one); they are never drawn.
                if out[key] == nil { out[key] = urlAttributes.contains(key) ? value : MarkupText.cleanNode(value) }
            }
            attr = a.pointee.next
        }
        return out
    }

    private static func copyChildren(of node: xmlNodePtr, into parent: HTMLNode, depth: Int) {
        var child = node.pointee.children
        while let c = child {
            switch c.pointee.type {
            case XML_ELEMENT_NODE:
                let name = c.pointee.name.map { String(cString: $0).lowercased() } ?? "span"
                if depth >= maxDepth {
                    copyChildren(of: c, into: parent, depth: depth)
                } else {
                    let element = HTMLNode(element: name, attributes: attributes(of: c))
                    parent.append(element)
                    copyChildren(of: c, into: element, depth: depth + 1)
                }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = c.pointee.content {
                    let text = MarkupText.cleanNode(String(cString: content))
                    if !text.isEmpty {
                        if let last = parent.children.last, last.isText { last.text += text } else { parent.append(HTMLNode(text: text)) }
                    }
                }
            default:
                break  // comments, processing instructions, DTD nodes
            }
            child = c.pointee.next
        }
    }

    /// Gives the tree the shape the walks expect: `<html>` holds a `<head>` and a `<body>`.
    /// - Returns: whether it changed the tree (there was no `<body>`).
    private static func normalise(_ root: HTMLNode) -> Bool {
        if root.elementChildren.contains(where: { $0.name == "body" }) { return false }
        let body = HTMLNode(element: "body")
        for child in root.children where child.name != "head" { body.append(child) }
        root.append(body)
        return true
    }
}
