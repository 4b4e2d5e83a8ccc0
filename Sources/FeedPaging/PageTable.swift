/// Values by page index, stored densely: pages are numbered 0, 1, 2… and a long session touches
/// every one of them, so an array indexed by page costs a few bytes a page where a dictionary
/// costs tens (and doubles while it grows). On an endless feed with the page cap, this table is
/// what still grows; at 20 items a page it is about 1% of the items it stands for.
public struct PageTable<Value: Sendable & Equatable>: Sendable, Equatable {
    private var storage: [Value?] = []
    /// How many pages have a value.
    public private(set) var count = 0

    public init() {}

    public subscript(page: Int) -> Value? {
        get { page >= 0 && page < storage.count ? storage[page] : nil }
        set {
            guard page >= 0 else { return }
            if page >= storage.count {
                guard newValue != nil else { return }
                storage.append(contentsOf: repeatElement(nil, count: page - storage.count + 1))
            }
            switch (storage[page], newValue) {
            case (nil, .some): count += 1
            case (.some, nil): count -= 1
            default: break
            }
            storage[page] = newValue
        }
    }

    /// Removes a page's value and returns it.
    @discardableResult
    public mutating func removeValue(forPage page: Int) -> Value? {
        let value = self[page]
        self[page] = nil
        return value
    }

    /// The pages that have a value, ascending, with their values.
    public var entries: [(page: Int, value: Value)] {
        storage.enumerated().compactMap { page, value in value.map { (page, $0) } }
    }

    public static func == (lhs: PageTable, rhs: PageTable) -> Bool {
        lhs.count == rhs.count && lhs.entries.elementsEqual(rhs.entries) { $0.page == $1.page && $0.value == $1.value }
    }
}

extension PageTable: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (Int, Value)...) {
        for (page, value) in elements { self[page] = value }
    }
}
