import Hummingbird
import LinkMatcher

/// The JSON answer of `GET /decide?url=...`.
public struct DecideAnswer: ResponseCodable, Equatable {
    /// The URL as asked.
    public var url: String
    /// `handled`, `excluded` or `unmatched`.
    public var decision: String
    /// The app that opens the URL, when one does.
    public var app: String?
    /// The deciding rule, such as `details[0].components[3]`.
    public var rule: String?
}

/// The routes of the server: one rule set, compiled at start and shared by every request
/// (`AppLinkRules` is `Sendable`; each call borrows its own scratch).
public func makeRouter(rules: AppLinkRules) -> Router<BasicRequestContext> {
    let router = Router()
    router.get("decide") { request, _ -> DecideAnswer in
        guard let url = request.uri.queryParameters.get("url") else {
            throw HTTPError(.badRequest, message: "give the URL to decide as ?url=...")
        }
        let decision = rules.decide(url)
        return DecideAnswer(
            url: url, decision: decision.kind.name, app: decision.appID, rule: decision.ruleRef)
    }
    return router
}

/// The application on `host:port`, answering from `rules`.
public func makeApplication(rules: AppLinkRules, host: String = "127.0.0.1", port: Int = 8080)
    -> some ApplicationProtocol
{
    Application(
        router: makeRouter(rules: rules),
        configuration: .init(address: .hostname(host, port: port)))
}
