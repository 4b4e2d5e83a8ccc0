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

    /// Writes `message` on its own line under what the program left and reads the terminal up
    /// to the end of a line (the tty is in the shell's mode while handed over: the keys echo and
    /// Enter ends the read), or its end. Only inside `handOver`.
    public func holdForEnter(_ message: String) {
        guard isActive else { return }
        let line = "\r\nfeedscroll: \(message)\r\n"
        _ = line.withCString { fputs($0, fs_stdout()) }
        _ = fflush(fs_stdout())
        var byte: UInt8 = 0
        while true {
            let count = read(inputFileDescriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 || byte == 0x0A || byte == 0x0D { return }
        }
    }

    /// The mouse events feedscroll asks for: the first button, and the wheel.
    static var mouseEvents: mmask_t {
        fs_button1_pressed() | fs_button1_released() | fs_button4_pressed() | fs_button5_pressed()
    }
}
