import CNCursesW
import FeedUI
import Glibc

extension CursesTerminal {
    /// Every event available now, without waiting: signal notices first, then keys.
    ///
    /// A resize (SIGWINCH, or ncurses' `KEY_RESIZE`) and a resume (SIGCONT) are reported as
    /// `.resized(size)`, once per call per size; the next `draw` then repaints everything.
    public func readEvents() -> [TerminalEvent] {
        guard isActive else { return [] }
        _ = set_term(screen)
        var events: [TerminalEvent] = []
        func reportSize() {
            let event = TerminalEvent.resized(size)
            if !events.contains(event) { events.append(event) }
            lastReportedSize = size
        }
        let notices = TerminalSignals.drain()
        if notices.contains(.resume) {
            needsFullRepaint = true
        }
        if !notices.isEmpty {
            updateSizeFromTerminal()
            reportSize()
        }
        while true {
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            if status == ERR { break }
            let decoded = status == KEY_CODE_YES
                ? InputDecoder.decode(keyCode: Int32(bitPattern: character))
                : InputDecoder.decode(character: character)
            switch decoded {
            case .key(let key):
                events.append(.key(key))
            case .mouse:
                if let event = nextMouseEvent() { events.append(.key(.mouse(event))) }
            case .resize:
                // resizeterm queues one of these even for our own calls (set-up, SIGWINCH),
                // so only a size nobody has heard of yet is news.
                updateSizeFromCurses()
                if size != lastReportedSize { reportSize() }
            case .ignored:
                break
            }
        }
        return events
    }

    /// Simulates a signal notice through the self-pipe (for tests).
    func postSignalNotice(_ notice: TerminalSignals.Notice) {
        TerminalSignals.post(notice)
    }

    // MARK: - Helpers

    private func nextMouseEvent() -> MouseEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK, let kind = InputDecoder.mouseKind(buttonState: event.bstate) else { return nil }
        return MouseEvent(kind: kind, row: Int(event.y), column: Int(event.x))
    }

    /// On SIGWINCH: asks the tty for its size and tells ncurses (which queues a KEY_RESIZE).
    private func updateSizeFromTerminal() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if sizeFileDescriptor >= 0, fs_window_size(sizeFileDescriptor, &rows, &columns) == 0,
            Int(rows) != size.rows || Int(columns) != size.columns
        {
            _ = resizeterm(rows, columns)
        }
        updateSizeFromCurses()
    }

    private func updateSizeFromCurses() {
        let newSize = Size(columns: Int(fs_getmaxx(window)), rows: Int(fs_getmaxy(window)))
        if newSize != size {
            size = newSize
            needsFullRepaint = true
        }
    }
}
