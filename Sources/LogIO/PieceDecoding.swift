/// Lets several threads decode one input whose compressed stream is made of independent
/// pieces that can be found without decoding: a zstd file of several frames (as `pzstd`
/// writes, or `zstd` outputs put end to end), or a gzip file of BGZF members (as `bgzip`
/// writes). The reader cuts the input into pieces of whole frames or members, other threads
/// each decode whole pieces into their own buffers, and the reader hands the output on in
/// order, so the lines, their numbers and every error are those of a serial read.
///
/// Other inputs (one frame, plain gzip members, plain text) are decoded serially as always,
/// and so is the rest of an input from a frame that cannot be cut (too large, damaged).
public struct PieceDecoding: Sendable {
    /// Threads that may decode pieces of one input at once, the reader included; below 2, the
    /// input is decoded serially. Pieces in flight, and so memory, grow with it.
    public var threads: Int
    /// Called on the reader's thread each time a piece waits to be decoded: another thread
    /// should call `work.run()` soon. The reader decodes what no one took in time itself.
    public var offer: @Sendable (_ work: PieceWork) -> Void
    /// Small frames or members are gathered into pieces of about this many decoded bytes, so
    /// that a piece is worth a hand-over between threads.
    public var pieceBytes = 4 << 20
    /// The largest decoded (or compressed) size of one frame or member decoded apart: from a
    /// frame that may be larger on, the input is decoded serially.
    public var largestUnit = 32 << 20

    /// The threads from which pieces pay off: inflate is most of a gzip scan's work, so two
    /// threads already gain (BGZF: 0.88× with 2 workers); zstd decodes about four times as fast
    /// as the lines are classified, so with two workers pieces gained nothing and held 30 MB
    /// more. `Int.max` for an input that is never cut.
    static func leastThreads(for compression: Compression) -> Int {
        switch compression {
        case .gzip: 2
        case .zstd: 3
        default: .max
        }
    }

    /// Decodes pieces on up to `threads` threads, asking for help through `offer`.
    public init(threads: Int, offer: @escaping @Sendable (_ work: PieceWork) -> Void) {
        self.threads = threads
        self.offer = offer
    }
}

/// One piece of an input waiting for a thread: `run()` decodes the earliest piece of that input
/// that no thread has taken yet, or does nothing when there is none any more.
public final class PieceWork: Sendable {
    let board: PieceBoard

    init(_ board: PieceBoard) { self.board = board }

    /// Decodes one waiting piece on the calling thread.
    public func run() { board.decodeOneWaiting() }
}
