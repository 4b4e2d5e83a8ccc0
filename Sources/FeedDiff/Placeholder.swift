// TEMPORARY stand-in until the wip-diff branch lands; same public surface.
public struct Snapshot<Item: Identifiable & Equatable>: Equatable where Item.ID: Hashable {
    public private(set) var items: [Item] = []
    var index: [Item.ID: Int] = [:]
    public init() {}
    public init(_ items: [Item]) { for i in items { _ = appendOrUpdate(i) } }
    public var count: Int { items.count }
    public var ids: [Item.ID] { items.map(\.id) }
    public subscript(i: Int) -> Item { items[i] }
    public func index(of id: Item.ID) -> Int? { index[id] }
    mutating func appendOrUpdate(_ item: Item) -> Bool {
        if let i = index[item.id] { items[i] = item; return false }
        index[item.id] = items.count; items.append(item); return true
    }
}
public struct Changeset<Item: Equatable>: Equatable { public init() {} }
public struct SnapshotApplier<Item: Identifiable & Equatable>: Equatable where Item.ID: Hashable {
    public private(set) var snapshot = Snapshot<Item>()
    public private(set) var pageRange: ClosedRange<Int>? = nil
    var buffered: [Int: [Item]] = [:]
    public init() {}
    public mutating func receive(page index: Int, items: [Item]) -> Changeset<Item> {
        if pageRange == nil { pageRange = index...index; for i in items { _ = snapshot.appendOrUpdate(i) } }
        else if index == pageRange!.upperBound + 1 { pageRange = pageRange!.lowerBound...index; for i in items { _ = snapshot.appendOrUpdate(i) } }
        else { buffered[index] = items; return Changeset() }
        while let r = pageRange, let next = buffered.removeValue(forKey: r.upperBound + 1) { _ = receive(page: r.upperBound + 1, items: next) }
        return Changeset()
    }
    public mutating func reset() { self = SnapshotApplier() }
}
