// The AASA reader end to end: JSON parser, document builder (with the PKCS#7 and BOM paths),
// lint, and the compiled matcher checked against the reference on URLs drawn from the rules.
import AASAModel
import FuzzSupport

FuzzDriver.run { bytes in
    guard let document = try? AASADocument.parse(Array(bytes)) else { return }
    _ = AASALint.lint(document)
    let agreement = Agreement(document, checksExplain: Agreement.ruleCount(of: document) < 20)
    for url in SampleURLs.urls(for: document) { agreement.check(url) }
}
