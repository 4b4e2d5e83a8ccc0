import FeedModel
import Foundation

/// `--log` targets a run may be given, through the real binary: a full device, a directory, a
/// FIFO nobody reads, paths that cannot exist, names with control bytes, seeded random names.
/// For every target the run must go on as if there were no log: status 0, every item written,
/// at most one stderr line and no control character in it, and no hang.
public enum LogTargetFuzz {
    /// Items each run writes.
    static let items = 40

    /// The targets of a run, made inside `directory`: the fixed hostile ones, then `random`
    /// seeded names of random bytes.
    public static func targets(in directory: String, seed: UInt64, random count: Int) -> [String] {
        let manager = FileManager.default
        func path(_ name: String) -> String { directory + "/" + name }
        _ = mkfifo(path("fifo"), 0o644)
        try? manager.createDirectory(atPath: path("directory"), withIntermediateDirectories: true)
        manager.createFile(atPath: path("file"), contents: Data("x\n".utf8))
        try? manager.createSymbolicLink(atPath: path("loop-a"), withDestinationPath: path("loop-b"))
        try? manager.createSymbolicLink(atPath: path("loop-b"), withDestinationPath: path("loop-a"))
        try? manager.createSymbolicLink(atPath: path("dangling"), withDestinationPath: path("missing/x"))
        var targets = [
            "/dev/full", "/dev/null", path("fifo"), path("directory"), path("file"), path("new.log"), path("loop-a"),
            path("dangling"), path("missing/dir/x.log"), path("file/under-a-file.log"), path(String(repeating: "n", count: 300)),
            path("esc-\u{1B}[2J-\u{9B}31m-\u{7}.log"), path(String(repeating: "d/", count: 3_000) + "x"),
        ]
        var random = SplitMix64(seed: SplitMix64.mix(seed &+ 0x106))
        for _ in 0..<count {
            let length = 1 + Int(random.next() % 40)
            let bytes = (0..<length).map { _ in UInt8(1 + random.next() % 255) }.filter { $0 != UInt8(ascii: "/") }
            targets.append(path(String(decoding: bytes, as: UTF8.self)))
        }
        return targets
    }

    /// What went wrong running `feedscroll demo --plain --items 40 --no-cache --log TARGET`.
    public static func problem(binary: String, target: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["30", binary, "demo", "--plain", "--items", "\(items)", "--no-cache", "--log", target]
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        // stderr goes to a file, so a long stderr never fills a pipe nobody reads yet.
        let errorPath = NSTemporaryDirectory() + "/feedfuzz-log-\(getpid())-stderr"
        FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        guard let errorFile = FileHandle(forWritingAtPath: errorPath) else { return "no scratch file for stderr" }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorFile
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return "could not start: \(error)"
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? errorFile.close()
        let stderr = String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
        if process.terminationStatus == 124 { return "hung (killed after 30 s)" }
        if process.terminationReason == .uncaughtSignal { return "crashed (signal \(process.terminationStatus))" }
        if process.terminationStatus != 0 { return "exit \(process.terminationStatus): \(stderr.prefix(200))" }
        let lines = out.split(separator: UInt8(ascii: "\n")).count
        if lines != items { return "\(lines) of \(items) items written" }
        let stderrLines = stderr.split(separator: "\n")
        if stderrLines.count > 1 { return "\(stderrLines.count) stderr lines" }
        if stderr.unicodeScalars.contains(where: { $0 != "\n" && Fuzzer.isControl($0) }) { return "control characters on stderr" }
        return nil
    }
}
