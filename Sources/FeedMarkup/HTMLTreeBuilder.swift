import CLibXML2

/// Builds the `HTMLNode` tree straight from libxml2's HTML parser events (its SAX1 callbacks:
/// start and end of elements, text, script and style data), so libxml2 never builds, walks or
/// frees a tree of its own. libxml2 still does all the repairing: an element it closes for the
/// page (an unclosed `<p>`, misnested inline markup, a missing `<body>`) arrives as an end event.
///
/// The tree is the one `HTMLDocument.parseThroughLibXMLTree` gets by copying libxml2's tree
/// (`HTMLTreeBuilderTests` compares the two on every corpus page, the replica's article pages
/// and random and mutated pages). What the builder must do for that, and why:
/// - **Blank text.** With `HTML_PARSE_NOBLANKS` the parser drops white space between elements
///   by asking its tree what the current element's last child is (`areBlanks` reads
///   `ctxt->node`, after its own tests of the text, the next byte and the open element's
///   name). The builder leaves `ctxt->node` unset, so `areBlanks` keeps every blank text that
///   gets that far, and asks the last child's question itself (`isDroppedBlank`): text keeps
///   it, an element, data or a processing instruction keeps it when its name is one of
///   libxml2's `allowPCData`, no child when the open element's is; comments are skipped, as
///   `areBlanks` skips them. (Until 2026-11-29 `ctxt->node` pointed at stand-in `xmlNode`s for
///   `areBlanks` to read: its answer compared the name with each of the 53 names in turn.)
/// - **The doctype.** `areBlanks` drops white space in `<body>` under an HTML 4.01 strict
///   doctype, read from `ctxt->myDoc`: the builder keeps an empty document there holding only
///   the doctype, made as libxml2's tree builder makes it (the first one wins).
/// - **Text nodes.** libxml2 joins consecutive text events into one node, and a comment or
///   processing instruction ends one; the copy cleaned each node (`MarkupText.cleanNode`) and
///   joined neighbours after. The builder gathers the bytes of one node and cleans them when it
///   ends, so escape sequences split across events are judged whole, as before.
/// - **Names.** libxml2's tree builder keeps the part after the first `:` of an element name
///   (`fb:like` is `like`) and the whole attribute name; a boolean attribute without a value
///   (`checked`) has its name as its value.
/// - **Depth.** libxml2's tree builder stops the whole parse when an element would be the
///   258th open one (`xmlParserMaxDepth`, 256, without `XML_PARSE_HUGE`); so does the builder.
/// - **Elements after `</html>`.** The tree builder puts a second top-level element inside the
///   first when that is the document's first child, and out of reach (beside a doctype or a
///   comment) otherwise.
final class HTMLTreeBuilder {
    /// The `<html>` element the page's root element's attributes and children go into.
    let root = HTMLNode(element: "html")

    private struct Frame {
        /// Where this element's children go (`nil`: the element is out of the tree). Held
        /// unretained: every target is `root` or an element below it, which `root` holds for the
        /// whole parse (a retain and a release at each event went on reading the frame).
        let target: Unmanaged<HTMLNode>?
        /// The depth of this element's children (`HTMLDocument.maxDepth` flattens below it).
        let childDepth: Int
    }

    private enum FirstChild { case none, root, other }
    private enum Pending { case none, text, data }

    private var frames: [Frame] = []
    /// Set when the parse was stopped for depth: later events change nothing.
    private var halted = false
    /// libxml2's `xmlParserMaxDepth` (read as a constant: a mutable C global is not for Swift 6).
    private static let maxOpenElements = 256
    private var rootStarted = false
    /// What the document's first child is, as libxml2's tree builder would have it.
    private var documentFirstChild = FirstChild.none
    private var hasDoctype = false
    /// The text nodes' bytes: the node being gathered at the end, from `pendingStart` (a
    /// buffer of the builder's own: an array's uniqueness checks and resizing at every event
    /// were a tenth of building the tree). Plain ASCII text stays there, read by its node
    /// (`HTMLTextStore`).
    private let textStore = HTMLTextStore()
    private var pendingStart = 0
    /// Element and attribute names made once a parse: libxml2 hands them out of its dictionary,
    /// one address per name for the parse's whole life, so the address finds the String (and
    /// the element's `NameKey`) made the first time (a small table, the address hashed by bits).
    private var elementNames = [NameSlot](repeating: NameSlot(), count: HTMLTreeBuilder.nameSlots)
    private var attributeNames = [NameSlot](repeating: NameSlot(), count: HTMLTreeBuilder.nameSlots)
    private static let nameSlots = 256
    private var pendingKind = Pending.none
    /// Every element's attributes, one after another (`HTMLAttributeStore`).
    private let attributeStore = HTMLAttributeStore()
    /// What each open element's last child says of blank text after it (`isDroppedBlank`).
    private var lastChildren: [LastChild] = []
    private let context: htmlParserCtxtPtr

    private init(context: htmlParserCtxtPtr) {
        self.context = context
    }

    /// The first element made named `base`, in document order (`HTMLDocument` resolves links
    /// against its `href`).
    private(set) var firstBase: HTMLNode?
    static let baseKey = NameKey(packed: 0x6573_6162)  // base, packed as `NameKey(_:)` packs it (`NameKeyTests`)

    /// Parses `bytes` (not empty) as libxml2's `htmlReadMemory` would, with the same options and
    /// charset; the builder's `root` is the `<html>` element of the tree.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, charset: String?, options: Int32) -> (root: HTMLNode, firstBase: HTMLNode?) {
        xmlInitParser()
        let created = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { pointer in
            xmlCreateMemoryParserCtxt(pointer, Int32(clamping: bytes.count))
        }
        guard let context = created else { return (HTMLNode(element: "html"), nil) }
        // What htmlReadMemory does: the HTML handler over an XML context, the options, then the
        // charset (which also makes the parser ignore a <meta charset>); only the handler is ours.
        context.pointee.sax.pointee = makeHandler()
        let builder = HTMLTreeBuilder(context: context)
        context.pointee._private = Unmanaged.passUnretained(builder).toOpaque()
        htmlCtxtUseOptions(context, options)
        context.pointee.html = 1
        if let charset, let encoder = xmlFindCharEncodingHandler(charset) {
            xmlSwitchToEncoding(context, encoder)
            if let old = context.pointee.input.pointee.encoding { fs_xmlFree(UnsafeMutableRawPointer(mutating: old)) }
            context.pointee.input.pointee.encoding = UnsafePointer(xmlStrdup(charset))
        }
        let document = htmlNewDocNoDtD(nil, nil)
        context.pointee.myDoc = document
        withExtendedLifetime(builder) { _ = htmlParseDocument(context) }
        builder.flush()
        context.pointee.node = nil
        context.pointee.myDoc = nil
        context.pointee._private = nil
        if let document { xmlFreeDoc(document) }
        xmlFreeParserCtxt(context)
        return (builder.root, builder.firstBase)
    }

    // MARK: - Events

    private func startElement(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard !halted else { return }
        flush()
        if frames.count > Self.maxOpenElements {
            // As nodePush refusing the node: the parse ends here, the element is not kept.
            halted = true
            xmlStopParser(context)
            return
        }
        let frame: Frame
        if let parent = frames.last {
            frame = child(of: parent, name: name, attributes: attributes)
        } else if !rootStarted {
            rootStarted = true
            if documentFirstChild == .none { documentFirstChild = .root }
            if let attributes {
                let start = attributeStore.count
                root.setBuiltAttributes(attributeStore, start: start, count: self.attributes(attributes))
            }
            frame = Frame(target: Unmanaged.passUnretained(root), childDepth: 1)
        } else if documentFirstChild == .root {
            frame = child(of: Frame(target: Unmanaged.passUnretained(root), childDepth: 1), name: name, attributes: attributes)
        } else {
            frame = Frame(target: nil, childDepth: 0)
        }
        if let parent = lastChildren.indices.last {
            lastChildren[parent] = elementNames[elementSlot(name)].keepsBlank ? .keepsBlank : .dropsBlank
        }
        frames.append(frame)
        lastChildren.append(.none)
    }

    private func child(of parent: Frame, name: UnsafePointer<xmlChar>, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> Frame {
        guard let target = parent.target else { return parent }
        if parent.childDepth >= HTMLDocument.maxDepth { return parent }
        let slot = elementSlot(name)
        let start = attributeStore.count
        let count = attributes.map(self.attributes) ?? 0
        let element = HTMLNode(element: elementNames[slot].name, key: elementNames[slot].key, attributes: attributeStore, start: start, count: count)
        target._withUnsafeGuaranteedRef { $0.appendBuilt(element) }
        if elementNames[slot].key == Self.baseKey, firstBase == nil { firstBase = element }
        return Frame(target: Unmanaged.passUnretained(element), childDepth: parent.childDepth + 1)
    }

    private func endElement() {
        guard !halted else { return }
        flush()
        guard !frames.isEmpty else { return }
        frames.removeLast()
        lastChildren.removeLast()
    }

    private func text(_ bytes: UnsafePointer<xmlChar>, _ count: Int32, kind: Pending) {
        guard !halted, let frame = frames.last else { return }  // text outside any element is dropped
        let level = frames.count - 1
        if kind == .text, isDroppedBlank(bytes, count, lastChild: lastChildren[level]) { return }
        // Data has no name: `areBlanks` finds it in no list.
        lastChildren[level] = kind == .text ? .keepsBlank : .dropsBlank
        guard frame.target != nil, count > 0 else { return }
        if kind != pendingKind { flush() }
        if pendingKind == .none { pendingStart = textStore.count }
        pendingKind = kind
        textStore.append(bytes, count: Int(count))
    }

    /// What an element's last child says of blank text after it, as `areBlanks` judges it.
    private enum LastChild { case none, keepsBlank, dropsBlank }

    /// Whether libxml2's `areBlanks` would have dropped this text, had `ctxt->node` pointed at
    /// the open element (as libxml2's tree builder keeps it). `areBlanks` itself has already
    /// passed the text through its tests that come before the node: a text that is not all
    /// blank, or that a byte other than `<` follows, was kept there (and is kept here); one at
    /// the end of the input, or in no element, `<html>`, `<head>` or a strict doctype's
    /// `<body>`, was dropped there and never arrives. What is left is its question of the node:
    /// a blank text goes unless the last child is text, or is named in `allowPCData`, or (no
    /// child yet) the open element is. Keeping it instead made libxml2 ask `htmlCheckParagraph`
    /// first, which does nothing below an element other than `<html>` or `<head>`.
    private func isDroppedBlank(_ bytes: UnsafePointer<xmlChar>, _ count: Int32, lastChild: LastChild) -> Bool {
        guard let input = context.pointee.input, let next = input.pointee.cur, next[0] == 0x3C else { return false }
        // A character reference (`&#32;`, `&#10`) is handed over as text by `htmlParseReference`,
        // which asks `areBlanks` nothing: its input ends in `;` or a digit. Text that did pass
        // `areBlanks` ends in what it was read from: white space, or a byte libxml2 skipped or
        // read as a space (a NUL, a control), never `;` or a letter or digit.
        guard let base = input.pointee.base, next > base else { return false }
        let previous = next[-1]
        if previous == 0x3B || previous &- 0x30 < 10 || (previous | 0x20) &- 0x61 < 26 { return false }
        for index in 0..<Int(count) {
            let byte = bytes[index]
            // IS_BLANK_CH: space, tab, line feed, carriage return.
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return false }
        }
        switch lastChild {
        case .keepsBlank: return false
        case .dropsBlank: return true
        case .none:
            guard let name = context.pointee.name else { return false }
            return !elementNames[elementSlot(name)].nameKeepsBlank
        }
    }

    /// libxml2 2.9.14's `allowPCData`, the names of the elements HTML 4.01 lets hold text, which
    /// `areBlanks` compares names with (read from the library's table).
    static let allowPCData: Set<String> = [
        "a", "abbr", "acronym", "address", "applet", "b", "bdo", "big", "blockquote", "body", "button", "caption", "center",
        "cite", "code", "dd", "del", "dfn", "div", "dt", "em", "font", "form", "h1", "h2", "h3", "h4", "h5", "h6", "i",
        "iframe", "ins", "kbd", "label", "legend", "li", "noframes", "noscript", "object", "p", "pre", "q", "s", "samp",
        "small", "span", "strike", "strong", "td", "th", "tt", "u", "var",
    ]

    private static func isAllowPCData(_ name: UnsafePointer<xmlChar>) -> Bool {
        allowPCData.contains(String(cString: name))
    }

    private func comment() {
        guard !halted else { return }
        flush()
        if frames.isEmpty, documentFirstChild == .none { documentFirstChild = .other }
    }

    private func instruction(_ target: UnsafePointer<xmlChar>?) {
        guard !halted else { return }
        flush()
        if frames.isEmpty {
            if documentFirstChild == .none { documentFirstChild = .other }
        } else {
            lastChildren[frames.count - 1] = target.map(Self.isAllowPCData) ?? false ? .keepsBlank : .dropsBlank
        }
    }

    private func doctype(_ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?, _ systemID: UnsafePointer<xmlChar>?) {
        // As xmlSAX2InternalSubset for HTML: the first doctype is kept, and goes first in the
        // document.
        guard !halted, !hasDoctype, let document = context.pointee.myDoc else { return }
        hasDoctype = true
        documentFirstChild = .other
        xmlCreateIntSubset(document, name, externalID, systemID)
    }

    /// Ends the text node being gathered: cleaned whole, then joined to a text node before it.
    func flush() {
        guard pendingKind != .none else { return }
        pendingKind = .none
        let start = pendingStart, count = textStore.count - start
        guard let target = frames.last?.target else { return textStore.truncate(to: start) }
        let bytes = textStore.bytes(from: start, count: count)
        // Most text is plain ASCII, which the gate keeps as it is: no String built to ask, and
        // none until the text is read (`HTMLTextStore`).
        if MarkupText.isPlainASCII(bytes) {
            guard count > 0 else { return }
            target._withUnsafeGuaranteedRef { $0.appendBuiltText(in: textStore, start: start, count: count) }
            return
        }
        // A C string ends at its first NUL, as the copy read it.
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        let text = MarkupText.cleanNode(String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self))
        textStore.truncate(to: start)
        guard !text.isEmpty else { return }
        target._withUnsafeGuaranteedRef { $0.appendBuiltText(text) }
    }

    // MARK: - Script and style text

    /// libxml2 reads a `<script>` or `<style>` a character at a time (`htmlParseScript`: a call
    /// to `htmlCurrentChar`, a copy and a line count each, some 80 instructions a byte, a sixth of
    /// its parse of the corpus), and hands it over in blocks of 1,000 bytes. At the end of such a
    /// block the builder reads on itself up to where libxml2 would stop (the element's end tag),
    /// takes the bytes as the next blocks would have brought them, and moves libxml2's input on
    /// to there: libxml2 then finds the end tag as it would have.
    ///
    /// It reads on only over what libxml2 copies unchanged (printable ASCII, tab, line feed,
    /// carriage return; other well-formed UTF-8 that XML allows when the input is UTF-8) and
    /// leaves the rest to libxml2 (a NUL, a control byte, anything malformed, the end of the
    /// input): libxml2 then reads on from there itself. `HTMLTreeBuilderTests` compares the tree
    /// with libxml2's own, which never reads ahead.
    fileprivate func readScriptAhead(after block: UnsafeBufferPointer<UInt8>) {
        // Only a full block (a last, shorter one comes after the loop, with the end tag next),
        // while the element is a script or a style and the parse recovers (the end is then only
        // `</` and the element's name).
        guard !halted, block.count >= Self.scriptBlockSize, context.pointee.recovery != 0,
              context.pointee.instate != XML_PARSER_EOF, let input = context.pointee.input,
              let name = context.pointee.name, Self.isScriptOrStyle(name), let current = input.pointee.cur
        else { return }
        // libxml2 calls with the input on the block's last character, copied but not yet
        // stepped over: it ends the block (else this is no such call: leave it). Only an ASCII
        // one, so that the step libxml2 takes next is one byte, onto the last byte read here.
        let lead = current[0]
        guard lead != 0, lead < 0x80, block[block.count - 1] == lead else { return }
        let start = current + 1
        let isUTF8 = context.pointee.charset == Int32(XML_CHAR_ENCODING_UTF8.rawValue)
        let nameLength = Int(xmlStrlen(name))
        var end = start
        var lines: Int32 = 0
        // Characters after the last line feed (or since `start` when there is none).
        var column: Int32 = 0
        while true {
            let byte = end[0]
            if byte >= 0x20 && byte < 0x80 {
                if byte == 0x3C && end[1] == 0x2F && Self.matches(name, nameLength, end + 2) { break }
                end += 1
                column &+= 1
            } else if byte == 0x0A {
                end += 1
                lines &+= 1
                column = 0
            } else if byte == 0x09 || byte == 0x0D {
                end += 1
                column &+= 1
            } else if byte >= 0x80, isUTF8, let size = Self.allowedUTF8(end) {
                end += size
                column &+= 1
            } else {
                break
            }
        }
        guard end > start else { return }
        text(start, Int32(end - start), kind: .data)
        // libxml2 goes on by stepping over the character it copied last (`NEXTL`): a line feed
        // there counts a line, anything else a column. The input is set on the last byte read
        // here, so that the step lands on `end`, and the counts so that they come out as a step
        // a character would have left them (its error messages are the counts' only reader).
        let last = end - 1
        var line = input.pointee.line, col = input.pointee.col
        // First the character the block ended on, then those read here.
        if lead == 0x0A { line &+= 1; col = 1 } else { col &+= 1 }
        if lines > 0 { line &+= lines; col = 1 &+ column } else { col &+= column }
        if last[0] == 0x0A { line &-= 1 } else { col &-= 1 }
        input.pointee.line = line
        input.pointee.col = col
        input.pointee.cur = UnsafePointer(last)
    }

    /// libxml2's `HTML_PARSER_BIG_BUFFER_SIZE`: a block of script text is handed over when it
    /// holds this many bytes.
    private static let scriptBlockSize = 1000

    private static func isScriptOrStyle(_ name: UnsafePointer<xmlChar>) -> Bool {
        xmlStrEqual(name, "script") != 0 || xmlStrEqual(name, "style") != 0
    }

    /// Whether `text` starts with `name` (lowercase ASCII), ignoring ASCII case, as
    /// `xmlStrncasecmp(name, text, nameLength) == 0` (text ends at a NUL, as the input does).
    private static func matches(_ name: UnsafePointer<xmlChar>, _ nameLength: Int, _ text: UnsafePointer<xmlChar>) -> Bool {
        for index in 0..<nameLength {
            let want = name[index], byte = text[index]
            if byte != want && !(want >= 0x61 && want <= 0x7A && byte == want - 0x20) { return false }
        }
        return true
    }

    /// The length of the well-formed UTF-8 sequence of two to four bytes at `bytes`, when its
    /// scalar is one XML allows (not U+FFFE or U+FFFF); `nil` otherwise.
    private static func allowedUTF8(_ bytes: UnsafePointer<UInt8>) -> Int? {
        let b0 = UInt32(bytes[0])
        @inline(__always) func isTail(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        if b0 >= 0xC2 && b0 <= 0xDF {
            return isTail(bytes[1]) ? 2 : nil
        }
        if b0 >= 0xE0 && b0 <= 0xEF {
            guard isTail(bytes[1]), isTail(bytes[2]) else { return nil }
            let scalar = (b0 & 0x0F) << 12 | UInt32(bytes[1] & 0x3F) << 6 | UInt32(bytes[2] & 0x3F)
            guard scalar >= 0x800, !(0xD800...0xDFFF).contains(scalar), scalar != 0xFFFE, scalar != 0xFFFF else { return nil }
            return 3
        }
        if b0 >= 0xF0 && b0 <= 0xF4 {
            guard isTail(bytes[1]), isTail(bytes[2]), isTail(bytes[3]) else { return nil }
            let scalar = (b0 & 0x07) << 18 | UInt32(bytes[1] & 0x3F) << 12 | UInt32(bytes[2] & 0x3F) << 6 | UInt32(bytes[3] & 0x3F)
            guard scalar >= 0x10000, scalar <= 0x10FFFF else { return nil }
            return 4
        }
        return nil
    }

    // MARK: - Helpers

    /// A name made from one libxml2 dictionary address.
    private struct NameSlot {
        var address: UnsafeRawPointer?
        var name = ""
        var key = NameKey(packed: 0)
        /// Whether the name libxml2's tree builder gives the element is in `allowPCData`.
        var keepsBlank = false
        /// Whether the name as libxml2 has it (prefix and all) is.
        var nameKeepsBlank = false
    }

    private static func slot(_ address: UnsafeRawPointer) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: address) >> 3 ^ UInt(bitPattern: address) >> 11) & (nameSlots - 1)
    }

    /// The slot of `elementNames` holding `localName(name)`, its key and whether it is in
    /// `allowPCData`, made once for each name of the parse.
    private func elementSlot(_ name: UnsafePointer<xmlChar>) -> Int {
        let address = UnsafeRawPointer(name)
        let index = Self.slot(address)
        if elementNames[index].address == address { return index }
        let length = Int(xmlStrlen(name))
        let made = Self.localName(name, length: length)
        let keepsBlank = Self.allowPCData.contains(made)
        // A name without a prefix is the name as libxml2 has it: its answer is the same (one
        // C string made and one set lookup fewer for each name of a parse).
        let nameKeepsBlank = made.utf8.count == length ? keepsBlank : Self.isAllowPCData(name)
        elementNames[index] = NameSlot(address: address, name: made, key: NameKey(made), keepsBlank: keepsBlank, nameKeepsBlank: nameKeepsBlank)
        return index
    }

    /// `String(cString: name)` for an attribute name, made once for each name of the parse.
    private func attributeName(_ name: UnsafePointer<xmlChar>) -> String {
        let address = UnsafeRawPointer(name)
        let index = Self.slot(address)
        if attributeNames[index].address == address { return attributeNames[index].name }
        let made = String(cString: name)
        attributeNames[index] = NameSlot(address: address, name: made)
        return made
    }

    /// The element name libxml2's tree builder keeps (xmlSplitQName): after the first `:`,
    /// unless the name starts or ends with it.
    private static func localName(_ name: UnsafePointer<xmlChar>, length: Int) -> String {
        let full = UnsafeBufferPointer(start: name, count: length)
        if let colon = full.firstIndex(of: 0x3A), colon > 0, colon + 1 < full.count {
            return String(decoding: full[(colon + 1)...], as: UTF8.self)
        }
        return String(decoding: full, as: UTF8.self)
    }

    /// Appends the attributes to `attributeStore`, names unique: a name given again is passed
    /// over (libxml2 keeps the first and drops the others before it calls; the check below is
    /// for certainty).
    /// - Returns: how many it appended.
    private func attributes(_ list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>) -> Int {
        var count = 0
        var index = 0
        while let name = list[index] {
            // libxml2 keeps the first of two attributes of one name (names are its dictionary's
            // strings, equal names the same pointer); the check is for certainty, and cheap.
            var repeated = false
            var earlier = 0
            while earlier < index {
                if list[earlier] == name { repeated = true }
                earlier += 2
            }
            if !repeated {
                let key = attributeName(name)
                let value: String
                if let raw = list[index + 1] {
                    let length = Int(xmlStrlen(raw))
                    let bytes = UnsafeBufferPointer(start: raw, count: length)
                    // Addresses stay as written so `resolve` can refuse one that carried a control
                    // character (never clean a link into a different one); they are never drawn.
                    if MarkupText.isPlainASCII(bytes) || Self.isAddress(name) {
                        value = String(decoding: bytes, as: UTF8.self)
                    } else {
                        value = MarkupText.cleanNode(String(cString: raw))
                    }
                } else {
                    value = htmlIsBooleanAttr(name) != 0 ? key : ""
                }
                // No name is in the list already: a name is one address of libxml2's dictionary
                // for the whole parse (equal names, the same address), and `repeated` passed over
                // an address seen before, so comparing the strings again (what setting a
                // dictionary did) never found one.
                attributeStore.append(HTMLAttribute(name: key, value: value))
                count += 1
            }
            index += 2
        }
        return count
    }

    /// Whether the attribute is one of `HTMLDocument.urlAttributes`, read from the C string
    /// (no String built and hashed to ask).
    private static func isAddress(_ name: UnsafePointer<xmlChar>) -> Bool {
        switch name[0] {
        case 0x68, 0x73, 0x64, 0x70, 0x63, 0x61:  // h s d p c a
            return HTMLDocument.urlAttributes.contains(String(cString: name))
        default:
            return false
        }
    }

    /// Calls `body` with the parse's builder, unretained: `parse` holds it until the parse ends.
    @inline(__always)
    private static func withBuilder(_ context: UnsafeMutableRawPointer?, _ body: (HTMLTreeBuilder) -> Void) {
        let parser = context!.assumingMemoryBound(to: xmlParserCtxt.self)
        Unmanaged<HTMLTreeBuilder>.fromOpaque(parser.pointee._private!)._withUnsafeGuaranteedRef(body)
    }

    /// The callbacks (SAX1, as libxml2's HTML parser calls them); errors and warnings unset, as
    /// `HTML_PARSE_NOERROR | NOWARNING` leave them. Made for each parse: no C state is shared.
    private static func makeHandler() -> htmlSAXHandler {
        var sax = htmlSAXHandler()
        sax.initialized = 1
        sax.internalSubset = { context, name, externalID, systemID in HTMLTreeBuilder.withBuilder(context) { $0.doctype(name, externalID, systemID) } }
        sax.startElement = { context, name, attributes in
            guard let name else { return }
            HTMLTreeBuilder.withBuilder(context) { $0.startElement(name, attributes) }
        }
        sax.endElement = { context, _ in HTMLTreeBuilder.withBuilder(context) { $0.endElement() } }
        sax.characters = { context, bytes, count in
            guard let bytes else { return }
            HTMLTreeBuilder.withBuilder(context) { $0.text(bytes, count, kind: .text) }
        }
        sax.cdataBlock = { context, bytes, count in
            guard let bytes else { return }
            HTMLTreeBuilder.withBuilder(context) { builder in
                builder.text(bytes, count, kind: .data)
                builder.readScriptAhead(after: UnsafeBufferPointer(start: bytes, count: Int(count)))
            }
        }
        sax.comment = { context, _ in HTMLTreeBuilder.withBuilder(context) { $0.comment() } }
        sax.processingInstruction = { context, target, _ in HTMLTreeBuilder.withBuilder(context) { $0.instruction(target) } }
        return sax
    }
}
