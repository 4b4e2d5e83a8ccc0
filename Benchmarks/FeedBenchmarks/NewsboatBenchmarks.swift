// Issue 22's goal, measured side by side in the same iteration: the first rows of a
// 100,000-entry feed, and peak memory, for feedscroll (the release binary) and for newsboat (the
// Debian package), both fetching the same document from the same in-process replica.
import Benchmark
import FeedReplica
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One child process, as a user pays for it: wall time from the spawn to its first `lines` lines
/// of standard output, to its exit, and its own peak resident memory.
///
/// The peak is GNU time's `%M`, not `wait4`'s `ru_maxrss` of the spawned child: glibc's
/// `posix_spawn` clones with `CLONE_VM`, and at `exec` Linux keeps the high-water mark of the
/// memory the child shared until then (this benchmark process, with the replica's 32 MB
/// document in it) as the child's `maxrss`, so every child measured at least this process's
/// size (132 MB for a feedscroll that peaks at 69 MB). GNU time forks its child, whose memory
/// before `exec` is a copy of time's own few megabytes.
struct ChildRun {
    var firstLinesNanoseconds: Int
    var totalNanoseconds: Int
    var peakKB: Int
    var lines: Int
    var status: Int32
    var output: String
}

/// Spawns `path` with `arguments` and `environment` (posix_spawn, so that `wait4` can reap it
/// and say what memory it used), counting the lines it writes.
func runChild(_ path: String, _ arguments: [String], environment: [String: String], firstLines: Int) -> ChildRun {
    let report = NSTemporaryDirectory() + "feedscroll-bench-peak-\(getpid())-\(UUID().uuidString)"
    defer { unlink(report) }
    var pipeEnds: [Int32] = [0, 0]
    precondition(pipe(&pipeEnds) == 0)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([gnuTime, "-f", "%M", "-o", report, path] + arguments).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
        posix_spawn_file_actions_destroy(&actions)
    }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    precondition(posix_spawn(&pid, gnuTime, &actions, nil, argv, envp) == 0, "cannot run \(path)")
    close(pipeEnds[1])
    var lines = 0
    var firstLinesAt: UInt64?
    var kept: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
        if count <= 0 { break }
        for byte in buffer[0..<count] where byte == 0x0A {
            lines += 1
            if lines == firstLines { firstLinesAt = DispatchTime.now().uptimeNanoseconds }
        }
        if kept.count < 4096 { kept += buffer[0..<min(count, 4096 - kept.count)] }
    }
    close(pipeEnds[0])
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let end = DispatchTime.now().uptimeNanoseconds
    // Its last line is the peak in KB (a line before it says when the command failed).
    let peak = (try? String(contentsOfFile: report, encoding: .utf8))?.split(separator: "\n").last.flatMap { Int($0) }
    return ChildRun(
        firstLinesNanoseconds: Int((firstLinesAt ?? end) - start), totalNanoseconds: Int(end - start),
        peakKB: peak ?? -1, lines: lines, status: status, output: String(decoding: kept, as: UTF8.self))
}

/// The release binary next to this package (`make bench` builds it first), or `FEEDSCROLL_BIN`.
let feedscrollRelease: String = {
    if let path = ProcessInfo.processInfo.environment["FEEDSCROLL_BIN"], !path.isEmpty { return path }
    let here = URL(fileURLWithPath: #filePath)  // …/Benchmarks/FeedBenchmarks/this file
    return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/release/feedscroll").path
}()

/// GNU time (Debian's `time`), which measures each child's own peak.
let gnuTime = "/usr/bin/time"

let newsboatBenchmarks: @Sendable () -> Void = {
    let newsboat = "/usr/bin/newsboat"
    guard FileManager.default.isExecutableFile(atPath: newsboat), FileManager.default.isExecutableFile(atPath: feedscrollRelease),
          FileManager.default.isExecutableFile(atPath: gnuTime)
    else {
        print("feeds vs newsboat: skipped (needs \(newsboat), \(gnuTime) and \(feedscrollRelease))")
        return
    }
    let scale = BenchmarkMetric.custom("newsboat time / feedscroll first rows ×10", useScalingFactor: false)
    let ours = BenchmarkMetric.custom("feedscroll first 25 rows ms", useScalingFactor: false)
    let theirs = BenchmarkMetric.custom("newsboat reload ms", useScalingFactor: false)
    let ourPeak = BenchmarkMetric.custom("feedscroll peak RSS MB (first 25 rows)", useScalingFactor: false)
    let theirPeak = BenchmarkMetric.custom("newsboat peak RSS MB", useScalingFactor: false)
    let memory = BenchmarkMetric.custom("feedscroll peak / newsboat peak ×100", useScalingFactor: false)
    let all = BenchmarkMetric.custom("feedscroll all 100,000 rows ms", useScalingFactor: false)
    let allPeak = BenchmarkMetric.custom("feedscroll peak RSS MB (all rows)", useScalingFactor: false)
    let replica = Fixture<RunningReplica>()
    let scratch = Fixture<String>()

    // 13. The 100,000-entry RSS document (32 MB) from the replica over loopback, new each
    //     iteration (no cache on either side). feedscroll: `feed URL --plain --limit 25
    //     --no-cache`, timed to its 25th line (the first screen's rows), then the whole walk.
    //     newsboat cannot show an entry of a feed before `reload` has fetched, parsed and
    //     stored all of it: `newsboat -x reload` with a fresh cache, then `-x print-unread`
    //     checks it has the 100,000 (outside the measurement).
    Benchmark(
        "feeds huge 100k first rows feedscroll vs newsboat",
        configuration: .init(
            metrics: [scale, ours, theirs, ourPeak, theirPeak, memory, all, allPeak], maxDuration: .seconds(240),
            maxIterations: 3,
            setup: {
                var configuration = ReplicaConfiguration()
                configuration.apis = ["feeds"]
                replica.value = try await Replica.start(configuration)
                let directory = NSTemporaryDirectory() + "feedscroll-bench-newsboat-\(getpid())"
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                scratch.value = directory
            },
            teardown: {
                await replica.value?.stop()
                replica.value = nil
                if let directory = scratch.value { try? FileManager.default.removeItem(atPath: directory) }
            })
    ) { benchmark in
        let url = "http://127.0.0.1:\(replica.value!.port)/feeds/huge"
        let directory = scratch.value!
        let environment = ["HOME": directory, "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", "TERM": "dumb"]
        let first = runChild(feedscrollRelease, ["feed", url, "--plain", "--limit", "25", "--no-cache"],
                             environment: environment, firstLines: 25)
        precondition(first.status == 0 && first.lines == 25, "feedscroll: \(first.status) \(first.lines) lines")
        let whole = runChild(feedscrollRelease, ["feed", url, "--plain", "--no-cache"], environment: environment, firstLines: 100_000)
        precondition(whole.status == 0 && whole.lines == 100_000, "feedscroll: \(whole.status) \(whole.lines) lines")

        let urls = directory + "/urls", cache = directory + "/cache.db", config = directory + "/config"
        try? FileManager.default.removeItem(atPath: cache)
        FileManager.default.createFile(atPath: urls, contents: Data((url + "\n").utf8))
        FileManager.default.createFile(atPath: config, contents: Data())
        let options = ["-u", urls, "-c", cache, "-C", config]
        let reload = runChild(newsboat, options + ["-x", "reload"], environment: environment, firstLines: 0)
        precondition(reload.status == 0, "newsboat reload: \(reload.status)")
        precondition(first.peakKB > 0 && whole.peakKB > 0 && reload.peakKB > 0, "no peak from \(gnuTime)")
        let unread = runChild(newsboat, options + ["-x", "print-unread"], environment: environment, firstLines: 1)
        precondition(unread.output.hasPrefix("100000 "), "newsboat stored: \(unread.output)")

        benchmark.measurement(ours, first.firstLinesNanoseconds / 1_000_000)
        benchmark.measurement(theirs, reload.totalNanoseconds / 1_000_000)
        benchmark.measurement(scale, reload.totalNanoseconds * 10 / max(first.firstLinesNanoseconds, 1))
        benchmark.measurement(ourPeak, first.peakKB / 1024)
        benchmark.measurement(theirPeak, reload.peakKB / 1024)
        benchmark.measurement(memory, first.peakKB * 100 / max(reload.peakKB, 1))
        benchmark.measurement(all, whole.totalNanoseconds / 1_000_000)
        benchmark.measurement(allPeak, whole.peakKB / 1024)
    }
}
