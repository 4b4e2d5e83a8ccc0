import FeedMarkup
import Foundation

/// One reading of a page with a given set of rules: node walk, scoring, the top candidate and
/// its siblings, cleaning. Every change it makes to the tree goes through `edits`, so that a
/// retry can undo them and read the same tree again.
struct Pass {
    let flags: ArticleExtractor.Flags
    let edits: HTMLEdits
    let title: String
    let candidateCount: Int
    /// Cleans the result walking the article once for each step, as `clean` did until
    /// 2026-11-28 (for `CleanTargetsTests`, which compares the two).
    var walksEachStep = false
    /// The first element that reads as a byline, taken out of the flow.
    private(set) var byline: String?
    private var scores: [ObjectIdentifier: Double] = [:]
    private var candidates: [HTMLNode] = []
    private var removedTitleHeading = false
    private let lowercasedTitle: String
    /// The title's words, split once when a heading is first compared with it.
    private var titleWords: Set<Substring>?

    init(flags: ArticleExtractor.Flags, title: String, candidateCount: Int, edits: HTMLEdits = HTMLEdits()) {
        self.flags = flags
        self.edits = edits
        self.title = title
        self.lowercasedTitle = title.lowercased()
        self.candidateCount = candidateCount
    }

    static let mediaTags: NameKey.Set = ["img", "picture", "video", "audio", "iframe", "embed", "object", "svg", "figure", "amp-img"]
    static let scoredTags: NameKey.Set = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
    static let removedWhenEmpty: NameKey.Set = ["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"]
    static let divBlockTags: NameKey.Set = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul", "figure", "section", "article"]
    // The names the cleaning steps look for, made once (a literal at the call made a set per node).
    static let tableTag: NameKey.Set = ["table"]
    static let codeTags: NameKey.Set = ["pre", "code"]
    static let tableOrCode: NameKey.Set = ["table", "code"]
    static let figureTag: NameKey.Set = ["figure"]
    static let removedInArticle: NameKey.Set = ["object", "embed", "footer", "link", "aside", "iframe", "input", "textarea", "select", "button", "nav"]
    static let dataTableTags: NameKey.Set = ["col", "colgroup", "tfoot", "thead", "th"]
    static let headingTags: NameKey.Set = ["h1", "h2"]

    /// Returns the article's root: a `div` holding the chosen content.
    mutating func grab(_ root: HTMLNode) -> HTMLNode {
        let body = root.elementChildren.first { $0.name == "body" } ?? root
        var toScore: [HTMLNode] = []
        // A `p` that replaced its wrapping `div` is already queued for scoring; Readability's
        // walk steps into it rather than visiting it again, so it is skipped here (it was scored
        // twice, which let one wrapped paragraph outweigh the article's other blocks).
        var promoted = Set<ObjectIdentifier>()
        for node in body.descendants() where node.isAttached(to: root) {
            if !promoted.isEmpty, promoted.contains(ObjectIdentifier(node)) { continue }
            // An element without attributes is visible, no byline by its attributes, and in no
            // class list: none of the attribute lookups below is asked of it.
            let hasAttributes = node.hasAttributes
            let lists = hasAttributes ? ClassPatterns.lists(node.classAndID) : []
            if hasAttributes, !isVisible(node) || (node["role"] == "dialog" && node["aria-modal"] == "true") {
                edits.remove(node)
                continue
            }
            if byline == nil, hasAttributes, isByline(node, lists) {
                let name = node.descendants().first { ($0["itemprop"] ?? "").contains("name") }
                let text = Text.normalised((name ?? node).textContent)
                if !text.isEmpty && text.count < 100 {
                    byline = text
                    edits.remove(node)
                    continue
                }
            }
            if !removedTitleHeading, node.name == "h1" || node.name == "h2", headingDuplicatesTitle(node) {
                removedTitleHeading = true
                edits.remove(node)
                continue
            }
            if flags.contains(.stripUnlikely) {
                if lists.contains(.unlikely), !lists.contains(.maybeCandidate),
                   !node.hasAncestor(named: Self.tableOrCode), node.name != "body", node.name != "a"
                {
                    edits.remove(node)
                    continue
                }
                if hasAttributes, let role = node["role"], ClassPatterns.unlikelyRoles.contains(role) {
                    edits.remove(node)
                    continue
                }
            }
            if node.isNamed(in: Self.removedWhenEmpty), isWithoutContent(node) {
                edits.remove(node)
                continue
            }
            if node.isNamed(in: Self.scoredTags) { toScore.append(node) }
            if node.name == "div" {
                wrapPhrasingRuns(node)
                let elementChildren = node.elementChildren
                if elementChildren.count == 1, elementChildren[0].name == "p",
                   node.children.allSatisfy({ $0.isElement || $0.isBlankText }),
                   Self.linkDensity(node) < 0.25
                {
                    let p = elementChildren[0]
                    edits.replace(node, with: p)
                    toScore.append(p)
                    promoted.insert(ObjectIdentifier(p))
                } else if !hasBlockChild(node) {
                    edits.rename(node, to: "p")
                    toScore.append(node)
                }
            }
        }

        for element in toScore where element.parent != nil && element.isAttached(to: root) {
            let text = element.textMeasure
            guard text.length >= 25 else { continue }
            let score = 1.0 + Double(text.commas + 1) + Double(min(text.length / 100, 3))
            // Up to five ancestors, nearest first (walked, not gathered into an array: scoring
            // changes no parent).
            var up = element.parent
            var level = 0
            while let ancestor = up, level < 5 {
                up = ancestor.parent
                defer { level += 1 }
                guard up != nil, ancestor.name != "html" else { continue }
                if scores[ObjectIdentifier(ancestor)] == nil { initialise(ancestor) }
                let divider = level == 0 ? 1.0 : (level == 1 ? 2.0 : Double(level) * 3)
                scores[ObjectIdentifier(ancestor), default: 0] += score / divider
            }
        }

        // Sorted with their scores beside them (the same comparisons, without two dictionary
        // lookups each).
        var ranked: [(node: HTMLNode, score: Double)] = []
        for candidate in candidates where candidate.isAttached(to: root) {
            let scaled = score(candidate) * (1 - Self.linkDensity(candidate))
            scores[ObjectIdentifier(candidate)] = scaled
            ranked.append((candidate, scaled))
        }
        ranked.sort { $0.score > $1.score }
        let top = ranked.prefix(candidateCount).map(\.node)

        var topCandidate: HTMLNode
        if let first = top.first, first.name != "body" {
            topCandidate = first
            let alternatives = top.dropFirst().filter { score($0) / score(first) >= 0.75 }.map { $0.ancestors }
            if alternatives.count >= 3 {
                var parent = topCandidate.parent
                while let p = parent, p.name != "body" {
                    let containing = alternatives.filter { list in list.contains { $0 === p } }.count
                    if containing >= 3 {
                        topCandidate = p
                        break
                    }
                    parent = p.parent
                }
            }
            if scores[ObjectIdentifier(topCandidate)] == nil { initialise(topCandidate) }
            var parent = topCandidate.parent
            var lastScore = score(topCandidate)
            let threshold = lastScore / 3
            while let p = parent, p.name != "body" {
                guard let parentScore = scores[ObjectIdentifier(p)] else {
                    parent = p.parent
                    continue
                }
                if parentScore < threshold { break }
                if parentScore > lastScore {
                    topCandidate = p
                    break
                }
                lastScore = parentScore
                parent = p.parent
            }
            parent = topCandidate.parent
            while let p = parent, p.name != "body", p.elementChildren.count == 1 {
                topCandidate = p
                parent = p.parent
            }
            if scores[ObjectIdentifier(topCandidate)] == nil { initialise(topCandidate) }
        } else {
            topCandidate = HTMLNode(element: "div")
            edits.moveChildren(of: body, to: topCandidate)
            edits.append(topCandidate, to: body)
            initialise(topCandidate)
        }

        let article = HTMLNode(element: "div")
        let topScore = score(topCandidate)
        let threshold = max(10, topScore * 0.2)
        let siblings = topCandidate.parent?.elementChildren ?? [topCandidate]
        let topClass = topCandidate["class"] ?? ""
        for sibling in siblings {
            var append = sibling === topCandidate
            if !append {
                let bonus = (!topClass.isEmpty && sibling["class"] == topClass) ? topScore * 0.2 : 0
                if let s = scores[ObjectIdentifier(sibling)], s + bonus >= threshold {
                    append = true
                } else if sibling.name == "p" {
                    let measure = sibling.textMeasure
                    let density = measure.linkDensity
                    if measure.length > 80 && density < 0.25 {
                        append = true
                    } else if measure.length < 80, measure.hasWords, density == 0 {
                        let text = Text.normalised(sibling.textContent)
                        if text.hasSuffix(".") || text.contains(". ") { append = true }
                    }
                }
            }
            if append {
                if !["div", "article", "section", "p", "ol", "ul"].contains(sibling.name) { edits.rename(sibling, to: "div") }
                edits.append(sibling, to: article)
            }
        }
        clean(article)
        return article
    }

    // MARK: - Helpers

    private func score(_ node: HTMLNode) -> Double { scores[ObjectIdentifier(node)] ?? 0 }

    private mutating func initialise(_ node: HTMLNode) {
        var base = 0.0
        switch node.name {
        case "div": base = 5
        case "pre", "td", "blockquote": base = 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": base = -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": base = -5
        default: break
        }
        scores[ObjectIdentifier(node)] = base + Double(classWeight(node))
        candidates.append(node)
    }

    func classWeight(_ node: HTMLNode) -> Int {
        guard flags.contains(.weightClasses) else { return 0 }
        var weight = 0
        guard node.hasAttributes else { return 0 }
        for value in [node["class"], node["id"]] {
            guard let value, !value.isEmpty else { continue }
            let lists = ClassPatterns.lists(value)
            if lists.contains(.negative) { weight -= 25 }
            if lists.contains(.positive) { weight += 25 }
        }
        return weight
    }

    /// Text inside links over all text; links to a fragment alone count for 0.3 (from the
    /// node's kept measure, `HTMLNode.textMeasure`).
    static func linkDensity(_ node: HTMLNode) -> Double {
        node.textMeasure.linkDensity
    }

    private func isVisible(_ node: HTMLNode) -> Bool {
        if let style = node["style"] {
            // Byte by byte into room made once (the lazy filter's generic copy cost more than
            // the search).
            let lower = style.lowercased()
            var squeezed: [UInt8] = []
            squeezed.reserveCapacity(lower.utf8.count)
            for byte in lower.utf8 where byte != 0x20 { squeezed.append(byte) }
            if ClassPatterns.contains(squeezed, "display:none") || ClassPatterns.contains(squeezed, "visibility:hidden") { return false }
        }
        if node["hidden"] != nil { return false }
        if node["aria-hidden"] == "true", !(node["class"] ?? "").contains("fallback-image") { return false }
        return true
    }

    private func isByline(_ node: HTMLNode, _ lists: ClassPatterns.Lists) -> Bool {
        // `itemprop` is asked only when there is one: Foundation's `contains` went through
        // NSString for every element with attributes, the empty string included.
        let isAuthor = node["rel"] == "author" || (node["itemprop"].map { $0.contains("author") } ?? false) || lists.contains(.byline)
        guard isAuthor else { return false }
        let length = node.textMeasure.length
        return length > 0 && length < 100
    }

    private mutating func headingDuplicatesTitle(_ node: HTMLNode) -> Bool {
        guard !title.isEmpty, Text.hasText(node) else { return false }
        let heading = Text.normalised(node.textContent).lowercased()
        let t = lowercasedTitle
        if heading == t { return true }
        if titleWords == nil { titleWords = Self.words(t) }
        return Self.sharesMostWords(heading, titleWords!)
    }

    /// Whether the heading's words (`words`) and the title's share at least three quarters of
    /// the larger set. An ASCII heading is read without a set (`sharesMostWordsASCII`).
    static func sharesMostWords(_ heading: String, _ titleWords: Set<Substring>) -> Bool {
        guard !titleWords.isEmpty else { return false }
        if let answer = sharesMostWordsASCII(heading, titleWords) { return answer }
        let a = words(heading)
        guard !a.isEmpty else { return false }
        let similarity = Double(a.intersection(titleWords).count) / Double(max(a.count, titleWords.count))
        return similarity >= 0.75
    }

    /// `sharesMostWords` for an ASCII heading, `nil` for any other (or a title of over 48
    /// words): the heading's distinct words are found by comparing their bytes with those found
    /// before (a `Set<Substring>` hashed each, about 12,000 instructions a heading), and the
    /// answer is no as soon as there are so many that the title's words, all shared, would be
    /// under three quarters of them (at most a few words into a heading unlike a short title).
    /// That stop holds for a heading with non-ASCII further on too: the words before it, each
    /// between ASCII separators, are words of it for `words` as well.
    static func sharesMostWordsASCII(_ heading: String, _ titleWords: Set<Substring>) -> Bool? {
        let titleCount = titleWords.count
        guard titleCount <= 48 else { return nil }
        enum Found { case words([Range<Int>]), tooMany, notASCII }
        let found = heading.utf8.withContiguousStorageIfAvailable { bytes -> Found in
            var words: [Range<Int>] = []
            var start = -1
            var index = 0
            let count = bytes.count
            while index <= count {
                let byte: UInt8 = index < count ? bytes[index] : 0x20
                guard byte < 0x80 else { return .notASCII }
                if isASCIIWordByte(byte) {
                    if start < 0 { start = index }
                } else if start >= 0 {
                    let word = bytes[start..<index]
                    if !words.contains(where: { bytes[$0].elementsEqual(word) }) {
                        words.append(start..<index)
                        if words.count > titleCount, Double(titleCount) / Double(words.count) < 0.75 { return .tooMany }
                    }
                    start = -1
                }
                index &+= 1
            }
            return .words(words)
        }
        switch found {
        case .tooMany: return false
        case .words(let words):
            guard !words.isEmpty else { return false }
            let utf8 = heading.utf8
            var shared = 0
            for word in words {
                let from = utf8.index(utf8.startIndex, offsetBy: word.lowerBound), to = utf8.index(utf8.startIndex, offsetBy: word.upperBound)
                if titleWords.contains(heading[from..<to]) { shared += 1 }
            }
            return Double(shared) / Double(max(words.count, titleCount)) >= 0.75
        case .notASCII, nil: return nil
        }
    }

    /// An ASCII letter or digit: the bytes a word of `words` is made of in ASCII text.
    @inline(__always) static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
    }

    static func words(_ text: String) -> Set<Substring> {
        // ASCII text (most headings): the words are the runs of letters and digits, which the
        // split by `Character` finds a property lookup at a time.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var words = Set<Substring>()
            var start: String.Index?
            var index = text.utf8.startIndex
            while index < text.utf8.endIndex {
                let byte = text.utf8[index]
                if isASCIIWordByte(byte) {
                    if start == nil { start = index }
                } else if let from = start {
                    words.insert(text[from..<index])
                    start = nil
                }
                index = text.utf8.index(after: index)
            }
            if let from = start { words.insert(text[from..<text.endIndex]) }
            return words
        }
        return Set(text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }))
    }

    private func isWithoutContent(_ node: HTMLNode) -> Bool {
        guard !Text.hasText(node) else { return false }
        return !node.hasDescendant(named: Self.mediaTags)
    }

    private func hasBlockChild(_ node: HTMLNode) -> Bool {
        node.hasDescendant(named: Self.divBlockTags)
    }

    /// Wraps each run of phrasing content directly inside a `div` in a new `<p>`, when the div
    /// also holds blocks.
    private func wrapPhrasingRuns(_ div: HTMLNode) {
        guard div.children.contains(where: { !Phrasing.isPhrasing($0) }) else { return }
        var paragraph: HTMLNode?
        for child in div.children {
            if Phrasing.isPhrasing(child) {
                if paragraph == nil {
                    if child.isText, child.isBlankText { continue }
                    let p = HTMLNode(element: "p")
                    edits.insert(p, before: child, in: div)
                    paragraph = p
                }
                edits.append(child, to: paragraph!)
            } else {
                paragraph = nil
            }
        }
    }

    // MARK: - Cleaning the result

    private func clean(_ article: HTMLNode) {
        if walksEachStep { return cleanWalkingEachStep(article) }
        // One walk finds what every step looks for (`CleanTargets`); each step takes those of
        // its elements still in the article, where it walked the article again (ten walks).
        let found = CleanTargets(article)
        if flags.contains(.cleanConditionally) {
            cleanConditionally(article, "form", found.form)
            cleanConditionally(article, "fieldset", found.fieldset)
        }
        for node in found.attached(found.removedInArticle, to: article) {
            edits.remove(node)
        }
        for node in found.all where node.isAttached(to: article) {
            if node.hasAttributes, ClassPatterns.lists(node.classAndID).contains(.share), node.textMeasure.length < 500 { edits.remove(node) }
        }
        if flags.contains(.weightClasses) {
            for heading in found.attached(found.headings, to: article) where classWeight(heading) < 0 { edits.remove(heading) }
        }
        if flags.contains(.cleanConditionally) {
            cleanConditionally(article, "table", found.table)
            cleanConditionally(article, "ul", found.ul)
            cleanConditionally(article, "div", found.div)
        }
        for h1 in found.attached(found.h1, to: article) { edits.rename(h1, to: "h2") }
        for p in found.attached(found.p, to: article) where !Text.hasText(p) && !p.hasDescendant(named: Self.mediaTags) {
            edits.remove(p)
        }
        for table in found.table where table.isAttached(to: article) {
            collapseSingleCell(table)
        }
    }

    /// `clean` as it was until 2026-11-28, a walk of the article for each step: kept to check
    /// that the one walk finds the same elements (`CleanTargetsTests`).
    private func cleanWalkingEachStep(_ article: HTMLNode) {
        if flags.contains(.cleanConditionally) {
            for tag in ["form", "fieldset"] { cleanConditionally(article, tag, article.descendants(named: [tag])) }
        }
        for node in article.descendants(named: Self.removedInArticle) {
            edits.remove(node)
        }
        for node in article.descendants() where node.isAttached(to: article) {
            if node.hasAttributes, ClassPatterns.lists(node.classAndID).contains(.share), node.textMeasure.length < 500 { edits.remove(node) }
        }
        if flags.contains(.weightClasses) {
            for heading in article.descendants(named: Self.headingTags) where classWeight(heading) < 0 { edits.remove(heading) }
        }
        if flags.contains(.cleanConditionally) {
            for tag in ["table", "ul", "div"] { cleanConditionally(article, tag, article.descendants(named: [tag])) }
        }
        for h1 in article.descendants(named: ["h1"]) { edits.rename(h1, to: "h2") }
        for p in article.descendants(named: ["p"]) where !Text.hasText(p) && !p.hasDescendant(named: Self.mediaTags) {
            edits.remove(p)
        }
        for table in article.descendants(named: ["table"]) where table.isAttached(to: article) {
            collapseSingleCell(table)
        }
    }

    /// A table of one row and one cell becomes that cell, as a `p` or a `div`.
    private func collapseSingleCell(_ table: HTMLNode) {
        let rows = table.descendants(named: ["tr"])
        let cells = table.descendants(named: ["td", "th"])
        if rows.count == 1, cells.count == 1 {
            let cell = cells[0]
            edits.rename(cell, to: cell.children.allSatisfy(Phrasing.isPhrasing) ? "p" : "div")
            edits.replace(table, with: cell)
        }
    }

    private func isDataTable(_ table: HTMLNode) -> Bool {
        if table["role"] == "presentation" || table["datatable"] == "0" { return false }
        if table["summary"] != nil { return true }
        if let caption = table.first("caption"), Text.hasText(caption) { return true }
        if table.hasDescendant(named: Self.dataTableTags) { return true }
        if table.hasDescendant(named: Self.tableTag) { return false }
        let rows = table.descendants(named: ["tr"])
        let columns = rows.map { $0.elementChildren.filter { $0.name == "td" || $0.name == "th" }.count }.max() ?? 0
        if rows.count >= 10 || columns > 4 { return true }
        return rows.count * columns > 10
    }

    /// Removes the `tag` elements (`elements`, in document order; those no longer in `root` are
    /// passed over) that read as boilerplate, last first.
    private func cleanConditionally(_ root: HTMLNode, _ tag: String, _ elements: [HTMLNode]) {
        for node in elements.reversed() where node.isAttached(to: root) {
            if tag == "table", isDataTable(node) { continue }
            if let t = node.firstAncestor(named: Self.tableTag), isDataTable(t) { continue }
            // One walk counts what the rules below ask of the subtree (it was a walk a question).
            let inside = Inside(node)
            if inside.hasCode || node.hasAncestor(named: Self.codeTags) { continue }
            let text = node.textMeasure
            var isList = tag == "ul" || tag == "ol"
            if !isList, text.hasWords {
                isList = Double(inside.listLength) / Double(text.length) > 0.9
            }
            let weight = classWeight(node)
            if weight < 0 {
                edits.remove(node)
                continue
            }
            guard text.commas < 10 else { continue }
            let p = inside.p
            let img = inside.img
            let li = inside.li - 100
            let input = inside.input
            let headingLength = inside.headingLength
            let headingDensity = text.hasWords ? Double(headingLength) / Double(text.length) : 0
            let embeds = inside.embeds
            let density = text.linkDensity
            let length = text.length
            let isFigure = node.hasAncestor(named: Self.figureTag)
            let remove =
                (img > 1 && Double(p) / Double(img) < 0.5 && !isFigure)
                || (!isList && li > p)
                || (input > p / 3)
                || (!isList && headingDensity < 0.9 && length < 25 && (img == 0 || img > 2) && !isFigure && density > 0)
                || (!isList && weight < 25 && density > 0.2)
                || (weight >= 25 && density > 0.5)
                || ((embeds == 1 && length < 75) || embeds > 1)
                || (img == 0 && length == 0)
            if remove { edits.remove(node) }
        }
    }
}

/// The elements `clean`'s steps look for, found in one walk of the article, in document order.
/// Every step before the last only takes nodes out (none is added, moved in or renamed before
/// the `h1`s, which no later step looks for), so the elements a step found by walking the
/// article again are those found here that are still in it: `attached` for a step that then
/// changes them in order (a node taken out with an earlier one of its list is still changed, as
/// it was when the walk had found it), the step's own `isAttached` test for the others.
private struct CleanTargets {
    /// Every element (what `descendants()` gave).
    private(set) var all: [HTMLNode] = []
    private(set) var form: [HTMLNode] = []
    private(set) var fieldset: [HTMLNode] = []
    private(set) var removedInArticle: [HTMLNode] = []
    /// `h1` and `h2` (`Pass.headingTags`).
    private(set) var headings: [HTMLNode] = []
    private(set) var table: [HTMLNode] = []
    private(set) var ul: [HTMLNode] = []
    private(set) var div: [HTMLNode] = []
    private(set) var h1: [HTMLNode] = []
    private(set) var p: [HTMLNode] = []

    // Every name is at most eight ASCII bytes: equal keys are equal names.
    private static let keys = (form: NameKey("form"), fieldset: NameKey("fieldset"), table: NameKey("table"), div: NameKey("div"), h1: NameKey("h1"), h2: NameKey("h2"))

    init(_ article: HTMLNode) {
        all = article.descendants()
        let keys = Self.keys
        for node in all {
            let key = node.nameKey
            if key == NameKey.p {
                p.append(node)
            } else if key == keys.div {
                div.append(node)
            } else if key == keys.h1 {
                h1.append(node)
                headings.append(node)
            } else if key == keys.h2 {
                headings.append(node)
            } else if key == NameKey.ul {
                ul.append(node)
            } else if key == keys.table {
                table.append(node)
            } else if key == keys.form {
                form.append(node)
            } else if key == keys.fieldset {
                fieldset.append(node)
            } else if node.isNamed(in: Pass.removedInArticle) {
                removedInArticle.append(node)
            }
        }
    }

    /// Those of `elements` in `article` now, in order.
    func attached(_ elements: [HTMLNode], to article: HTMLNode) -> [HTMLNode] {
        elements.filter { $0.isAttached(to: article) }
    }
}

/// What `cleanConditionally` asks of an element's subtree, counted in one walk: the elements of
/// each kind (nested ones too), and the text lengths of its lists and headings (a list inside a
/// list counts in both, as `descendants(named:)` summed them).
private struct Inside {
    var p = 0, img = 0, li = 0, input = 0, embeds = 0
    var listLength = 0, headingLength = 0
    /// A `<pre>` or `<code>` below.
    var hasCode = false

    init(_ node: HTMLNode) {
        count(node)
    }

    // Every name here is at most eight ASCII bytes, so equal keys are equal names. The children
    // are read unretained (`forEachChild`): the count changes nothing in the tree.
    private mutating func count(_ node: HTMLNode) {
        node.forEachChild { child in
            guard child.isElement else { return }
            let key = child.nameKey
            if key == NameKey.p {
                p &+= 1
            } else if key == NameKey.img {
                img &+= 1
            } else if key == NameKey.li {
                li &+= 1
            } else if key == NameKey.input {
                input &+= 1
            } else if key == NameKey.object || key == NameKey.embed || key == NameKey.iframe {
                embeds &+= 1
            } else if key == NameKey.ul || key == NameKey.ol {
                listLength &+= child.textMeasure.length
            } else if key == NameKey.pre || key == NameKey.code {
                hasCode = true
            } else if key.isHeading {
                headingLength &+= child.textMeasure.length
            }
            if !child.children.isEmpty { count(child) }
        }
    }
}
