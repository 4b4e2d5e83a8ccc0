import FeedModel
import CNCursesW
import FeedUI
import Glibc
import Testing

@testable import CursesTerminal

/// Every test that touches curses, the locale or the environment: they are process-wide, so
/// these suites are nested in one serialized suite and never run alongside each other.
@Suite(.serialized) struct ProcessWideTests {}

// MARK: - Helpers

/// Runs `body` with an environment variable set (nil: unset), then puts the old value back.
func withEnvironment<T>(_ name: String, _ value: String?, _ body: () throws -> T) rethrows -> T {
    let saved = getenv(name).map { String(cString: $0) }
    if let value { setenv(name, value, 1) } else { unsetenv(name) }
    defer {
        if let saved { setenv(name, saved, 1) } else { unsetenv(name) }
    }
    return try body()
}

/// A unique temp file path, removed by the caller.
func temporaryPath(_ name: String) -> String {
    "/tmp/feedscroll-curses-\(getpid())-\(name)-\(UInt32.random(in: 0...UInt32.max))"
}

func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : -1
}

/// Builds a grid from lines, cell by cell the way `render` does (`Grid.write`).
func makeGrid(_ lines: [String], size: Size, style: Style = .normal) -> Grid {
    try? CursesTerminal.ensureUTF8Locale()  // wcwidth answers -1 for Hangul in the C locale
    var grid = Grid(size: size)
    for (row, line) in lines.enumerated() where row < size.rows {
        // Whole characters only, as the old builder did: text that does not fit stops there.
        var fitting = ""
        for character in line where TextWidth.of(fitting) + TextWidth.of(character) <= size.columns {
            fitting.append(character)
        }
        grid.write(fitting, row: row, column: 0, style: style)
    }
    return grid
}

/// What curses holds at one screen cell: its text and attributes (without colour).
func screenCell(row: Int, column: Int) -> (text: String, attributes: attr_t) {
    var character = cchar_t()
    guard mvwin_wch(fs_stdscr(), Int32(row), Int32(column), &character) != ERR else { return ("", 0) }
    var characters = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
    var attributes: attr_t = 0
    var pair: Int16 = 0
    _ = getcchar(&character, &characters, &attributes, &pair, nil)
    let text = String(String.UnicodeScalarView(characters.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
    return (text, attributes)
}

/// One screen row as curses holds it, each wide character once.
func screenLine(_ row: Int, columns: Int) -> String {
    var text = ""
    var column = 0
    while column < columns {
        let cell = screenCell(row: row, column: column).text
        text += cell
        let width = cell.unicodeScalars.first.map { Int(wcwidth(wchar_t(bitPattern: $0.value))) } ?? 1
        column += max(width, 1)
    }
    return text
}

/// Every byte of a file (what a headless terminal wrote).
func readBytes(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return bytes
}
