/// A byte trie over the literal prefixes of path patterns. Each node lists the rules whose
/// prefix ends there, by strategy; a lookup walks the URL path once and meets exactly the
/// rules whose prefix the path starts with, so rules that cannot match cost nothing.
///
/// Flat layout: node `n` has children `labels/targets[edgeStart[n]..<edgeStart[n+1]]` sorted by
/// label, and entries `entries[entryStart[n]..<entryStart[n+1]]` sorted by rule order. The root
/// also has a 256-entry table, since every lookup starts there and it has the most children.
struct PrefixTrie: Sendable {
    /// How a rule's path is decided once its prefix has been met.
    enum Strategy: UInt8, Sendable {
        /// The pattern is the prefix: the path must end here.
        case exact
        /// The prefix then only `*`: any path that reaches the node.
        case prefixThenAny
        /// The prefix then a glob: verify the rest of the path.
        case glob
    }

    struct Entry: Sendable {
        var rule: Int32
        var strategy: Strategy
    }

    let edgeStart: FrozenArray<Int32>
    let labels: FrozenArray<UInt8>
    let targets: FrozenArray<Int32>
    let entryStart: FrozenArray<Int32>
    let entries: FrozenArray<Entry>
    /// Child of the root per byte, or -1.
    let rootChildren: FrozenArray<Int32>

    var isEmpty: Bool { entries.isEmpty }

    @inline(__always)
    func child(of node: Int32, _ label: UInt8) -> Int32? {
        if node == 0 {
            let child = rootChildren[Int(label)]
            return child < 0 ? nil : child
        }
        var low = Int(edgeStart[Int(node)])
        var high = Int(edgeStart[Int(node) + 1])
        while low < high {
            let middle = (low + high) >> 1
            let candidate = labels[middle]
            if candidate == label { return targets[middle] }
            if candidate < label { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Collects into `candidates` every rule whose prefix the key meets, packed as
    /// `rule << 32 | depth` (depth = where the glob remainder starts; `UInt32.max` when the
    /// path is already decided). At the end of the key, `/` edges are followed too: a
    /// pattern's `/` may vanish once the whole path is consumed (SEMANTICS.md S5.4).
    @inline(__always)
    func collect(key: UnsafeBufferPointer<UInt8>, into candidates: inout ScratchBuffer<UInt64>) {
        var node: Int32 = 0
        var depth = 0
        while true {
            let atEnd = depth == key.count
            for index in Int(entryStart[Int(node)])..<Int(entryStart[Int(node) + 1]) {
                let entry = entries[index]
                switch entry.strategy {
                case .exact:
                    if atEnd { candidates.append(UInt64(entry.rule) << 32 | 0xFFFF_FFFF) }
                case .prefixThenAny:
                    candidates.append(UInt64(entry.rule) << 32 | 0xFFFF_FFFF)
                case .glob:
                    candidates.append(UInt64(entry.rule) << 32 | UInt64(depth))
                }
            }
            let label = atEnd ? UInt8(ascii: "/") : key[depth]
            guard let next = child(of: node, label) else { return }
            node = next
            if !atEnd { depth += 1 }
        }
    }
}

extension PrefixTrie {
    /// Builds the trie from `(prefix, entry)` pairs given in rule order.
    init(_ items: [(prefix: [UInt8], entry: Entry)], arena: Arena) {
        var children: [[UInt8: Int32]] = [[:]]
        var nodeEntries: [[Entry]] = [[]]
        for (prefix, entry) in items {
            var node = 0
            for byte in prefix {
                if let next = children[node][byte] {
                    node = Int(next)
                } else {
                    children.append([:])
                    nodeEntries.append([])
                    children[node][byte] = Int32(children.count - 1)
                    node = children.count - 1
                }
            }
            nodeEntries[node].append(entry)
        }
        var edgeStart: [Int32] = [0]
        var labels: [UInt8] = []
        var targets: [Int32] = []
        var entryStart: [Int32] = [0]
        var entries: [Entry] = []
        for node in children.indices {
            for (label, target) in children[node].sorted(by: { $0.key < $1.key }) {
                labels.append(label)
                targets.append(target)
            }
            edgeStart.append(Int32(labels.count))
            entries += nodeEntries[node].sorted { $0.rule < $1.rule }
            entryStart.append(Int32(entries.count))
        }
        var rootChildren = [Int32](repeating: -1, count: 256)
        for (label, target) in children[0] { rootChildren[Int(label)] = target }
        self.init(
            edgeStart: arena.freeze(edgeStart), labels: arena.freeze(labels),
            targets: arena.freeze(targets), entryStart: arena.freeze(entryStart),
            entries: arena.freeze(entries), rootChildren: arena.freeze(rootChildren))
    }
}
