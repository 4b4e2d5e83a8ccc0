import Foundation

/// The paces hosts taught in earlier runs (`HostPace`), by host and port, each with the
/// instant it was learned: a run's first requests to a host it knows start at the kept pace
/// instead of bursting into the refusal that would teach it again.
///
/// A kept pace is a guess, not a rule: the first refusal under it teaches the host's pace
/// afresh from the starts it accepted (`HostPace`), and a spent quota (`X-RateLimit-Remaining:
/// 0`) holds the host as it always does. It is forgotten `maxAge` after it was learned, so a
/// host that raised its limit is paced at the old one for a day at most. Pure: decoding skips
/// whatever is not a pace (a bad number, a pace of 0, a date to come or too old), never fails.
public struct KeptPaces: Sendable, Equatable {
    /// One host's pace: seconds between starts, and when it was learned.
    public struct Entry: Sendable, Equatable {
        public var interval: Double
        public var learnedAt: Date

        public init(interval: Double, learnedAt: Date) {
            self.interval = interval
            self.learnedAt = learnedAt
        }
    }

    /// Seconds after which a kept pace is forgotten: a day.
    public static let maxAge = 86_400.0
    /// The paces worth keeping: one start every millisecond to one a minute. Anything else
    /// (0, a negative, NaN, an hour) is a damaged file, not a host.
    public static let intervals: ClosedRange<Double> = 0.001...60
    /// A learned instant this far ahead of now is still taken (clocks disagree a little).
    static let skew = 60.0
    /// Hosts kept at most: the most recently learned.
    public static let capacity = 64

    public private(set) var hosts: [String: Entry]

    public init(hosts: [String: Entry] = [:]) {
        self.hosts = hosts.filter { Self.isValid(host: $0.key, $0.value, now: nil) }
    }

    /// The pace kept for `host` (`host:port`), if one was learned less than `maxAge` ago.
    public func interval(for host: String, now: Date) -> Double? {
        guard let entry = hosts[host], Self.isValid(host: host, entry, now: now) else { return nil }
        return entry.interval
    }

    /// Keeps `interval` for `host`, learned at `instant`; a value no pace can be is ignored.
    /// Drops the paces too old at `instant`, and the oldest past `capacity`.
    public mutating func keep(_ interval: Double, for host: String, at instant: Date) {
        let entry = Entry(interval: interval, learnedAt: instant)
        guard Self.isValid(host: host, entry, now: instant) else { return }
        hosts[host] = entry
        hosts = hosts.filter { Self.isValid(host: $0.key, $0.value, now: instant) }
        if hosts.count > Self.capacity {
            let newest = hosts.sorted { $0.value.learnedAt > $1.value.learnedAt }.prefix(Self.capacity)
            hosts = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
        }
    }

    /// The paces in `data` still good at `now`; nothing at all from data that is not the
    /// file's JSON, and only the entries that are paces from data that is.
    public static func decode(_ data: Data, now: Date) -> KeptPaces {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let hosts = object["hosts"] as? [String: Any]
        else { return KeptPaces() }
        var kept = KeptPaces()
        for (host, value) in hosts {
            guard let fields = value as? [String: Any],
                  let interval = number(fields["interval"]),
                  let learned = number(fields["learned"]),
                  learned.isFinite
            else { continue }
            let entry = Entry(interval: interval, learnedAt: Date(timeIntervalSince1970: learned))
            guard isValid(host: host, entry, now: now) else { continue }
            kept.hosts[host] = entry
        }
        return kept
    }

    /// The file's JSON: `{"hosts": {"host:port": {"interval": s, "learned": epoch s}}}`.
    public func encoded() -> Data {
        let hosts = self.hosts.mapValues { ["interval": $0.interval, "learned": $0.learnedAt.timeIntervalSince1970] }
        return (try? JSONSerialization.data(withJSONObject: ["hosts": hosts], options: [.sortedKeys])) ?? Data()
    }

    // MARK: - Helpers

    /// A JSON number as Foundation hands it over (a string or a boolean is not one).
    private static func number(_ value: Any?) -> Double? {
        if value is Bool { return nil }
        if let value = value as? Double { return value }
        if let value = value as? Int { return Double(value) }
        return nil
    }

    /// A pace worth keeping: a host named, an interval in `intervals`, and (at `now`, if
    /// given) learned less than `maxAge` ago and not later than `skew` from now.
    static func isValid(host: String, _ entry: Entry, now: Date?) -> Bool {
        guard !host.isEmpty, host.utf8.count <= 300, entry.interval.isFinite, intervals.contains(entry.interval),
              entry.learnedAt.timeIntervalSince1970.isFinite
        else { return false }
        guard let now else { return true }
        let age = now.timeIntervalSince(entry.learnedAt)
        return age < maxAge && age > -skew
    }
}
