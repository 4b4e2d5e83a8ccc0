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

    /// One line, e.g. `config.toml:7: keys.down: unknown key name "ctrl-"`.
    public var description: String {
        var place = file ?? "config"
        if let line { place += ":\(line)" }
        if let key { return "\(place): \(key): \(problem)" }
        return "\(place): \(problem)"
    }
}
