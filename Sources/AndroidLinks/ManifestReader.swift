import AASAModel
import CLibXML2

/// Builds an `AndroidManifest` from the events of libxml2's SAX2 parser (network access off,
/// no external entity loaded). Only the elements and attributes that decide links are read
/// (A9); the rest of the manifest is skipped.
final class ManifestReader {
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
    /// The parser of the running `read()`: where an event happens.
    private var parser: xmlParserCtxtPtr?

    init(bytes: [UInt8], file: String?) {
        self.bytes = bytes
        self.file = file
        self.lines = SourceLines(bytes)
    }

    func read() throws(AASAParseError) -> AndroidManifest {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = {
            user, localName, prefix, _, namespaceCount, namespaces,
            attributeCount, _, attributes in
            guard let user, let localName else { return }
            let reader = Unmanaged<ManifestReader>.fromOpaque(user).takeUnretainedValue()
            var all: [String: String] = [:]
            for index in 0..<Int(namespaceCount) {
                let declared = namespaces?[2 * index].map { "xmlns:" + String(cString: $0) }
                all[declared ?? "xmlns"] = namespaces?[2 * index + 1].map { String(cString: $0) }
            }
            for index in 0..<Int(attributeCount) {
                guard let name = attributes?[5 * index], let start = attributes?[5 * index + 3],
                    let end = attributes?[5 * index + 4]
                else { continue }
                let value = UnsafeBufferPointer(start: start, count: end - start)
                all[ManifestReader.qualified(name, attributes?[5 * index + 1])] = String(
                    decoding: value, as: UTF8.self)
            }
            reader.started(ManifestReader.qualified(localName, prefix), attributes: all)
        }
        handler.endElementNs = { user, localName, prefix, _ in
            guard let user, let localName else { return }
            Unmanaged<ManifestReader>.fromOpaque(user).takeUnretainedValue()
                .ended(ManifestReader.qualified(localName, prefix))
        }
        handler.serror = { user, error in
            guard let user, let error else { return }
            Unmanaged<ManifestReader>.fromOpaque(user).takeUnretainedValue().failed(error.pointee)
        }
        let user = Unmanaged.passUnretained(self).toOpaque()
        guard let parser = xmlCreatePushParserCtxt(&handler, user, nil, 0, nil) else {
            throw AASAParseError(
                file: file, location: lines.location(line: 1, column: 1),
                message: "the XML reader could not start", hint: "try again")
        }
        defer { xmlFreeParserCtxt(parser) }
        _ = xmlCtxtUseOptions(
            parser, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue))
        self.parser = parser
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                _ = xmlParseChunk(parser, $0.baseAddress, Int32(clamping: $0.count), 1)
            }
        }
        self.parser = nil
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

    /// `prefix:name`, or `name` without a prefix.
    fileprivate static func qualified(
        _ name: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?
    ) -> String {
        prefix.map { String(cString: $0) + ":" + String(cString: name) } ?? String(cString: name)
    }

    /// Where the parser is: just after the event's text, as libxml2 counts (1-based).
    private var position: (line: Int, column: Int) {
        guard let parser else { return (1, 1) }
        return (Int(xmlSAX2GetLineNumber(parser)), Int(xmlSAX2GetColumnNumber(parser)))
    }

    // MARK: - Events

    private func started(_ elementName: String, attributes: [String: String]) {
        guard failure == nil else { return }
        let location = lines.startLocation(
            ofTag: elementName, endingAt: position.line, column: position.column)
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
            failure = error
            if let parser { xmlStopParser(parser) }
        }
    }

    private func ended(_ elementName: String) {
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

    /// A libxml2 error: the first one stands (warnings are not reported).
    private func failed(_ error: xmlError) {
        guard failure == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let text = error.message.map { String(cString: $0) } ?? "code \(error.code)"
        failure = AASAParseError(
            file: file,
            location: lines.location(line: Int(error.line), column: max(1, Int(error.int2))),
            message: "the XML is not well-formed ("
                + text.trimmingPrefix(while: \.isWhitespace).split(separator: "\n").joined(
                    separator: " ") + ")",
            hint: "check the tags, quotes and & escapes here")
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
        for kind in AndroidPattern.Kind.pathOrder {
            if let pattern = try pattern(element, "ssp", kind) {
                filter?.schemeSpecificParts.append(pattern)
            }
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
        case .failure(.unicodeEscape(let text)):
            throw error(
                element, "android:\(name)=\"\(text)\" has a \\u escape the build refuses",
                "write \\u and up to four hex digits naming a character")
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
