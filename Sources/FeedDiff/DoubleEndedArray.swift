// MARK: - Storage that grows and shrinks at both ends

/// The element storage behind `Snapshot`: amortized O(1) append, prepend and removal at
/// either end, O(1) random access.
///
/// Two arrays meet in the middle: `front` holds the leading elements in reverse order (so
/// prepending is `front.append`), `back` holds the rest in order. Removing past the end of
/// one array advances a floor in the other instead of shifting it; the dead slots below a
/// floor are reclaimed once they make up half the array, which keeps removal amortized
/// O(removed). The stdlib has no deque, and FeedDiff imports nothing but the platform's C
/// library (for the diff's per-thread scratch, `DiffScratch`).
@usableFromInline
internal struct DoubleEndedArray<Element> {
    /// Leading elements, reversed: `front.last` is element 0. Slots below `frontFloor` are dead.
    @usableFromInline internal var front: ContiguousArray<Element>
    @usableFromInline internal var frontFloor: Int
    /// Trailing elements, in order. Slots below `backFloor` are dead.
    @usableFromInline internal var back: ContiguousArray<Element>
    @usableFromInline internal var backFloor: Int

    @inlinable
    internal init() {
        front = []
        frontFloor = 0
        back = []
        backFloor = 0
    }

    /// Storage holding `elements`, in order (their buffer is shared until the first change).
    @inlinable
    internal init(_ elements: ContiguousArray<Element>) {
        front = []
        frontFloor = 0
        back = elements
        backFloor = 0
    }

    @inlinable
    internal var frontCount: Int { front.count &- frontFloor }

    @inlinable
    internal var count: Int { front.count &- frontFloor &+ back.count &- backFloor }

    @inlinable
    internal subscript(position: Int) -> Element {
        get {
            let frontCount = self.frontCount
            if position < frontCount {
                return front[front.count &- 1 &- position]
            }
            return back[backFloor &+ position &- frontCount]
        }
        set {
            let frontCount = self.frontCount
            if position < frontCount {
                front[front.count &- 1 &- position] = newValue
            } else {
                back[backFloor &+ position &- frontCount] = newValue
            }
        }
    }

    /// Calls `body` with the element at `position`, borrowed: reading a field or comparing
    /// through it retains nothing (the subscript's getter returns a copy, one retain and release
    /// of every reference the element holds).
    @inlinable
    internal func withElement<Result>(at position: Int, _ body: (borrowing Element) -> Result) -> Result {
        let frontCount = self.frontCount
        if position < frontCount {
            return front.withUnsafeBufferPointer { body($0[$0.count &- 1 &- position]) }
        }
        precondition(position &- frontCount < back.count &- backFloor, "position out of range")
        return back.withUnsafeBufferPointer { body($0[backFloor &+ position &- frontCount]) }
    }

    /// Where each element is, for a loop that reads many: `elements[position].pointee` reads an
    /// element in place (borrowed), without a closure around each read for the compiler to
    /// capture values into (which it did by retaining them).
    @usableFromInline
    internal struct UnsafeElements {
        /// The front's last slot (element 0); element `p < frontCount` is `p` slots before it.
        @usableFromInline let frontLast: UnsafePointer<Element>?
        @usableFromInline let frontCount: Int
        /// Where element 0 would be in the back; element `p >= frontCount` is `p` slots after it.
        @usableFromInline let backOrigin: UnsafePointer<Element>?
        @usableFromInline let count: Int

        @inlinable
        init(frontLast: UnsafePointer<Element>?, frontCount: Int, backOrigin: UnsafePointer<Element>?, count: Int) {
            self.frontLast = frontLast
            self.frontCount = frontCount
            self.backOrigin = backOrigin
            self.count = count
        }

        /// The element at `position`, in `0..<count`.
        @inlinable
        internal subscript(position: Int) -> UnsafePointer<Element> {
            precondition(position >= 0 && position < count, "position out of range")
            return position < frontCount
                ? frontLast.unsafelyUnwrapped - position
                : backOrigin.unsafelyUnwrapped + position
        }
    }

    /// Calls `body` with the elements' places, valid only inside it.
    @inlinable
    internal func withUnsafeElements<Result>(_ body: (UnsafeElements) -> Result) -> Result {
        let frontCount = self.frontCount
        let count = self.count
        let backFloor = self.backFloor
        return front.withUnsafeBufferPointer { front in
            back.withUnsafeBufferPointer { back in
                body(UnsafeElements(
                    frontLast: front.baseAddress.map { $0 + (front.count &- 1) },
                    frontCount: frontCount,
                    backOrigin: back.baseAddress.map { $0 + (backFloor &- frontCount) },
                    count: count))
            }
        }
    }

    @inlinable
    internal mutating func reserveCapacity(_ capacity: Int) {
        back.reserveCapacity(backFloor + capacity)
    }

    @inlinable
    internal mutating func append(_ element: Element) {
        back.append(element)
    }

    @inlinable
    internal mutating func prepend(_ element: Element) {
        front.append(element)
    }

    /// Removes the first `k` elements.
    @inlinable
    internal mutating func removeFirst(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing more elements than there are")
        let fromFront = Swift.min(k, frontCount)
        front.removeLast(fromFront)
        if front.count == frontFloor {
            front.removeAll(keepingCapacity: true)
            frontFloor = 0
        }
        let fromBack = k - fromFront
        if fromBack > 0 {
            backFloor += fromBack
            Self.reclaim(&back, floor: &backFloor)
        }
    }

    /// Removes the last `k` elements.
    @inlinable
    internal mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing more elements than there are")
        let fromBack = Swift.min(k, back.count - backFloor)
        back.removeLast(fromBack)
        if back.count == backFloor {
            back.removeAll(keepingCapacity: true)
            backFloor = 0
        }
        let fromFront = k - fromBack
        if fromFront > 0 {
            frontFloor += fromFront
            Self.reclaim(&front, floor: &frontFloor)
        }
    }

    @inlinable
    internal mutating func removeAll() {
        self = DoubleEndedArray()
    }

    /// Drops the dead slots below `floor` once they are at least half of `array`; each dead
    /// slot is moved over at most once per removal that created it, hence amortized O(1).
    @inlinable
    internal static func reclaim(_ array: inout ContiguousArray<Element>, floor: inout Int) {
        if floor == array.count {
            array.removeAll(keepingCapacity: true)
            floor = 0
        } else if floor >= 16 && floor * 2 >= array.count {
            array.removeFirst(floor)
            floor = 0
        }
    }
}

extension DoubleEndedArray: Sendable where Element: Sendable {}
