import FeedTestSupport
import Foundation
import Testing

/// The page cache through the real binary in pipe modes: `--offline --json`, two processes on
/// one file, `kill -9` mid-write, and files that are corrupt or read-only.
@Suite struct CachePipeTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [Substring] { stdout.split(separator: "\n") }
    }

    /// Runs a shell line with `$FEEDSCROLL` set and `XDG_CACHE_HOME` at `cacheHome`.
    func run(_ shell: String, cacheHome: String) throws -> Run {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        var environment = ProcessInfo.processInfo.environment
        environment["FEEDSCROLL"] = FeedscrollBinary.path
        environment["XDG_CACHE_HOME"] = cacheHome
        let result = try ChildProcess.run(["/bin/sh", "-c", shell], environment: environment)
        return Run(status: result.status, stdout: result.standardOutput, stderr: result.standardError)
    }

    func ids(_ run: Run) throws -> [String] {
        try run.lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object?["id"] as? String)
        }
    }

    @Test func offlineJSONStreamsWhatAnEarlierRunCached() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let online = try run("\"$FEEDSCROLL\" demo --items 50 --page-size 10 --json --limit 25", cacheHome: home)
        #expect(online.status == 0)
        #expect(FileManager.default.fileExists(atPath: home + "/feedscroll/cache.sqlite"))
        // --limit stops the writer, not the prefetch: three pages (30 items) came and were stored.
        let offline = try run("\"$FEEDSCROLL\" demo --items 50 --page-size 10 --json --offline", cacheHome: home)
        #expect(offline.status == 0)
        #expect(offline.stderr.isEmpty)
        let cached = try ids(offline)
        #expect(cached == (1...30).map { "demo:\($0)" })
        #expect(Array(cached.prefix(25)) == (try ids(online)))
        // Presentation flags do not make another feed; the page size does.
        let plain = try run("\"$FEEDSCROLL\" demo --items 50 --page-size 10 --plain --offline --theme mono --limit 2", cacheHome: home)
        #expect(plain.lines.count == 2)
        let other = try run("\"$FEEDSCROLL\" demo --items 50 --page-size 20 --json --offline", cacheHome: home)
        #expect(other.status == 1)
        #expect(other.stdout.isEmpty)
        #expect(other.stderr == "feedscroll: offline: nothing cached for demo\n")
    }

    @Test func noCacheWritesNothingAndOfflineWithoutACacheFails() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let run1 = try run("\"$FEEDSCROLL\" demo --items 20 --json --no-cache", cacheHome: home)
        #expect(run1.status == 0)
        #expect(run1.lines.count == 20)
        #expect(!FileManager.default.fileExists(atPath: home + "/feedscroll"))
        let both = try run("\"$FEEDSCROLL\" demo --json --no-cache --offline", cacheHome: home)
        #expect(both.status == 64)
        #expect(both.stderr.contains("--offline reads the cache: it cannot be used with --no-cache"))
    }

    @Test func twoProcessesWritingOneCacheAtOnceBothKeepEveryPage() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let file = home + "/shared.sqlite"
        let both = try run("""
            mkdir -p '\(home)'
            for seed in 1 2; do
              "$FEEDSCROLL" demo --seed $seed --items 3000 --page-size 10 --json --cache '\(file)' --log '\(home)/log'$seed > '\(home)/out'$seed &
            done
            wait
            """, cacheHome: home)
        #expect(both.status == 0)
        #expect(both.stderr.isEmpty)
        for seed in 1...2 {
            let log = (try? String(contentsOfFile: "\(home)/log\(seed)", encoding: .utf8)) ?? ""
            #expect(log.components(separatedBy: " cached ").count - 1 == 300)
            #expect(!log.contains("failed"))
            let offline = try run(
                "\"$FEEDSCROLL\" demo --seed \(seed) --items 3000 --page-size 10 --json --offline --cache '\(file)'", cacheHome: home)
            #expect(offline.status == 0)
            #expect(offline.lines.count == 3000)
        }
    }

    @Test func killNineMidWriteLosesNothingCommitted() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let file = home + "/cache.sqlite"
        let log = home + "/log"
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = home
        let command = "exec '\(FeedscrollBinary.path)' demo --items 100000 --page-size 50 --latency-ms 20 --json --cache '\(file)' --log '\(log)' > /dev/null"
        let (pid, output) = try ChildProcess.start(["/bin/sh", "-c", command], environment: environment)
        defer { close(output) }
        func committed() -> [Int] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").filter { $0.contains(" cached ") }.compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("page=") }.flatMap { Int($0.dropFirst(5)) }
            }
        }
        let deadline = Date().addingTimeInterval(60)
        while committed().count < 20 && Date() < deadline { usleep(20_000) }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #expect(status & 0x7F == SIGKILL)
        let pages = committed()
        try #require(pages.count >= 20)
        let last = try #require(pages.max())
        #expect(last < 1999, "the run should have been killed mid-feed")
        // Reopening: no warning (the file is sound), and every page logged as committed is there.
        let offline = try run(
            "\"$FEEDSCROLL\" demo --items 100000 --page-size 50 --latency-ms 20 --json --offline --cache '\(file)'", cacheHome: home)
        #expect(offline.status == 0)
        #expect(offline.stderr.isEmpty)
        #expect(offline.lines.count >= (last + 1) * 50)
        #expect(try ids(offline).prefix((last + 1) * 50) == ArraySlice((1...((last + 1) * 50)).map { "demo:\($0)" }))
    }

    @Test func aCorruptCacheIsMovedAsideWithOneLineAndTheRunGoesOn() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let file = home + "/cache.sqlite"
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }).write(to: URL(fileURLWithPath: file))
        let result = try run("\"$FEEDSCROLL\" demo --items 30 --json --cache '\(file)'", cacheHome: home)
        #expect(result.status == 0)
        #expect(result.lines.count == 30)
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("feedscroll: cache: \(file) was not a readable cache; moved to \(file).corrupt-") == true)
        let aside = try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.hasPrefix("cache.sqlite.corrupt-") }
        #expect(aside.count == 1)
        // The fresh cache works: the next run reads it offline.
        let offline = try run("\"$FEEDSCROLL\" demo --items 30 --json --offline --cache '\(file)'", cacheHome: home)
        #expect(offline.lines.count == 30)
    }

    @Test func aReadOnlyCacheIsSkippedWithOneLine() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let directory = home + "/ro"
        let file = directory + "/cache.sqlite"
        let first = try run("\"$FEEDSCROLL\" demo --items 30 --json --cache '\(file)'", cacheHome: home)
        #expect(first.status == 0)
        // Root writes anything: drop to nobody for the run that must find the file read-only.
        let asUser = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let result = try run("""
            chmod 0755 '\(home)' && chmod 0444 '\(file)' && chmod 0555 '\(directory)' &&
            \(asUser)"$FEEDSCROLL" demo --items 30 --json --cache '\(file)'
            """, cacheHome: home)
        _ = try? run("chmod 0755 '\(directory)'", cacheHome: home)
        #expect(result.status == 0)
        #expect(result.lines.count == 30)
        #expect(result.stderr == "feedscroll: cache: \(file) is read-only; running without a cache\n")
    }

    /// Issue 24: `--offline` said "nothing cached" about a cache it could read but not write.
    @Test func offlineReadsACacheItCannotWrite() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let directory = home + "/ro"
        let file = directory + "/cache.sqlite"
        let first = try run("\"$FEEDSCROLL\" demo --items 30 --json --cache '\(file)'", cacheHome: home)
        #expect(first.status == 0)
        let asUser = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let result = try run("""
            chmod 0755 '\(home)' && chmod 0444 '\(file)' && chmod 0555 '\(directory)' &&
            \(asUser)"$FEEDSCROLL" demo --items 30 --json --offline --cache '\(file)'
            """, cacheHome: home)
        _ = try? run("chmod 0755 '\(directory)'", cacheHome: home)
        #expect(result.status == 0)
        #expect(result.lines.count == 30)
        #expect(result.stderr == "")
    }
}
