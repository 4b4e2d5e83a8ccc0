/// Word-level F1 between an extraction and the known article text: the measure the issue's
/// corpus numbers are given in (bag of lowercase words; precision over the words extracted,
/// recall over the words expected).
enum WordF1 {
    static func words(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var word = ""
        for c in text.lowercased() {
            if c.isLetter || c.isNumber {
                word.append(c)
            } else if !word.isEmpty {
                counts[word, default: 0] += 1
                word = ""
            }
        }
        if !word.isEmpty { counts[word, default: 0] += 1 }
        return counts
    }

    static func score(extracted: String, expected: String) -> (f1: Double, precision: Double, recall: Double) {
        let got = words(extracted), want = words(expected)
        let gotTotal = got.values.reduce(0, +), wantTotal = want.values.reduce(0, +)
        guard gotTotal > 0, wantTotal > 0 else { return (gotTotal == wantTotal ? 1 : 0, 0, 0) }
        let common = got.reduce(0) { $0 + min($1.value, want[$1.key] ?? 0) }
        let precision = Double(common) / Double(gotTotal), recall = Double(common) / Double(wantTotal)
        guard precision + recall > 0 else { return (0, precision, recall) }
        return (2 * precision * recall / (precision + recall), precision, recall)
    }
}
