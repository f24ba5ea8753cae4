import Foundation

/// The HTTPS servers of `tls_test_server.py` on loopback, started once for all the tests, with
/// a test CA and certificates made here by `openssl`. Nothing leaves the machine.
final class TestServers: Sendable {
    /// Certificates, the servers' stream report, and saved files live here.
    let directory: URL
    /// The server whose certificate the test CA signed (localhost, 127.0.0.1, proxied.invalid).
    let port: Int
    /// The same answers behind a self-signed certificate.
    let selfSignedPort: Int
    /// A CONNECT proxy that tunnels to `port` whatever host is asked for.
    let proxyPort: Int
    private let process: Process
    private let input: Pipe

    var caFile: String { directory.appendingPathComponent("ca.pem").path }

    /// `--cdn-url` and `--origin-url` aimed at a server of ours.
    func templates(port: Int? = nil, host: String = "127.0.0.1") -> [String] {
        let port = port ?? self.port
        return [
            "--cdn-url", "https://\(host):\(port)/a/v1/{domain}",
            "--origin-url",
            "https://\(host):\(port)/{domain}/.well-known/apple-app-site-association",
        ]
    }

    /// Started on first use; nil (with the reason) when openssl or python3 is missing.
    static let shared: Result<TestServers, SetupError> = {
        do throws(SetupError) {
            return .success(try TestServers())
        } catch {
            return .failure(error)
        }
    }()

    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    private init() throws(SetupError) {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aasa-fetch-tests-\(UUID())")
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
        } catch {
            throw SetupError(description: "cannot create \(directory.path)")
        }
        try Self.makeCertificates(in: directory)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("tls_test_server.py")
        process = Process()
        input = Pipe()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, directory.path]
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch {
            throw SetupError(description: "cannot start python3: \(error)")
        }
        // The first line names the ports; closing our end of the pipe stops the servers.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            line += data
        }
        let words = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard words.count == 4, words[0] == "PORTS", let main = Int(words[1]),
            let selfSigned = Int(words[2]), let proxy = Int(words[3])
        else { throw SetupError(description: "the test server did not start") }
        (port, selfSignedPort, proxyPort) = (main, selfSigned, proxy)
    }

    /// A CA, a server certificate it signs, and a self-signed certificate, all for localhost.
    private static func makeCertificates(in directory: URL) throws(SetupError) {
        let names = "subjectAltName=DNS:localhost,DNS:proxied.invalid,IP:127.0.0.1"
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                "/CN=aasa-scan test CA", "-keyout", "ca.key", "-out", "ca.pem",
            ],
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout",
                "server.key", "-out", "server.csr",
            ],
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                "-CAcreateserial", "-days", "2", "-extfile", "names.ext", "-out", "server.pem",
            ],
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                "/CN=localhost", "-addext", names, "-keyout", "self-signed.key", "-out",
                "self-signed.pem",
            ],
        ]
        do {
            try Data((names + "\n").utf8).write(to: directory.appendingPathComponent("names.ext"))
            for arguments in steps {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["openssl"] + arguments
                process.currentDirectoryURL = directory
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                guard process.terminationStatus == 0 else {
                    throw SetupError(description: "openssl \(arguments[0]) failed")
                }
            }
        } catch let error as SetupError {
            throw error
        } catch {
            throw SetupError(description: "cannot run openssl: \(error)")
        }
    }
}
