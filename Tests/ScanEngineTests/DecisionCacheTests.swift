import AASAModel
import CoverageStats
import LinkMatcher
import Testing

@testable import ScanEngine

struct DecisionCacheTests {
    func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// A tally as plain values, readable after the call that handed it over.
    struct Seen: Equatable {
        var file: Int
        var decision: Decision
        var path: String
        var lines: UInt64
        var weight: UInt64

        init(_ tally: DecisionCache.Tally) {
            file = tally.file
            decision = tally.decision
            path = String(decoding: tally.path, as: UTF8.self)
            lines = tally.lines
            weight = tally.weight
        }

        init(file: Int, decision: Decision, path: String, lines: UInt64, weight: UInt64) {
            self.file = file
            self.decision = decision
            self.path = path
            self.lines = lines
            self.weight = weight
        }
    }

    func store(
        _ cache: DecisionCache, _ target: String, file: Int = 0, hash: UInt64? = nil,
        _ decision: Decision, weight: UInt64 = 1
    ) -> [Seen] {
        var evicted: [Seen] = []
        withBytes(target) { bytes in
            let path = 0..<(bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count)
            cache.store(
                bytes, file: file, hash: hash ?? DecisionCache.hash(bytes), decision, path: path,
                weight: weight
            ) { evicted.append(Seen($0)) }
        }
        return evicted
    }

    func count(
        _ cache: DecisionCache, _ target: String, file: Int = 0, hash: UInt64? = nil,
        weight: UInt64 = 1
    ) -> Decision? {
        withBytes(target) { bytes in
            cache.count(
                bytes, file: file, hash: hash ?? DecisionCache.hash(bytes), weight: weight
            ) { _ in Issue.record("a count hands lines over only every `linesPerTally`") }
        }
    }

    func flush(_ cache: DecisionCache) -> [Seen] {
        var seen: [Seen] = []
        cache.flush { seen.append(Seen($0)) }
        return seen
    }

    @Test func remembersPerTargetAndFile() {
        let cache = DecisionCache()
        defer { cache.free() }
        let handled = Decision(kind: .handled, rule: 3, app: 1)
        #expect(count(cache, "/buy/1") == nil)
        #expect(store(cache, "/buy/1", handled).isEmpty)
        #expect(count(cache, "/buy/1") == handled)
        #expect(count(cache, "/buy/1", file: 1) == nil)
        // Same length, other bytes: never a false hit.
        #expect(count(cache, "/buy/2") == nil)
    }

    /// A new table is zeroed memory: none of it answers, not even for an empty target whose
    /// hash picks the first set with a tag of zero, and it holds no tally.
    @Test func freshSlotsAnswerNothing() {
        let cache = DecisionCache()
        defer { cache.free() }
        #expect(flush(cache).isEmpty)
        let excluded = Decision(kind: .excluded, rule: 4)
        Array("/x".utf8).withUnsafeBufferPointer { whole in
            let empty = UnsafeBufferPointer(rebasing: whole[0..<0])
            let found = cache.count(empty, file: 0, hash: 0, weight: 1) { _ in }
            #expect(found == nil)
            cache.store(empty, file: 0, hash: 0, excluded, path: 0..<0, weight: 1) { _ in
                Issue.record("a new table has nothing to evict")
            }
            #expect(cache.count(empty, file: 0, hash: 0, weight: 1) { _ in } == excluded)
        }
        #expect(flush(cache) == [Seen(file: 0, decision: excluded, path: "", lines: 2, weight: 2)])
    }

    @Test func collidingSlotsNeverAnswerForAnotherTarget() {
        let cache = DecisionCache()
        defer { cache.free() }
        // The same hash for both: the stored bytes must decide.
        _ = store(cache, "/a", hash: 42, Decision(kind: .handled, rule: 0, app: 0))
        #expect(count(cache, "/b", hash: 42) == nil)
        #expect(count(cache, "/a", hash: 42) != nil)
    }

    @Test func tallyCountsEveryRequestOfATargetOnce() {
        let cache = DecisionCache()
        defer { cache.free() }
        let excluded = Decision(kind: .excluded, rule: 2)
        _ = store(cache, "/p?q=1", file: 1, excluded, weight: 5)
        for weight: UInt64 in [1, 2, 3] { _ = count(cache, "/p?q=1", file: 1, weight: weight) }
        let first = flush(cache)
        #expect(
            first == [Seen(file: 1, decision: excluded, path: "/p", lines: 4, weight: 11)])
        // Handed over once: a second flush has nothing, and the decision is still remembered.
        #expect(flush(cache).isEmpty)
        #expect(count(cache, "/p?q=1", file: 1) == excluded)
        #expect(flush(cache).map(\.lines) == [1])
    }

    @Test func twoTargetsShareASetAndTheOneCountedLeastRecentlyGoesFirstWithItsTally() {
        let cache = DecisionCache()
        defer { cache.free() }
        let decisions = (0..<3).map { Decision(kind: .handled, rule: Int32($0), app: 0) }
        _ = store(cache, "/a", hash: 7, decisions[0])
        _ = store(cache, "/b", hash: 7, decisions[1])
        #expect(count(cache, "/a", hash: 7, weight: 2) == decisions[0])
        #expect(count(cache, "/b", hash: 7) == decisions[1])
        let evicted = store(cache, "/c", hash: 7, decisions[2])
        #expect(evicted == [Seen(file: 0, decision: decisions[0], path: "/a", lines: 2, weight: 3)])
        #expect(count(cache, "/a", hash: 7) == nil)
        #expect(count(cache, "/b", hash: 7) == decisions[1])
        #expect(count(cache, "/c", hash: 7) == decisions[2])
        let rest = flush(cache).sorted { $0.path < $1.path }
        #expect(rest.map(\.path) == ["/b", "/c"])
        #expect(rest.map(\.lines) == [3, 2])
    }

    /// Most targets of a log come once: a newcomer takes the slot of the other newcomers, and
    /// a target counted again keeps its own until the set's other target is counted again.
    @Test func aTargetSeenAgainOutlivesTargetsSeenOnce() {
        let cache = DecisionCache()
        defer { cache.free() }
        let decision = Decision(kind: .handled, rule: 1, app: 0)
        _ = store(cache, "/home", hash: 9, decision)
        _ = store(cache, "/item/1", hash: 9, decision)
        #expect(count(cache, "/home", hash: 9) == decision)
        for id in 2...5 {
            let evicted = store(cache, "/item/\(id)", hash: 9, decision)
            #expect(evicted.map(\.path) == ["/item/\(id - 1)"])
            #expect(count(cache, "/home", hash: 9) == decision)
        }
        // Once the newcomer is counted again, `/home` is the one to go.
        #expect(count(cache, "/item/5", hash: 9) == decision)
        #expect(store(cache, "/item/6", hash: 9, decision).map(\.path) == ["/home"])
        #expect(count(cache, "/item/5", hash: 9) == decision)
    }

    /// A target that stays is handed over in parts as it is counted, so its lines reach the
    /// summary while the scan runs; the parts add up to every line.
    @Test func aTargetThatStaysIsHandedOverEveryFewLines() {
        let cache = DecisionCache()
        defer { cache.free() }
        let decision = Decision(kind: .excluded, rule: 0)
        let every = Int(DecisionCache.linesPerTally)
        _ = store(cache, "/home", decision, weight: 2)
        var parts: [Seen] = []
        withBytes("/home") { bytes in
            for _ in 1..<(2 * every + 3) {
                _ = cache.count(bytes, file: 0, hash: DecisionCache.hash(bytes), weight: 2) {
                    parts.append(Seen($0))
                }
            }
        }
        let part = Seen(
            file: 0, decision: decision, path: "/home", lines: UInt64(every),
            weight: UInt64(2 * every))
        #expect(parts == [part, part])
        #expect(
            flush(cache) == [Seen(file: 0, decision: decision, path: "/home", lines: 3, weight: 6)])
    }

    /// What the owner stores beside a decision (a scan's recorder: each app's answer; `diff`:
    /// the new files' decision) comes back with every tally of the target: handed over,
    /// evicted or flushed, whichever way of its set it took.
    @Test func whatTheOwnerStoresComesBackWithEveryTally() {
        let cache = DecisionCache()
        defer { cache.free() }
        let decision = Decision(kind: .handled, rule: 2, app: 0)
        var answers: [String: Int32] = [:]
        func keep(_ tally: DecisionCache.Tally) {
            answers[String(decoding: tally.path, as: UTF8.self)] = tally.answers
        }
        for (target, stored) in [("/a", Int32(7)), ("/b", Int32(-1)), ("/c", Int32(123_456))] {
            withBytes(target) { bytes in
                cache.store(
                    bytes, file: 0, hash: 11, decision, answers: stored, path: 0..<bytes.count,
                    weight: 1, evicted: keep)
            }
        }
        // `/c` took the slot of `/b`, the newer of two targets not counted again.
        #expect(answers == ["/b": -1])
        withBytes("/a") { bytes in
            for _ in 0..<DecisionCache.linesPerTally {
                _ = cache.count(bytes, file: 0, hash: 11, weight: 1, evicted: keep)
            }
        }
        #expect(answers == ["/b": -1, "/a": 7])
        answers = [:]
        cache.flush(keep)
        #expect(answers == ["/a": 7, "/c": 123_456])
    }

    @Test func longTargetsAreNotCached() {
        let cache = DecisionCache()
        defer { cache.free() }
        let long = "/" + String(repeating: "x", count: DecisionCache.keyLimit)
        #expect(withBytes(long) { !DecisionCache.admits($0) })
        _ = store(cache, long, Decision(kind: .excluded, rule: 1))
        #expect(count(cache, long) == nil)
        #expect(flush(cache).isEmpty)
    }

    @Test func hashDependsOnEveryByte() {
        var seen = Set<UInt64>()
        for length in 0..<40 {
            for position in 0..<max(length, 1) {
                var bytes = [UInt8](repeating: 0x61, count: length)
                if length > 0 { bytes[position] = 0x62 }
                seen.insert(bytes.withUnsafeBufferPointer(DecisionCache.hash))
            }
        }
        // 1 (empty) + sum of lengths 1...39 distinct strings.
        #expect(seen.count == 1 + (1...39).reduce(0, +))
    }
}
