import CNCursesW
import FeedUI
import Glibc

/// The terminal as ncursesw drives it: draws `Grid`s, reads keys, mouse and resizes.
///
/// One thread owns it: every method, like every curses call, must run on the runtime thread.
/// The runtime `poll`s `inputFileDescriptor` and `signalFileDescriptor` (plus its own wake-up
/// pipe) and calls `readEvents()` when either is readable.
public final class CursesTerminal: TerminalBackend {
    /// How to set the terminal up.
    public struct Options: Sendable {
        /// The look of each style; nil picks `Theme.default`, or `Theme.monochrome` when
        /// `NO_COLOR` is set or the terminal has no colours. `NO_COLOR` always wins.
        public var theme: Theme?
        /// Whether to ask for wheel and button events.
        public var enablesMouse: Bool
        /// Whether to install the signal handlers (see `TerminalSignals`). Leave it on unless
        /// the caller restores the terminal on every way out itself.
        public var handlesSignals: Bool

        /// How many colours to use; nil reads `COLORTERM`, `COLORS` and terminfo.
        public var colorDepth: ColorDepth?

        public init(theme: Theme? = nil, colorDepth: ColorDepth? = nil, enablesMouse: Bool = true, handlesSignals: Bool = true) {
            self.theme = theme
            self.colorDepth = colorDepth
            self.enablesMouse = enablesMouse
            self.handlesSignals = handlesSignals
        }
    }

    /// The current size in cells.
    public internal(set) var size: Size
    /// Standard input, where keys arrive: poll it for `POLLIN`.
    public let inputFileDescriptor: Int32
    /// The read end of the signal self-pipe (SIGWINCH, SIGCONT): poll it for `POLLIN`.
    public let signalFileDescriptor: Int32

    // MARK: - State

    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    /// Where `TIOCGWINSZ` is asked on SIGWINCH; -1 when headless.
    let sizeFileDescriptor: Int32
    let options: Options
    /// The resolved theme and what it became in curses terms, indexed by `Style.rawValue`.
    let theme: Theme
    var renditions: [Rendition] = []
    /// How picture cells are drawn, from the colours the terminal has.
    var pictureMode = PictureMode.shades
    /// The colour pairs picture cells use; nil when pictures are drawn as shades.
    var picturePairs: ColorPairPool?
    /// The last grid drawn, compared cell by cell with the next one.
    var previousGrid: Grid?
    /// Set after a resize or a resume: the next `draw` rewrites every cell.
    public var needsFullRepaint = true
    /// The size the owner last heard about, through `init` or a `.resized` event.
    var lastReportedSize = Size(columns: 0, rows: 0)
    private(set) var isActive = true
    /// Files the headless initialiser opened, closed by `restore`.
    private var ownedFiles: [UnsafeMutablePointer<FILE>] = []

    /// Takes over the terminal on standard input and output.
    ///
    /// Runs `preflight()` first, so an unusable terminal gives a clear error instead of
    /// ncurses' exit.
    /// - Parameter options: theme, mouse and signal choices.
    /// - Throws: `TerminalError` when the terminal cannot be used.
    public convenience init(options: Options = Options()) throws(TerminalError) {
        try Self.preflight()
        guard let screen = newterm(nil, fs_stdout(), fs_stdin()) else {
            throw TerminalError(.initialisationFailed("newterm failed for TERM '\(String(cString: getenv("TERM")))'"))
        }
        self.init(screen: screen, input: STDIN_FILENO, sizeFileDescriptor: STDOUT_FILENO, options: options)
    }

    /// A backend on arbitrary files, for tests and benchmarks: no tty, no signal handlers.
    ///
    /// - Parameters:
    ///   - terminalType: a terminfo name, e.g. `xterm-256color`.
    ///   - size: the screen size to pretend.
    ///   - output: where escapes go (a temp file to count bytes, or `/dev/null`).
    ///   - input: where keys come from (`/dev/null`, or a file holding key bytes).
    public init(
        headlessTerminalType terminalType: String, size: Size,
        outputPath: String = "/dev/null", inputPath: String = "/dev/null",
        options: Options = Options(enablesMouse: true, handlesSignals: false)
    ) throws(TerminalError) {
        try Self.ensureUTF8Locale()
        guard let output = fopen(outputPath, "w"), let input = fopen(inputPath, "r") else {
            throw TerminalError(.initialisationFailed("cannot open \(outputPath) or \(inputPath)"))
        }
        guard let screen = newterm(terminalType, output, input) else {
            fclose(output)
            fclose(input)
            throw TerminalError(.initialisationFailed("newterm failed for TERM '\(terminalType)'"))
        }
        var options = options
        options.handlesSignals = false
        self.screen = screen
        self.window = fs_stdscr()
        self.inputFileDescriptor = fileno(input)
        self.signalFileDescriptor = TerminalSignals.readFileDescriptor()
        self.sizeFileDescriptor = -1
        self.options = options
        self.theme = Self.resolveTheme(options.theme)
        self.size = size
        ownedFiles = [output, input]
        _ = resizeterm(Int32(size.rows), Int32(size.columns))
        lastReportedSize = size
        configure()
    }

    private init(screen: OpaquePointer, input: Int32, sizeFileDescriptor: Int32, options: Options) {
        self.screen = screen
        self.window = fs_stdscr()
        self.inputFileDescriptor = input
        self.signalFileDescriptor = TerminalSignals.readFileDescriptor()
        self.sizeFileDescriptor = sizeFileDescriptor
        self.options = options
        self.theme = Self.resolveTheme(options.theme)
        self.size = Size(columns: Int(fs_getmaxx(fs_stdscr())), rows: Int(fs_getmaxy(fs_stdscr())))
        lastReportedSize = size
        configure()
        if options.handlesSignals {
            // After newterm, so these replace the handlers ncurses installs for itself.
            TerminalSignals.install()
            TerminalSignals.setCursesActive(true)
        }
    }

    deinit {
        restore()
    }

    /// Gives the terminal back: mouse off, cursor visible, normal screen, handlers restored.
    ///
    /// Safe to call twice; after it, `draw` and `readEvents` do nothing.
    public func restore() {
        guard isActive else { return }
        isActive = false
        _ = set_term(screen)
        if options.handlesSignals { TerminalSignals.setCursesActive(false) }
        if options.enablesMouse { _ = mousemask(0, nil) }
        _ = curs_set(1)
        _ = endwin()
        if options.handlesSignals { TerminalSignals.uninstall() }
        delscreen(screen)
        for file in ownedFiles { fclose(file) }
        ownedFiles = []
    }

    // MARK: - Set-up

    private func configure() {
        _ = cbreak()
        _ = noecho()
        _ = nonl()
        _ = intrflush(window, false)
        _ = keypad(window, true)
        _ = nodelay(window, true)
        _ = set_escdelay(25)
        _ = curs_set(0)
        // Cursor left wherever drawing ends: no cursor-parking escapes after each frame.
        _ = leaveok(window, true)
        // Let doupdate use insert/delete line and scroll regions: a one-line scroll then costs
        // a scroll plus one line instead of the whole screen.
        _ = idlok(window, true)
        idcok(window, true)
        _ = scrollok(window, false)
        let colors = Self.renditions(for: theme, depth: options.colorDepth)
        renditions = colors.renditions
        pictureMode = PictureMode(colors.mode)
        picturePairs = pictureMode == .shades ? nil : Self.picturePairPool(firstPair: Style.allCases.count + 1)
        if picturePairs == nil { pictureMode = .shades }
        if options.enablesMouse {
            _ = mousemask(Self.mouseEvents, nil)
            // Report presses and releases as they come instead of waiting to build clicks.
            _ = mouseinterval(0)
        }
        // One write per frame. ncurses 6.4 leaves a new screen in its "initial" state until an
        // endwin and a refresh, and in that state flushes its buffer at every cursor movement
        // (`_nc_mvcur`): ~7 writes for one step of the cursor, and a terminal may show a frame
        // half drawn. Leaving and resuming once, before anything is drawn, puts it in the
        // running state, where doupdate flushes once at its end (or when its buffer fills).
        _ = endwin()
        _ = doupdate()
    }

    static func resolveTheme(_ requested: Theme?) -> Theme {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return .monochrome }
        return requested ?? .default
    }
}
