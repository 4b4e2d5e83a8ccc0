// DifferenceKit beside FeedDiff on DifferenceKit's benchmark inputs (5,000 elements, 1,000
// deleted, 1,000 inserted, 200 moved; 100,000 with 10,000/10,000/2,000), UUID and String ids.
// Each iteration runs, in rotating order: DifferenceKit's StagedChangeset(source:target:) on
// plain arrays of the ids (its own benchmark), DifferenceKit on arrays of rows keyed by the id,
// and FeedDiff building both snapshots from the rows' array and diffing (the diff timed apart,
// its page faults counted between the two timed spans).
// Arguments: iterations at 5k (300), at 100k (30). See Package.swift.
import DiffInputs
import DifferenceKit
import FeedDiff
import Foundation

extension UUID: Differentiable {}
extension String: Differentiable {}

struct Row<ID: Hashable>: Identifiable, Equatable, Differentiable {
    let id: ID
    var differenceIdentifier: ID { id }
}

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Minor page faults of the process so far.
func minorFaults() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_minflt)
}

/// The thread's CPU time (CLOCK_THREAD_CPUTIME_ID), or the wall clock with WALL=1: on a machine
/// shared with other builds, CPU time leaves out the time the thread waited for a core.
let useWall = ProcessInfo.processInfo.environment["WALL"] == "1"
func now() -> UInt64 {
    if useWall { return DispatchTime.now().uptimeNanoseconds }
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))]
}

func run<ID: Hashable & Differentiable>(_ kind: String, count: Int, deleted: Int, inserted: Int, moved: Int, iterations: Int, makeID: (Int) -> ID) {
    let (oldIndices, newIndices) = diffInputs(count: count, deleted: deleted, inserted: inserted, moved: moved)
    let ids = (0..<(count + inserted)).map(makeID)
    let oldIDs = oldIndices.map { ids[$0] }, newIDs = newIndices.map { ids[$0] }
    let oldRows = oldIDs.map { Row(id: $0) }, newRows = newIDs.map { Row(id: $0) }
    var dkPlain: [Double] = [], dkRows: [Double] = [], ours: [Double] = [], oursDiff: [Double] = [], diffFaults: [Double] = []
    var ratioPlain: [Double] = [], ratioRows: [Double] = [], ratioDiff: [Double] = []
    for iteration in 0..<(iterations + 3) {
        var a = 0.0, b = 0.0, c = 0.0, d = 0.0, e = 0.0
        func dk1() {
            let start = now()
            let changes = StagedChangeset(source: oldIDs, target: newIDs)
            a = Double(now() - start) / 1000
            precondition(changes.reduce(0) { $0 + $1.elementDeleted.count } == deleted)
            blackHole(changes)
        }
        func dk2() {
            let start = now()
            let changes = StagedChangeset(source: oldRows, target: newRows)
            b = Double(now() - start) / 1000
            precondition(changes.reduce(0) { $0 + $1.elementInserted.count } == inserted)
            blackHole(changes)
        }
        func fs() {
            let start = now()
            let snapshots = (Snapshot(oldRows), Snapshot(newRows))
            let built = now()
            // The diff's page faults, counted outside both timed spans.
            let faultsBefore = minorFaults()
            let diffStart = now()
            let changes = diff(snapshots.0, snapshots.1)
            let end = now()
            e = Double(minorFaults() - faultsBefore)
            c = Double(built - start + end - diffStart) / 1000
            d = Double(end - diffStart) / 1000
            precondition(changes.deletes.count == deleted && changes.inserts.count == inserted)
            blackHole(changes)
        }
        switch iteration % 3 {
        case 0: dk1(); dk2(); fs()
        case 1: fs(); dk1(); dk2()
        default: dk2(); fs(); dk1()
        }
        if iteration < 3 { continue }  // warm-up
        dkPlain.append(a); dkRows.append(b); ours.append(c); oursDiff.append(d); diffFaults.append(e)
        ratioPlain.append(a / c); ratioRows.append(b / c); ratioDiff.append(min(a, b) / d)
    }
    func f(_ v: [Double]) -> String { String(format: "p50 %.0f (p25 %.0f, p75 %.0f)", percentile(v, 0.5), percentile(v, 0.25), percentile(v, 0.75)) }
    func r(_ v: [Double]) -> String { String(format: "%.2fx (p25 %.2f, p75 %.2f)", percentile(v, 0.5), percentile(v, 0.25), percentile(v, 0.75)) }
    print("\(kind) \(count / 1000)k, \(iterations) iterations, µs:")
    print("  DifferenceKit, plain ids      \(f(dkPlain))")
    print("  DifferenceKit, rows by id     \(f(dkRows))")
    print("  FeedDiff build both + diff    \(f(ours))")
    print("  FeedDiff diff alone           \(f(oursDiff))")
    print("  page faults in the diff       \(String(format: "mean %.1f, p50 %.0f", diffFaults.reduce(0, +) / Double(diffFaults.count), percentile(diffFaults, 0.5)))")
    print("  DK plain / FeedDiff build+diff  \(r(ratioPlain))   (goal >= 1.5x)")
    print("  DK rows  / FeedDiff build+diff  \(r(ratioRows))")
    print("  min(DK) / FeedDiff diff alone   \(r(ratioDiff))   (goal >= 10x)")
}

let arguments = CommandLine.arguments
/// PROFILE=uuid|string: diff the 5k inputs in a loop (for perf), then DifferenceKit in a loop
/// (DK=0: not); FRESH=1 builds the snapshots anew each round, INTERLEAVE=1 runs DifferenceKit
/// untimed before each round.
if let profile = ProcessInfo.processInfo.environment["PROFILE"] {
    func loop<ID: Hashable & Differentiable>(_ makeID: (Int) -> ID) {
        let (oldIndices, newIndices) = diffInputs(count: 5_000, deleted: 1_000, inserted: 1_000, moved: 200)
        let ids = (0..<6_000).map(makeID)
        let oldRows = oldIndices.map { Row(id: ids[$0]) }, newRows = newIndices.map { Row(id: ids[$0]) }
        let snapshots = (Snapshot(oldRows), Snapshot(newRows))
        let rounds = Int(arguments.count > 1 ? arguments[1] : "5000")!
        var times: [Double] = []
        var faults = 0
        let fresh = ProcessInfo.processInfo.environment["FRESH"] == "1"
        // INTERLEAVE=1: DifferenceKit runs (untimed) before each round, as in the side-by-side run.
        let interleave = ProcessInfo.processInfo.environment["INTERLEAVE"] == "1"
        for _ in 0..<rounds {
            if interleave { blackHole(StagedChangeset(source: oldRows, target: newRows)) }
            let pair = fresh ? (Snapshot(oldRows), Snapshot(newRows)) : snapshots
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            let faultsBefore = usage.ru_minflt
            let start = now()
            blackHole(diff(pair.0, pair.1))
            getrusage(RUSAGE_SELF.rawValue, &usage)
            faults += Int(usage.ru_minflt - faultsBefore)
            times.append(Double(now() - start) / 1000)
        }
        var dkTimes: [Double] = []
        for _ in 0..<(ProcessInfo.processInfo.environment["DK"] == "0" ? 0 : rounds) {
            let start = now()
            blackHole(StagedChangeset(source: oldRows, target: newRows))
            dkTimes.append(Double(now() - start) / 1000)
        }
        if !dkTimes.isEmpty {
            print("DifferenceKit (rows) in a loop p50 \(percentile(dkTimes, 0.5)) µs, p10 \(percentile(dkTimes, 0.1))")
        }
        print("page faults in the diff, per diff: \(Double(faults) / Double(rounds))")
        print("diff alone p50 \(percentile(times, 0.5)) µs, p10 \(percentile(times, 0.1))")
    }
    if profile == "uuid" { loop { _ in UUID() } } else { loop { _ in UUID().uuidString } }
    exit(0)
}
let small = arguments.count > 1 ? Int(arguments[1])! : 300
let large = arguments.count > 2 ? Int(arguments[2])! : 30
run("UUID", count: 5_000, deleted: 1_000, inserted: 1_000, moved: 200, iterations: small) { _ in UUID() }
run("String", count: 5_000, deleted: 1_000, inserted: 1_000, moved: 200, iterations: small) { _ in UUID().uuidString }
run("UUID", count: 100_000, deleted: 10_000, inserted: 10_000, moved: 2_000, iterations: large) { _ in UUID() }
run("String", count: 100_000, deleted: 10_000, inserted: 10_000, moved: 2_000, iterations: large) { _ in UUID().uuidString }
