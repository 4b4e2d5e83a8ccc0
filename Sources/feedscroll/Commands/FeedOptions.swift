import ArgumentParser
import FeedPaging
import FeedUI

/// Options every source takes (ARCHITECTURE.md's command-line contract).
struct FeedOptions: ParsableArguments {
    @Option(name: .customLong("page-size"), help: "Items per page (the API's limits apply).")
    var pageSize: Int?

    @Option(help: ArgumentHelp("Prefetch lead in items, or 'auto' (the default).", valueName: "N|auto"))
    var prefetch: PrefetchSetting?

    @Option(help: ArgumentHelp("Colours: default, light or mono (NO_COLOR forces mono).", valueName: "NAME"))
    var theme: ThemeName?

    @Flag(help: "Stream `id<TAB>title` lines instead of drawing.")
    var plain = false

    @Flag(help: "Stream one JSON object per line instead of drawing.")
    var json = false

    @Option(help: "Stop after N items (pipe modes).")
    var limit: Int?

    @Option(help: ArgumentHelp("Write a log to FILE (the screen belongs to curses).", valueName: "FILE"))
    var log: String?

    func validate() throws {
        if let pageSize, pageSize < 1 { throw ValidationError("--page-size must be at least 1, not \(pageSize)") }
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative, not \(limit)") }
        if plain && json { throw ValidationError("--plain and --json cannot be used together") }
    }
}

/// `--prefetch N|auto`.
enum PrefetchSetting: ExpressibleByArgument, Equatable {
    case automatic
    case fixed(Int)

    init?(argument: String) {
        if argument == "auto" {
            self = .automatic
        } else if let items = Int(argument), items >= 0 {
            self = .fixed(items)
        } else {
            return nil
        }
    }

    var policy: PrefetchPolicy {
        switch self {
        case .automatic: .automatic
        case let .fixed(items): .fixed(items)
        }
    }

    var defaultValueDescription: String { "auto" }
}
