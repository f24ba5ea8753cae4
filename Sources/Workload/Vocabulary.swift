/// Word lists the site catalogue and the log lines are built from. Fixed data: changing any
/// list changes every generated workload.
enum Vocabulary {
    static let words: [[UInt8]] = bytes(
        """
        acoustic adjustable aluminium amber arctic atlas aurora autumn bamboo basic bay beacon \
        bedside blue bold bright bronze canvas carbon cedar ceramic charcoal classic cloud \
        coastal compact copper cordless cosy cotton crisp crystal daily deluxe denim desert \
        digital double dune eco electric elegant ember essential everyday falcon fern field \
        flex forest fresh frost garden giant glacier gold granite graphite harbor heritage \
        highland indigo iron ivory jade jungle kettle lagoon lake leather light linen lunar \
        maple marble meadow metro midnight mini mint modern mountain natural navy noble nordic \
        oak ocean olive onyx orbit organic pacific pebble pine pioneer plush polar portable \
        prairie premium pro quartz rapid rain raven retro ridge river royal rustic sage sand \
        sapphire scarlet shadow sierra silk silver slate smart snow solar sonic spark spring \
        steel stone storm studio summit sun swift tidal timber titan trail tropic ultra urban \
        valley velvet vintage violet vista walnut wave wild willow winter wool zen \
        backpack blender blanket boots cable camera chair charger coat desk drone earbuds \
        grill headphones helmet jacket jeans kettle lamp laptop mattress mixer monitor mug \
        pillow printer rug sandals scarf sneakers sofa speaker stroller suitcase sweater \
        table tablet tent toaster towel umbrella vacuum wallet watch
        """)

    /// Sections of `/c/<department>/<aisle>`; the first eight are the `$(department)` values.
    static let departments: [[UInt8]] = bytes(
        """
        kitchen garden outdoor electronics fashion home toys sports beauty books music \
        office pets baby automotive grocery health tools
        """)

    static let aisles: [[UInt8]] = bytes(
        """
        new sale best-sellers gifts accessories essentials premium clearance bundles \
        top-rated eco kids women men outlet seasonal
        """)

    /// `lang_REGION` of menu pages; the last three are not valid `$(lang)_$(region)` pairs.
    static let locales: [[UInt8]] = bytes(
        "en_US en_GB fr_FR de_DE es_ES it_IT ja_JP fa_IR pt_BR en_CA fr_CA nl_NL en_UK xx_ZZ en_us")

    /// Menu items; the first five are the `$(food)` values of the rule files.
    static let foods: [[UInt8]] = bytes(
        "pizza sushi burrito samosa ramen tacos falafel pho paella curry dumplings kebab")

    static let helpTopics: [[UInt8]] = bytes(
        "faq shipping returns payments orders account privacy warranty gift-cards stores")

    static let cities: [[UInt8]] = bytes(
        """
        london paris berlin madrid rome tokyo tehran toronto amsterdam lisbon vienna \
        prague dublin oslo stockholm helsinki zurich brussels warsaw athens chicago boston \
        seattle denver austin miami atlanta portland dallas houston phoenix detroit
        """)

    static let accountPages: [[UInt8]] = bytes(
        "orders settings addresses wishlist login logout payment-methods notifications profile")

    static let internalTools: [[UInt8]] = bytes(
        "dashboard reports audit impersonate feature-flags refunds")

    static let campaigns: [[UInt8]] = bytes(
        "spring-sale summer-sale black-friday cyber-monday back-to-school holiday new-year "
            + "flash-deal loyalty welcome app-launch clearance")

    static let utmSources: [[UInt8]] = bytes(
        "newsletter google facebook instagram twitter tiktok partner affiliate")

    static let utmMediums: [[UInt8]] = bytes("email cpc social display referral push")

    /// Persian and Japanese slugs, percent-encoded as browsers send them.
    static let persianSlugs: [[UInt8]] = [
        "کتاب", "خرید", "تخفیف", "سبد-خرید", "پیتزا", "کفش-ورزشی", "لپ-تاپ", "هدیه",
    ].map(Vocabulary.percentEncoded)

    static let japaneseSlugs: [[UInt8]] = [
        "東京", "ラーメン", "寿司", "新着", "セール", "カメラ", "本", "限定",
    ].map(Vocabulary.percentEncoded)

    /// The same Persian slugs as written in rules with `percentEncoded: false`.
    static let persianSlugTexts = [
        "کتاب", "خرید", "تخفیف", "سبد-خرید", "پیتزا", "کفش-ورزشی", "لپ-تاپ", "هدیه",
    ]

    static let cafeItems: [[UInt8]] = bytes("menu espresso latte croissant opening-hours")

    static let probes: [[UInt8]] = bytes(
        """
        /wp-login.php /wp-admin/ /.env /.git/config /xmlrpc.php /phpmyadmin/ /admin.php \
        /..%2f..%2f..%2fetc/passwd /cgi-bin/%2e%2e/%2e%2e/bin/sh /server-status /config.json \
        /.aws/credentials /vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php /boaform/admin \
        /actuator/health /HNAP1/ /owa/auth/logon.aspx /.DS_Store /backup.zip /shell.php
        """)

    static let fixedAssets: [[UInt8]] = bytes(
        """
        /favicon.ico /robots.txt /sitemap.xml /apple-touch-icon.png \
        /.well-known/apple-app-site-association /apple-app-site-association /manifest.json
        """)

    static let fixedPages: [[UInt8]] = bytes(
        "/ /deals /about /contact /cart /checkout/payment /checkout/shipping /gift-cards /careers")

    static let userAgents: [[UInt8]] = [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 "
            + "(KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 16_7_8 like Mac OS X) AppleWebKit/605.1.15 "
            + "(KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
            + "Version/17.4 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/124.0.6367.82 Mobile Safari/537.36",
        "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/123.0.6312.118 Mobile Safari/537.36",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/124.0.0.0 Safari/537.36",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like "
            + "Gecko) Version/17.4.1 Safari/605.1.15",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0",
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/124.0.0.0 Safari/537.36",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
            + "Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67",
    ].map { Array($0.utf8) }

    static let botAgents: [[UInt8]] = [
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
        "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like "
            + "Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; "
            + "+http://www.apple.com/go/applebot)",
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
        "curl/8.5.0",
        "python-requests/2.31.0",
        "Go-http-client/1.1",
        "-",
    ].map { Array($0.utf8) }

    static let referers: [[UInt8]] = bytes(
        """
        https://www.google.com/ https://www.bing.com/ https://duckduckgo.com/ \
        https://t.co/x7Gq2LmP https://www.facebook.com/ https://www.instagram.com/ \
        https://www.example.com/ https://www.example.com/deals https://www.example.com/search \
        https://m.example.com/ android-app://com.google.android.gm/
        """)

    static let months: [[UInt8]] = bytes("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec")

    static func bytes(_ list: String) -> [[UInt8]] {
        list.split(separator: " ").map { Array($0.utf8) }
    }
}
