@testable import FeedRuntime
import Testing

@Suite(.timeLimit(.minutes(1))) struct TaskTableTests {
    /// A stream a test awaits instead of sleeping.
    final class Signals: Sendable {
        let stream: AsyncStream<String>
        let continuation: AsyncStream<String>.Continuation
        init() { (stream, continuation) = AsyncStream.makeStream() }
        func send(_ value: String) { continuation.yield(value) }
    }

    /// Waits, suspended, until its task is cancelled (no clock involved).
    static func untilCancelled() async {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        await withTaskCancellationHandler {
            for await _ in stream {}
        } onCancel: {
            continuation.finish()
        }
    }

    /// A second task under a key cancels the first, and the first's late end leaves the
    /// second in the table; cancelling by key ends it and empties the table.
    @Test func aNewerTaskUnderTheSameKeySurvivesTheOlderOnesEnd() async {
        let table = TaskTable<String>()
        let executor = FetchExecutor(label: "test.tasks")
        let signals = Signals()
        var events = signals.stream.makeAsyncIterator()
        table.start("a", on: executor) {
            signals.send("first started")
            await Self.untilCancelled()
            signals.send("first ended, cancelled: \(Task.isCancelled)")
        }
        #expect(await events.next() == "first started")
        table.start("a", on: executor) {
            signals.send("second started")
            await Self.untilCancelled()
            signals.send("second ended")
        }
        var seen: Set<String> = []
        for _ in 0..<2 { if let event = await events.next() { seen.insert(event) } }
        #expect(seen == ["first ended, cancelled: true", "second started"])
        #expect(table.count == 1, "the first task's end did not remove the second")
        #expect(table.cancel("a"))
        #expect(await events.next() == "second ended")
        #expect(table.count == 0)
        #expect(!table.cancel("a"), "nothing left to cancel")
    }

    /// `cancelAll` ends every task still running and empties the table.
    @Test func cancelAllEndsEveryRunningTask() async {
        let table = TaskTable<Int>()
        let executor = FetchExecutor(label: "test.tasks")
        let signals = Signals()
        var events = signals.stream.makeAsyncIterator()
        table.start(1, on: executor) { signals.send("one done") }
        table.start(2, on: executor) {
            signals.send("two started")
            await Self.untilCancelled()
            signals.send("two ended")
        }
        var seen: Set<String> = []
        for _ in 0..<2 { if let event = await events.next() { seen.insert(event) } }
        #expect(seen == ["one done", "two started"])
        table.cancelAll()
        #expect(await events.next() == "two ended")
        #expect(table.count == 0)
    }
}
