import ArgumentParser
import FeedConfig
import FeedUI

extension ThemeName: ExpressibleByArgument {}

extension PrefetchSetting {
    /// The config file's `prefetch`.
    init(_ value: PrefetchValue) {
        switch value {
        case .automatic: self = .automatic
        case let .fixed(items): self = .fixed(items)
        }
    }
}
