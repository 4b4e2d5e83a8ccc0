import Testing
@testable import FeedConfig
