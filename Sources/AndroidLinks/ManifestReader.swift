import AASAModel
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Builds an `AndroidManifest` from `XMLParser` events. Only the elements and attributes that
/// decide links are read (A9); the rest of the manifest is skipped.
final class ManifestReader: NSObject, XMLParserDelegate {
    static let androidNamespace = "http://schemas.android.com/apk/res/android"

    private let bytes: [UInt8]
    private let file: String?
    private let lines: SourceLines

    /// The open elements, each with the namespace prefixes it declares.
    private var stack: [(name: String, prefixes: [String: String])] = []
    private var sawRoot = false
    private var packageName: String?
    private var targetSdkVersion: Int?
    private var components: [AndroidComponent] = []
    private var component: AndroidComponent?
    private var filter: IntentFilter?
    private var group: UriRelativeFilterGroup?
    private var failure: AASAParseError?

    init(bytes: [UInt8], file: String?) {
        self.bytes = bytes
        self.file = file
        self.lines = SourceLines(bytes)
    }

    func read() throws(AASAParseError) -> AndroidManifest {
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        _ = parser.parse()
        if let failure { throw failure }
        guard sawRoot else {
            throw AASAParseError(
                file: file, location: lines.location(line: 1, column: 1),
                message: "the file holds no XML element", hint: "give the app's AndroidManifest.xml"
            )
        }
        return AndroidManifest(
            packageName: packageName, targetSdkVersion: targetSdkVersion, components: components)
    }

    // MARK: - Events

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        let location = lines.startLocation(
            ofTag: elementName, endingAt: parser.lineNumber, column: parser.columnNumber)
        var prefixes: [String: String] = [:]
        for (key, value) in attributes where key.hasPrefix("xmlns:") {
            prefixes[String(key.dropFirst("xmlns:".count))] = value
        }
        let parent = stack.last?.name
        stack.append((elementName, prefixes))
        let element = Element(
            name: elementName, location: location, attributes: androidAttributes(attributes),
            plain: attributes)
        do throws(AASAParseError) {
            try start(element, parent: parent)
        } catch {
            fail(error, parser)
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        guard failure == nil else { return }
        stack.removeLast()
        switch elementName {
        case "uri-relative-filter-group":
            // Android drops a group without matchers (A4.6).
            if let finished = group, !finished.filters.isEmpty { filter?.groups.append(finished) }
            group = nil
        case "intent-filter":
            if let finished = filter { component?.intentFilters.append(finished) }
            filter = nil
        case "activity", "activity-alias":
            if let finished = component, stack.last?.name == "application" {
                components.append(finished)
                component = nil
            }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard failure == nil else { return }
        let code = XMLParser.ErrorCode(rawValue: (parseError as NSError).code)
        let name = code.map { String(describing: $0) } ?? "code \((parseError as NSError).code)"
        failure = AASAParseError(
            file: file,
            location: lines.location(line: parser.lineNumber, column: parser.columnNumber),
            message: "the XML is not well-formed (\(name))",
            hint: "check the tags, quotes and & escapes here")
    }

    private func fail(_ error: AASAParseError, _ parser: XMLParser) {
        failure = error
        parser.abortParsing()
    }

    // MARK: - Elements

    /// A start tag, where its `<` is, with its `android:` attributes by local name.
    struct Element {
        var name: String
        var location: SourceLocation
        var attributes: [String: String]
        var plain: [String: String]
    }

    private func start(_ element: Element, parent: String?) throws(AASAParseError) {
        switch (element.name, parent) {
        case ("manifest", nil):
            sawRoot = true
            packageName = element.plain["package"]
        case (_, nil):
            sawRoot = true
            throw error(
                element, "the root element is <\(element.name)>, not <manifest>",
                "give the app's AndroidManifest.xml")
        case ("uses-sdk", "manifest"):
            targetSdkVersion = try integer(element, "targetSdkVersion")
        case ("activity", "application"), ("activity-alias", "application"):
            component = AndroidComponent(
                kind: element.name == "activity" ? .activity : .activityAlias,
                name: try value(element, "name"),
                exported: try boolean(element, "exported"),
                enabled: try boolean(element, "enabled") ?? true, line: element.location.line,
                intentFilters: [])
        case ("intent-filter", "activity"), ("intent-filter", "activity-alias"):
            filter = IntentFilter(
                line: element.location.line, autoVerify: try boolean(element, "autoVerify") ?? false
            )
        case ("action", "intent-filter"):
            filter?.actions.append(try requiredName(element))
        case ("category", "intent-filter"):
            filter?.categories.append(try requiredName(element))
        case ("data", "intent-filter"):
            try readData(element)
        case ("uri-relative-filter-group", "intent-filter"):
            group = UriRelativeFilterGroup(
                allow: try boolean(element, "allow") ?? true, filters: [],
                line: element.location.line)
        case ("data", "uri-relative-filter-group"):
            try readGroupData(element)
        default:
            break
        }
    }

    /// A `<data>` of the filter itself: its attributes join the filter's pools (A4.1), in the
    /// order Android reads them.
    private func readData(_ element: Element) throws(AASAParseError) {
        guard filter != nil else { return }
        if let type = try value(element, "mimeType") { filter?.mimeTypes.append(type) }
        if let scheme = try value(element, "scheme"), filter?.schemes.contains(scheme) == false {
            filter?.schemes.append(scheme)
        }
        // A port counts only with a host of the same element (A4.4).
        if let host = try value(element, "host") {
            let port = try integer(element, "port")
            filter?.authorities.append(
                DataAuthority(host: host, port: port, line: element.location.line))
        }
        for kind in AndroidPattern.Kind.pathOrder {
            if let pattern = try pattern(element, "path", kind) { filter?.paths.append(pattern) }
        }
    }

    /// A `<data>` of a `<uri-relative-filter-group>`: only path, fragment and query matchers
    /// count (A4.6).
    private func readGroupData(_ element: Element) throws(AASAParseError) {
        guard group != nil else { return }
        for part in [UriPart.path, .fragment, .query] {
            for kind in AndroidPattern.Kind.pathOrder {
                if let pattern = try pattern(element, part.rawValue, kind) {
                    group?.filters.append(UriRelativeFilter(part: part, pattern: pattern))
                }
            }
        }
    }

    // MARK: - Attribute values

    private func androidAttributes(_ attributes: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in attributes {
            guard let colon = key.firstIndex(of: ":") else { continue }
            let prefix = String(key[..<colon])
            if prefix != "xmlns", namespace(of: prefix) == Self.androidNamespace {
                result[String(key[key.index(after: colon)...])] = value
            }
        }
        return result
    }

    private func namespace(of prefix: String) -> String? {
        for entry in stack.reversed() {
            if let uri = entry.prefixes[prefix] { return uri }
        }
        return nil
    }

    /// The attribute read as a resource string (A9), or nil when absent.
    private func value(_ element: Element, _ name: String) throws(AASAParseError) -> String? {
        guard let raw = element.attributes[name] else { return nil }
        switch ResourceString.decode(raw) {
        case .success(let text):
            return text
        case .failure(.reference(let text)):
            throw error(
                element, "android:\(name)=\"\(text)\" refers to a resource",
                "aasa-scan reads literal values; give the merged manifest of a build, or write "
                    + "the value")
        case .failure(.placeholder(let text)):
            throw error(
                element, "android:\(name)=\"\(text)\" holds a build placeholder",
                "give the merged manifest of a build (build/intermediates/merged_manifests/...)")
        }
    }

    private func requiredName(_ element: Element) throws(AASAParseError) -> String {
        guard let name = try value(element, "name") else {
            throw error(
                element, "<\(element.name)> has no android:name", "name the \(element.name)")
        }
        return name
    }

    private func boolean(_ element: Element, _ name: String) throws(AASAParseError) -> Bool? {
        guard let text = try value(element, name) else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default:
            throw error(
                element, "android:\(name)=\"\(text)\" is not true or false", "write true or false")
        }
    }

    private func integer(_ element: Element, _ name: String) throws(AASAParseError) -> Int? {
        guard let text = try value(element, name) else { return nil }
        guard let number = AdvancedPatternSyntax.javaInt(Substring(text)) else {
            throw error(
                element, "android:\(name)=\"\(text)\" is not a number", "write a decimal number")
        }
        return number
    }

    /// The `<part><Kind>` attribute (`pathPrefix`, `queryAdvancedPattern`) as a pattern.
    private func pattern(_ element: Element, _ part: String, _ kind: AndroidPattern.Kind)
        throws(AASAParseError) -> AndroidPattern?
    {
        let name = part + kind.attributeSuffix
        guard let text = try value(element, name) else { return nil }
        if kind == .advancedGlob, let problem = AdvancedPatternSyntax.problem(in: text) {
            throw error(
                element, "android:\(name)=\"\(text)\" is not a valid pattern: \(problem)",
                "Android refuses to install the app; see PatternMatcher.PATTERN_ADVANCED_GLOB")
        }
        return AndroidPattern(kind: kind, text: text, line: element.location.line)
    }

    private func error(_ element: Element, _ message: String, _ hint: String) -> AASAParseError {
        AASAParseError(file: file, location: element.location, message: message, hint: hint)
    }
}

extension AndroidPattern.Kind {
    /// The order Android reads a `<data>` element's pattern attributes in (PIIU).
    static let pathOrder: [Self] = [.literal, .prefix, .simpleGlob, .advancedGlob, .suffix]
}
