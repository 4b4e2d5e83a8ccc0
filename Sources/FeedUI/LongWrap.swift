import FeedModel

/// The word wrap of one text too long to lay out in one go (a 10 MB title is remote text like
/// any other), done a slice at a time so keys are answered between slices.
///
/// It wraps exactly as `DetailLayout.wrap` does: words joined by single spaces while they fit,
/// a word wider than the line broken between characters from the start of a line. The state
/// between slices is the lines so far, the line being filled, and the word being read: a word
/// is placed when its end is seen, or broken as soon as it is wider than the line (it would be
/// broken anyway), so a slice may end anywhere.
struct LongWrap: Equatable, Sendable {
    /// Texts from this many bytes are wrapped a slice at a time; shorter ones in one go.
    static let threshold = 64 * 1024
    /// Bytes wrapped when the text is first laid out (many screens' worth), and on each tick.
    static let firstSlice = 64 * 1024
    static let slice = 512 * 1024

    let text: String
    let width: Int
    /// Full lines so far.
    private(set) var lines: [String] = []
    /// The next character to read.
    private var position: String.Index
    /// The line being filled and its width.
    private var line = ""
    private var used = 0
    /// Where the word being read starts and its width so far; nil between words or while a
    /// long word is being broken.
    private var word: (start: String.Index, width: Int)?
    private var isBreakingWord = false
    private let isASCII: Bool

    init(_ text: String, width: Int) {
        self.text = text
        self.width = max(1, width)
        position = text.startIndex
        isASCII = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    static func == (lhs: LongWrap, rhs: LongWrap) -> Bool {
        lhs.text == rhs.text && lhs.width == rhs.width && lhs.position == rhs.position && lhs.lines == rhs.lines
    }

    var isDone: Bool { position == text.endIndex }

    /// Bytes of the text not read yet.
    var remainingBytes: Int { text.utf8.distance(from: position, to: text.endIndex) }

    /// Every line, the one being filled last, once the text is read; until then the full
    /// lines so far.
    var wrapped: [String] {
        guard isDone else { return lines }
        var all = lines
        if used > 0 || all.isEmpty { all.append(line) }
        return all
    }

    /// Reads about `bytes` more of the text (at least one character).
    mutating func advance(bytes: Int) {
        guard !isDone else { return }
        let end = text.utf8.index(position, offsetBy: max(1, bytes), limitedBy: text.endIndex) ?? text.endIndex
        if isASCII {
            advanceASCII(to: end)
        } else {
            // Characters: a slice ends on a character boundary at or after `end`.
            while position < text.endIndex && position < end {
                let character = text[position]
                let next = text.index(after: position)
                read(character, at: position, next: next)
                position = next
            }
        }
        if isDone, let word {
            place(text[word.start..<text.endIndex], width: word.width)
            self.word = nil
        }
    }

    // MARK: - Helpers

    private mutating func read(_ character: Character, at index: String.Index, next: String.Index) {
        if character == " " {
            if let word { place(text[word.start..<index], width: word.width) }
            word = nil
            isBreakingWord = false
            return
        }
        let characterWidth = TextWidth.of(character)
        if isBreakingWord {
            append(character, width: characterWidth)
        } else if let current = word {
            let wordWidth = current.width + characterWidth
            if wordWidth > width {
                startBreaking(from: current.start, to: next)
            } else {
                word = (current.start, wordWidth)
            }
        } else if characterWidth > width {
            word = (index, characterWidth)
            startBreaking(from: index, to: next)
        } else {
            word = (index, characterWidth)
        }
    }

    /// A word ended: after a space on the line when it fits, else at the start of the next.
    private mutating func place(_ piece: Substring, width pieceWidth: Int) {
        if used > 0 && used + 1 + pieceWidth <= width {
            line += " "
            line += piece
            used += 1 + pieceWidth
            return
        }
        if used > 0 { flush() }
        line = String(piece)
        used = pieceWidth
    }

    /// The word read so far is wider than a line: it starts a line and is broken between
    /// characters from there on.
    private mutating func startBreaking(from start: String.Index, to end: String.Index) {
        if used > 0 { flush() }
        word = nil
        isBreakingWord = true
        for character in text[start..<end] { append(character, width: TextWidth.of(character)) }
    }

    private mutating func append(_ character: Character, width characterWidth: Int) {
        if used + characterWidth > width && !line.isEmpty { flush() }
        line.append(character)
        used += characterWidth
    }

    private mutating func flush() {
        lines.append(line)
        line = ""
        used = 0
    }

    /// Printable ASCII: each byte is a character one column wide.
    private mutating func advanceASCII(to end: String.Index) {
        let bytes = text.utf8
        while position < end {
            if isBreakingWord {
                // Whole runs at once: up to the next space, a line at a time.
                let stop = bytes[position..<end].firstIndex(of: 0x20) ?? end
                while position < stop {
                    if used >= width { flush() }
                    let room = width - used
                    let runEnd = bytes.index(position, offsetBy: room, limitedBy: stop) ?? stop
                    line += text[position..<runEnd]
                    used += bytes.distance(from: position, to: runEnd)
                    position = runEnd
                }
                guard position < end else { return }
                isBreakingWord = false  // at a space
                position = bytes.index(after: position)
                continue
            }
            let byte = bytes[position]
            let next = bytes.index(after: position)
            if byte == 0x20 {
                if let word { place(text[word.start..<position], width: word.width) }
                word = nil
            } else if let current = word {
                if current.width + 1 > width {
                    startBreaking(from: current.start, to: next)
                } else {
                    word = (current.start, current.width + 1)
                }
            } else {
                word = (position, 1)  // one column, and a line is at least one
            }
            position = next
        }
    }
}
