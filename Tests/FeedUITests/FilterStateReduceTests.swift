import FeedDiff
import FeedModel
import Testing

@testable import FeedUI

/// The search sub-state on its own: its `reduce` hears the prompt, the rows' changes and the
/// notes; no viewport, pager or screen is involved.
@Suite struct FilterStateReduceTests {
    let rows = Snapshot(Self.fruit("apple", 0..<6) + Self.fruit("pear", 6..<10))

    static func fruit(_ name: String, _ numbers: Range<Int>) -> [FeedItem] {
        numbers.map { FeedItem(id: "r:\($0)", title: "\(name) \($0)") }
    }

    @Test func aSearchBeginsNarrowsAndIsKept() {
        var search = FilterState()
        search.reduce(.begin(from: 3))
        #expect(search.isEditing && search.origin == 3 && !search.isActive)
        search.reduce(.type("pe", rows: rows))
        #expect(search.matches == Array(6..<10))
        search.reduce(.type("pear 7", rows: rows))
        #expect(search.matches == [7])
        search.reduce(.keep)
        #expect(!search.isEditing && search.pattern.text == "pear 7" && search.matches == [7])
    }

    @Test func anEmptySearchKeptIsDroppedAndClearForgetsTheRest() {
        var search = FilterState()
        search.reduce(.begin(from: 2))
        search.reduce(.keep)
        #expect(search == FilterState())
        search.reduce(.begin(from: 2))
        search.reduce(.type("apple", rows: rows))
        search.reduce(.nothingFound("said"))
        search.reduce(.clear)
        #expect(search == FilterState())
    }

    /// The rows change under a search: kept rows keep their verdict at their new rows, only the
    /// new rows are checked, and the result is what searching the new rows afresh finds.
    @Test func theMatchesFollowTheRows() {
        var search = FilterState()
        search.reduce(.type("pear", rows: rows))
        let after = Snapshot(Self.fruit("pear", 20..<22) + Array(rows) + Self.fruit("plum", 30..<31))
        search.reduce(.rowsChanged(diff(rows, after), rows: after))
        var fresh = FilterState()
        fresh.reduce(.type("pear", rows: after))
        #expect(search.matches == [0, 1] + Array(8..<12))
        #expect(search.matches == fresh.matches)
    }

    @Test func aNothingFoundNoteIsAFactAndAnyOtherNoteIsNot() {
        var search = FilterState()
        search.reduce(.nothingFound("not found in 10 loaded: kiwi"))
        #expect(search.note == "not found in 10 loaded: kiwi" && search.isNothingFoundNote)
        search.reduce(.note("search hit BOTTOM, continuing at TOP"))
        #expect(!search.isNothingFoundNote)
        search.reduce(.note(nil))
        #expect(search.note == nil)
    }
}
