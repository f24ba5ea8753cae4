import AndroidLinks
import Testing

@testable import ScanEngine

struct AndroidScanSetupTests {
    /// An unmatched tally's row is its reason's place among the reasons the counts are
    /// labelled with.
    @Test func reasonRowsFollowTheLabelledOrder() {
        for (index, reason) in AndroidScanSetup.reasons.enumerated() {
            #expect(AndroidScanSetup.row(of: reason) == index, "\(reason)")
        }
    }
}
