/// What is wrong with a config file, as one line: `FILE:LINE: KEY: problem`.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, once known.
    public var file: String?
    /// The 1-based line, when the parser or the key locator found it.
    public var line: Int?
    /// The dotted key path, e.g. `keys.down`; nil for syntax errors.
    public var key: String?
    public var problem: String

    public init(file: String? = nil, line: Int? = nil, key: String?, problem: String) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    /// One line, e.g. `config.toml:7: keys.down: unknown key name "ctrl-"`. What came from the
    /// file is never echoed raw: controls are escapes (`\u{1B}`), a long key is cut, and the
    /// values a problem quotes are cut where it is made (`ConfigText`).
    public var description: String {
        var place = file.map { ConfigText.shown($0, limit: 300) } ?? "config"
        if let line { place += ":\(line)" }
        let problem = ConfigText.shown(problem, limit: 500)
        if let key { return "\(place): \(ConfigText.shown(key, limit: ConfigText.maxShown)): \(problem)" }
        return "\(place): \(problem)"
    }
}
