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
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: path, key: nil, problem: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, key: nil, problem: "not UTF-8 text")
        }
        do {
            return try parse(text)
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

    // MARK: - Helpers

    static func value(of table: TOMLTable) -> ConfigValue {
        .table(zip(table.keys, table.values).map { ($0, value(of: $1)) })
    }

    static func value(of value: TOMLValue) -> ConfigValue {
        switch value.type {
        case .table: return value.table.map { Self.value(of: $0) } ?? .other("table")
        case .array: return .array(value.array.map { $0.map { Self.value(of: $0.tomlValue) } } ?? [])
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
