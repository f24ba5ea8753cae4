import ASCIIBytes

/// Merging two Space-Saving summaries (the combine-and-prune merge of Cafaro, Pulimeno and
/// Tempesta's parallel Space-Saving; compare Agarwal et al., "Mergeable summaries", 2012).
///
/// Let `m1`, `m2` be the operands' floors (their smallest count once approximate, else 0). A key
/// monitored by both gets the sum of counts and of error bounds; a key monitored by only one
/// gets the other's floor added to its count and to its error bound, since its true count there
/// is at most that floor. The `capacity` largest results are kept.
///
/// The filters add up counter by counter, and a dropped key raises its counter to its combined
/// count, as an evicted one does.
///
/// Why the guarantees survive, with `N = N1 + N2`:
/// - upper bounds stay upper bounds and `count - errorBound` stays a lower bound, by the above;
/// - a key in neither operand has a true count of at most the sum of its two counters, and a
///   dropped key one of at most its combined count, which its counter now holds;
/// - every combined count is at least `m1 + m2`, which bounds every summed counter (each
///   operand's counters are at most its floor), and a dropped key has a count no larger than
///   any kept one. So every counter, and every unmonitored key's true count, is at most the
///   new smallest count;
/// - summed over the kept keys, the part taken from each operand is at most that operand's total
///   (an absent key takes `m1`, no more than the operand key it displaces), so the kept counts sum
///   to at most `N` and the smallest is at most `N / capacity`.
///
/// The result does not depend on operand order (the ranking is a total order on the combined
/// entries), and when no eviction happened anywhere, it equals the exact counts of the union, so
/// any split of the same inserts merges to the same summary. With evictions, merge order can
/// change which near-threshold keys survive, within the guarantees.
extension SpaceSaving {
    /// The merge of two summaries with the same parameters.
    public static func + (lhs: SpaceSaving, rhs: SpaceSaving) -> SpaceSaving {
        precondition(
            lhs.capacity == rhs.capacity && lhs.maxKeyLength == rhs.maxKeyLength
                && lhs.laneCount == rhs.laneCount,
            "merging Space-Saving summaries of different shapes")
        let lhsFloor = lhs.floor
        let rhsFloor = rhs.floor
        var combined: [Candidate] = []
        combined.reserveCapacity(lhs.count + rhs.count)
        var matchedInLhs = [Bool](repeating: false, count: lhs.count)
        for slot in rhs.slots.indices {
            let own = rhs.slots[slot]
            var candidate = Candidate(
                bytes: rhs.keyOf(slot), hash: own.hash, truncated: own.truncated,
                count: own.count.addingSaturating(lhsFloor),
                errorBound: own.errorBound.addingSaturating(lhsFloor),
                lanes: Array(rhs.lanes[slot * rhs.laneCount..<(slot + 1) * rhs.laneCount]))
            if let match = lhs.slotMatching(slot, of: rhs) {
                matchedInLhs[match] = true
                candidate.count = own.count.addingSaturating(lhs.slots[match].count)
                candidate.errorBound = own.errorBound.addingSaturating(lhs.slots[match].errorBound)
                for lane in 0..<lhs.laneCount {
                    candidate.lanes[lane].addSaturating(lhs.lanes[match * lhs.laneCount + lane])
                }
            }
            combined.append(candidate)
        }
        for slot in lhs.slots.indices where !matchedInLhs[slot] {
            let own = lhs.slots[slot]
            combined.append(
                Candidate(
                    bytes: lhs.keyOf(slot), hash: own.hash, truncated: own.truncated,
                    count: own.count.addingSaturating(rhsFloor),
                    errorBound: own.errorBound.addingSaturating(rhsFloor),
                    lanes: Array(lhs.lanes[slot * lhs.laneCount..<(slot + 1) * lhs.laneCount])))
        }
        combined.sort(by: Candidate.ranksBefore)

        var result = SpaceSaving(
            capacity: lhs.capacity, maxKeyLength: lhs.maxKeyLength, laneCount: lhs.laneCount)
        result.totalWeight = lhs.totalWeight.addingSaturating(rhs.totalWeight)
        result.isApproximate =
            lhs.isApproximate || rhs.isApproximate || combined.count > lhs.capacity
        for candidate in combined.prefix(lhs.capacity) {
            let slot = Slot(
                hash: candidate.hash, count: candidate.count, errorBound: candidate.errorBound,
                length: Int32(candidate.bytes.count),
                truncated: candidate.truncated)
            let index = candidate.bytes.withUnsafeBytes { key in
                result.appendSlot(slot, key: key, at: result.freeBucket(for: candidate.hash))
            }
            for lane in 0..<result.laneCount {
                result.lanes[index * result.laneCount + lane] = candidate.lanes[lane]
            }
        }
        if result.count == result.capacity { result.buildHeap() }
        // Only a full table has a filter, and a merge with a full operand is full.
        if !lhs.filter.isEmpty || !rhs.filter.isEmpty {
            for cell in result.filter.indices {
                result.filter[cell] =
                    (lhs.filter.isEmpty ? 0 : lhs.filter[cell])
                    .addingSaturating(rhs.filter.isEmpty ? 0 : rhs.filter[cell])
            }
        }
        for dropped in combined.dropFirst(lhs.capacity) {
            let cell = result.filterCell(dropped.hash)
            result.filter[cell] = max(result.filter[cell], dropped.count)
        }
        return result
    }

    /// Merges `rhs` into `lhs`.
    public static func += (lhs: inout SpaceSaving, rhs: SpaceSaving) {
        lhs = lhs + rhs
    }

    struct Candidate {
        var bytes: [UInt8]
        var hash: UInt64
        var truncated: Bool
        var count: UInt64
        var errorBound: UInt64
        var lanes: [UInt64]

        static func ranksBefore(_ a: Self, _ b: Self) -> Bool {
            if a.count != b.count { return a.count > b.count }
            if a.bytes != b.bytes { return a.bytes.lexicographicallyPrecedes(b.bytes) }
            return !a.truncated && b.truncated
        }
    }
}
