import LibC
import Testing

struct ZeroedPagesTests {
    /// Aligned as asked, all zeros, and every byte writable, for sizes that are and are not
    /// whole pages.
    @Test(arguments: [(1, 4096), (5000, 4096), (3 << 20, 2 << 20), (2 << 20, 2 << 20)])
    func alignedZeroedAndWritable(byteCount: Int, alignment: Int) {
        let pages = ZeroedPages(byteCount: byteCount, alignment: alignment)
        defer { pages.deallocate() }
        #expect(Int(bitPattern: pages.base) % alignment == 0)
        let bytes = UnsafeMutableRawBufferPointer(start: pages.base, count: byteCount)
        #expect(bytes.allSatisfy { $0 == 0 })
        for index in stride(from: 0, to: byteCount, by: 4093) { bytes[index] = 0xA5 }
        bytes[byteCount - 1] = 0x5A
        #expect(bytes[byteCount - 1] == 0x5A)
        #expect(bytes[0] == (byteCount == 1 ? 0x5A : 0xA5))
    }
}
