// The only file of LinkMatcher that needs FoundationEssentials: for callers that hold a `URL`.
import FoundationEssentials

extension AppLinkRules {
    /// The overall decision for a Foundation `URL` (its `absoluteString`, as sent).
    public func decide(_ url: URL) -> LinkDecision {
        decide(url.absoluteString)
    }

    /// Every app's own decision for a Foundation `URL`.
    public func decideEachApp(_ url: URL) -> [AppLinkDecision] {
        decideEachApp(url.absoluteString)
    }
}
