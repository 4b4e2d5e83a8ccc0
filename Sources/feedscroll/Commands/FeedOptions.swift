import ArgumentParser
import FeedPaging
import FeedUI

/// Options every source takes (ARCHITECTURE.md's command-line contract).
struct FeedOptions: ParsableArguments {
    @Option(name: .customLong("page-size"), help: "Items per page (the API's limits apply).")
    var pageSize: Int?

    @Option(help: ArgumentHelp("Prefetch lead in items, or 'auto' (the default).", valueName: "N|auto"))
    var prefetch: PrefetchPolicy?

    @Option(help: ArgumentHelp("Colours: default, light or mono (NO_COLOR forces mono).", valueName: "NAME"))
    var theme: ThemeName?

    @Option(name: .customLong("max-pages"), help: ArgumentHelp(
        "Hold at most N pages in memory; pages far from the cursor are dropped and fetched again when you come back (0: no cap; default \(PagingState.defaultMaxPages)).",
        valueName: "N"))
    var maxPages: Int?

    @Option(help: ArgumentHelp("Re-fetch the visible pages every SECONDS and update them in place.", valueName: "SECONDS"))
    var live: Double?

    @Flag(help: "Stream `id<TAB>title` lines instead of drawing.")
    var plain = false

    @Flag(help: "Stream one JSON object per line instead of drawing.")
    var json = false

    @Option(help: "Stop after N items (pipe modes).")
    var limit: Int?

    @Option(help: ArgumentHelp("Write a log to FILE (the screen belongs to curses).", valueName: "FILE"))
    var log: String?

    @Option(help: ArgumentHelp(
        "The page cache file (default: $XDG_CACHE_HOME/feedscroll/cache.sqlite, else ~/.cache/feedscroll/cache.sqlite).",
        valueName: "FILE"))
    var cache: String?

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the page cache (read marks are not kept).")
    var noCache = false

    @Flag(help: "Read only the page cache: no network.")
    var offline = false

    @Flag(name: .customLong("hide-read"), help: "Start with read items hidden (H shows them).")
    var hideRead = false

    @Option(help: ArgumentHelp(
        "Pictures (thumbnails, the detail's picture): on (the default where the source has pictures) or off.",
        valueName: "on|off"))
    var images: ImagesSetting?

    @Option(name: .customLong("image-cache-mb"), help: ArgumentHelp(
        "Megabytes of decoded, scaled pictures kept (least recently used go first; default 32).", valueName: "N"))
    var imageCacheMB: Double?

    /// The page cap: the flag, else the config file's `max_pages`, else the default; `nil` for none (0).
    func pageCap(configured: Int?) -> Int? {
        let cap = maxPages ?? configured ?? PagingState.defaultMaxPages
        return cap == 0 ? nil : max(3, cap)
    }

    func validate() throws {
        if let maxPages, maxPages != 0 && maxPages < 3 { throw ValidationError("--max-pages must be 0 (no cap) or at least 3, not \(maxPages)") }
        if let live, !(live >= 1 && live <= 86_400) { throw ValidationError("--live must be between 1 and 86400 seconds, not \(live)") }
        if let pageSize, pageSize < 1 { throw ValidationError("--page-size must be at least 1, not \(pageSize)") }
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative, not \(limit)") }
        if noCache && offline { throw ValidationError("--offline reads the cache: it cannot be used with --no-cache") }
        if noCache && hideRead { throw ValidationError("--hide-read needs the page cache's read marks: it cannot be used with --no-cache") }
        if noCache && cache != nil { throw ValidationError("--cache and --no-cache cannot be used together") }
        if let cache, cache.isEmpty { throw ValidationError("--cache needs a file name") }
        if plain && json { throw ValidationError("--plain and --json cannot be used together") }
        if let imageCacheMB, !(imageCacheMB >= 0 && imageCacheMB <= 4096) {
            throw ValidationError("--image-cache-mb must be between 0 and 4096, not \(imageCacheMB)")
        }
    }
}

/// `--images on|off`.
enum ImagesSetting: String, ExpressibleByArgument, Equatable, CaseIterable {
    case on, off
}
