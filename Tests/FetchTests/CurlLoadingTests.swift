import AASAFetch
import TestSupport
import Testing

/// libcurl is opened by `fetch` alone: the other commands neither load it nor need it.
@Suite struct CurlLoadingTests {
    #if os(Linux)
        /// The dynamic loader's record (`LD_DEBUG=files`) of a run names every library it opens,
        /// at start-up or later.
        @Test func onlyFetchOpensLibcurl() throws {
            let version = try ToolRunner.run(["--version"], environment: ["LD_DEBUG": "files"])
            #expect(version.status == 0)
            // The record is there (so its silence on libcurl means something).
            #expect(version.stderr.contains("file=libzstd"))
            #expect(!version.stderr.contains("libcurl"))
            // A name that cannot resolve: libcurl answers at once, and it did the answering.
            let fetch = try FetchRunner.run(
                ["--timeout", "1", "example.invalid"], environment: ["LD_DEBUG": "files"])
            #expect(fetch.stderr.contains("file=libcurl"))
            #expect(!(fetch.stdout + fetch.stderr).contains("needs the system's libcurl"))
        }
    #endif

    @Test func aMissingLibcurlSaysWhyAndWhatToInstall() {
        let reason = "libcurl.so.4: cannot open shared object file: No such file or directory"
        let library = CurlMissing.library(reason: reason).description
        #expect(library.contains(reason) && library.contains("apt-get install libcurl4"))
        let function = CurlMissing.function("curl_multi_poll").description
        #expect(function.contains("curl_multi_poll") && function.contains("7.66"))
    }
}
