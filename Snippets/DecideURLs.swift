// Compile an AASA file once, then decide URLs with it: from any task or thread.
import LinkMatcher

let json = """
    {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [
      {"/": "/help/*", "exclude": true}, {"/": "/buy/*"}]}]}}
    """
let rules = try AppLinkRules(json: Array(json.utf8))  // or AppLinkRules(contentsOf: path)

let decision = rules.decide("https://example.com/buy/42")
print(decision.kind.name, decision.appID ?? "-", decision.ruleRef ?? "-")
// handled ABCDE12345.com.example.shop details[0].components[1]
