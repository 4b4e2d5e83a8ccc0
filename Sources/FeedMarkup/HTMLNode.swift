import FeedModel

/// One node of a parsed HTML page: an element with attributes and children, or a run of text.
///
/// The tree is built once from libxml2's (`HTMLDocument.parse`) and is then plain Swift, so the
/// extractor can score, move and drop nodes without touching C memory. Element and attribute
/// names are lowercase. Text has been through the terminal-escape gate (`MarkupText.cleanNode`)
/// but keeps its spaces and line breaks, which only layout may collapse.
///
/// Not `Sendable`: a tree belongs to the one task that parsed it; what leaves it are values
/// (`MarkupBlock`, `Article`).
public final class HTMLNode {
    /// `#text` for text, otherwise the element's lowercase tag name.
    public var name: String {
        didSet {
            key = NameKey(name)
            invalidateMeasure()
        }
    }
    /// `name` as a number, for the walks that look for tag names (`descendants(named:)`, …):
    /// comparing it costs less than hashing or comparing the string at every node.
    private var key: NameKey
    /// The attributes, names unique (set or read as a dictionary; kept as a list, see
    /// `attributeStore`).
    public var attributes: [String: String] {
        get { Dictionary(attributeList.lazy.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }) }
        set {
            setAttributes(newValue.map { HTMLAttribute(name: $0.key, value: $0.value) })
            invalidateMeasure()
        }
    }
    /// The attributes as a list, names unique: elements have a few, and finding one by
    /// comparing names costs less than hashing it, as making the list costs less than making
    /// a dictionary (which was a sixth of building the tree). The list is `attributeCount`
    /// attributes of `attributeStore` from `attributeStart`: the tree builder puts every
    /// element's in one store (`HTMLAttributeStore`); `nil` when there are none.
    private var attributeStore: HTMLAttributeStore?
    private var attributeStart: Int32 = 0
    private var attributeCount: Int32 = 0

    /// The attributes, read in place (the store holds them as long as this node holds it).
    private var attributeList: UnsafeBufferPointer<HTMLAttribute> {
        guard let attributeStore else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: attributeStore.base + Int(attributeStart), count: Int(attributeCount))
    }

    private func setAttributes(_ list: [HTMLAttribute]) {
        attributeStore = list.isEmpty ? nil : HTMLAttributeStore(list)
        attributeStart = 0
        attributeCount = Int32(list.count)
    }

    /// The text of a text node (empty for elements).
    public var text: String {
        get {
            if textStore != nil { keepText() }
            return storedText
        }
        set {
            textStore = nil
            storedText = newValue
            invalidateMeasure()
        }
    }
    /// `text`, once made. A text node the tree builder made from plain ASCII keeps it as
    /// `textCount` bytes of `textStore` from `textStart` (`HTMLTextStore`) until it is first
    /// asked for: most text is only measured (from the bytes) and freed.
    private var storedText: String
    private var textStore: HTMLTextStore?
    private var textStart: Int32 = 0
    private var textCount: Int32 = 0

    /// Makes `text` from the bytes it is kept as.
    private func keepText() {
        guard let store = textStore else { return }
        storedText = String(decoding: store.bytes(from: Int(textStart), count: Int(textCount)), as: UTF8.self)
        textStore = nil
    }

    /// Calls `body` with `text` as UTF-8, without making a String of text kept as bytes.
    public func withTextUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let store = textStore { return try body(store.bytes(from: Int(textStart), count: Int(textCount))) }
        var text = storedText
        return try text.withUTF8(body)
    }

    /// Whether `text` is white space only (or empty): `text.isWhitespaceOnly`, read from the
    /// bytes.
    public var isBlankText: Bool { withTextUTF8(WhiteSpaceUTF8.isBlank) }
    public private(set) var children: [HTMLNode]
    /// The node whose `children` hold this one. Not `weak`: a weak reference gives every node a
    /// side table (an allocation each, and the slow path for every retain and release, which was
    /// a fifth of the extractor's time). Instead a node going away detaches its children
    /// (`deinit`), and only `append`/`insert`/`remove`/`moveChildren` set it, always together with
    /// the parent's `children`, so it never outlives the node it points to.
    public var parent: HTMLNode? { parentReference?.takeUnretainedValue() }
    /// `parent`, held unretained (as `unowned(unsafe)` held it) in a form the walks up the tree
    /// read without a retain and a release a step (`isAttached`, `invalidateMeasure`).
    private var parentReference: Unmanaged<HTMLNode>?
    /// `textMeasure`, once counted; `nil` again whenever this subtree changes.
    private var measure: TextMeasure?

    public init(element name: String, attributes: [String: String] = [:]) {
        self.name = name
        self.key = NameKey(name)
        self.storedText = ""
        self.children = []
        if !attributes.isEmpty { setAttributes(attributes.map { HTMLAttribute(name: $0.key, value: $0.value) }) }
    }

    public init(text: String) {
        self.name = "#text"
        self.key = NameKey.text
        self.storedText = text
        self.children = []
    }

    /// A text node of `count` plain ASCII bytes of `store` from `start` (the tree builder's).
    init(textIn store: HTMLTextStore, start: Int32, count: Int32) {
        self.name = "#text"
        self.key = NameKey.text
        self.storedText = ""
        self.textStore = store
        self.textStart = start
        self.textCount = count
        self.children = []
    }

    deinit {
        // Unretained: `children` holds each child until this deinit ends (a retain and a
        // release a child, for every node of every freed tree, went on this loop).
        let me = Unmanaged.passUnretained(self).toOpaque()
        children.withUnsafeBufferPointer { children in
            for index in children.indices {
                Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef { child in
                    if child.parentReference?.toOpaque() == me { child.parentReference = nil }
                }
            }
        }
    }

    /// Whether `node` is this node's parent (compares the references, retains nothing).
    @inline(__always)
    private func isChild(of node: HTMLNode) -> Bool {
        parentReference?.toOpaque() == Unmanaged.passUnretained(node).toOpaque()
    }

    /// `name` as a number (see `NameKey`).
    public var nameKey: NameKey { key }

    public var isText: Bool { key == .text }
    public var isElement: Bool { key != .text }

    /// Whether the node's name is one of these (`names.contains(node.name)` for a `Set<String>`,
    /// without hashing the name).
    public func isNamed(in names: NameKey.Set) -> Bool { names.contains(key, name) }

    /// Made from attributes of a store (names unique), with `NameKey(name)` made already (the
    /// tree builder's).
    init(element name: String, key: NameKey, attributes store: HTMLAttributeStore?, start: Int, count: Int) {
        self.name = name
        self.key = key
        self.storedText = ""
        self.children = []
        if count > 0 { setBuiltAttributes(store, start: start, count: count) }
    }

    /// Gives a node the tree builder made (with no attributes yet) `count` attributes of `store`
    /// from `start`, names unique.
    func setBuiltAttributes(_ store: HTMLAttributeStore?, start: Int, count: Int) {
        attributeStore = store
        attributeStart = Int32(truncatingIfNeeded: start)
        attributeCount = Int32(truncatingIfNeeded: count)
    }

    public subscript(attribute: String) -> String? {
        // The lengths first: most names asked of an element differ from its others in length,
        // which is read without calling the runtime's string comparison.
        let length = attribute.utf8.count
        for pair in attributeList where pair.name.utf8.count == length && pair.name == attribute { return pair.value }
        return nil
    }

    /// Whether the element has any attribute.
    public var hasAttributes: Bool { attributeCount > 0 }

    /// `class` and `id` joined by a space: what the extractor's class patterns look at.
    public var classAndID: String {
        let c = self["class"] ?? "", i = self["id"] ?? ""
        return c.isEmpty ? i : (i.isEmpty ? c : c + " " + i)
    }

    public var elementChildren: [HTMLNode] { children.filter(\.isElement) }

    // MARK: - Changing the tree

    /// Appends `child`, first taking it out of wherever it was.
    public func append(_ child: HTMLNode) {
        child.remove()
        child.parentReference = Unmanaged.passUnretained(self)
        children.append(child)
        invalidateMeasure()
    }

    /// `append` of a node just made (no parent) while the tree is built (no measure kept).
    /// The first child makes room for four: growing one slot at a time (1, 2, 4) reallocated and
    /// copied the array twice for every element with three or four children.
    func appendBuilt(_ child: HTMLNode) {
        child.parentReference = Unmanaged.passUnretained(self)
        if children.capacity == 0 { children.reserveCapacity(4) }
        children.append(child)
    }

    /// Text the tree builder gathered, joined to the last child when that is text (as libxml2's
    /// tree joined it), else appended as a new text node (`appendBuilt`). The last child is read
    /// unretained: `children` holds it.
    func appendBuiltText(_ text: String) {
        let count = children.count
        if count > 0 {
            let joined = children.withUnsafeBufferPointer { children in
                Unmanaged.passUnretained(children[count - 1])._withUnsafeGuaranteedRef { last -> Bool in
                    guard last.key == .text else { return false }
                    last.text += text
                    return true
                }
            }
            if joined { return }
        }
        appendBuilt(HTMLNode(text: text))
    }

    /// `appendBuiltText` of `count` plain ASCII bytes of `store` from `start`, kept as bytes
    /// when they make a text node of their own.
    func appendBuiltText(in store: HTMLTextStore, start: Int, count: Int) {
        let lastIsText = children.withUnsafeBufferPointer { children in
            guard let last = children.indices.last else { return false }
            return Unmanaged.passUnretained(children[last])._withUnsafeGuaranteedRef { $0.key == .text }
        }
        if lastIsText || start + count > Int(Int32.max) {
            appendBuiltText(String(decoding: store.bytes(from: start, count: count), as: UTF8.self))
        } else {
            appendBuilt(HTMLNode(textIn: store, start: Int32(start), count: Int32(count)))
        }
    }

    /// Inserts `child` before `reference`, one of this node's children (appends when it is not one).
    public func insert(_ child: HTMLNode, before reference: HTMLNode) {
        child.remove()
        guard let index = children.firstIndex(where: { $0 === reference }) else { return append(child) }
        child.parentReference = Unmanaged.passUnretained(self)
        children.insert(child, at: index)
        invalidateMeasure()
    }

    /// Takes this node out of its parent.
    public func remove() {
        guard let parent else { return }
        if let index = parent.children.firstIndex(where: { $0 === self }) { parent.children.remove(at: index) }
        parentReference = nil
        parent.invalidateMeasure()
    }

    /// Puts `other` where this node is, and takes this node out.
    public func replace(with other: HTMLNode) {
        guard let parent else { return }
        parent.insert(other, before: self)
        remove()
    }

    /// Moves every child of this node into `other`, in order.
    public func moveChildren(to other: HTMLNode) {
        let moving = children
        for child in moving { child.parentReference = nil }
        children.removeAll()
        for child in moving {
            child.parentReference = Unmanaged.passUnretained(other)
            other.children.append(child)
        }
        invalidateMeasure()
        other.invalidateMeasure()
    }

    // MARK: - Reading the tree

    /// The text of this node and every descendant, in document order, as written.
    public var textContent: String {
        if isText { return text }
        var out = ""
        collectText(into: &out)
        return out
    }

    private func collectText(into out: inout String) {
        for child in children {
            if child.isText { out += child.text } else { child.collectText(into: &out) }
        }
    }

    /// Every element below this one, in document order (depth first). The names are a
    /// `NameKey.Set`: an array literal makes one at the call, a `static let` once for all calls
    /// (a walk asked for every node of a page did hash its set of names each time).
    public func descendants(named names: NameKey.Set? = nil) -> [HTMLNode] {
        var out: [HTMLNode] = []
        if let names { collect(names, into: &out) } else { collectAll(into: &out) }
        return out
    }

    /// Whether an element below this one, in document order, is one `predicate` holds for;
    /// stops at the first. The elements are read unretained (`forEachChild`): `predicate` must
    /// not change the tree (it may measure).
    public func containsDescendant(where predicate: (HTMLNode) -> Bool) -> Bool {
        children.withUnsafeBufferPointer { children in
            for index in children.indices {
                let found = Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef { child in
                    child.key != .text && (predicate(child) || (!child.children.isEmpty && child.containsDescendant(where: predicate)))
                }
                if found { return true }
            }
            return false
        }
    }

    /// How many elements below this one have one of these tag names (`descendants(named:).count`
    /// without the array).
    public func countDescendants(named names: NameKey.Set) -> Int {
        count(names)
    }

    // Recursive rather than a stack of reversed child arrays: no array per node, and the depth
    // is bounded (`HTMLDocument.maxDepth`). Each child is read through its parent's array,
    // which holds it for the whole walk: no retain and release a child (`forEachChild`).
    private func collect(_ names: NameKey.Set, into out: inout [HTMLNode]) {
        forEachChild { child in
            guard child.key != .text else { return }
            if names.contains(child.key, child.name) { out.append(child) }
            if !child.children.isEmpty { child.collect(names, into: &out) }
        }
    }

    private func collectAll(into out: inout [HTMLNode]) {
        forEachChild { child in
            guard child.key != .text else { return }
            out.append(child)
            if !child.children.isEmpty { child.collectAll(into: &out) }
        }
    }

    /// Calls `body` with each child, unretained: the walks only read the tree, and `children`
    /// holds every child until the walk is over. `body` must not change this node's children
    /// (it may count, measure and recurse).
    @inline(__always)
    public func forEachChild(_ body: (HTMLNode) -> Void) {
        children.withUnsafeBufferPointer { children in
            for index in children.indices {
                Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef(body)
            }
        }
    }

    private func count(_ names: NameKey.Set) -> Int {
        var count = 0
        forEachChild { child in
            guard child.key != .text else { return }
            if names.contains(child.key, child.name) { count &+= 1 }
            if !child.children.isEmpty { count &+= child.count(names) }
        }
        return count
    }

    /// Whether an element below this one has one of these tag names; stops at the first (where
    /// `descendants(named:).isEmpty` collected them all).
    public func hasDescendant(named names: NameKey.Set) -> Bool {
        has(names)
    }

    private func has(_ names: NameKey.Set) -> Bool {
        children.withUnsafeBufferPointer { children in
            for index in children.indices {
                let found = Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef { child in
                    child.key != .text && (names.contains(child.key, child.name) || child.has(names))
                }
                if found { return true }
            }
            return false
        }
    }

    /// The first element below this one with that tag name.
    public func first(_ name: String) -> HTMLNode? {
        first(NameKey(name), name)
    }

    private func first(_ key: NameKey, _ name: String) -> HTMLNode? {
        // Unretained but for the one found (`forEachChild`'s reasoning).
        children.withUnsafeBufferPointer { children in
            for index in children.indices {
                let found = Unmanaged.passUnretained(children[index])._withUnsafeGuaranteedRef { child -> HTMLNode? in
                    guard child.key != .text else { return nil }
                    if child.key == key && (key.isExact || child.name == name) { return child }
                    return child.children.isEmpty ? nil : child.first(key, name)
                }
                if let found { return found }
            }
            return nil
        }
    }

    /// Whether `root` is this node or one of its ancestors. The walk up holds each node
    /// `unowned(unsafe)`, as `parent` is held: no retain and release a step (the extractor asks
    /// this of every node it visits, about 180,000 steps on the 29 corpus pages).
    public func isAttached(to root: HTMLNode) -> Bool {
        let target = Unmanaged.passUnretained(root).toOpaque()
        var node = Unmanaged.passUnretained(self)
        while node.toOpaque() != target {
            guard let up = node._withUnsafeGuaranteedRef({ $0.parentReference }) else { return false }
            node = up
        }
        return true
    }

    /// The ancestors, nearest first.
    public var ancestors: [HTMLNode] {
        var out: [HTMLNode] = []
        var node = parent
        while let n = node {
            out.append(n)
            node = n.parent
        }
        return out
    }

    /// A deep copy with no parent.
    public func copy() -> HTMLNode {
        let node: HTMLNode
        if isText, let textStore {
            node = HTMLNode(textIn: textStore, start: textStart, count: textCount)
        } else {
            node = isText ? HTMLNode(text: text) : HTMLNode(element: name, key: key, attributes: attributeStore, start: Int(attributeStart), count: Int(attributeCount))
        }
        for child in children {
            let c = child.copy()
            c.parentReference = Unmanaged.passUnretained(node)
            node.children.append(c)
        }
        return node
    }

    // MARK: - Undoing changes (`HTMLEdits`)

    /// Takes this node's children out (their `parent` no longer points here), as the start of
    /// putting back a saved state: a child added since then, which no saved state holds, is left
    /// with no parent.
    func detachChildrenForRestore() {
        for child in children where child.isChild(of: self) { child.parentReference = nil }
    }

    /// Puts back a name and children `HTMLEdits` saved; each child's `parent` points here again.
    func restore(name savedName: String, children savedChildren: [HTMLNode]) {
        if name != savedName { name = savedName }
        children = savedChildren
        for child in savedChildren { child.parentReference = Unmanaged.passUnretained(self) }
    }

    /// Drops the kept measure of this node and of every ancestor. Unlike a change's own
    /// invalidation it does not stop at a node with none: while a tree is put back, a node's
    /// ancestors are not yet the ones its kept measures were counted under.
    func dropMeasuresUpwards() {
        var node: HTMLNode? = self
        while let n = node {
            n.measure = nil
            node = n.parent
        }
    }

    // MARK: - Measuring the text

    /// The measures of `textContent` the extractor judges a subtree by (length, commas, text
    /// inside links), counted bottom-up from the children's and kept until the subtree changes:
    /// every change to a node (its children, name, attributes or text) drops the kept measure
    /// of the node and of its ancestors. A kept measure implies kept measures below it, so the
    /// walk up stops at the first node with none.
    public var textMeasure: TextMeasure {
        if let measure { return measure }
        var total: TextMeasure
        if isText {
            total = withTextUTF8 { TextMeasure(utf8: $0) }
        } else {
            var sum = TextMeasure()
            // Unretained: measuring a child changes only its kept measure, never `children`.
            forEachChild { child in
                let part = child.textMeasure
                sum.append(part)
                if child.key == NameKey.a {
                    if (child["href"] ?? "").hasPrefix("#") {
                        sum.fragmentLinkLength &+= part.length
                    } else {
                        sum.linkLength &+= part.length
                    }
                }
            }
            total = sum
        }
        measure = total
        return total
    }

    private func invalidateMeasure() {
        guard measure != nil else { return }
        measure = nil
        var node = parentReference
        while let n = node, n._withUnsafeGuaranteedRef({ $0.measure != nil }) {
            node = n._withUnsafeGuaranteedRef { ancestor in
                ancestor.measure = nil
                return ancestor.parentReference
            }
        }
    }
}

/// One attribute of an element (`HTMLNode.attributeList`, `HTMLAttributeStore`).
struct HTMLAttribute {
    var name: String
    var value: String
}

/// A tag name as a number: up to eight ASCII bytes packed as they are (equal numbers, equal
/// names), longer or non-ASCII names hashed, with the top bit set (equal numbers are then
/// checked on the strings).
public struct NameKey: Hashable, Sendable {
    let value: UInt64

    public init(_ name: String) {
        var packed: UInt64 = 0
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        var count = 0
        var ascii = true
        for byte in name.utf8 {
            if count < 8 { packed |= UInt64(byte) << (8 * UInt64(count)) }
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            if byte >= 0x80 { ascii = false }
            count &+= 1
        }
        value = ascii && count <= 8 ? packed : (hash | (1 << 63))
    }

    /// Whether equal keys mean equal names.
    var isExact: Bool { value & (1 << 63) == 0 }

    /// Whether the name is `h1` … `h6` (packed: `h`, then the digit).
    public var isHeading: Bool { value & 0xFF == 0x68 && value &- 0x3168 <= 0x500 }

    /// A name of at most eight ASCII bytes, packed already: a constant the compiler lays out
    /// in the binary, where a `static let` of `NameKey("…")` is worked out at its first use and
    /// checked (`swift_once`) at every use, about 400,000 times on the 29 corpus pages.
    init(packed: UInt64) { value = packed }

    // The names the walks compare most, packed as `init(_:)` packs them (`NameKeyTests`).
    public static let text = NameKey(packed: 0x74_7865_7423)  // #text
    public static let a = NameKey(packed: 0x61)
    public static let p = NameKey(packed: 0x70)
    public static let img = NameKey(packed: 0x67_6d69)
    public static let li = NameKey(packed: 0x696c)
    public static let input = NameKey(packed: 0x74_7570_6e69)
    public static let object = NameKey(packed: 0x7463_656a_626f)
    public static let embed = NameKey(packed: 0x64_6562_6d65)
    public static let iframe = NameKey(packed: 0x656d_6172_6669)
    public static let ul = NameKey(packed: 0x6c75)
    public static let ol = NameKey(packed: 0x6c6f)
    public static let pre = NameKey(packed: 0x65_7270)
    public static let code = NameKey(packed: 0x6564_6f63)

    /// A few names, compared by key (the sets the walks are given hold one to a few dozen
    /// names): `HTMLNode.isNamed(in:)` asks it without hashing the node's name.
    public struct Set: Sendable, ExpressibleByArrayLiteral {
        let keys: [NameKey]
        let names: [String]
        /// One bit per key (`bit`): a name whose bit is not set is none of them, answered
        /// without comparing it with each key (a walk asks this of every node it visits, and
        /// most nodes are none of the few names it looks for).
        let bits: UInt64

        public init(_ names: Swift.Set<String>) {
            self.init(Array(names))
        }

        /// A name given twice is looked at twice, which answers the same.
        public init(_ names: [String]) {
            self.names = names
            self.keys = names.map(NameKey.init)
            self.bits = keys.reduce(0) { $0 | Self.bit($1) }
        }

        /// A bit of 64 chosen by the key's number (multiplied and shifted: every byte of the
        /// packed name moves it). Equal keys have equal bits.
        @inline(__always)
        static func bit(_ key: NameKey) -> UInt64 {
            1 &<< ((key.value &* 0x9E37_79B9_7F4A_7C15) &>> 58)
        }

        public init(arrayLiteral names: String...) {
            self.init(names)
        }

        /// Whether `name` is one of the names.
        public func contains(_ name: String) -> Bool {
            contains(NameKey(name), name)
        }

        @inline(__always)
        func contains(_ key: NameKey, _ name: String) -> Bool {
            guard bits & Self.bit(key) != 0 else { return false }
            for index in keys.indices where keys[index] == key {
                if key.isExact || names[index] == name { return true }
            }
            return false
        }
    }
}
