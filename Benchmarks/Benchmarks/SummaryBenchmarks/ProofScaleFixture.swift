import AASAModel
import LinkMatcher

/// Files of thousands of rules of one shape, whose dead-rule proofs compared each rule with
/// every earlier one before the work budget per rule: `/u/*/itemN/?*` (one literal beginning,
/// no rule covering another), `*N?*` (no literal beginning; each covered by the rule of its
/// smallest digit) and rules on one path that differ in a plain query value; and rules whose
/// proofs need more than the budget (query values naming a variable of 1,600 words), which it
/// stops.
enum ProofScaleFixture {
    static func items(_ count: Int) -> CompiledRuleSet {
        rules((0..<count).map { Component(path: "/u/*/item\($0)/?*") })
    }

    static func digits(_ count: Int) -> CompiledRuleSet {
        rules((0..<count).map { Component(path: "*\($0)?*") })
    }

    static func queryValues(_ count: Int) -> CompiledRuleSet {
        rules(
            (0..<count).map {
                Component(
                    path: "/u/*", query: .items([QueryItemPattern(name: "k", pattern: "v\($0)")]))
            })
    }

    static func pastTheBudget(_ count: Int) -> CompiledRuleSet {
        rules(
            (0..<count).map {
                Component(
                    path: "/u/*",
                    query: .items([QueryItemPattern(name: "k", pattern: "$(v)?\($0)?")]))
            },
            variables: ["v": (0..<1_600).map { "w\($0)" }])
    }

    private static func rules(_ components: [Component], variables: [String: [String]] = [:])
        -> CompiledRuleSet
    {
        CompiledRuleSet(
            AASADocument(
                applinks: AppLinks(
                    details: [
                        DetailsEntry(
                            ref: "details[0]", appIDs: ["ABCDE12345.com.example.app"],
                            components: components)
                    ],
                    defaults: nil,
                    substitutionVariables: variables.map {
                        SubstitutionVariable(name: $0.key, values: $0.value)
                    })))
    }
}
