import CNCursesW
import Glibc

extension CursesTerminal {
    /// Gives the terminal to a program that runs on it (a terminal browser) while `run` runs,
    /// then takes it back, as newsboat and mutt do.
    ///
    /// Curses steps aside (`endwin`: the normal screen, the cursor shown, mouse reporting off),
    /// and Ctrl-C and Ctrl-\ are the program's keys meanwhile (this process ignores them); a
    /// stop (Ctrl-Z) stops both and `fg` resumes both. Afterwards the next `readEvents` reports
    /// the size (the program may have left the terminal at another) and the next `draw`
    /// repaints every cell, through the same resume path as after Ctrl-Z.
    /// - Returns: what `run` returned.
    public func handOver<T>(_ run: () -> T) -> T {
        guard isActive else { return run() }
        _ = set_term(screen)
        if options.handlesSignals {
            TerminalSignals.setCursesActive(false)
            TerminalSignals.handOver(true)
        }
        if options.enablesMouse { _ = mousemask(0, nil) }
        _ = curs_set(1)
        _ = endwin()
        _ = fflush(fs_stdout())
        let result = run()
        _ = set_term(screen)
        if options.handlesSignals {
            TerminalSignals.handOver(false)
            TerminalSignals.setCursesActive(true)
        }
        if options.enablesMouse { _ = mousemask(Self.mouseEvents, nil) }
        _ = curs_set(0)
        TerminalSignals.post(.resume)
        return result
    }

    /// The mouse events feedscroll asks for: the first button, and the wheel.
    static var mouseEvents: mmask_t {
        fs_button1_pressed() | fs_button1_released() | fs_button4_pressed() | fs_button5_pressed()
    }
}
