import ArgumentParser
import FeedPaging
import FeedUI

extension ThemeName: ExpressibleByArgument {}

/// `--prefetch N|auto`: `PrefetchPolicy.init(argument:)` reads both spellings.
extension PrefetchPolicy: ExpressibleByArgument {
    public var defaultValueDescription: String { "auto" }
}
