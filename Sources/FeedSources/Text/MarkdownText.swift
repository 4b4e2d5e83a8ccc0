import Ink

/// GitHub-flavoured Markdown (READMEs, issue bodies) to HTML through Ink, so it goes through
/// the one HTML pipeline like every other HTML field: headings, lists, tables, code blocks kept
/// as written, quotes and links. Raw HTML in the Markdown passes through to that pipeline, which
/// is the gate for what reaches the terminal.
public enum MarkdownText {
    public static func html(_ markdown: String) -> String {
        MarkdownParser().html(from: fencingIndentedCode(markdown))
    }

    // MARK: - Helpers

    /// The Markdown with each indented code block (lines indented by four spaces or a tab,
    /// after a blank line, outside lists and fenced blocks) written as a fenced block, which is
    /// the only code block Ink reads. Everything else is returned as it was.
    ///
    /// - Complexity: O(n) in the length of the text.
    static func fencingIndentedCode(_ markdown: String) -> String {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [Substring] = []
        out.reserveCapacity(lines.count)
        var openFence: Substring?
        var afterBlank = true
        var inList = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop(while: { $0 == " " })
            if let fence = openFence {
                if trimmed.hasPrefix(fence) { openFence = nil }
                out.append(line)
                index += 1
                continue
            }
            if line.count - trimmed.count < 4, trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                openFence = trimmed.prefix(3)
                out.append(line)
                afterBlank = false
                index += 1
                continue
            }
            if afterBlank, !inList, isIndented(line) {
                var end = index
                while end < lines.count, isIndented(lines[end]) || isBlank(lines[end]) { end += 1 }
                while end > index, isBlank(lines[end - 1]) { end -= 1 }
                let block = lines[index..<end]
                // A block holding a fence of its own is left to Ink rather than mis-fenced.
                if !block.contains(where: { $0.contains("```") }) {
                    out.append("```")
                    out += block.map(unindented)
                    out.append("```")
                    index = end
                    afterBlank = false
                    continue
                }
            }
            if isBlank(line) {
                afterBlank = true
            } else {
                afterBlank = false
                // An indented line belongs to whatever it continues; any other line starts a
                // block that is or is not a list item.
                if !isIndented(line) { inList = isListItem(trimmed) }
            }
            out.append(line)
            index += 1
        }
        return out.joined(separator: "\n")
    }

    private static func isBlank(_ line: Substring) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }

    private static func isIndented(_ line: Substring) -> Bool {
        !isBlank(line) && (line.hasPrefix("    ") || line.hasPrefix("\t"))
    }

    private static func unindented(_ line: Substring) -> Substring {
        if line.hasPrefix("\t") { return line.dropFirst() }
        if line.hasPrefix("    ") { return line.dropFirst(4) }
        return isBlank(line) ? "" : line
    }

    /// `- x`, `* x`, `+ x`, `1. x`, `1) x`.
    private static func isListItem(_ text: Substring) -> Bool {
        if let first = text.first, "-*+".contains(first) { return text.dropFirst().first == " " }
        let digits = text.prefix(while: \.isNumber)
        guard !digits.isEmpty, digits.count < 10 else { return false }
        let rest = text.dropFirst(digits.count)
        return (rest.first == "." || rest.first == ")") && rest.dropFirst().first == " "
    }
}
