// The signed-file path: every input starts as a DER SEQUENCE, so the reader takes it for a
// PKCS#7 wrapper and must unwrap it, find JSON in it, or refuse it with an error.
import AASAModel
import FuzzSupport

FuzzDriver.run { bytes in
    let signed = bytes.first == 0x30 ? Array(bytes) : [0x30] + Array(bytes)
    guard let document = try? AASADocument.parse(signed) else { return }
    _ = AASALint.lint(document)
}
