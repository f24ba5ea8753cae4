/// A kind of finding with its row in the diagnostic code table (`DiagnosticCode`): its code,
/// severity and summary are the row's.
public protocol DiagnosticKind {
    /// Its row in the diagnostic code table.
    var diagnosticCode: DiagnosticCode { get }
}

extension DiagnosticKind {
    /// The stable code, such as `AASA601`.
    public var code: String { diagnosticCode.code }

    /// How serious its findings are.
    public var severity: Diagnostic.Severity { diagnosticCode.severity }

    /// What it finds, in one line (the README's table says the same).
    public var summary: String { diagnosticCode.summary }
}
