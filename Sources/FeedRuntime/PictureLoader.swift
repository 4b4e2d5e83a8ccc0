import Dispatch
import FeedModel
import FeedPaging
import FeedPictures
import FeedSources
import FeedUI
import Logging

/// Carries out `.fetchPicture` and `.cancelPicture` through the pages' own spine: one task per
/// picture URL on the `FetchExecutor`, sending through the run's transport (its deadline, its
/// per-host limiter in the pictures lane, a picture's byte cap), then decoding and fitting on
/// the same executor's queue (never on the runtime thread, never on Swift's two-thread pool),
/// and delivering a `PictureResult` to the runtime's one inbox. Cancelling closes the
/// connection; a cancelled load delivers nothing.
final class PictureLoader: Sendable {
    private let transport: any HTTPTransport
    private let executor: FetchExecutor
    private let limits: PictureLimits
    private let deliver: @Sendable (PictureResult) -> Void
    private let logger: Logger
    /// The task loading each URL (a finished load never removes a newer one).
    private let tasks = TaskTable<String>()

    /// - Parameters:
    ///   - transport: the run's transport (the one its source sends through).
    ///   - executor: where the loads run.
    ///   - limits: the byte cap and pixel budget.
    ///   - logger: one line per failed picture.
    ///   - deliver: called from the executor with each result.
    init(
        transport: any HTTPTransport, executor: FetchExecutor, limits: PictureLimits = .default, logger: Logger,
        deliver: @escaping @Sendable (PictureResult) -> Void
    ) {
        self.transport = transport
        self.executor = executor
        self.limits = limits
        self.logger = logger
        self.deliver = deliver
    }

    func fetch(_ request: PictureRequest) {
        tasks.start(request.url, on: executor) { await self.load(request) }
    }

    func cancel(url: String) {
        if tasks.cancel(url) { logger.debug("picture cancelled", metadata: ["url": "\(url)"]) }
    }

    /// Cancels every load (quitting); their connections close as the tasks end.
    func cancelAll() {
        tasks.cancelAll()
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

    // MARK: - Helpers

    /// Loads, decodes and fits one picture, and delivers it unless cancelled meanwhile.
    private func load(_ request: PictureRequest) async {
        let started = DispatchTime.now().uptimeNanoseconds
        let result: PictureResult
        do throws(FeedError) {
            let bytes = try await transport.fetchPicture(request.url, maxBytes: limits.maxBytes)
            guard !Task.isCancelled else { return }
            // On the executor's queue: a few milliseconds of libpng and scaling.
            result = Self.decode(bytes, request, limits: limits)
        } catch {
            guard !Task.isCancelled, error.kind != .cancelled else { return }
            result = .failure(request, .unavailable(error.sanitized().message))
        }
        guard !Task.isCancelled else { return }
        let ms = (DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
        for case let (key, .failed(error)) in result.entries.prefix(1) {
            logger.warning("picture failed", metadata: ["url": "\(key.url)", "error": "\(error)"])
        }
        logger.debug("picture", metadata: ["url": "\(request.url)", "ms": "\(ms)"])
        deliver(result)
    }
}
