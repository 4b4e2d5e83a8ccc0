import Foundation
import TOMLKit

/// Reading `config.toml`: where it is, and TOML to `ConfigValue` (the only code that sees TOMLKit).
public enum ConfigFile {
    /// `$XDG_CONFIG_HOME/feedscroll/config.toml`, else `~/.config/feedscroll/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return xdg + "/feedscroll/config.toml"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/feedscroll/config.toml"
    }

    /// Loads the config: `explicitPath` (from `--config`) must exist; the default path may not.
    ///
    /// - Throws: `ConfigError` naming the file for a file that cannot be read, bad TOML or a bad value.
    public static func load(explicitPath: String?, environment: [String: String]) throws(ConfigError) -> Config {
        guard let path = explicitPath ?? defaultPath(environment: environment) else { return .empty }
        guard FileManager.default.fileExists(atPath: path) else {
            if explicitPath == nil { return .empty }
            throw ConfigError(file: path, key: nil, problem: "no such file")
        }
        // Read through a handle: `FileManager.contents(atPath:)` answers nil for a device or a
        // pipe (`--config /dev/null`, `--config <(…)`), which read as any file does.
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ConfigError(file: path, key: nil, problem: "cannot read the file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            // A config is a few kilobytes: a device that never ends (`/dev/zero`) stops here.
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw ConfigError(file: path, key: nil, problem: "cannot read the file")
        }
        guard data.count <= maxBytes else {
            throw ConfigError(file: path, key: nil, problem: "larger than \(maxBytes >> 20) MB, not a config")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, key: nil, problem: "not UTF-8 text")
        }
        do {
            var config = try parse(text)
            for index in config.warnings.indices { config.warnings[index].file = path }
            return config
        } catch {
            var error = error
            error.file = path
            throw error
        }
    }

    /// Parses and validates a config file's text.
    public static func parse(_ text: String) throws(ConfigError) -> Config {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(line: error.source.begin.line, key: nil, problem: "TOML syntax error: \(error.description)")
        } catch {
            throw ConfigError(key: nil, problem: "TOML syntax error: \(error)")
        }
        return try Config(validating: value(of: table), locator: KeyLocator(source: text))
    }

    /// How deep tables and arrays may nest. The deepest key feedscroll reads is three levels
    /// down (`feeds.NAME.keys.down`); the limit keeps a hostile file (5,000 levels of
    /// `[a.a.a…]`) from exhausting the stack.
    public static let maxDepth = 32

    /// The largest config file read.
    public static let maxBytes = 1 << 20

    // MARK: - Helpers

    static func value(of table: TOMLTable, depth: Int = 0) throws(ConfigError) -> ConfigValue {
        guard depth < maxDepth else {
            throw ConfigError(key: nil, problem: "tables or arrays nest deeper than \(maxDepth) levels")
        }
        var entries: [(String, ConfigValue)] = []
        for (key, value) in zip(table.keys, table.values) { entries.append((key, try Self.value(of: value, depth: depth + 1))) }
        return .table(entries)
    }

    static func value(of value: TOMLValue, depth: Int) throws(ConfigError) -> ConfigValue {
        switch value.type {
        case .table:
            guard let table = value.table else { return .other("table") }
            return try Self.value(of: table, depth: depth)
        case .array:
            guard depth < maxDepth else {
                throw ConfigError(key: nil, problem: "tables or arrays nest deeper than \(maxDepth) levels")
            }
            var elements: [ConfigValue] = []
            for element in value.array ?? [] { elements.append(try Self.value(of: element.tomlValue, depth: depth + 1)) }
            return .array(elements)
        case .string: return value.string.map(ConfigValue.string) ?? .other("string")
        case .int: return value.int.map(ConfigValue.integer) ?? .other("integer")
        case .double: return value.double.map(ConfigValue.float) ?? .other("float")
        case .bool: return value.bool.map(ConfigValue.boolean) ?? .other("boolean")
        case .date: return .other("date")
        case .time: return .other("time")
        case .dateTime: return .other("date-time")
        }
    }
}
