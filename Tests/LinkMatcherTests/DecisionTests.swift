import AASAModel
import LinkMatcher
import Testing

/// SEMANTICS.md S2, S4.2, S4.4, S4.5: order, exclusion, defaults, apps.
struct DecisionTests {
    static func answers(_ doc: AASADocument, _ url: String) -> (String, String) {
        let set = CompiledRuleSet(doc)
        let scratch = set.makeScratch()
        let reference = ReferenceMatcher(doc).decide(url)
        return (automatonAnswer(set, url, scratch), reference.description)
    }

    static func entry(
        _ index: Int, _ apps: [String], _ components: [Component]? = nil, paths: [String]? = nil,
        defaults: Component? = nil
    ) -> DetailsEntry {
        DetailsEntry(
            ref: "details[\(index)]", appIDs: apps, components: components, paths: paths,
            defaults: defaults)
    }

    static func doc(_ entries: [DetailsEntry], defaults: Component? = nil) -> AASADocument {
        AASADocument(applinks: AppLinks(details: entries, defaults: defaults))
    }

    static let rows: [(AASADocument, String, String)] = [
        // First match wins; an earlier exclude stops evaluation (S4.2).
        (
            doc([
                entry(
                    0, ["A.a"],
                    [
                        Component(path: "/wwdc/internal/*", exclude: true),
                        Component(path: "/wwdc/*"),
                    ])
            ]),
            "/wwdc/internal/x", "excluded\t-\tdetails[0].components[0]"
        ),
        (
            doc([
                entry(
                    0, ["A.a"],
                    [
                        Component(path: "/wwdc/internal/*", exclude: true),
                        Component(path: "/wwdc/*"),
                    ])
            ]),
            "/wwdc/public", "handled\tA.a\tdetails[0].components[1]"
        ),
        (
            doc([
                entry(
                    0, ["A.a"],
                    [
                        Component(path: "/wwdc/*"),
                        Component(path: "/wwdc/internal/*", exclude: true),
                    ])
            ]),
            "/wwdc/internal/x", "handled\tA.a\tdetails[0].components[0]"
        ),
        // Legacy NOT.
        (
            doc([entry(0, ["A.a"], paths: ["NOT /wwdc/internal/*", "/wwdc/*"])]),
            "/wwdc/internal/x", "excluded\t-\tdetails[0].paths[0]"
        ),
        (
            doc([entry(0, ["A.a"], paths: ["NOT /wwdc/internal/*", "/wwdc/*"])]),
            "/wwdc/2019?x#y", "handled\tA.a\tdetails[0].paths[1]"
        ),
        (
            doc([entry(0, ["A.a"], paths: ["not /x", "/*"])]), "/x",
            "handled\tA.a\tdetails[0].paths[1]"
        ),
        (doc([entry(0, ["A.a"], paths: ["/Case"])]), "/case", "unmatched\t-\t-"),
        (doc([entry(0, ["A.a"], paths: ["/$(digit)"])]), "/1", "unmatched\t-\t-"),
        (
            doc([entry(0, ["A.a"], paths: ["/$(digit)"])]), "/$(digit)",
            "handled\tA.a\tdetails[0].paths[0]"
        ),
        // components hides paths, even when empty (S2.4).
        (doc([entry(0, ["A.a"], [], paths: ["/*"])]), "/x", "unmatched\t-\t-"),
        (doc([entry(0, ["A.a"], [Component(path: "/a")], paths: ["/*"])]), "/b", "unmatched\t-\t-"),
        // An entry without apps matches nothing (S2.2).
        (
            doc([entry(0, [], [Component()]), entry(1, ["B.b"], [Component(path: "/x")])]),
            "/x", "handled\tB.b\tdetails[1].components[0]"
        ),
        // Same app in two entries: the first decisive entry wins (S4.5).
        (
            doc([
                entry(0, ["A.a"], [Component(path: "/x")]),
                entry(1, ["A.a"], [Component(path: "/x", exclude: true)]),
            ]),
            "/x", "handled\tA.a\tdetails[0].components[0]"
        ),
        (
            doc([
                entry(0, ["A.a"], [Component(path: "/x", exclude: true)]),
                entry(1, ["A.a"], [Component(path: "/x")]),
            ]),
            "/x", "excluded\t-\tdetails[0].components[0]"
        ),
        // An exclude for app A does not hide a later entry that opens app B (S11 Q3).
        (
            doc([
                entry(0, ["A.a"], [Component(path: "/x", exclude: true)]),
                entry(1, ["B.b"], [Component(path: "/*")]),
            ]),
            "/x", "handled\tB.b\tdetails[1].components[0]"
        ),
        (
            doc([
                entry(0, ["A.a"], [Component(path: "/x", exclude: true)]),
                entry(1, ["A.a", "B.b"], [Component(path: "/*")]),
            ]),
            "/x", "handled\tB.b\tdetails[1].components[0]"
        ),
        // Several apps in one entry: the first one is reported.
        (
            doc([entry(0, ["B.b", "C.c"], [Component()])]), "/x",
            "handled\tB.b\tdetails[0].components[0]"
        ),
        // Defaults: component > details.defaults > applinks.defaults (S4.4).
        (
            doc(
                [
                    entry(
                        0, ["A.a"], [Component(path: "/A")],
                        defaults: Component(caseSensitive: false))
                ],
                defaults: Component(caseSensitive: true)), "/a",
            "handled\tA.a\tdetails[0].components[0]"
        ),
        (
            doc([
                entry(
                    0, ["A.a"], [Component(path: "/A", caseSensitive: true)],
                    defaults: Component(caseSensitive: false))
            ]),
            "/a", "unmatched\t-\t-"
        ),
        (
            doc(
                [entry(0, ["A.a"], [Component(path: "/A")])],
                defaults: Component(caseSensitive: false)),
            "/a", "handled\tA.a\tdetails[0].components[0]"
        ),
        (
            doc(
                [entry(0, ["A.a"], [Component(fragment: "*")])], defaults: Component(path: "/foo/*")
            ),
            "/foo/1", "handled\tA.a\tdetails[0].components[0]"
        ),
        (
            doc(
                [entry(0, ["A.a"], [Component(fragment: "*")])], defaults: Component(path: "/foo/*")
            ),
            "/bar", "unmatched\t-\t-"
        ),
        (
            doc([entry(0, ["A.a"], [Component(fragment: "*")], defaults: Component(path: "/foo/*"))]
            ),
            "/bar", "unmatched\t-\t-"
        ),
        (
            doc([entry(0, ["A.a"], [Component()])], defaults: Component(exclude: true)),
            "/x", "excluded\t-\tdetails[0].components[0]"
        ),
        (
            doc(
                [entry(0, ["A.a"], [Component(exclude: false)])], defaults: Component(exclude: true)
            ),
            "/x", "handled\tA.a\tdetails[0].components[0]"
        ),
        (
            doc(
                [entry(0, ["A.a"], [Component(query: .items([.init(name: "b", pattern: "2")]))])],
                defaults: Component(query: .items([.init(name: "a", pattern: "1")]))),
            "/x?a=9&b=2", "handled\tA.a\tdetails[0].components[0]"
        ),
        (
            doc([
                entry(
                    0, ["A.a"], [Component(path: "/a")], defaults: Component(percentEncoded: false))
            ]),
            "/%61", "handled\tA.a\tdetails[0].components[0]"
        ),
        // Defaults do not apply to legacy paths (S11 Q8).
        (
            doc([entry(0, ["A.a"], paths: ["/A"], defaults: Component(caseSensitive: false))]),
            "/a", "unmatched\t-\t-"
        ),
        // No applinks: nothing matches.
        (AASADocument(applinks: nil), "/x", "unmatched\t-\t-"),
    ]

    @Test(arguments: rows)
    func decision(_ doc: AASADocument, _ url: String, _ expected: String) {
        let (automaton, reference) = Self.answers(doc, url)
        #expect(automaton == expected, "automaton")
        #expect(reference == expected, "reference")
    }

    @Test func perAppDecisionsListEveryDecidedApp() throws {
        let d = Self.doc([
            Self.entry(0, ["A.a"], [Component(path: "/x", exclude: true)]),
            Self.entry(1, ["A.a", "B.b"], [Component(path: "/*")]),
            Self.entry(2, ["C.c"], [Component(path: "/y")]),
        ])
        let set = CompiledRuleSet(d)
        let scratch = set.makeScratch()
        let perApp = Array("/x".utf8).withUnsafeBufferPointer {
            set.decidePerApp($0, scratch: scratch)
        }
        let rendered = perApp.map {
            "\(set.apps[Int($0.app)]) \($0.kind.name) \(set.rules[Int($0.rule)].ref)"
        }
        #expect(
            rendered == [
                "A.a excluded details[0].components[0]", "B.b handled details[1].components[0]",
            ])
        let reference = ReferenceMatcher(d).decidePerApp("/x").map {
            "\($0.appID) \($0.kind.name) \($0.ruleRef)"
        }
        #expect(reference == rendered)
    }
}
