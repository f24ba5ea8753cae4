/// Something a reader of a report must know to read its figures right (another site's
/// traffic in them, rules no server log can show, hosts without a file): said on standard
/// error and, with the same words, in every report format.
public struct ReportWarning: Sendable, Equatable {
    /// A stable name scripts can test (`multiple_sites`, `fragment_not_measurable`, ...).
    public var code: String
    /// One line for people.
    public var message: String
    /// False for what holds of every run alike (server logs never show a fragment): the
    /// report says it, standard error need not repeat it at every run of a pipeline.
    public var alsoOnStandardError: Bool

    public init(code: String, message: String, alsoOnStandardError: Bool = true) {
        self.code = code
        self.message = message
        self.alsoOnStandardError = alsoOnStandardError
    }
}
