import Testing

@testable import AASAModel

@Suite struct HostingCheckCatalogueTests {
    @Test func codesAreTheirOwnRangeAndUnique() {
        let codes = HostingCheck.catalogue.map(\.code)
        #expect(Set(codes).count == HostingCheck.allCases.count)
        #expect(codes == codes.sorted())
        #expect(codes.allSatisfy { $0.hasPrefix("AASA7") && $0.count == 7 })
        #expect(Set(codes).isDisjoint(with: AASALint.catalogue.map(\.code)))
    }

    @Test func onlyStaleCopiesAndContentTypeWarn() {
        let warnings = HostingCheck.allCases.filter { $0.severity == .warning }
        #expect(Set(warnings) == [.wrongContentType, .cdnDiffers, .cdnMissing])
        #expect(HostingCheck.allCases.allSatisfy { $0.severity != .info })
    }
}
