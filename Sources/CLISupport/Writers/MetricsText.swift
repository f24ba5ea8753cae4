import ASCIIBytes

/// Metric families written as text for Prometheus: the OpenMetrics 1.0 exposition
/// (`application/openmetrics-text; version=1.0.0`), or the Prometheus text format 0.0.4
/// (`text/plain; version=0.0.4`) that node_exporter's textfile collector and the Pushgateway
/// read.
///
/// The two differ only in their frame. OpenMetrics names a counter's family without its
/// `_total` suffix, declares units (`# UNIT`) and ends with `# EOF`; the 0.0.4 format names
/// the family by its sample (`# TYPE x_total counter`), knows no units and has no end line.
/// A family is written whole (descriptors, then its samples) in the order it was added, so
/// the output of a report is stable.
public struct MetricsText {
    /// The exposition format: OpenMetrics 1.0, or the Prometheus text format 0.0.4.
    public enum Dialect {
        case openMetrics
        case prometheus
    }

    package enum Kind: String {
        case counter
        case gauge
    }

    /// One sample: its labels in the order given, and its value as written (an integer, or a
    /// decimal the report also shows).
    package struct Sample {
        package var labels: [(name: String, value: String)]
        package var value: String

        package init(_ labels: [(name: String, value: String)] = [], _ value: String) {
            self.labels = labels
            self.value = value
        }

        package init(_ labels: [(name: String, value: String)] = [], count: UInt64) {
            self.init(labels, String(count))
        }
    }

    private struct Family {
        package var name: String
        package var kind: Kind
        package var unit: String?
        package var help: String
        package var samples: [Sample]
    }

    private var families: [Family] = []

    package init() {}

    /// Adds a family. `name` is the family's name, without `_total` for a counter; with a
    /// `unit`, the name ends with it (`_seconds`, `_bytes`, `_ratio`), as OpenMetrics requires.
    package mutating func add(
        _ name: String, _ kind: Kind, unit: String? = nil, help: String, _ samples: [Sample]
    ) {
        precondition(unit.map { name.hasSuffix("_" + $0) } ?? true, "\(name) must end in its unit")
        families.append(Family(name: name, kind: kind, unit: unit, help: help, samples: samples))
    }

    /// A family of one sample without labels.
    package mutating func add(
        _ name: String, _ kind: Kind, unit: String? = nil, help: String, value: String
    ) {
        add(name, kind, unit: unit, help: help, [Sample([], value)])
    }

    /// Counter families of one sample without labels each, in the order given.
    package mutating func addCounters(_ counters: [(name: String, help: String, count: UInt64)]) {
        for counter in counters {
            add(counter.name, .counter, help: counter.help, value: String(counter.count))
        }
    }

    package func render(_ dialect: Dialect) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(families.reduce(0) { $0 + 96 * ($1.samples.count + 3) })
        for family in families {
            let sampleName = family.kind == .counter ? family.name + "_total" : family.name
            // 0.0.4 reads a family under the name its samples carry.
            let declared = dialect == .openMetrics ? family.name : sampleName
            out.append(contentsOf: "# HELP \(declared) ".utf8)
            Self.appendHelp(family.help, dialect, to: &out)
            out.append(contentsOf: "\n# TYPE \(declared) \(family.kind.rawValue)\n".utf8)
            if dialect == .openMetrics, let unit = family.unit {
                out.append(contentsOf: "# UNIT \(declared) \(unit)\n".utf8)
            }
            for sample in family.samples {
                out.append(contentsOf: sampleName.utf8)
                if !sample.labels.isEmpty {
                    out.append(UInt8(ascii: "{"))
                    for (index, label) in sample.labels.enumerated() {
                        if index > 0 { out.append(UInt8(ascii: ",")) }
                        out.append(contentsOf: label.name.utf8)
                        out.append(contentsOf: "=\"".utf8)
                        Self.appendLabelValue(label.value, to: &out)
                        out.append(UInt8(ascii: "\""))
                    }
                    out.append(UInt8(ascii: "}"))
                }
                out.append(UInt8(ascii: " "))
                out.append(contentsOf: sample.value.utf8)
                out.append(UInt8(ascii: "\n"))
            }
        }
        if dialect == .openMetrics { out.append(contentsOf: "# EOF\n".utf8) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The samples with one sample per label set, as a family must have: samples with the
    /// same labels are combined (their counts added, unless `combine` says otherwise), in
    /// the order their labels first appear. Two AASA files may name one source, and states
    /// merged from several scans may each have read an input named `-`.
    package static func grouped(
        _ samples: [Sample], combine: (UInt64, UInt64) -> UInt64 = { $0.addingSaturating($1) }
    )
        -> [Sample]
    {
        var result: [Sample] = []
        var index: [String: Int] = [:]
        for sample in samples {
            let key = sample.labels.map { $0.name + "\u{0}" + $0.value }.joined(separator: "\u{1}")
            if let at = index[key], let old = UInt64(result[at].value),
                let new = UInt64(sample.value)
            {
                result[at].value = String(combine(old, new))
            } else if index[key] == nil {
                index[key] = result.count
                result.append(sample)
            }
        }
        return result
    }

    /// A label value: `\` as `\\`, `"` as `\"` and a line feed as `\n`, as both formats
    /// require; any other control character (C0, DEL, C1) as `%XX` of its UTF-8 bytes, as the
    /// report writes log bytes, so no value can drive a terminal or end a line for a reader
    /// that also ends lines at `\r`; everything else as it is (UTF-8).
    package static func appendLabelValue(_ value: String, to out: inout [UInt8]) {
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x5C: out.append(contentsOf: #"\\"#.utf8)
            case 0x22: out.append(contentsOf: #"\""#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x10_FF80...0x10_FFFF:
                // A byte of a file name that is not UTF-8 (`FileName`): `%XX` of the byte.
                let byte = UInt8(scalar.value & 0xFF)
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            case 0..<0x20, 0x7F...0x9F:
                UTF8.encode(scalar) { byte in
                    out.append(UInt8(ascii: "%"))
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0xF)])
                }
            default: UTF8.encode(scalar) { out.append($0) }
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Help text: OpenMetrics escapes it as a label value; 0.0.4 escapes only `\` and the
    /// line feed (there, `\"` would be read as an unknown escape).
    private static func appendHelp(_ help: String, _ dialect: Dialect, to out: inout [UInt8]) {
        for byte in help.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\"") where dialect == .openMetrics:
                out.append(contentsOf: #"\""#.utf8)
            default: out.append(byte)
            }
        }
    }
}
