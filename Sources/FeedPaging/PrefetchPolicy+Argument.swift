extension PrefetchPolicy {
    /// Reads `--prefetch` and the config file's `prefetch` as written: `auto`, or a lead in items.
    ///
    /// - Parameter argument: `"auto"` or a whole number of items, at least 0.
    /// - Returns: `nil` for anything else.
    public init?(argument: String) {
        if argument == "auto" {
            self = .automatic
        } else if let items = Int(argument), items >= 0 {
            self = .fixed(items)
        } else {
            return nil
        }
    }

    /// The policy as `--prefetch` spells it: `auto` or the lead in items.
    public var argument: String {
        switch self {
        case .automatic: "auto"
        case let .fixed(items): "\(items)"
        }
    }
}
