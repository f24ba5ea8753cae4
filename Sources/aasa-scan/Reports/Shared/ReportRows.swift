import CLISupport
import ScanEngine

/// What the renderers read of a rule row, whether `scan` or `diff` made it: one writer per
/// form serves both reports.
package protocol ReportRuleRow {
    var ref: String { get }
    var source: String { get }
    var apps: [String] { get }
    var exclude: Bool { get }
    var pattern: String { get }
    var hits: UInt64 { get }
    var shadowedBy: String? { get }
    /// False when the rule decides by the fragment and no input could carry one.
    var measurable: Bool { get }
    /// True when the dead-rule proof stopped at its work budget (JSON `"proof": "not proven"`).
    var proofNotFinished: Bool { get }
}

/// What the renderers read of a path row of a top list.
package protocol ReportPathRow {
    /// The host, when requests of more than one host were classified; nil otherwise.
    var host: [UInt8]? { get }
    var path: [UInt8] { get }
    var count: UInt64 { get }
    var errorBound: UInt64 { get }
}

extension ScanReport.RuleRow: ReportRuleRow {}
extension ScanReport.PathRow: ReportPathRow {}
extension DiffReport.RuleRow: ReportRuleRow {
    package var proofNotFinished: Bool { false }
}
extension DiffReport.PathRow: ReportPathRow {}
