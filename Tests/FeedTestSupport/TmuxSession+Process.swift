import Foundation

extension TmuxSession {
    /// The pid of the process named `name` (its `/proc/PID/comm`) among the pane's
    /// descendants, searched breadth first from the pane's shell.
    /// - Throws: `Failure` when no such process runs in the pane.
    public func descendantPID(named name: String) throws -> Int32 {
        var queue = [Int32(try display("#{pane_pid}")) ?? -1]
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            if comm.trimmingCharacters(in: .whitespacesAndNewlines) == name { return pid }
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            queue += children.split(separator: " ").compactMap { Int32($0) }
        }
        throw Failure(description: "no process named \(name) in the pane")
    }

    /// The terminal modes a full-screen program sets and must give back, as tmux sees them:
    /// alternate screen, cursor visible, mouse reporting (any kind).
    public func terminalModes() throws -> (alternateScreen: Bool, cursorVisible: Bool, mouse: Bool) {
        let fields = try display("#{alternate_on} #{cursor_flag} #{mouse_any_flag}").split(separator: " ")
        guard fields.count == 3 else { throw Failure(description: "unexpected tmux modes: \(fields)") }
        return (fields[0] == "1", fields[1] == "1", fields[2] == "1")
    }
}
