import Synchronized

/// One piece's bytes: the whole compressed units the reader cut, and their output once decoded.
/// Used by one thread at a time, the one that the board's states say holds it.
final class PieceSlot: @unchecked Sendable {
    let compression: Compression
    let raw = ByteBuffer()
    private(set) var rawCount = 0
    /// Where the piece starts in the raw input.
    private(set) var rawOffset = 0
    private var decodedBound = 0
    let output = ByteBuffer()
    private var decoder: (any Decompressor)?

    init(compression: Compression) { self.compression = compression }

    var rawBytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: raw.base, count: rawCount)
    }

    /// Takes a copy of a piece's compressed bytes.
    func fill(_ bytes: UnsafeRawBufferPointer, offset: Int, decodedBound: Int) {
        raw.reserve(bytes.count)
        if let base = bytes.baseAddress { raw.base.copyMemory(from: base, byteCount: bytes.count) }
        rawCount = bytes.count
        rawOffset = offset
        self.decodedBound = decodedBound
    }

    /// Decodes the piece into `output`: the byte count, or nil when it does not decode
    /// (the reader then decodes it serially, which tells what is wrong).
    func decode() -> Int? {
        output.reserve(decodedBound + 1)
        if decoder == nil { decoder = try? compression.decompressor() }
        let produced = decoder?.decodeWhole(
            rawBytes,
            into: UnsafeMutableRawBufferPointer(start: output.base, count: decodedBound + 1))
        // A decoder that failed may be left mid-member: the next piece gets a new one.
        if produced == nil { decoder = nil }
        return produced
    }

    /// Frees the buffers and the decoder of a board that is done.
    func release() {
        raw.shrink()
        output.shrink()
        rawCount = 0
        decoder = nil
    }
}

/// The pieces of one input between the reader that cuts them and the threads that decode
/// them: a ring of slots, piece `n` in slot `n % slots.count`, so pieces are handed on in the
/// order they were cut. A slot's state says who holds it; the states live behind one lock.
final class PieceBoard: Sendable {
    enum State: Equatable {
        case free, waiting, decoding, decoded(Int), failed
    }

    struct Ledger {
        var states: [State]
        /// Number of the piece in each slot, to decode the earliest first.
        var pieces: [Int]
        var closed = false

        /// The slot of the earliest piece that waits for a thread.
        var earliestWaiting: Int? {
            var earliest: Int?
            for slot in states.indices where states[slot] == .waiting {
                if let other = earliest, pieces[other] < pieces[slot] { continue }
                earliest = slot
            }
            return earliest
        }
    }

    let slots: [PieceSlot]
    private let ledger: Locked<Ledger>

    init(slots count: Int, compression: Compression) {
        slots = (0..<count).map { _ in PieceSlot(compression: compression) }
        ledger = Locked(
            Ledger(
                states: Array(repeating: .free, count: count),
                pieces: Array(repeating: 0, count: count)))
    }

    /// A filled slot waits for a thread.
    func post(slot: Int, piece: Int) {
        ledger.withLock {
            $0.states[slot] = .waiting
            $0.pieces[slot] = piece
        }
    }

    /// The reader is done with a slot's output.
    func free(slot: Int) {
        ledger.withLock { $0.states[slot] = .free }
    }

    /// Called by a helping thread: decodes the earliest waiting piece, if any.
    func decodeOneWaiting() {
        let taken = ledger.withLock { ledger -> Int? in
            guard !ledger.closed, let slot = ledger.earliestWaiting else { return nil }
            ledger.states[slot] = .decoding
            return slot
        }
        if let taken { decode(taken) }
    }

    /// Called by the reader: the output size of the piece in `slot`, nil when it did not
    /// decode. Decodes it if no thread has taken it; while another thread decodes it, decodes
    /// a later waiting piece, or waits.
    func output(of slot: Int) -> Int? {
        enum Next {
            case done(Int?)
            case decode(Int)
            case lookAgain
        }
        while true {
            let next = ledger.withLock(
                when: { $0.states[slot] != .decoding || $0.earliestWaiting != nil }
            ) { ledger -> Next in
                switch ledger.states[slot] {
                case .decoded(let count): return .done(count)
                case .failed, .free: return .done(nil)
                case .waiting:
                    ledger.states[slot] = .decoding
                    return .decode(slot)
                case .decoding:
                    guard let other = ledger.earliestWaiting else { return .lookAgain }
                    ledger.states[other] = .decoding
                    return .decode(other)
                }
            }
            switch next {
            case .done(let count): return count
            case .decode(let taken): decode(taken)
            case .lookAgain: continue
            }
        }
    }

    private func decode(_ slot: Int) {
        let produced = slots[slot].decode()
        ledger.withLock { ledger in
            ledger.states[slot] = produced.map(State.decoded) ?? .failed
            if ledger.closed { slots[slot].release() }
        }
        ledger.wakeWaiters()
    }

    /// No more pieces: frees every slot no thread is decoding now (a thread still decoding
    /// one frees it when it is done), and helpers that come later find nothing to do.
    func close() {
        ledger.withLock { ledger in
            ledger.closed = true
            for slot in slots.indices where ledger.states[slot] != .decoding {
                slots[slot].release()
            }
        }
    }
}
