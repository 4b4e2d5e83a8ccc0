import CNCursesW
import Glibc

extension CursesTerminal {
    /// Copies `text` to the clipboard with an OSC 52 sequence, past curses (call it after `draw`).
    public func copy(_ text: String) {
        if let bytes = OSC52.sequence(copying: text) { writePassthrough(bytes) }
    }

    /// Writes bytes straight to the terminal, past curses (an OSC 52 copy, say).
    ///
    /// Call it right after `draw`: `doupdate` has flushed curses' output then, so the bytes
    /// cannot land inside a half-written escape sequence. Headless backends ignore it.
    /// - Returns: whether every byte was written.
    @discardableResult
    public func writePassthrough(_ bytes: [UInt8]) -> Bool {
        guard isActive, sizeFileDescriptor >= 0 else { return false }
        _ = fflush(fs_stdout())
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(sizeFileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
