import CCurl

/// The functions of the system's libcurl, opened the first time a fetch needs them rather than
/// when the program starts (`aasa_curl_open`): linked, libcurl and the libraries it brings
/// added about 6.5 ms to the start of every command, and a scan would not run on a machine
/// without it. The types are curl.h's, checked against the table as it is read.
struct Curl: @unchecked Sendable {
    /// The table the shim's `curl_easy_setopt` wrappers read.
    let table: aasa_curl
    let globalInit: @convention(c) (Int) -> CURLcode
    let easyInit: @convention(c) () -> UnsafeMutableRawPointer?
    let easyCleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let easyError: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    let listAppend:
        @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) ->
            UnsafeMutablePointer<curl_slist>?
    let listFree: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
    let multiInit: @convention(c) () -> UnsafeMutableRawPointer?
    let multiCleanup: @convention(c) (UnsafeMutableRawPointer?) -> CURLMcode
    let multiAdd: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> CURLMcode
    let multiRemove:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> CURLMcode
    let multiPerform:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?) -> CURLMcode
    let multiRead:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?) ->
            UnsafeMutablePointer<CURLMsg>?
    let multiPoll:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutablePointer<curl_waitfd>?, UInt32, Int32,
            UnsafeMutablePointer<Int32>?
        ) -> CURLMcode

    /// libcurl, set up for use (`curl_global_init`, which is not thread-safe, once), or what
    /// is missing; opened on first use.
    static let shared: Result<Curl, CurlMissing> = open()

    private static func open() -> Result<Curl, CurlMissing> {
        var table = aasa_curl()
        var libraryFailed: Int32 = 0
        if let missing = aasa_curl_open(&table, &libraryFailed) {
            let text = String(cString: missing)
            return .failure(libraryFailed != 0 ? .library(reason: text) : .function(text))
        }
        guard let curl = Curl(table) else { return .failure(.function("curl_easy_init")) }
        _ = curl.globalInit(Int(CURL_GLOBAL_DEFAULT))
        return .success(curl)
    }

    /// The functions of a table `aasa_curl_open` filled (it sets every one or fails).
    private init?(_ table: aasa_curl) {
        guard let globalInit = table.global_init, let easyInit = table.easy_init,
            let easyCleanup = table.easy_cleanup, let easyError = table.easy_strerror,
            let listAppend = table.slist_append, let listFree = table.slist_free_all,
            let multiInit = table.multi_init, let multiCleanup = table.multi_cleanup,
            let multiAdd = table.multi_add_handle, let multiRemove = table.multi_remove_handle,
            let multiPerform = table.multi_perform, let multiRead = table.multi_info_read,
            let multiPoll = table.multi_poll
        else { return nil }
        self.table = table
        self.globalInit = globalInit
        self.easyInit = easyInit
        self.easyCleanup = easyCleanup
        self.easyError = easyError
        self.listAppend = listAppend
        self.listFree = listFree
        self.multiInit = multiInit
        self.multiCleanup = multiCleanup
        self.multiAdd = multiAdd
        self.multiRemove = multiRemove
        self.multiPerform = multiPerform
        self.multiRead = multiRead
        self.multiPoll = multiPoll
    }
}

/// libcurl, or one of its functions, could not be found on this machine.
public enum CurlMissing: Error, Sendable, CustomStringConvertible {
    /// The library could not be opened; `reason` is the system loader's.
    case library(reason: String)
    /// The library lacks this function (it is older than the fetcher needs).
    case function(String)

    public var description: String {
        switch self {
        case .library(let reason):
            "fetch needs the system's libcurl, which could not be opened (\(reason)): install it "
                + "(Debian and Ubuntu: apt-get install libcurl4)"
        case .function(let name):
            "the system's libcurl has no \(name): fetch needs libcurl 7.66 or later"
        }
    }
}
