import Foundation
import TestSupport
import Testing

// MARK: - 5. CSV cells

extension HostileProbeTests {
    /// The cells of a CSV text, RFC 4180 quoting undone; rows end at line feeds.
    static func csvCells(_ text: String) -> [[String]] {
        var rows: [[String]] = [[]]
        var cell = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        cell.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                rows[rows.count - 1].append(cell)
                cell = ""
            } else if character == "\n" {
                rows[rows.count - 1].append(cell)
                cell = ""
                rows.append([])
            } else {
                cell.append(character)
            }
        }
        return rows.filter { !$0.isEmpty }
    }

    /// App IDs and file names that lead with a tab or CR before `=`, or hold ESC, a line feed
    /// or U+202E: no cell starts a formula, and no cell holds a control or format character.
    @Test func csvCellsNeutraliseFormulasAndControlCharacters() throws {
        let fixture = try Fixture()
        let aasa = try fixture.folder.write(
            "evil.json",
            #"{"applinks":{"details":[{"appIDs":["\t=1+2.com.x","\r@SUM(1).y","\u001b[31m.z","#
                + #""a\u202eb.w","n\nl.v"," -3.u"],"components":[{"/":"/p*"}]}]}}"#)
        let first = try fixture.folder.write("\t=cmd.log", "/p1\n")
        let second = try fixture.folder.write("x\u{1B}[31m\u{202E}\r.log", "/p2\n")
        for command in [
            ["scan", "--aasa", aasa], ["diff", "--old", aasa, "--new", fixture.aasa],
        ] {
            let result = try Self.run(command + ["--format", "csv", first, second])
            #expect(result.status == 0, "\(result.stderr)")
            let cells = Self.csvCells(result.stdout).flatMap { $0 }
            #expect(cells.count > 20)
            // Numbers (a signed change) are the tool's own, not text.
            for cell in cells where Int64(cell) == nil {
                let lead = cell.drop { $0 == " " }.first
                #expect(
                    lead.map { !"=+-@\t\r".contains($0) } ?? true, "cell \(cell.debugDescription)")
                #expect(
                    !cell.unicodeScalars.contains {
                        $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                            || $0.properties.generalCategory == .format
                    }, "cell \(cell.debugDescription)")
            }
            if command[0] == "scan" {
                #expect(cells.contains("\\x09=1+2.com.x"))
                #expect(cells.contains("' -3.u"))
                #expect(cells.contains { $0.hasSuffix("/x\\x1b[31m\\u{202e}\\x0d.log") })
            }
        }
    }
}
