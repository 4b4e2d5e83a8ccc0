import Testing

@testable import FeedSources

struct PictureLinkTests {
    @Test(arguments: [
        ("https://avatars.githubusercontent.com/u/69631?v=4", true), ("http://127.0.0.1:8080/sprites/avatars/a.png", true),
        ("self", false), ("default", false), ("nsfw", false), ("", false), ("/avatars/a.png", false),
        ("ftp://example.com/a.png", false), ("javascript:alert(1)", false), ("https://", false),
        ("https://example.com/a b.png", false), ("https://example.com/a\u{1B}[2J.png", false), ("https://exämple.com/a.png", false),
    ])
    func onlyAbsoluteHTTPLinksPass(_ link: String, passes: Bool) {
        #expect((PictureLink.http(link) != nil) == passes)
    }
}
