/// The page's inline stylesheet and script: no external fonts, styles or scripts.
///
/// The CSS reads on a phone (tables scroll sideways, charts scale to the width) and
/// prints (collapsed panels open, no shadows). The script only sorts tables when a
/// header is clicked; the page is complete without it. Cost: about 4 KB per page.
enum PageStyle {
    static let css: HTML = """
        :root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg:#fff;--soft:#f6f8fa;\
        --bad:#b3261e;--good:#1a7f37}
        *{box-sizing:border-box}
        body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);\
        background:var(--bg);margin:0 auto;max-width:1100px;padding:16px}
        h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.3em;border-bottom:1px solid var(--line);\
        padding-bottom:4px;margin-top:1.8em}h3{font-size:1.1em;margin:1.4em 0 .4em}
        code,pre,.sql{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
        .muted{color:var(--muted)}.bad{color:var(--bad);font-weight:600}.good{color:var(--good)}
        .summary{background:var(--soft);border-left:4px solid #0072B2;padding:8px 14px}
        dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:0}
        dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}
        .scroll{overflow-x:auto;max-width:100%}
        table{border-collapse:collapse;font-size:13px;margin:6px 0}
        th,td{border-bottom:1px solid var(--line);padding:3px 8px;text-align:right;\
        white-space:nowrap;vertical-align:top}
        th{background:var(--soft);cursor:pointer;user-select:none}
        th:first-child,td:first-child,td.text,th.text{text-align:left}
        td.sql,td.values,td.plan{text-align:left;white-space:pre-wrap;font:12px/1.4 ui-monospace,\
        SFMono-Regular,Menlo,Consolas,monospace}
        td.sql{min-width:18em;max-width:36em}td.values{min-width:6em;max-width:14em}\
        td.plan{min-width:14em;max-width:26em}
        td.why{white-space:pre-line}ul.verdicts li{margin:2px 0}
        table.verdicts{width:100%}table.verdicts td.text{white-space:normal;min-width:8em}\
        table.verdicts td.why{min-width:16em}
        .charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(440px,100%),1fr));\
        gap:12px}
        figure{margin:0;border:1px solid var(--line);border-radius:6px;padding:6px}
        figcaption{font-size:13px;color:var(--muted);margin:0 4px 4px}
        svg.chart{width:100%;height:auto;display:block}
        svg .grid{stroke:#e5e8eb;stroke-width:1}svg .axis{stroke:#57606a;stroke-width:1}
        svg .tick{stroke:#57606a;fill:#3d444d;font-size:11px}
        svg text.tick{stroke:none}svg .axis-title,svg .legend{font-size:12px;fill:#1b1f24}
        svg .whisker{stroke:#1b1f24;stroke-width:1.2;fill:none}
        svg .line{fill:none;stroke-width:2}svg .change{stroke:#9a6700;stroke-width:1.5;stroke-dasharray:5 4}
        details{border:1px solid var(--line);border-radius:6px;padding:4px 10px;margin:6px 0}
        summary{cursor:pointer;font-weight:600}
        .flag{display:inline-block;border-radius:4px;padding:0 5px;font-size:12px;\
        background:#fde7e9;color:var(--bad);margin-left:4px}
        .finding{border-left:4px solid var(--bad);padding:4px 12px;margin:8px 0;background:#fffafa}
        .finding.expected{border-left-color:var(--line);background:var(--soft)}
        .tag{display:inline-block;border-radius:4px;padding:0 5px;font-size:12px;\
        background:var(--soft);color:var(--muted);border:1px solid var(--line)}
        @media (max-width:600px){body{padding:8px;font-size:14px}}
        @media print{details{border:none}details>summary{list-style:none}\
        .charts{grid-template-columns:1fr 1fr}figure{break-inside:avoid}th{cursor:auto}}
        """

    static let script: HTML = """
        document.querySelectorAll("table.sortable th").forEach(function(th,i){\
        th.addEventListener("click",function(){var t=th.closest("table"),b=t.tBodies[0];\
        var up=th.dataset.dir!=="asc";th.dataset.dir=up?"asc":"desc";\
        var rows=Array.prototype.slice.call(b.rows);rows.sort(function(x,y){\
        var a=x.cells[i].dataset.v||x.cells[i].textContent,c=y.cells[i].dataset.v||y.cells[i].textContent;\
        var n=parseFloat(a),m=parseFloat(c);var r=(!isNaN(n)&&!isNaN(m))?n-m:a.localeCompare(c);\
        return up?r:-r});rows.forEach(function(r){b.appendChild(r)})})});\
        window.addEventListener("beforeprint",function(){\
        document.querySelectorAll("details").forEach(function(d){d.open=true})});
        """
}
