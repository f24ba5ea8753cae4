import AASAModel
import RuleAnalysis

/// Documents written as JSON text, and findings as compact lines.
enum ShadowFixture {
    /// A document from the text of its `applinks` object.
    static func applinks(_ json: String) throws -> AASADocument {
        try AASADocument.parse(Array(#"{"applinks": \#(json)}"#.utf8))
    }

    /// A one-entry document with these components (JSON text of the array's elements).
    static func entry(_ components: String, variables: String = "{}", defaults: String? = nil)
        throws
        -> AASADocument
    {
        let entryDefaults = defaults.map { #", "defaults": \#($0)"# } ?? ""
        return try applinks(
            #"{"substitutionVariables": \#(variables), "details": [{"appIDs": ["T.app"], "#
                + #""components": [\#(components)]\#(entryDefaults)}]}"#)
    }

    /// Findings as `code rule <- covering` lines, for compact expectations.
    static func summary(_ document: AASADocument) -> [String] {
        ShadowAnalysis.findings(for: document).map { finding in
            let covering =
                finding.covering.isEmpty ? "" : " <- " + finding.covering.joined(separator: " ")
            return "\(finding.kind.code) \(finding.ref)\(covering)"
        }
    }
}
