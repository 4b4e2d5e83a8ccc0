import FeedModel
import FeedPaging
import FeedUI
import Logging
import Foundation

/// The interactive loop: placeholder until the curses backend lands.
struct TerminalRuntime {
    var source: any FeedSource
    var pageSize: Int
    var prefetch: PrefetchPolicy
    var logger: Logger

    func run() -> Int32 {
        printError("the terminal screen is not built yet; use --plain or --json")
        return 1
    }
}
