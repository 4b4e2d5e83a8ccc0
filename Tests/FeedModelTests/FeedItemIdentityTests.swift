import FeedModel
import Testing

/// Issue 14: identity is raw. Ids that differ only by control characters were cleaned into one
/// (pokeapi: 28 of 58 items); cleaning is for display and pipes only.
@Suite struct FeedItemIdentityTests {
    @Test func idsAndParentsStayAsTheAPISentThem() {
        let raw = FeedItem(id: "pokeapi:bulba\u{1B}[1msaur", title: "Bulbasaur", parentID: "hn:\u{07}1")
        let clean = raw.sanitized()
        #expect(clean.id == "pokeapi:bulba\u{1B}[1msaur")
        #expect(clean.parentID == "hn:\u{07}1")
        #expect(TextSanitizer.clean(clean.id) == "pokeapi:bulbasaur", "what a pipe shows")
    }

    @Test func idsThatLookAlikeStayTwoItems() {
        let names = ["bulbasaur", "bulba\u{1B}[1msaur", "bulbasaur\u{07}", "bulba\u{200B}saur", "\u{9B}0mbulbasaur"]
        let items = names.map { FeedItem(id: "pokeapi:\($0)", title: $0).sanitized() }
        #expect(Set(items.map(\.id)).count == names.count)
        #expect(Set(items.map { TextSanitizer.clean($0.id) }).count < names.count, "they look alike when shown")
    }
}
