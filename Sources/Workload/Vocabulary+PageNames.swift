/// Page names of the glob-heavy traffic and rules: the `NAME` in `/users/*/settings/NAME`,
/// `/orgs/*/repos/*/issues/NAME`, `/u/*/NAME/?*`, `/docs/NAME/*.pdf` and the like. Each list
/// is the popular head of an open-ended family (see `SiteCatalog.appendPageName`).
extension Vocabulary {
    static let settingsPages: [[UInt8]] = bytes(
        """
        profile account notifications security billing emails password keys tokens \
        applications integrations privacy appearance accessibility sessions devices \
        delete-account blocked-users repositories packages codespaces sponsors payments plans \
        referrals interests language timezone storage backups exports webhooks domains teams \
        roles audit-log two-factor passkeys recovery-codes
        """)

    static let issueViews: [[UInt8]] = bytes(
        """
        open closed new labels milestones assigned created mentioned stale triage drafts \
        pinned subscribed templates archived
        """)

    static let profileTabs: [[UInt8]] = bytes(
        """
        posts photos videos likes lists collections replies media followers following \
        reposts highlights stories saved events albums
        """)

    static let documentTopics: [[UInt8]] = bytes(
        """
        manuals datasheets invoices brochures whitepapers guides specs warranties recalls \
        catalogs press policies
        """)

    static let reportNames: [[UInt8]] = bytes(
        "sales traffic inventory returns payments shipping stock refunds visits orders conversions"
    )

    static let guideNames: [[UInt8]] = bytes(
        """
        getting-started returns sizing care assembly installation warranty shipping payments \
        gift-cards
        """)

    static let ticketNames: [[UInt8]] = bytes(
        "event concert match show talk tour meetup webinar class workshop")

    /// Values of the `type` item of searches; each is one query-dictionary rule.
    static let searchTypes: [[UInt8]] = bytes(
        """
        products users orgs repos issues docs code stores recipes videos articles reviews \
        deals brands questions
        """)

    /// Values of `$(plan)`; the traffic also asks for the last two, which the rules do not name.
    static let plans: [[UInt8]] = bytes("free plus pro team enterprise student trial")
    static let planVariableCount = 5

    /// Two-letter referral country codes, then two codes that `??` does not match.
    static let referralCountries: [[UInt8]] = bytes(
        "us gb fr de es it jp ca au nl br in mx se usa intl")

    /// Languages of `/<lang>/guides/...`; `xx` is not a `$(lang)` code.
    static let guideLanguages: [[UInt8]] = bytes("en fr de es it ja pt nl sv xx")
}
