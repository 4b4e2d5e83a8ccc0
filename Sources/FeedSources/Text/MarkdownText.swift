import Ink

/// GitHub-flavoured Markdown (READMEs, issue bodies) to HTML through Ink, so it goes through
/// the one HTML pipeline like every other HTML field: headings, lists, tables, code blocks kept
/// as written, quotes and links. Raw HTML in the Markdown passes through to that pipeline, which
/// is the gate for what reaches the terminal.
public enum MarkdownText {
    public static func html(_ markdown: String) -> String {
        MarkdownParser().html(from: markdown)
    }
}
