extension LabReport {
    /// The report as aligned text: one table per scenario, then the goals.
    public func table() -> String {
        var lines = [
            "feedscroll lab: seed \(seed), page \(pageSize) items, screen \(screen) items, "
                + (feedItems.map { "feed of \($0) items" } ?? "endless feed")
                + (pipeline > 1 ? ", \(pipeline) pages in flight ahead" : ", one page in flight"),
            "",
        ]
        let headers = ["strategy", "requests", "dup", "stalls", "stall s", "unseen"]
        let width = max(headers[0].count, TriggerStrategy.allCases.map(\.rawValue.count).max() ?? 0)
        for scenario in scenarios {
            lines.append(
                "\(scenario.name)  scroll \(decimal(scenario.scrollRate)) rows/s, API \(decimal(scenario.apiRate)) rows/s"
                    + (scenario.apiKeepsUp ? " (keeps up)" : " (slower than the reader)"))
            lines.append(row(headers, width: width))
            for result in scenario.results {
                var cells = [
                    result.strategy.rawValue, "\(result.requests)", "\(result.duplicateRequests)", "\(result.stalls)",
                    decimal(result.stallSeconds, places: 2), "\(result.unseenItems)",
                ]
                if result.isStuck { cells[0] += " (stuck)" }
                lines.append(row(cells, width: width))
            }
            lines.append("")
        }
        lines.append("goals for feedscroll-auto:")
        let checks: [(String, LabGoals.Check)] = [
            ("zero stalls where the API keeps up", goals.zeroStallsWhereAPIKeepsUp),
            ("least stall time", goals.leastStallTime),
            ("fewest requests", goals.fewestRequests),
            ("one request per page", goals.oneRequestPerPage),
        ]
        for (name, check) in checks {
            let verdict = check.holds ? "holds" : "misses \(check.misses.count)"
            lines.append("  \(name): \(verdict) of \(check.scenarios) scenarios")
            lines += check.misses.map { "    \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Helpers

    private func row(_ cells: [String], width: Int) -> String {
        let numbers = cells.dropFirst().enumerated().map { index, cell in
            let columnWidth = [8, 5, 7, 9, 7][index]
            return String(repeating: " ", count: max(0, columnWidth - cell.count)) + cell
        }
        let name = cells[0] + String(repeating: " ", count: max(0, width + 9 - cells[0].count))
        return "  " + name + numbers.joined(separator: " ")
    }
}

/// A number with a fixed count of decimals, without Foundation's locale.
func decimal(_ value: Double, places: Int = 1) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    var fraction = "\(scaled % Int(scale))"
    while fraction.count < places { fraction = "0" + fraction }
    return (value < 0 && scaled > 0 ? "-" : "") + "\(whole)" + (places > 0 ? "." + fraction : "")
}
