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

    final class Sink: Sendable {
        private let handle: Mutex<FileHandle>
        init(handle: FileHandle) { self.handle = Mutex(handle) }
        func write(_ line: String) {
            handle.withLock { $0.write(Data(line.utf8)) }
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

    /// Sets up logging for the run and returns the logger to use.
    static func bootstrap(path: String?) -> Logger {
        guard let path else { return Logger(label: "feedscroll", factory: { _ in SwiftLogNoOpLogHandler() }) }
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            printError("cannot write the log file \(path); logging is off")
            return Logger(label: "feedscroll", factory: { _ in SwiftLogNoOpLogHandler() })
        }
        handle.seekToEndOfFile()
        let sink = Sink(handle: handle)
        return Logger(label: "feedscroll", factory: { _ in FileLogHandler(sink: sink) })
    }

    private init(sink: Sink) { self.sink = sink }

    private static let stampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
