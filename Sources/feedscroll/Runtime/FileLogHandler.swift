import FeedModel
import Foundation
import Logging
import Synchronization

/// A swift-log handler appending lines to a file: the screen belongs to curses, so logs never
/// go to the terminal. Without `--log`, logging is off.
struct FileLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug
    private let sink: Sink

    /// Appends lines to the log file until a write fails (a full disk, `/dev/full`, a file
    /// gone read-only): then logging stops, and the failure is reported once, at once in a
    /// pipe, after the terminal is restored on screen (stderr would land in the middle of it).
    final class Sink: Sendable {
        private struct State {
            var handle: FileHandle?
            var failure: String?
            var isReported = false
        }

        private let state: Mutex<State>
        private let path: String
        private let reportsAtOnce: Bool

        init(handle: FileHandle, path: String, reportsAtOnce: Bool) {
            state = Mutex(State(handle: handle))
            self.path = path
            self.reportsAtOnce = reportsAtOnce
        }

        func write(_ line: String) {
            let failure = state.withLock { state -> String? in
                guard let handle = state.handle else { return nil }
                do {
                    try handle.write(contentsOf: Data(line.utf8))
                    return nil
                } catch {
                    state.handle = nil
                    let reason = Self.reason(error)
                    state.failure = "cannot write the log file \(path) (\(reason)); logging stopped"
                    return state.failure
                }
            }
            if reportsAtOnce, failure != nil { reportFailure() }
        }

        /// The system's words for a failed write (`No space left on device`), not Foundation's.
        private static func reason(_ error: any Error) -> String {
            let error = error as NSError
            let posix = error.domain == NSPOSIXErrorDomain
                ? error : (error.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? $0 : nil }
            return posix.map { String(cString: strerror(Int32($0.code))) } ?? "the write failed"
        }

        /// Prints the failure on stderr, once, if there was one.
        func reportFailure() {
            let failure = state.withLock { state -> String? in
                guard !state.isReported, let failure = state.failure else { return nil }
                state.isReported = true
                return failure
            }
            if let failure { printError(failure) }
        }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        // Milliseconds: the log is where a slow first page or a stalled fetch is timed.
        let stamp = Date().formatted(Self.stampStyle)
        var line = "\(stamp) \(event.level) \(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        // Notes and metadata quote remote text (page cursors, error messages): a log read with
        // `cat` or `tail -f` is a terminal too.
        sink.write(TextSanitizer.clean(line) + "\n")
    }

    /// Sets up logging for the run.
    /// - Parameters:
    ///   - path: the log file (`--log`); nil turns logging off.
    ///   - reportsAtOnce: whether a write failure goes to stderr when it happens (pipes), or
    ///     waits for `Sink.reportFailure` (the terminal, once restored).
    /// - Returns: the logger to use, and the sink behind it when there is one.
    static func bootstrap(path: String?, reportsAtOnce: Bool = true) -> (Logger, Sink?) {
        let off = Logger(label: "feedscroll", factory: { _ in SwiftLogNoOpLogHandler() })
        guard let path else { return (off, nil) }
        // Non-blocking to open: a FIFO nobody reads would otherwise hold the run before its
        // first frame (ENXIO instead); blocking again once open. Appending, so a device such as
        // /dev/full (which cannot seek) or a log shared by two runs works as a log should.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            printError("cannot write the log file \(TextSanitizer.clean(path)) (\(reason)); logging is off")
            return (off, nil)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let sink = Sink(handle: handle, path: TextSanitizer.clean(path), reportsAtOnce: reportsAtOnce)
        return (Logger(label: "feedscroll", factory: { _ in FileLogHandler(sink: sink) }), sink)
    }

    private init(sink: Sink) { self.sink = sink }

    private static let stampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
