import Dispatch
import FeedPictures
import FeedSources
import FeedUI
import Logging
import Synchronization

/// Carries out `.fetchPicture` and `.cancelPicture`: one task per picture URL fetches the body
/// (`PictureDownloader`: deadline, byte cap, per-host limit), decodes and fits it on the
/// pictures queue (never on the runtime thread, never blocking Swift's two-thread pool), and
/// posts a `PictureResult` for `reduce`. Cancelling closes the connection; a cancelled load
/// posts nothing.
final class PictureLoader: Sendable {
    private let downloader: PictureDownloader
    private let limits: PictureLimits
    private let deliver: @Sendable (PictureResult) -> Void
    private let logger: Logger
    /// The task loading each URL, with a serial so a finished load never removes a newer one.
    private let tasks = Mutex<(serial: Int, byURL: [String: (serial: Int, task: Task<Void, Never>)])>((0, [:]))
    /// Decoding and scaling block for milliseconds: they run here, a few at a time.
    private static let queue = DispatchQueue(label: "feedscroll.pictures", qos: .userInitiated, attributes: .concurrent)

    init(limits: PictureLimits = .default, timeout: Double, logger: Logger, deliver: @escaping @Sendable (PictureResult) -> Void) {
        downloader = PictureDownloader(timeout: timeout)
        self.limits = limits
        self.logger = logger
        self.deliver = deliver
    }

    func fetch(_ request: PictureRequest) {
        tasks.withLock { tasks in
            tasks.serial += 1
            tasks.byURL[request.url]?.task.cancel()
            tasks.byURL[request.url] = (tasks.serial, load(request, serial: tasks.serial))
        }
    }

    private func load(_ request: PictureRequest, serial: Int) -> Task<Void, Never> {
        Task { [downloader, limits, logger, deliver] in
            let started = DispatchTime.now().uptimeNanoseconds
            let body = await downloader.body(of: request.url, maxBytes: limits.maxBytes)
            guard !Task.isCancelled else { return }
            let result: PictureResult
            switch body {
            case let .success(bytes):
                result = await withCheckedContinuation { continuation in
                    Self.queue.async { continuation.resume(returning: Self.decode(bytes, request, limits: limits)) }
                }
            case .failure(.tooLarge(let length)):
                result = .failure(request, .tooManyBytes(length ?? limits.maxBytes + 1, limit: limits.maxBytes))
            case let .failure(.status(code)):
                result = .failure(request, .unavailable("HTTP \(code)"))
            case let .failure(.transport(reason)):
                result = .failure(request, .unavailable(reason))
            }
            guard !Task.isCancelled else { return }
            self.tasks.withLock { tasks in
                if tasks.byURL[request.url]?.serial == serial { tasks.byURL[request.url] = nil }
            }
            let ms = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
            for case let (key, .failed(error)) in result.entries.prefix(1) {
                logger.warning("picture failed", metadata: ["url": "\(key.url)", "error": "\(error)"])
            }
            logger.debug("picture", metadata: ["url": "\(request.url)", "ms": "\(ms)"])
            deliver(result)
        }
    }

    func cancel(url: String) {
        let task = tasks.withLock { $0.byURL.removeValue(forKey: url)?.task }
        task?.cancel()
        if task != nil { logger.debug("picture cancelled", metadata: ["url": "\(url)"]) }
    }

    /// Cancels what is in flight and closes the connections; blocks until they are closed
    /// (the run is ending: the runtime thread has nothing else to do).
    func shutdown() {
        let all = tasks.withLock { tasks in
            defer { tasks.byURL.removeAll() }
            return tasks.byURL.values.map(\.task)
        }
        for task in all { task.cancel() }
        downloader.syncShutdown()
    }

    /// Decodes once, fits to every box.
    static func decode(_ bytes: [UInt8], _ request: PictureRequest, limits: PictureLimits) -> PictureResult {
        do {
            let image = try PictureDecoder.decode(bytes, limits: limits)
            var entries: [PictureKey: PictureCache.Entry] = [:]
            for (key, box) in zip(request.keys, request.boxes) {
                entries[key] = .picture(
                    HalfBlockPicture(fitting: image, maxColumns: box.columns, maxRows: box.rows, background: request.background))
            }
            return PictureResult(url: request.url, entries: entries)
        } catch {
            return .failure(request, error)
        }
    }
}
