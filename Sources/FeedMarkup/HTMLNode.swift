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
    public var name: String
    public var attributes: [String: String]
    /// The text of a text node (empty for elements).
    public var text: String
    public private(set) var children: [HTMLNode]
    public private(set) weak var parent: HTMLNode?

    public init(element name: String, attributes: [String: String] = [:]) {
        self.name = name
        self.attributes = attributes
        self.text = ""
        self.children = []
    }

    public init(text: String) {
        self.name = "#text"
        self.attributes = [:]
        self.text = text
        self.children = []
    }

    public var isText: Bool { name == "#text" }
    public var isElement: Bool { name != "#text" }

    public subscript(attribute: String) -> String? { attributes[attribute] }

    /// `class` and `id` joined by a space: what the extractor's class patterns look at.
    public var classAndID: String {
        let c = attributes["class"] ?? "", i = attributes["id"] ?? ""
        return c.isEmpty ? i : (i.isEmpty ? c : c + " " + i)
    }

    public var elementChildren: [HTMLNode] { children.filter(\.isElement) }

    // MARK: - Changing the tree

    /// Appends `child`, first taking it out of wherever it was.
    public func append(_ child: HTMLNode) {
        child.remove()
        child.parent = self
        children.append(child)
    }

    /// Inserts `child` before `reference`, one of this node's children (appends when it is not one).
    public func insert(_ child: HTMLNode, before reference: HTMLNode) {
        child.remove()
        guard let index = children.firstIndex(where: { $0 === reference }) else { return append(child) }
        child.parent = self
        children.insert(child, at: index)
    }

    /// Takes this node out of its parent.
    public func remove() {
        guard let parent else { return }
        if let index = parent.children.firstIndex(where: { $0 === self }) { parent.children.remove(at: index) }
        self.parent = nil
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
        for child in moving { child.parent = nil }
        children.removeAll()
        for child in moving {
            child.parent = other
            other.children.append(child)
        }
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

    /// Every element below this one, in document order (depth first).
    public func descendants(named names: Set<String>? = nil) -> [HTMLNode] {
        var out: [HTMLNode] = []
        var stack: [HTMLNode] = children.reversed()
        while let node = stack.popLast() {
            guard node.isElement else { continue }
            if names == nil || names!.contains(node.name) { out.append(node) }
            stack.append(contentsOf: node.children.reversed())
        }
        return out
    }

    /// Whether an element below this one has one of these tag names; stops at the first (where
    /// `descendants(named:).isEmpty` collected them all).
    public func hasDescendant(named names: Set<String>) -> Bool {
        var stack: [HTMLNode] = children
        while let node = stack.popLast() {
            guard node.isElement else { continue }
            if names.contains(node.name) { return true }
            stack.append(contentsOf: node.children)
        }
        return false
    }

    /// The first element below this one with that tag name.
    public func first(_ name: String) -> HTMLNode? {
        var stack: [HTMLNode] = children.reversed()
        while let node = stack.popLast() {
            if node.name == name { return node }
            stack.append(contentsOf: node.children.reversed())
        }
        return nil
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
        let node = isText ? HTMLNode(text: text) : HTMLNode(element: name, attributes: attributes)
        for child in children {
            let c = child.copy()
            c.parent = node
            node.children.append(c)
        }
        return node
    }
}
