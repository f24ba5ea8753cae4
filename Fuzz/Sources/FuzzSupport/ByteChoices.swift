/// Choices read from the fuzzer's bytes, so that a generator driven by them is steered by
/// coverage: each choice consumes bytes, and once they run out every choice is the first
/// option (inputs stay small, and a shorter input means a simpler case).
public struct ByteChoices {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = Array(bytes) }

    public var isExhausted: Bool { position >= bytes.count }

    /// A number below `bound` (at least 1).
    public mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        var value = 0
        var range = 1
        while range < bound, position < bytes.count {
            value = value << 8 | Int(bytes[position])
            range <<= 8
            position += 1
        }
        return value % bound
    }

    public mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }

    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// The bytes not consumed yet.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return Array(bytes[min(position, bytes.count)...])
    }
}
