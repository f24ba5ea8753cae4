import Foundation
import TestSupport
import Testing

@testable import AASAModel

/// Every valid real file parses, and the model agrees with an independent reading of the same
/// bytes through Foundation's `JSONSerialization`.
@Suite("Real AASA files", .needsSharedData("aasa-real"))
struct RealFileTests {
    static let validFiles =
        RealAASAFiles.names(in: nil, ext: "json")
        + RealAASAFiles.names(in: "history", ext: "json")

    @Test func corpusIsComplete() {
        // SOURCES.md lists 108 current files and 86 older versions.
        #expect(Self.validFiles.count == 108 + 86)
    }

    @Test(arguments: validFiles)
    func parsesAndAgreesWithFoundation(name: String) throws {
        let path = RealAASAFiles.path(name)
        let document = try AASADocument.load(path: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let raw = try #require(
            try JSONSerialization.jsonObject(with: data) as? [String: Any])

        #expect(document.byteCount == data.count)
        #expect(!document.wasSigned)
        let services = Set(["webcredentials", "appclips", "activitycontinuation"])
        #expect(Set(document.otherServices) == services.intersection(raw.keys))

        guard let rawLinks = raw["applinks"] as? [String: Any] else {
            #expect(document.applinks == nil)
            return
        }
        let applinks = try #require(document.applinks)
        if let rawDetails = rawLinks["details"] as? [[String: Any]] {
            try #require(applinks.details.count == rawDetails.count)
            for (entry, rawEntry) in zip(applinks.details, rawDetails) {
                #expect(entry.appIDs == Self.independentAppIDs(rawEntry), "\(entry.ref)")
                #expect(entry.components?.count == (rawEntry["components"] as? [Any])?.count)
                #expect(entry.paths?.count == (rawEntry["paths"] as? [Any])?.count)
                let rawPaths = rawEntry["paths"] as? [String]
                #expect(entry.paths == rawPaths)
                let rawComponents = rawEntry["components"] as? [[String: Any]] ?? []
                for (component, rawComponent) in zip(entry.components ?? [], rawComponents) {
                    #expect(component.path == rawComponent["/"] as? String)
                    #expect(component.fragment == rawComponent["#"] as? String)
                    #expect(component.exclude == rawComponent["exclude"] as? Bool)
                }
            }
        } else if let rawDetails = rawLinks["details"] as? [String: Any] {
            // Dictionary form: Foundation loses the order, so compare as sets.
            #expect(Set(applinks.details.flatMap(\.appIDs)) == Set(rawDetails.keys))
        }
    }

    /// SEMANTICS.md S2.2 written out again, independently of the builder.
    static func independentAppIDs(_ entry: [String: Any]) -> [String] {
        if let list = entry["appIDs"] as? [String] { return list }
        if let single = entry["appID"] as? String { return [single] }
        return []
    }
}
