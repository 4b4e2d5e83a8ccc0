import Testing

@testable import FeedConfig

/// `read`'s plain forms are read without ArgumentParser; every other form must be left to it.
@Suite struct ReadArgumentsTests {
    @Test(arguments: [
        (["read", "http://h/a"], ReadArguments(address: "http://h/a")),
        (["read", "--json", "http://h/a"], ReadArguments(address: "http://h/a", json: true)),
        (["read", "http://h/a", "--plain", "--no-cache"], ReadArguments(address: "http://h/a", plain: true, noCache: true)),
        (["read", "--timeout", "2.5", "http://h/a", "--json"], ReadArguments(address: "http://h/a", json: true, timeout: 2.5)),
        (["read", "http://h/a", "--timeout=30"], ReadArguments(address: "http://h/a", timeout: 30)),
        // Both flags are taken as given: `ReadCommand.validate()` refuses them together.
        (["read", "--plain", "--json", "ftp://x"], ReadArguments(address: "ftp://x", plain: true, json: true)),
    ])
    func plainFormsAreRead(arguments: [String], expected: ReadArguments) {
        #expect(ReadArguments.parse(arguments) == expected)
    }

    @Test(arguments: [
        [], ["demo", "http://h/a"], ["read"], ["read", "--json"],
        ["read", "http://h/a", "http://h/b"],
        ["read", "--help"], ["read", "http://h/a", "-h"], ["read", "http://h/a", "--version"],
        ["read", "--", "http://h/a"], ["read", "-", "--json"],
        ["read", "http://h/a", "--json", "--json"],
        ["read", "http://h/a", "--timeout"], ["read", "http://h/a", "--timeout", "--json"],
        ["read", "http://h/a", "--timeout=-1"], ["read", "http://h/a", "--timeout", "1e3"],
        ["read", "http://h/a", "--timeout", "nan"], ["read", "http://h/a", "--timeout", ".5"],
        ["read", "http://h/a", "--timeout", "5."], ["read", "http://h/a", "--timeout=1", "--timeout=2"],
        ["read", "http://h/a", "--timeout", "١"],
        ["read", "http://h/a", "--jsonl"], ["read", "http://h/a", "--no-cache=1"],
    ])
    func everyOtherFormIsLeftToArgumentParser(arguments: [String]) {
        #expect(ReadArguments.parse(arguments) == nil)
    }
}
