import ASCIIBytes

/// The pages of a log with a chosen number of distinct paths (`DistinctPathPlan`): path ID
/// `id` is one page of the shop that no other ID shares, because the ID's own serial number
/// is written into it.
///
/// ```
/// /p/oak-desk-2bx9              /blog/2021/07/cedar-lamp-k3       /help/returns/sun-mug-9z
/// /users/4816/settings/keys     /docs/manuals/falcon-1x8kq.pdf
/// ```
extension SiteCatalog {
    /// The section of the page of `id` (its method, status and referer follow from it).
    static func distinctSection(_ id: Int) -> SiteSection {
        switch id % 5 {
        case 0: .productSlug
        case 1: .blog
        case 2: .help
        case 3: .community
        default: .document
        }
    }

    /// Appends the path of `id`. The five shapes start with different literals, and each
    /// ends in the serial `id / 5` (after the last `-`, or as the user number), so no two IDs
    /// give the same path.
    static func appendDistinctTarget(_ id: Int, to buffer: inout [UInt8]) {
        let serial = id / 5
        let bits = SplitMix64.mix(UInt64(id) ^ 0xD157_1AC7)
        switch id % 5 {
        case 0: appendTarget(.productSlug, rank: serial, to: &buffer)
        case 1: appendTarget(.blog, rank: serial, to: &buffer)
        case 2: appendTarget(.help, rank: serial, to: &buffer)
        case 3:
            buffer.append("/users/")
            buffer.append(decimal: serial + 1)
            buffer.append("/settings/")
            appendPageName(Vocabulary.settingsPages, Int(bits % 600), to: &buffer)
        default:
            buffer.append("/docs/")
            appendPageName(Vocabulary.documentTopics, Int(bits % 600), to: &buffer)
            buffer.append(UInt8(ascii: "/"))
            buffer.append(
                contentsOf: Vocabulary.words[Int((bits >> 16) % UInt64(Vocabulary.words.count))])
            buffer.append(UInt8(ascii: "-"))
            appendBase36(serial, to: &buffer)
            buffer.append(".pdf")
        }
    }
}
