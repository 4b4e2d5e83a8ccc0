/// Finds the line that wrote a key, for error messages (the TOML parser reports lines only
/// for syntax errors).
///
/// It follows `[table]` and `[[array]]` headers (the n-th element of an array of tables is
/// `array[n]`, 1-based) and `key = …` lines, bare, quoted or dotted;
/// it does not parse values, so a line inside a multi-line string can fool it. A miss only
/// costs the line number in a message.
public struct KeyLocator: Sendable {
    private var lines: [String: Int] = [:]

    /// Indexes `source`.
    public init(source: String) {
        var table: [String] = []
        // How many `[[array]]` headers of each path came so far: the n-th element's keys are
        // recorded under `array[n]` (1-based), as the config's validation names them.
        var elements: [String: Int] = [:]
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingSpaces()
            let number = index + 1
            if line.hasPrefix("[[") {
                table = Self.keyPath(Substring(line.dropFirst(2).prefix { $0 != "]" }))
                record(table, number)
                let count = (elements[table.joined(separator: "\u{1}")] ?? 0) + 1
                elements[table.joined(separator: "\u{1}")] = count
                table[table.count - 1] += "[\(count)]"
                record(table, number)
            } else if line.hasPrefix("[") {
                table = Self.keyPath(Substring(line.dropFirst().prefix { $0 != "]" }))
                record(table, number)
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let path = table + Self.keyPath(line[..<equals])
                if path.count > table.count { record(path, number) }
            }
        }
    }

    /// The line that wrote `path`, or its nearest enclosing table.
    public func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path.joined(separator: "\u{1}")] { return line }
            path.removeLast()
        }
        return nil
    }

    // MARK: - Helpers

    private mutating func record(_ path: [String], _ number: Int) {
        let key = path.joined(separator: "\u{1}")
        if lines[key] == nil { lines[key] = number }
    }

    /// `a."b.c" . d` → `["a", "b.c", "d"]`.
    private static func keyPath(_ text: Substring) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "." {
                parts.append(current.trimmingSpaces())
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingSpaces())
        return parts
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }),
            let last = characters.lastIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" })
        else { return "" }
        return String(characters[first...last])
    }
}
