import SlamClient
import SlamJSON
import SlamProtocol
import SlamRPC
import Synchronization

/// What an action changed on screen, as an acting tool answers it: a first line saying what was
/// done, then the changed elements' snapshot lines in screen order, the new screen when the top
/// one changed, the new focus, or `No visible change.`
///
/// Built from the `changed`, `navigated` and `focusChanged` notifications the action caused on the
/// session; the lines come from the daemon's own `snapshot` of each changed element (one batch),
/// so they read exactly like the lines of a whole snapshot.
struct ChangeReport {
    /// How many lines below a changed element's own line its answer shows at most (a 1,000-row table
    /// that changed shows its first rows, then how many more there are); selected, checked or focused
    /// lines are shown beyond that, up to as many again, with the lines they sit under.
    static let linesBelowElement = 10

    var headline: String
    /// The changed elements' lines, indented as in the snapshot (the new screen's, after a navigation).
    var lines: [String] = []
    var screen: (id: String, title: String)?
    /// The top screen is one the agent read before: ``lines`` are only what differs from then.
    var isRevisit = false
    /// The reference of the element focused now, when the focus moved.
    var focus: String?
    /// When the focus moved: the focused element's snapshot line without its `- ` (its changed lines
    /// leave it out when the focus is all that changed), or `none`.
    var focusLine: String?

    /// The answer's text: the headline, then `Screen:` and its snapshot, or the changed lines, then `Focus:`.
    var text: String {
        var text = headline
        if let screen {
            text += "\nScreen: \(screen.title) [screen=\(screen.id)]"
            if isRevisit { text += lines.isEmpty ? ", as you last read it." : ", as you last read it except:" }
        }
        for line in lines { text += "\n" + line }
        if let focusLine { text += "\nFocus: " + focusLine }
        if screen == nil && lines.isEmpty && focusLine == nil { text += "\nNo visible change." }
        return text
    }

    var summary: ChangeSummary {
        ChangeSummary(changed: lines, screen: screen.map { ScreenIdentity(id: $0.id, title: $0.title) }, focus: focus)
    }

    var result: MCPToolResult { MCPToolResult(text: text, structured: summary.structuredContent) }

    /// Runs `action` on `session` and answers what it changed once the UI settled; `headline` makes the
    /// first line from what the action answered. A daemon error the agent can correct is a failure result
    /// (about `target`, the element acted on, when the action has one).
    static func acting<Answer: Sendable>(on session: MCPSession, target: JSONValue? = nil, _ action: () async throws -> Answer,
                                         headline: (Answer) -> String) async throws -> MCPToolResult {
        let collected = Mutex<[SlamEvent]>([])
        let token = session.observe { notification in
            guard let event = SlamEvent(notification) else { return }
            collected.withLock { $0.append(event) }
        }
        defer { session.stopObserving(token) }
        let answer: Answer
        do {
            answer = try await action()
        } catch let error as ClientError {
            return try await SlamErrorHint.result(for: error, target: target, session: session)
        }
        try await session.settle()
        let events = collected.withLock { $0 }
        return try await make(headline: headline(answer), events: events, session: session).result
    }

    /// The report of `events`, reading the lines it shows from the daemon. An element whose lines
    /// are those the agent saw last (an internal change, or a change and its undoing) is left out.
    static func make(headline: String, events: [SlamEvent], session: MCPSession) async throws(ClientError) -> ChangeReport {
        let connection = session.connection
        var report = ChangeReport(headline: headline)
        var changed: [(reference: String, controller: String)] = []
        var seen: Set<String> = []
        var navigated = false
        // An element without a reference changed (the screen's root, an anonymous container): children
        // may have come or gone, which only the whole screen shows.
        var structureChanged = false
        var focusEvent: FocusChangedEvent?
        for event in events {
            switch event {
            case .changed(let change):
                if change.changes.contains(where: { $0.reference.isEmpty }) { structureChanged = true }
                for element in change.changes where !element.reference.isEmpty && seen.insert(element.reference).inserted {
                    changed.append((element.reference, change.controller))
                }
            case .navigated: navigated = true
            case .focusChanged(let focus): focusEvent = focus
            default: break
            }
        }
        if navigated {
            // A screen the agent never read is all news: its whole snapshot. One it read before (going
            // back, an alert answered): only the lines that differ from what it read then.
            let screen = try await connection.send(SnapshotRequest())
            let now = lines(of: screen.snapshot)
            report.screen = (screen.controller, screen.title)
            if session.remembersWhatItShowed, let before = session.toolState.withLock({ $0.shownScreens[screen.controller] }) {
                report.lines = differences(from: before, to: now)
                report.isRevisit = true
                let present = Set(now.compactMap(reference(in:)))
                session.toolState.withLock { state in
                    for (reference, _) in goneElements(from: before, present: present) { state.shownLines[reference] = nil }
                }
            } else {
                report.lines = now
            }
            remember(screen: now, of: screen.controller, in: session)
            return report
        }
        var calls: [(method: String, params: JSONValue.Object?)] = changed.map {
            (SnapshotRequest.method, SnapshotRequest(ref: ElementLocator($0.reference)).params)
        }
        if let reference = focusEvent?.ref {
            calls.append((SnapshotRequest.method, SnapshotRequest(ref: ElementLocator(reference), depth: 0).params))
        }
        // The screen's order of several changed elements is the order of their lines in its snapshot.
        let ordering = changed.count > 1 || structureChanged
        if ordering { calls.append((SnapshotRequest.method, [:])) }
        guard !calls.isEmpty else { return report }
        let responses = try await connection.batch(calls).map { response in
            (try? response.outcome.get()).flatMap { try? AccessibilitySnapshot(json: $0) }
        }
        let top = responses.compactMap { $0?.controller }.last
        // A changed element of the top screen that is no longer there, or a changed structure: what the
        // agent read that is gone. (A changed element of a covered screen is not found on the top one.)
        var screenNow = ordering ? responses.last ?? nil : nil
        if screenNow == nil, changed.indices.contains(where: { responses[$0] == nil && (top == nil || changed[$0].controller == top) }) {
            screenNow = try? await connection.send(SnapshotRequest())
        }
        var focusLine: String?
        if let focusEvent, focusEvent.controller == top || top == nil {
            report.focus = focusEvent.ref
            if focusEvent.ref == nil {
                report.focusLine = "none"
            } else if let snapshot = responses[changed.count] ?? nil, let line = lines(of: snapshot.snapshot).first {
                focusLine = trimmed(line)
                report.focusLine = String(trimmed(line).dropFirst(2))
            }
        }
        // A session several agents share cannot know what each of them read: it leaves nothing out.
        let known = session.remembersWhatItShowed ? session.toolState.withLock { $0.shownLines } : [:]
        var blocks: [(reference: String, lines: [String])] = []
        var current: [(reference: String, controller: String, lines: [String])] = []
        for (index, element) in changed.enumerated() {
            // An element of a screen under the top one changed out of sight (or is gone): not news.
            guard let snapshot = responses[index], snapshot.controller == element.controller else { continue }
            current.append((element.reference, element.controller, lines(of: snapshot.snapshot)))
            let block = bounded(current.last!.lines)
            // The focus line shows an element whose only change is the focus.
            guard !block.isEmpty, known[element.reference] != key(of: block), !(block.count == 1 && trimmed(block[0]) == focusLine) else { continue }
            blocks.append((element.reference, block))
        }
        if ordering, let screen = responses.last ?? nil {
            var position: [String: Int] = [:]
            for (index, line) in lines(of: screen.snapshot).enumerated() {
                position[trimmed(line)] = position[trimmed(line)] ?? index
            }
            blocks = blocks.enumerated().sorted { first, second in
                let one = position[trimmed(first.element.lines[0])] ?? Int.max, two = position[trimmed(second.element.lines[0])] ?? Int.max
                return one != two ? one < two : first.offset < second.offset
            }.map(\.element)
        }
        // An element inside a changed container shows in the container's lines already.
        var shown: Set<String> = []
        session.toolState.withLock { state in
            for block in blocks where !block.lines.allSatisfy({ shown.contains(trimmed($0)) }) {
                report.lines += block.lines
                for line in block.lines { shown.insert(trimmed(line)) }
                state.shownLines[block.reference] = key(of: block.lines)
                // The elements inside it were shown as they are too.
                for line in block.lines.dropFirst() {
                    if let reference = reference(in: line) { state.shownLines[reference] = trimmed(line) }
                }
            }
            let shownBlocks = Dictionary(blocks.map { ($0.reference, $0.lines) }) { first, _ in first }
            if let screenNow {
                let now = lines(of: screenNow.snapshot)
                let present = Set(now.compactMap(reference(in:)))
                if let known = state.shownScreens[screenNow.controller], session.remembersWhatItShowed {
                    for (reference, line) in goneElements(from: known, present: present) {
                        report.lines.append("- gone: " + String(trimmed(line).dropFirst(2)))
                        state.shownLines[reference] = nil
                    }
                    // The screen as the agent knows it now, for when it comes back: what it was shown, as shown.
                    let shownReferences = Set(report.lines.compactMap(reference(in:)))
                    state.shownScreens[screenNow.controller] = knowledge(of: now, known: known, shown: shownReferences, blocks: shownBlocks)
                } else {
                    for (index, element) in changed.enumerated() where responses[index] == nil && !present.contains(element.reference) {
                        report.lines.append("- gone: [ref=\(element.reference)]")
                    }
                }
            } else {
                // The screen as the agent knows it now: each element shown, as shown.
                for block in blocks {
                    guard let controller = changed.first(where: { $0.reference == block.reference })?.controller,
                          var screen = state.shownScreens[controller] else { continue }
                    replace(block.reference, with: block.lines, in: &screen)
                    state.shownScreens[controller] = screen
                }
            }
        }
        return report
    }

    /// A screen as the agent knows it after an answer: `now`'s lines for the elements the answer showed
    /// (`shown`; a cut-off element as it was shown, from `blocks`), the lines it knew before for the
    /// others, and nothing of an element it was never shown.
    static func knowledge(of now: [String], known: [String], shown: Set<String>, blocks: [String: [String]]) -> [String] {
        var knownBlocks: [String: [String]] = [:]
        for index in known.indices {
            guard let reference = reference(in: known[index]), knownBlocks[reference] == nil else { continue }
            knownBlocks[reference] = Array(known[index..<subtreeEnd(of: index, in: known)])
        }
        var result: [String] = []
        var index = 0
        while index < now.count {
            let line = now[index], end = subtreeEnd(of: index, in: now)
            guard let reference = reference(in: line) else {
                result.append(line)
                index += 1
                continue
            }
            let level = indentation(of: line)
            if let block = blocks[reference], block.last?.hasSuffix(" more lines") == true {
                result += indented(block, to: level)
                index = end
            } else if shown.contains(reference) {
                result.append(line)
                index += 1
            } else if now[(index + 1)..<end].contains(where: { self.reference(in: $0).map(shown.contains) == true }) {
                // Not shown itself, but something inside it was: its line as known, then what is inside.
                result += indented(Array((knownBlocks[reference] ?? [line]).prefix(1)), to: level)
                index += 1
            } else if let block = knownBlocks[reference] {
                result += indented(block, to: level)
                index = end
            } else {
                index = end
            }
        }
        return result
    }

    /// The index after the lines below the line at `index` (those indented further).
    private static func subtreeEnd(of index: Int, in lines: [String]) -> Int {
        let level = indentation(of: lines[index])
        var end = index + 1
        while end < lines.count, indentation(of: lines[end]) > level { end += 1 }
        return end
    }

    /// `block` moved so that its first line is indented by `level` spaces.
    private static func indented(_ block: [String], to level: Int) -> [String] {
        guard let first = block.first else { return [] }
        let shift = level - indentation(of: first)
        guard shift != 0 else { return block }
        return block.map { shift > 0 ? String(repeating: " ", count: shift) + $0 : String($0.dropFirst(min(-shift, indentation(of: $0)))) }
    }

    /// The elements in `known` (a screen's lines as the agent knows them) whose reference is not
    /// `present`, each with its line; an element inside a gone one goes with it, unnamed.
    static func goneElements(from known: [String], present: Set<String>) -> [(reference: String, line: String)] {
        var gone: [(reference: String, line: String)] = []
        var goneLevel: Int?
        for line in known {
            let level = indentation(of: line)
            if let outer = goneLevel, level > outer { continue }
            goneLevel = nil
            guard let reference = reference(in: line), !present.contains(reference) else { continue }
            gone.append((reference, line))
            goneLevel = level
        }
        return gone
    }

    /// Puts `lines` (an element's own snapshot, from its line down) where the element's lines are in a
    /// screen's lines, indented as it is there; a screen without the element stays as it was.
    static func replace(_ reference: String, with lines: [String], in screen: inout [String]) {
        guard let start = screen.firstIndex(where: { Self.reference(in: $0) == reference }) else { return }
        screen.replaceSubrange(start..<subtreeEnd(of: start, in: screen), with: indented(lines, to: indentation(of: screen[start])))
    }

    /// Remembers the lines of a snapshot the agent read, by the refs they show: a later change that
    /// leaves an element's line as the agent saw it is no news. With `controller`, the lines are that
    /// whole screen's, for the next time the agent comes back to it.
    static func remember(screen lines: [String], of controller: String? = nil, in session: MCPSession) {
        session.toolState.withLock { state in
            if let controller { state.shownScreens[controller] = lines }
            for line in lines {
                guard let reference = reference(in: line) else { continue }
                state.shownLines[reference] = trimmed(line)
            }
        }
    }

    /// What a screen the agent read before shows differently now: each line that is new or changed,
    /// under the lines it sits in (a checked radio means little without its group), then `- gone: …`
    /// for each element the agent read that is no longer there.
    static func differences(from before: [String], to now: [String]) -> [String] {
        // Counted, not a set: a row that became the twin of another row is still a change.
        var known: [String: Int] = [:]
        for line in before { known[line, default: 0] += 1 }
        var kept: Set<Int> = []
        for index in now.indices {
            if let count = known[now[index]], count > 0 {
                known[now[index]] = count - 1
            } else {
                keep(index, withLinesAbove: now, in: &kept)
            }
        }
        // A line without a reference that is no longer there (a row removed, its text changed): the
        // element it belongs to, as it is now, says what became of it.
        var unmatched: [String: Int] = [:]
        for line in now { unmatched[line, default: 0] -= 1 }
        for line in before { unmatched[line, default: 0] += 1 }
        let nowIndex = Dictionary(now.indices.compactMap { index in reference(in: now[index]).map { ($0, index) } }) { first, _ in first }
        for index in before.indices where reference(in: before[index]) == nil && (unmatched[before[index]] ?? 0) > 0 {
            var level = indentation(of: before[index])
            for above in stride(from: index - 1, through: 0, by: -1) where indentation(of: before[above]) < level {
                level = indentation(of: before[above])
                guard let owner = reference(in: before[above]) else { continue }
                if let start = nowIndex[owner] {
                    for line in start..<subtreeEnd(of: start, in: now) { keep(line, withLinesAbove: now, in: &kept) }
                }
                break
            }
        }
        // Elements that moved: those outside the longest run of elements still in their old order.
        let oldPosition = Dictionary(before.indices.compactMap { index in reference(in: before[index]).map { ($0, index) } }) { first, _ in first }
        let stayed = now.indices.filter { reference(in: now[$0]).flatMap { oldPosition[$0] } != nil }
        let inOrder = Set(longestIncreasingRun(stayed.map { oldPosition[reference(in: now[$0])!]! }).map { stayed[$0] })
        for index in stayed where !inOrder.contains(index) {
            for line in index..<subtreeEnd(of: index, in: now) { keep(line, withLinesAbove: now, in: &kept) }
        }
        let gone = goneElements(from: before, present: Set(now.compactMap(reference(in:))))
        return now.indices.filter(kept.contains).map { now[$0] } + gone.map { "- gone: " + String(trimmed($0.line).dropFirst(2)) }
    }

    /// The positions in `values` of a longest strictly increasing subsequence (patience sorting).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = [], previous = [Int](repeating: -1, count: values.count)
        for index in values.indices {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < values[index] { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.append(index)
            index = previous[index]
        }
        return run.reversed()
    }

    /// The `[ref=…]` of a snapshot line, when it shows one.
    private static func reference(in line: String) -> String? {
        guard let start = line.firstRange(of: "[ref=")?.upperBound, let end = line[start...].firstIndex(of: "]") else { return nil }
        return String(line[start..<end])
    }

    /// What ``MCPToolState/shownLines`` holds for an element's lines: its one line, unindented, or all of them.
    private static func key(of block: [String]) -> String {
        block.count == 1 ? trimmed(block[0]) : block.joined(separator: "\n")
    }

    /// A snapshot's lines, without the empty one after the last line break.
    static func lines(of snapshot: String) -> [String] {
        snapshot.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// A changed element's lines: all of them up to ``linesBelowElement`` below its first; past that,
    /// the first ones, then each selected, checked or focused line (up to as many again) with the lines
    /// it sits under (a selected option means little without its list), then how many more there are.
    static func bounded(_ lines: [String]) -> [String] {
        guard lines.count > linesBelowElement + 1 else { return lines }
        var kept = Set(0...linesBelowElement)
        var marked = 0
        for index in lines.indices.dropFirst(linesBelowElement + 1) where marked < linesBelowElement {
            guard ["[selected]", "[checked]", "[focused]"].contains(where: { lines[index].contains($0) }) else { continue }
            marked += 1
            keep(index, withLinesAbove: lines, in: &kept)
        }
        return lines.indices.filter(kept.contains).map { lines[$0] } + ["  … \(lines.count - kept.count) more lines"]
    }

    /// Keeps the line at `index` and each line it sits under (its parent's, its parent's parent's …).
    private static func keep(_ index: Int, withLinesAbove lines: [String], in kept: inout Set<Int>) {
        kept.insert(index)
        var level = indentation(of: lines[index])
        for above in stride(from: index - 1, through: 0, by: -1) where level > 0 {
            let aboveLevel = indentation(of: lines[above])
            if aboveLevel < level {
                kept.insert(above)
                level = aboveLevel
            }
        }
    }

    private static func indentation(of line: String) -> Int {
        line.prefix { $0 == " " }.count
    }

    private static func trimmed(_ line: String) -> String {
        String(line.drop { $0 == " " })
    }
}

/// The structured content of an acting tool's answer (its output schema is this type's).
struct ChangeSummary: DeclaredFields {
    var changed: [String]
    var screen: ScreenIdentity?
    var focus: String?

    static var empty: ChangeSummary { ChangeSummary(changed: [], screen: nil, focus: nil) }
    static var summary: String? { "What an action changed: the changed elements' snapshot lines, the new top screen, the new focus." }

    mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("changed", &changed, "The changed elements' lines as the text shows them (indented as in the snapshot); after a navigation, the new screen's lines (back on a screen read before, the lines that differ).")
        visitor.omittable("screen", &screen, "The new top screen, when the action changed it (a push, a pop, an alert).")
        visitor.omittable("focus", &focus, "The reference of the element focused now, when the focus moved to one.")
    }
}

/// A screen by its identifier and title.
struct ScreenIdentity: DeclaredFields {
    var id: String
    var title: String

    static var empty: ScreenIdentity { ScreenIdentity(id: "", title: "") }

    mutating func fields(_ visitor: inout FieldVisitor) {
        visitor.field("id", &id, "The screen's identifier (slam_navigate's `screen`).")
        visitor.field("title", &title)
    }
}
