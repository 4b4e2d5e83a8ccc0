import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// The paces kept from earlier runs: what is a pace, what is forgotten, and what a damaged
/// file yields (nothing it cannot stand behind, never a crash or a pace of 0).
struct KeptPacesTests {
    static let now = Date(timeIntervalSince1970: 1_764_400_000)

    static func file(_ hosts: String) -> Data { Data(#"{"hosts": {\#(hosts)}}"#.utf8) }

    /// Whether `value` is `expected` as far as a JSON number written and read again can be.
    static func near(_ value: Double?, _ expected: Double) -> Bool { value.map { abs($0 - expected) < 1e-9 } ?? false }

    @Test func aPaceKeptIsReadBackUntilItIsADayOld() {
        var kept = KeptPaces()
        kept.keep(1.1 / 5, for: "127.0.0.1:9541", at: Self.now)
        let read = KeptPaces.decode(kept.encoded(), now: Self.now.addingTimeInterval(60))
        #expect(read.hosts["127.0.0.1:9541"]?.learnedAt == Self.now)
        #expect(Self.near(read.interval(for: "127.0.0.1:9541", now: Self.now.addingTimeInterval(KeptPaces.maxAge - 1)), 1.1 / 5))
        #expect(read.interval(for: "127.0.0.1:9541", now: Self.now.addingTimeInterval(KeptPaces.maxAge)) == nil)
        #expect(read.interval(for: "127.0.0.1:9542", now: Self.now) == nil, "the host is host and port")
        #expect(KeptPaces.decode(kept.encoded(), now: Self.now.addingTimeInterval(KeptPaces.maxAge + 1)).hosts.isEmpty)
    }

    /// Each entry stands alone: the good ones are read, the others skipped.
    @Test(arguments: [
        #""a:1": {"interval": 0, "learned": 1764400000}"#,
        #""a:1": {"interval": -0.2, "learned": 1764400000}"#,
        #""a:1": {"interval": 1e300, "learned": 1764400000}"#,
        #""a:1": {"interval": "0.22", "learned": 1764400000}"#,
        #""a:1": {"interval": 0.22}"#,
        #""a:1": {"interval": 0.22, "learned": "yesterday"}"#,
        #""a:1": {"interval": 0.22, "learned": 1e300}"#,
        #""a:1": {"interval": 0.22, "learned": 1764300000}"#,
        #""a:1": {"interval": 0.22, "learned": 1764409999}"#,
        #""a:1": [0.22, 1764400000]"#,
        #""": {"interval": 0.22, "learned": 1764400000}"#,
    ])
    func anEntryThatIsNotAPaceIsSkippedAndTheOthersRead(bad: String) {
        let read = KeptPaces.decode(Self.file(bad + #", "b:2": {"interval": 0.275, "learned": 1764399000}"#), now: Self.now)
        #expect(read.interval(for: "a:1", now: Self.now) == nil)
        #expect(read.interval(for: "b:2", now: Self.now) == 0.275)
        #expect(read.hosts.count == 1)
    }

    @Test(arguments: ["", "null", "[]", #"{"hosts": 3}"#, #"{"hosts": {"a:1": {"interval": 0.22,"#, "\u{0}\u{1}\u{2}", #"{"interval": 0.22}"#])
    func aFileThatIsNotOursYieldsNoPace(text: String) {
        #expect(KeptPaces.decode(Data(text.utf8), now: Self.now) == KeptPaces())
    }

    @Test func aValueNoPaceCanBeIsNotKept() {
        var kept = KeptPaces()
        for interval in [0, -1, .nan, .infinity, 3600] { kept.keep(interval, for: "a:1", at: Self.now) }
        kept.keep(0.22, for: "", at: Self.now)
        #expect(kept.hosts.isEmpty)
    }

    @Test func keepingForgetsTheOldAndTheOldestPastCapacity() {
        var kept = KeptPaces(hosts: ["old:1": .init(interval: 0.5, learnedAt: Self.now.addingTimeInterval(-KeptPaces.maxAge + 5))])
        kept.keep(0.22, for: "new:1", at: Self.now.addingTimeInterval(10))
        #expect(Set(kept.hosts.keys) == ["new:1"], "keeping drops what has aged out")
        for index in 0...KeptPaces.capacity {
            kept.keep(0.22, for: "h\(index):1", at: Self.now.addingTimeInterval(Double(index)))
        }
        #expect(kept.hosts.count == KeptPaces.capacity)
        #expect(kept.hosts["h0:1"] == nil && kept.hosts["h1:1"] == nil, "the two learned first")
        #expect(kept.hosts["new:1"] != nil && kept.hosts["h2:1"] != nil && kept.hosts["h\(KeptPaces.capacity):1"] != nil)
    }

    /// The file: read once, written on `keep`, merged with what another run kept, and a damaged
    /// or missing one is a run without kept paces.
    @Test func theFileKeepsAPaceForTheNextRunAndADamagedOneIsNoPace() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paces-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("feedscroll/paces.json").path
        let clock = SourceClock(now: { Self.now }, sleep: { _ in })
        #expect(PaceMemory(path: path, clock: clock).interval(for: "a:1") == nil, "no file yet")

        let first = PaceMemory(path: path, clock: clock)
        first.keep(1.1 / 5, for: "a:1")
        #expect(first.interval(for: "a:1") == 1.1 / 5)
        first.flush()
        let other = PaceMemory(path: path, clock: clock)
        other.keep(1.1 / 3, for: "b:2")
        other.flush()
        let next = PaceMemory(path: path, clock: clock)
        #expect(Self.near(next.interval(for: "a:1"), 1.1 / 5))
        #expect(Self.near(next.interval(for: "b:2"), 1.1 / 3), "a run's write keeps what another run wrote")

        try Data("{\"hosts\": {\"a:1\": {\"interval\": 0, \"le".utf8).write(to: URL(fileURLWithPath: path))
        let damaged = PaceMemory(path: path, clock: clock)
        #expect(damaged.interval(for: "a:1") == nil)
        damaged.keep(0.25, for: "a:1")
        damaged.flush()
        #expect(PaceMemory(path: path, clock: clock).interval(for: "a:1") == 0.25, "a damaged file is written over")
    }

    @Test func theFileIsBesideThePageCache() {
        #expect(PaceMemory.standard(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]).path == "/x/feedscroll/paces.json")
        #expect(PaceMemory.standard(environment: ["XDG_CACHE_HOME": "x", "HOME": "/h"]).path == "/h/.cache/feedscroll/paces.json")
        #expect(PaceMemory.standard(environment: [:]).path == nil)
    }

    /// What a transport's host teaches one run is where the next run's transport starts with
    /// that host (and with that host only: the key is host and port).
    @Test func aPaceLearnedByOneRunsTransportStartsTheNextRunsWithThatHost() async throws {
        let clock = ManualClock()
        let memory = PaceMemory(path: nil, clock: clock.clock)
        let url = URL(string: "http://127.0.0.1:9/v0/item/1.json")!
        let first = RetryingTransport(ScriptedTransport(), firstWindow: 8, clock: clock.clock, paces: memory)
        let pace = first.limiter(for: url).pace
        #expect(pace.interval == nil && !pace.isKeptGuess)
        var turns: [HostPace.Turn] = []
        for _ in 0..<6 { turns.append(try await pace.takeTurn(.list)) }
        pace.finished(turns[5], .refused)
        #expect(memory.interval(for: "127.0.0.1:9") == 1.1 / 5)

        let next = RetryingTransport(ScriptedTransport(), clock: clock.clock, paces: memory)
        #expect(next.limiter(for: url).pace.interval == 1.1 / 5)
        #expect(next.limiter(for: url).pace.isKeptGuess)
        #expect(next.limiter(for: URL(string: "http://127.0.0.1:10/v0/item/1.json")!).pace.interval == nil)
        clock.advance(by: KeptPaces.maxAge)
        let dayLater = RetryingTransport(ScriptedTransport(), clock: clock.clock, paces: memory)
        #expect(dayLater.limiter(for: url).pace.interval == nil, "a day later it is forgotten")
    }
}
