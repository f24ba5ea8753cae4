import CLISupport

/// The frame of an HTML report: one self-contained file (inline CSS and SVG, no script, no
/// font or image from the network) that reads offline, prints, and fits a phone's width. The
/// Content-Security-Policy forbids every script and every fetch, so even a string that got
/// past the escaping could run nothing.
package enum HTMLPage {
    package static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

    /// The whole document around `body` (markup written with `HTMLWriter`).
    package static func document(title: String, body: String) -> String {
        var page = HTMLWriter()
        page.raw("<!DOCTYPE html>\n")
        page.open("html", ["lang": "en"])
        page.raw("<head>")
        page.open("meta", ["charset": "utf-8"])
        page.open(
            "meta", ["http-equiv": "Content-Security-Policy", "content": contentSecurityPolicy])
        page.open("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
        page.open("meta", ["name": "color-scheme", "content": "light dark"])
        page.open("meta", ["name": "generator", "content": "aasa-scan"])
        page.element("title", say: title)
        page.raw("<style>\n" + style + "</style>")
        page.raw("</head>\n<body>\n<main>\n")
        page.raw(body)
        page.raw("</main>\n</body>\n</html>\n")
        return page.html
    }

    /// System fonts only; colours from variables so dark mode and print swap one palette.
    package static let style = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1d1d1f;--muted:#6e6e73;--line:#e0e0e5;\
        --panel:#f5f5f7;--handled:#1f9d55;--excluded:#e08a00;--unmatched:#b4b4bc;\
        --accent:#0b63ce;--bad:#c62828;--bad-bg:#fdecea;--warn:#8a5a00;--warn-bg:#fff4e0}
        @media screen and (prefers-color-scheme:dark){:root{--bg:#161618;--fg:#f2f2f7;\
        --muted:#a1a1a8;--line:#38383c;--panel:#232326;--handled:#30c46c;--excluded:#ffa51f;\
        --unmatched:#6e6e76;--accent:#6aa9ff;--bad:#ff7b72;--bad-bg:#3b1d1b;--warn:#ffc96b;\
        --warn-bg:#33280f}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,\
        -apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        main{max-width:1120px;margin:0 auto;padding:28px 20px 56px}
        h1{font-size:1.65rem;line-height:1.25;margin:0 0 4px;letter-spacing:-.01em}
        h2{font-size:1.15rem;margin:36px 0 10px}
        h2 .count{color:var(--muted);font-weight:400;font-size:.9rem}
        p{margin:6px 0}
        .sub,.note,.bound{color:var(--muted)}
        .note{font-size:.88rem}
        .mono,code,td.path,td.pattern{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,\
        "Liberation Mono",monospace;font-size:.86em}
        .wrap,td.path,td.pattern,td.name,.banner,.files{overflow-wrap:anywhere}
        .banner{margin:16px 0;padding:12px 16px;border-radius:10px;border:1px solid var(--bad);\
        background:var(--bad-bg)}
        .banner strong{color:var(--bad)}
        .banner.pass{border-color:var(--handled);background:var(--panel)}
        .banner.pass strong{color:var(--handled)}
        .caveat{margin:14px 0;padding:10px 14px;border-left:4px solid var(--accent);\
        background:var(--panel);border-radius:0 8px 8px 0;font-size:.92rem}
        .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:10px;\
        margin:14px 0}
        .card{background:var(--panel);border-radius:12px;padding:10px 14px;min-width:0}
        .card .label{color:var(--muted);font-size:.8rem}
        .card .value{font-size:1.45rem;font-weight:650;font-variant-numeric:tabular-nums}
        .card .value.n{text-align:left}
        .card .sub{font-size:.85rem}
        .card.handled{box-shadow:inset 4px 0 0 var(--handled)}
        .card.excluded{box-shadow:inset 4px 0 0 var(--excluded)}
        .card.unmatched{box-shadow:inset 4px 0 0 var(--unmatched)}
        .card.bad{box-shadow:inset 4px 0 0 var(--bad)}
        svg{display:block;-webkit-print-color-adjust:exact;print-color-adjust:exact}
        svg.stack{width:100%;height:30px;border-radius:6px;margin:8px 0}
        svg.bar{display:inline-block;vertical-align:middle;width:100px;height:10px;\
        border-radius:3px;background:var(--line);margin-right:8px}
        .facts{list-style:none;padding:0;margin:8px 0;display:flex;flex-wrap:wrap;gap:4px 18px;\
        color:var(--muted);font-size:.9rem}
        .facts strong{color:var(--fg);font-weight:600}
        td.apps,td.why{white-space:nowrap}
        td.apps{font-size:.8em}
        .s-handled{fill:var(--handled)}.s-excluded{fill:var(--excluded)}
        .s-unmatched{fill:var(--unmatched)}
        .legend{display:flex;flex-wrap:wrap;gap:6px 20px;margin:4px 0;font-size:.92rem}
        .key{display:inline-block;width:.8em;height:.8em;border-radius:2px;margin-right:6px;\
        vertical-align:-.05em;-webkit-print-color-adjust:exact;print-color-adjust:exact}
        .k-handled{background:var(--handled)}.k-excluded{background:var(--excluded)}
        .k-unmatched{background:var(--unmatched)}
        .scroll{overflow-x:auto;border:1px solid var(--line);border-radius:10px;max-width:100%}
        table{border-collapse:collapse;width:100%}
        th,td{padding:6px 10px;text-align:left;border-bottom:1px solid var(--line);\
        vertical-align:top}
        tbody tr:last-child td{border-bottom:0}
        th{font-weight:600;color:var(--muted);font-size:.8rem;background:var(--panel);\
        white-space:nowrap}
        .n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        td.n,th.n{width:1%}
        table.matrix{width:auto;min-width:60%}
        td.path,td.pattern{min-width:14em}
        td.name{min-width:10em}
        tr.changed td{background:var(--warn-bg)}
        tr.error td{color:var(--bad);border-top:0}
        td.diag{font-weight:400}
        td.off{background:var(--warn-bg);font-weight:600}
        .badge{display:inline-block;margin:1px 4px 1px 0;padding:0 7px;border-radius:999px;\
        font-size:.72rem;font-weight:600;line-height:1.6;white-space:nowrap;\
        font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        .b-dead{background:var(--panel);color:var(--muted);border:1px solid var(--line)}
        .b-shadowed{background:var(--warn-bg);color:var(--warn)}
        .b-exclude{background:var(--bad-bg);color:var(--bad)}
        .b-ok{background:var(--panel);color:var(--handled)}
        .b-bad{background:var(--bad-bg);color:var(--bad)}
        .ctl{font-family:ui-monospace,Menlo,Consolas,monospace;color:var(--bad);\
        background:var(--bad-bg);border-radius:3px;padding:0 1px}
        .up{color:var(--handled)}.down{color:var(--bad)}
        dl.files{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0}
        dl.files dt{color:var(--muted)}dl.files dd{margin:0}
        footer{margin-top:40px;color:var(--muted);font-size:.82rem}
        @media (max-width:600px){main{padding:18px 12px 40px}h1{font-size:1.3rem}\
        .cards{grid-template-columns:repeat(2,minmax(0,1fr))}.card .value{font-size:1.2rem}\
        th,td{padding:5px 8px}}
        @media print{body{font-size:10pt}main{max-width:none;padding:0}\
        .scroll{overflow:visible;border:0}tr,.card,svg,.legend{break-inside:avoid}\
        h2{break-after:avoid}td.path,td.pattern{min-width:0}}

        """
}
