/// The decoded bytes of an input cut into pieces (`PieceDecoding`), in order.
///
/// The reader's thread reads the raw input ahead into `staging`, cuts whole frames (or BGZF
/// members) off its front into the board's slots, at most one piece per slot, and copies each
/// piece's output out in turn. Any piece that does not decode, and every byte from the first
/// unit that cannot be cut (too large, damaged, cut short, a read error), go to a serial
/// `DecodingStream` that starts at that piece: since the pieces before it decoded whole, the
/// serial decoder is at a frame's start there, exactly as a serial read of the whole input
/// would be, and it reports any error as that read does.
final class PieceStream: DecodedBytes {
    private let path: String
    private let compression: Compression
    private let source: CountingSource
    private let settings: PieceDecoding
    private let board: PieceBoard
    /// Raw bytes read but not cut into a piece yet: `stagedCount` bytes from `stagedStart`,
    /// the first of them at `stagedOffset` of the input.
    private let staging = ByteBuffer(capacity: 1 << 20)
    private var stagedStart = 0
    private var stagedCount = 0
    private var stagedOffset = 0
    private var sourceEnded = false
    /// A read that failed: thrown by the serial decoder where it meets it.
    private var readFailure: LogIOError?
    private var cutting = true
    private var piecesCut = 0
    private var piecesRead = 0
    /// The piece whose output is being handed on.
    private var current: (slot: Int, count: Int, position: Int)?
    private var serial: DecodingStream?

    /// Cuts the input, whose first bytes `prefix` were already read from `source`, when its
    /// first unit can be cut and more follows it; else decodes it all serially from the start.
    init(
        prefix: [UInt8], source: CountingSource, path: String, compression: Compression,
        settings: PieceDecoding
    ) throws(LogIOError) {
        self.path = path
        self.compression = compression
        self.source = source
        self.settings = settings
        board = PieceBoard(slots: max(settings.threads, 2) + 1, compression: compression)
        staging.reserve(prefix.count)
        prefix.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                staging.base.copyMemory(from: base, byteCount: bytes.count)
            }
        }
        stagedCount = prefix.count
        if case .unit(let length, _) = extent(at: 0), staged(length + 1) { return }
        try resumeSerially(atPiece: 0)
    }

    deinit { board.close() }

    func read(into output: UnsafeMutableRawBufferPointer) throws(LogIOError) -> Int {
        guard let to = output.baseAddress else { return 0 }
        while true {
            if let serial { return try serial.read(into: output) }
            if let piece = current {
                if piece.position < piece.count {
                    let count = min(output.count, piece.count - piece.position)
                    to.copyMemory(
                        from: board.slots[piece.slot].output.base + piece.position, byteCount: count
                    )
                    current = (piece.slot, piece.count, piece.position + count)
                    return count
                }
                board.free(slot: piece.slot)
                current = nil
                piecesRead += 1
            }
            while cutting && piecesCut - piecesRead < board.slots.count && cutPiece() {}
            guard piecesRead < piecesCut else {
                try resumeSerially(atPiece: piecesRead)
                continue
            }
            let slot = piecesRead % board.slots.count
            guard let count = board.output(of: slot) else {
                try resumeSerially(atPiece: piecesRead)
                continue
            }
            current = (slot, count, 0)
        }
    }

    /// Cuts the next piece into its slot and offers it: whole units from the front of the
    /// staged bytes, as many as make about `pieceBytes`. False (and no more cutting) when the
    /// unit there cannot be cut, or the input has ended.
    private func cutPiece() -> Bool {
        var length = 0
        var bound = 0
        while length < settings.pieceBytes && bound < settings.pieceBytes,
            case .unit(let unitLength, let unitBound) = extent(at: length)
        {
            // A piece with no output yet (a skippable frame before a frame, as `pzstd` writes
            // them) takes the next unit whatever its output, up to the largest unit's bytes.
            let rawLimit = bound > 0 ? settings.pieceBytes : settings.largestUnit
            if length > 0
                && (length + unitLength > rawLimit
                    || bound > 0 && bound + unitBound > settings.pieceBytes)
            {
                break
            }
            length += unitLength
            bound += unitBound
        }
        guard length > 0 else {
            cutting = false
            return false
        }
        precondition(length <= stagedCount, "a unit cut past the bytes read")
        let slot = piecesCut % board.slots.count
        board.slots[slot].fill(
            UnsafeRawBufferPointer(start: staging.base + stagedStart, count: length),
            offset: stagedOffset, decodedBound: bound)
        stagedStart += length
        stagedCount -= length
        stagedOffset += length
        board.post(slot: slot, piece: piecesCut)
        piecesCut += 1
        settings.offer(PieceWork(board))
        return true
    }

    /// The extent of the unit `offset` bytes into the staged bytes, reading as far as it takes;
    /// nil when the input ends there.
    private func extent(at offset: Int) -> UnitExtent? {
        guard staged(offset + 1) else { return nil }
        while true {
            let bytes = UnsafeRawBufferPointer(
                start: staging.base + stagedStart + offset, count: stagedCount - offset)
            let found =
                compression == .zstd
                ? ZstdFrameHeader.extent(of: bytes, limit: settings.largestUnit)
                : BGZFMember.extent(of: bytes, limit: settings.largestUnit)
            guard case .needsBytes(let count) = found else { return found }
            // Cut short by the end of the input (or a read error): the serial decoder says so.
            guard staged(offset + count) else { return .unsuitable }
        }
    }

    /// Reads until `count` bytes are staged; false when the input ends (or fails) before.
    private func staged(_ count: Int) -> Bool {
        while stagedCount < count && !sourceEnded {
            // Read well ahead: each read is a system call, and each call of `extent` walks
            // its unit's headers again from the start.
            let wanted = max(count, 2 * stagedCount, 1 << 20)
            if stagedStart + wanted > staging.capacity {
                staging.reserve(wanted, keeping: stagedCount, from: stagedStart)
                stagedStart = 0
            }
            let room = UnsafeMutableRawBufferPointer(
                start: staging.base + stagedStart + stagedCount,
                count: staging.capacity - stagedStart - stagedCount)
            do {
                let read = try source.read(into: room)
                if read == 0 { sourceEnded = true }
                stagedCount += read
            } catch {
                readFailure = error
                sourceEnded = true
            }
        }
        return stagedCount >= count
    }

    /// Hands the rest of the input to a serial decoder, from the start of piece `piece` (or
    /// of the staged bytes when every piece cut was handed on): the raw bytes already read
    /// from there on, then the rest of the source.
    private func resumeSerially(atPiece piece: Int) throws(LogIOError) {
        var bytes: [UInt8] = []
        for later in piece..<piecesCut {
            bytes += board.slots[later % board.slots.count].rawBytes
        }
        bytes += UnsafeRawBufferPointer(start: staging.base + stagedStart, count: stagedCount)
        let offset =
            piece < piecesCut ? board.slots[piece % board.slots.count].rawOffset : stagedOffset
        cutting = false
        board.close()
        let rest: (any ByteSource)? =
            readFailure.map { FailedSource($0) } ?? (sourceEnded ? nil : source)
        serial = try DecodingStream(
            source: ReplaySource(bytes, then: rest), path: path, compression: compression,
            startOffset: offset)
    }
}
