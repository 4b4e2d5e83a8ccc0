import Synchronization

/// Lines for stderr from background work: printed at once in a pipe, held while the terminal
/// is drawn (stderr would land in the middle of the screen) and printed once it is restored.
final class ExitNotes: Sendable {
    private let printsAtOnce: Bool
    private let held = Mutex<[String]>([])

    init(printsAtOnce: Bool) { self.printsAtOnce = printsAtOnce }

    func add(_ line: String) {
        if printsAtOnce {
            printError(line)
        } else {
            held.withLock { $0.append(line) }
        }
    }

    /// Prints the lines held, once.
    func printHeld() {
        for line in held.withLock({ lines in defer { lines = [] }; return lines }) { printError(line) }
    }
}
