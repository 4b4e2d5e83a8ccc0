import CLibXML2

/// libxml2's errors kept off the terminal.
///
/// What libxml2 meets without a parser context (an encoding conversion that fails, an I/O
/// error: "encoding error : input conversion failed due to input error, bytes 0xFF…") goes to
/// its generic error handler, which prints to stderr, where curses draws the screen; the parse
/// options `NOERROR | NOWARNING` do not reach it. The handler is kept per thread, with a default
/// for threads that have not used libxml2 yet: `silence()` sets both, and every parse calls it
/// first (a feed is read on whichever thread its queue runs, a slice at a time).
public enum LibXMLErrors {
    public static func silence() { fs_xmlSilenceErrors() }
}
