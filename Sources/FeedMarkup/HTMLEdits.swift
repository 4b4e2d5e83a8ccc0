/// Changes to an `HTMLNode` tree that can be undone: the extractor reads a page again with
/// relaxed rules on the same tree (Readability's retry) instead of parsing the page again.
///
/// Every change goes through here: before a node's children or name change for the first time,
/// its name and list of children are saved (the arrays are shared, not copied). `undo` puts every
/// saved node's name and children back and points each child's `parent` at it again, so a node
/// moved or removed since returns to where it was, and a node made since (a new `<p>` or `div`)
/// is left out of the tree. Text and attributes are not changed through here, and so not saved.
/// Kept measures (`HTMLNode.textMeasure`) are dropped for every saved node and its ancestors.
///
/// A change made to the tree directly (`node.remove()`) is not saved and not undone:
/// `HTMLEditsTests` undoes every pass of the extractor on every corpus page and compares the
/// tree with a copy taken before.
public final class HTMLEdits {
    /// A struct, not a tuple: an array of tuples is destroyed through the runtime's generic
    /// tuple witnesses, element by element.
    private struct Saved {
        let node: HTMLNode
        let name: String
        let children: [HTMLNode]
    }
    private var saved: [Saved] = []
    private var seen: Set<ObjectIdentifier> = []

    public init() {}

    /// How many nodes have a saved state.
    public var count: Int { saved.count }

    private func save(_ node: HTMLNode?) {
        guard let node, seen.insert(ObjectIdentifier(node)).inserted else { return }
        saved.append(Saved(node: node, name: node.name, children: node.children))
    }

    /// `node.remove()`.
    public func remove(_ node: HTMLNode) {
        save(node.parent)
        node.remove()
    }

    /// `parent.append(child)`.
    public func append(_ child: HTMLNode, to parent: HTMLNode) {
        save(child.parent)
        save(parent)
        parent.append(child)
    }

    /// `parent.insert(child, before: reference)`.
    public func insert(_ child: HTMLNode, before reference: HTMLNode, in parent: HTMLNode) {
        save(child.parent)
        save(parent)
        parent.insert(child, before: reference)
    }

    /// `node.replace(with: other)`.
    public func replace(_ node: HTMLNode, with other: HTMLNode) {
        save(other.parent)
        save(node.parent)
        node.replace(with: other)
    }

    /// `node.moveChildren(to: other)`.
    public func moveChildren(of node: HTMLNode, to other: HTMLNode) {
        save(node)
        save(other)
        node.moveChildren(to: other)
    }

    /// `node.name = name`.
    public func rename(_ node: HTMLNode, to name: String) {
        save(node)
        node.name = name
    }

    /// Puts every saved node back as it was when first saved, and forgets them.
    public func undo() {
        for entry in saved { entry.node.detachChildrenForRestore() }
        for entry in saved { entry.node.restore(name: entry.name, children: entry.children) }
        for entry in saved { entry.node.dropMeasuresUpwards() }
        saved.removeAll()
        seen.removeAll()
    }
}
