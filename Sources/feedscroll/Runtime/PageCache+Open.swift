import FeedModel
import FeedRuntime
import FeedSources
import FeedStore
import Foundation
import Logging

extension PageCache {
    /// Opens the cache the flags and config ask for.
    ///
    /// - Returns: the cache or none, and a warning line when the file was refused or moved aside.
    static func open(options: FeedOptions, settings: RunSettings, source: any FeedSource, pageSize: Int, logger: Logger)
        -> (cache: PageCache?, warning: String?)
    {
        let location: CacheLocation = options.noCache
            ? .disabled
            : options.cache.map { .file($0) } ?? .standard(environment: ProcessInfo.processInfo.environment)
        let limit = (settings.cacheMB ?? CacheStore.defaultLimitBytes >> 20) << 20
        // Offline only reads: a cache that cannot be written is read as it is.
        let opening = CacheStore.open(location, limitBytes: limit, readsReadOnly: options.offline)
        if let warning = opening.warning { logger.warning("\(warning)") }
        guard let store = opening.store else { return (nil, opening.warning) }
        // A feed's own title, once known, names it on screen, not in the cache (its host does).
        let name = (source as? SyndicationSource)?.cacheName ?? source.name
        let feed = FeedKey(source: name, parameters: feedParameters(settings.arguments, pageSize: pageSize))
        return (PageCache(store: store, feed: feed, logger: logger), opening.warning)
    }
}
