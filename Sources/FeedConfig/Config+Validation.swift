import FeedModel
import FeedPaging
import FeedUI

extension Config {
    /// The top-level keys a config file may hold.
    public static let topLevelKeys = ["default", "page_size", "prefetch", "max_pages", "theme", "images", "image_cache_mb", "cache_mb", "hide_read", "browser", "browser_terminal", "comment_width", "refresh_on_start", "keys", "feeds", "subscriptions"]

    /// Validates a parsed file.
    ///
    /// - Parameters:
    ///   - root: the document's top-level table.
    ///   - locator: finds the line of a key for the error message, when given.
    /// - Returns: the settings, every one usable.
    /// - Throws: the first problem found, in file order, as a `ConfigError` naming the key.
    public init(validating root: ConfigValue, locator: KeyLocator? = nil) throws(ConfigError) {
        self = try Reader(locator: locator).config(root)
    }
}

// MARK: - Helpers

private struct Reader {
    var locator: KeyLocator?

    func fail(_ path: [String], _ problem: String) -> ConfigError {
        ConfigError(line: locator?.line(of: path), key: path.joined(separator: "."), problem: problem)
    }

    func config(_ root: ConfigValue) throws(ConfigError) -> Config {
        let entries = try table(root, at: [])
        var config = Config()
        for (key, value) in entries {
            let path = [key]
            switch key {
            case "default": config.defaultFeed = try string(value, at: path)
            case "page_size": config.pageSize = try positive(value, at: path)
            case "prefetch": config.prefetch = try prefetch(value, at: path)
            case "max_pages": config.maxPages = try positive(value, at: path)
            case "theme": config.theme = try theme(value, at: path)
            case "images": config.showsImages = try images(value, at: path)
            case "image_cache_mb": config.imageCacheMB = try positive(value, at: path)
            case "cache_mb": config.cacheMB = try positive(value, at: path)
            case "hide_read": config.hideRead = try boolean(value, at: path)
            case "refresh_on_start": config.refreshesOnStart = try boolean(value, at: path)
            case "browser":
                let browser = try string(value, at: path)
                guard let first = browser.split(separator: ":").first, !first.split(separator: " ").isEmpty else {
                    throw fail(path, "names no program")
                }
                config.browser = browser
            case "browser_terminal": config.browserTerminal = try boolean(value, at: path)
            case "comment_width":
                let width = try positive(value, at: path)
                guard (20...400).contains(width) else { throw fail(path, "must be between 20 and 400 columns, not \(width)") }
                config.commentWidth = width
            case "keys":
                config.keys = try keys(value, at: path)
                config.warnings += keyWarnings(config.keys, at: path)
            case "feeds":
                for (name, feedValue) in try table(value, at: path) {
                    config.feeds[name] = try feed(name, feedValue, at: path + [name])
                }
            case "subscriptions": config.subscriptions = try subscriptions(value, at: path)
            default: throw unknown(path, expected: Config.topLevelKeys)
            }
        }
        if let name = config.defaultFeed, config.feeds[name] == nil, !SourceCatalog.sources.keys.contains(name) {
            let known = (config.feeds.keys.sorted() + SourceCatalog.sources.keys.sorted()).joined(separator: ", ")
            throw fail(["default"], "no feed or command named \(ConfigText.quoted(name)); use one of: \(known)")
        }
        return config
    }

    func table(_ value: ConfigValue, at path: [String]) throws(ConfigError) -> [(key: String, value: ConfigValue)] {
        guard case let .table(entries) = value else { throw wrongType(path, expected: "a table", got: value) }
        return entries
    }

    func string(_ value: ConfigValue, at path: [String]) throws(ConfigError) -> String {
        guard case let .string(text) = value else { throw wrongType(path, expected: "a string", got: value) }
        return text
    }

    func boolean(_ value: ConfigValue, at path: [String]) throws(ConfigError) -> Bool {
        guard case let .boolean(flag) = value else { throw wrongType(path, expected: "a boolean", got: value) }
        return flag
    }

    func positive(_ value: ConfigValue, at path: [String]) throws(ConfigError) -> Int {
        guard case let .integer(number) = value else { throw wrongType(path, expected: "an integer", got: value) }
        guard number >= 1 else { throw fail(path, "must be at least 1, not \(number)") }
        return number
    }

    func prefetch(_ value: ConfigValue, at path: [String]) throws(ConfigError) -> PrefetchPolicy {
        switch value {
        case .string("auto"): return .automatic
        case let .integer(items) where items >= 0: return .fixed(items)
        case let .integer(items): throw fail(path, "must be \"auto\" or at least 0, not \(items)")
        case let .string(text): throw fail(path, "must be \"auto\" or a number of items, not \(ConfigText.quoted(text))")
        default: throw wrongType(path, expected: "\"auto\" or an integer", got: value)
        }
    }

    func theme(_ value: ConfigValue, at path: [String]) throws(ConfigError) -> ThemeName {
        let name = try string(value, at: path)
        guard let theme = ThemeName(rawValue: name) else {
            throw fail(path, "unknown theme \(ConfigText.quoted(name)); themes: \(ThemeName.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return theme
    }

    /// `"on"` or `"off"` (a boolean is taken as well).
    func images(_ value: ConfigValue, at path: [String]) throws(ConfigError) -> Bool {
        switch value {
        case .string("on"), .boolean(true): return true
        case .string("off"), .boolean(false): return false
        case let .string(text): throw fail(path, "must be \"on\" or \"off\", not \(ConfigText.quoted(text))")
        default: throw wrongType(path, expected: "\"on\" or \"off\"", got: value)
        }
    }

    func keys(_ value: ConfigValue, at path: [String]) throws(ConfigError) -> [Intent: [Key]] {
        var result: [Intent: [Key]] = [:]
        var owner: [Key: Intent] = [:]
        for (name, keysValue) in try table(value, at: path) {
            let keyPath = path + [name]
            guard let intent = Intent(rawValue: name) else {
                throw fail(keyPath, "unknown action \(ConfigText.quoted(name)); actions: \(Intent.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let names: [ConfigValue]
            switch keysValue {
            case let .array(items): names = items
            case .string: names = [keysValue]
            default: throw wrongType(keyPath, expected: "an array of key names", got: keysValue)
            }
            var keys: [Key] = []
            for item in names {
                guard case let .string(keyName) = item else {
                    throw wrongType(keyPath, expected: "an array of key names", got: item)
                }
                guard let key = Key(name: keyName) else {
                    throw fail(keyPath, "unknown key name \(ConfigText.quoted(keyName)) (a character, ctrl-X, space, up, down, left, right, pageup, pagedown, home, end, enter, esc, backspace, tab)")
                }
                if let other = owner[key], other != intent {
                    throw fail(keyPath, "\(ConfigText.quoted(keyName)) is also bound to \(other.rawValue)")
                }
                owner[key] = intent
                if !keys.contains(key) { keys.append(key) }
            }
            result[intent] = keys
        }
        return result
    }

    /// A key the file gives one action that the built-in table gives another in the same view
    /// (`down = ["n"]` takes `n` from nextMatch): taken, and said, with the line. The file
    /// takes it silently when it rebinds that other action too (`nextMatch = ["ctrl-n"]`, or
    /// `[]` for none): then the change is spelled out.
    func keyWarnings(_ keys: [Intent: [Key]], at path: [String]) -> [ConfigError] {
        let standard = KeyMap.standard
        let taken = Set(keys.values.joined())
        var warnings: [ConfigError] = []
        for intent in Intent.allCases {
            guard let newKeys = keys[intent] else { continue }
            let contexts = standard.bindings.first { $0.intent == intent }?.contexts ?? KeyContext.everywhere
            for key in newKeys {
                for other in standard.bindings where other.intent != intent && keys[other.intent] == nil
                    && other.keys.contains(key) && !other.contexts.isDisjoint(with: contexts)
                {
                    let help = other.help.prefix(1).lowercased() + other.help.dropFirst()
                    let left = other.keys.filter { !taken.contains($0) }
                    let keeps = left.isEmpty
                        ? "it has no key left (give \(other.intent.rawValue) its own keys, or [] to mean none)"
                        : "it keeps \(left.map(\.label).joined(separator: " "))"
                    warnings.append(fail(path + [intent.rawValue], "\(ConfigText.quoted(key.label)) was \(other.intent.rawValue)'s key (\(help)); now \(intent.rawValue) takes it, and \(keeps)"))
                }
            }
        }
        return warnings.sorted { ($0.line ?? 0, $0.key ?? "") < ($1.line ?? 0, $1.key ?? "") }
    }

    func feed(_ name: String, _ value: ConfigValue, at path: [String]) throws(ConfigError) -> FeedDefinition {
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
            !name.hasPrefix("-")
        else { throw fail(path, "a feed name takes letters, digits, - and _ only") }
        guard !SourceCatalog.commandNames.contains(name) else {
            throw fail(path, "a feed cannot be named like the command \(ConfigText.quoted(name))")
        }
        let entries = try table(value, at: path)
        guard let sourceValue = entries.first(where: { $0.key == "source" })?.value else {
            throw fail(path, "missing \"source\" (one of: \(SourceCatalog.sources.keys.sorted().joined(separator: ", ")))")
        }
        let source = try string(sourceValue, at: path + ["source"])
        guard let parameters = SourceCatalog.sources[source] else {
            throw fail(path + ["source"], "unknown source \(ConfigText.quoted(source)); sources: \(SourceCatalog.sources.keys.sorted().joined(separator: ", "))")
        }
        var feed = FeedDefinition(name: name, source: source)
        var positional: [String] = []
        for (key, value) in entries {
            let keyPath = path + [key]
            switch key {
            case "source": continue
            case "page_size": feed.pageSize = try positive(value, at: keyPath)
            case "prefetch": feed.prefetch = try prefetch(value, at: keyPath)
            case "max_pages": feed.maxPages = try positive(value, at: keyPath)
            case "theme": feed.theme = try theme(value, at: keyPath)
            case "images": feed.showsImages = try images(value, at: keyPath)
            case "hide_read": feed.hideRead = try boolean(value, at: keyPath)
            default:
                guard let parameter = parameters.first(where: { $0.key == key }) else {
                    throw unknown(keyPath, expected: SourceCatalog.settingKeys + parameters.map(\.key), context: "for source \(ConfigText.quoted(source))")
                }
                let text = try argument(value, parameter.kind, at: keyPath)
                // A positional becomes a command-line argument, where a leading "-" would read as an option.
                if parameter.placement == .positional && text.hasPrefix("-") { throw fail(keyPath, "must not start with \"-\"") }
                try check(text, value, parameter.rule, at: keyPath)
                switch parameter.placement {
                case .positional:
                    positional.append(text)
                case let .option(flag): feed.arguments += [flag, text]
                case let .flag(flag): if text == "true" { feed.arguments.append(flag) }
                }
            }
        }
        for parameter in parameters where parameter.isRequired && !entries.contains(where: { $0.key == parameter.key }) {
            throw fail(path, "missing \"\(parameter.key)\", which source \(ConfigText.quoted(source)) needs")
        }
        feed.arguments = positional + feed.arguments
        return feed
    }

    /// `[[subscriptions]]`: an array of tables, each a feed with `url` and optional `name` and
    /// `tags`. Element `n` (1-based) is the path `subscriptions[n]`, as the key locator knows it.
    func subscriptions(_ value: ConfigValue, at path: [String]) throws(ConfigError) -> [Subscription] {
        guard case let .array(elements) = value else {
            throw wrongType(path, expected: "an array of tables ([[subscriptions]])", got: value)
        }
        var result: [Subscription] = []
        var seen: Set<String> = []
        for (offset, element) in elements.enumerated() {
            let elementPath = ["\(path.joined(separator: "."))[\(offset + 1)]"]
            let entries = try table(element, at: elementPath)
            guard let urlValue = entries.first(where: { $0.key == "url" })?.value else {
                throw fail(elementPath, "missing \"url\", the feed's address (http://… or https://…)")
            }
            let url = try string(urlValue, at: elementPath + ["url"])
            guard Subscription.isFeedURL(url) else {
                throw fail(elementPath + ["url"], "\(ConfigText.quoted(url)) is not a feed URL; give http://HOST/… or https://HOST/…")
            }
            guard seen.insert(url).inserted else { throw fail(elementPath + ["url"], "\(ConfigText.quoted(url)) is listed twice") }
            var subscription = Subscription(url: url)
            for (key, value) in entries {
                let keyPath = elementPath + [key]
                switch key {
                case "url": continue
                case "name":
                    let name = try string(value, at: keyPath)
                    guard !name.allSatisfy(\.isWhitespace) else { throw fail(keyPath, "must not be empty") }
                    subscription.name = name
                case "tags":
                    guard case let .array(tags) = value else { throw wrongType(keyPath, expected: "an array of strings", got: value) }
                    for tag in tags { subscription.tags.append(try string(tag, at: keyPath)) }
                default: throw unknown(keyPath, expected: ["url", "name", "tags"])
                }
            }
            result.append(subscription)
        }
        return result
    }

    /// A value's rule, beyond its type (a list name, a range, a URL).
    func check(_ text: String, _ value: ConfigValue, _ rule: SourceCatalog.Parameter.Rule, at path: [String]) throws(ConfigError) {
        switch rule {
        case .any:
            return
        case let .oneOf(words):
            guard words.contains(text) else {
                throw fail(path, "\(ConfigText.quoted(text)) is not one of: \(words.joined(separator: ", "))")
            }
        case let .within(range):
            let number: Double? = switch value {
            case let .integer(integer): Double(integer)
            case let .float(float): float
            default: nil
            }
            guard let number, range.contains(number) else {
                throw fail(path, "must be within \(Self.bound(range.lowerBound))…\(Self.bound(range.upperBound)), not \(ConfigText.shown(text))")
            }
        case .url:
            let scheme = text.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() }
            let rest = text.drop { $0 != ":" }
            guard scheme == "http" || scheme == "https", rest.hasPrefix("://"), rest.count > 3 else {
                throw fail(path, "\(ConfigText.quoted(text)) is not a URL; give the API root as http://HOST/… or https://HOST/…")
            }
        case .nonEmpty:
            guard !text.allSatisfy(\.isWhitespace) else { throw fail(path, "must not be empty") }
        }
    }

    /// `600`, `0.001`, `1`: a bound as people write it.
    static func bound(_ value: Double) -> String {
        if value >= Double(Int64.max) { return "∞" }
        return value == value.rounded() ? String(Int64(value)) : String(value)
    }

    func argument(_ value: ConfigValue, _ kind: SourceCatalog.Parameter.Kind, at path: [String]) throws(ConfigError) -> String {
        switch (kind, value) {
        case let (.string, .string(text)): return text
        case let (.integer, .integer(number)): return "\(number)"
        case let (.number, .integer(number)): return "\(number)"
        case let (.number, .float(number)): return "\(number)"
        case let (.boolean, .boolean(flag)): return flag ? "true" : "false"
        default: throw wrongType(path, expected: kind.typeName, got: value)
        }
    }

    func wrongType(_ path: [String], expected: String, got value: ConfigValue) -> ConfigError {
        fail(path, "expected \(expected), got \(value.typeName)")
    }

    func unknown(_ path: [String], expected: [String], context: String = "") -> ConfigError {
        fail(path, "unknown key\(context.isEmpty ? "" : " " + context); expected one of: \(expected.joined(separator: ", "))")
    }
}
