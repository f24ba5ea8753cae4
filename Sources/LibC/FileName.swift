/// File names are bytes, which need not be UTF-8; a Swift `String` holds only Unicode. So that a
/// name read from the system (an argument, a folder's entry, a glob's match) comes back to the
/// system byte for byte, each byte that is not part of valid UTF-8 is carried in the String as
/// one private-use scalar, U+10FF00 plus the byte (U+10FF80 to U+10FFFF), and turned back into
/// that byte when the name is handed to the system (`withPlatformPath`). A name that holds
/// those scalars itself has their bytes carried the same way, so every name survives.
/// Messages and reports show the carried bytes escaped, as `\xff` (`escapedByte`).
public enum FileName {
    static let base: UInt32 = 0x10_FF00

    /// The String of a name's bytes.
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self),
            !text.unicodeScalars.contains(where: { escapedByte($0) != nil })
        {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length > 0,
                let scalar = String(validating: bytes[index..<(index + length)], as: UTF8.self)?
                    .unicodeScalars.first, escapedByte(scalar) == nil
            {
                scalars.append(scalar)
                index += length
            } else {
                let count = max(length, 1)
                for byte in bytes[index..<(index + count)] { scalars.append(carrier(byte)) }
                index += count
            }
        }
        return String(scalars)
    }

    /// The bytes a String stands for, carried bytes turned back into themselves.
    public static func encode(_ name: String) -> [UInt8] {
        guard name.unicodeScalars.contains(where: { escapedByte($0) != nil }) else {
            return Array(name.utf8)
        }
        var bytes: [UInt8] = []
        for scalar in name.unicodeScalars {
            if let byte = escapedByte(scalar) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with the name as the system takes it: its bytes, NUL-terminated.
    public static func withPlatformPath<Result>(
        _ name: String, _ body: (UnsafePointer<CChar>) throws -> Result
    ) rethrows -> Result {
        let bytes = encode(name).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return try body("") }
            return try body(base)
        }
    }

    /// The byte a scalar carries, or nil for a plain scalar.
    public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= base + 0x80 && scalar.value <= base + 0xFF
            ? UInt8(scalar.value - base) : nil
    }

    /// The program's arguments as the system gave them, each name's bytes kept
    /// (`CommandLine.arguments` replaces what is not UTF-8 with U+FFFD).
    public static func commandLineArguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            let length = strlen(argument)
            return argument.withMemoryRebound(to: UInt8.self, capacity: length) {
                decode(UnsafeBufferPointer(start: $0, count: length))
            }
        }
    }

    private static func carrier(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(base + UInt32(byte)) ?? "\u{FFFD}"
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let length =
            switch bytes[index] {
            case 0..<0x80: 1
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0, index + length <= bytes.count else { return 0 }
        return String(validating: bytes[index..<(index + length)], as: UTF8.self) == nil
            ? 0 : length
    }
}
