import Testing

@testable import CoverageStats

struct HostlessRequestTests {
    @Test func requestsWithoutAHostAreCountedExactlyAndMerged() {
        let shape = CoverageShape(appCount: 1, ruleCount: 1, hostCapacity: 2)
        var left = CoverageSummary(shape: shape)
        var right = CoverageSummary(shape: shape)
        let none: [UInt8] = []
        let host = Array("example.com".utf8)
        let path = Array("/x".utf8)
        none.withUnsafeBufferPointer { empty in
            path.withUnsafeBufferPointer { p in
                left.record(.handled(app: 0, rule: 0), host: empty, path: p)
                left.record(.unmatched, host: empty, path: p, weight: 3)
                right.record(.excluded(app: 0, rule: 0), host: empty, path: p)
                host.withUnsafeBufferPointer { h in right.record(.unmatched, host: h, path: p) }
            }
        }
        let merged = left + right
        let rows = merged.hosts()
        #expect(rows.map(\.host) == [[], host])
        #expect(rows.first?.requests == 5)
        #expect(rows.first?.handled == 1)
        #expect(rows.first?.excluded == 1)
        #expect(rows.first?.unmatched == 3)
        #expect(merged.hosts(limit: 1).count == 1)
        #expect(merged == right + left)
    }
}
