"""The players' page's style and script, inline in every page, and the policy that lets
only them run.

Nothing is fetched from elsewhere (the venue may have no internet, and a phone on its
network should load nothing it was not given): the style is the system's own fonts, and
the script does two things only, both with a way round when it is off: it filters the
list by name as the player types (else the form asks the server), and it asks every few
seconds whether the event changed and reloads the page when it did (else the page
refreshes itself every minute).
"""

from __future__ import annotations

import base64
import hashlib

POLL_SECONDS = 4
"""How often an open page asks whether the event changed."""

STYLE = """
:root { color-scheme: light; --ink: #1b1f24; --muted: #5b6470; --line: #d5dae0;
  --band: #f3f5f7; --accent: #1f5fa8; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto,
  "Noto Sans", "DejaVu Sans", sans-serif; color: var(--ink); background: #fff; }
header.top { background: var(--accent); color: #fff; padding: 10px 14px 0; }
header.top .wrap { max-width: 952px; margin: 0 auto; }
header.top h1 { font-size: 1.15rem; margin: 0; line-height: 1.25; }
header.top p.state { margin: 2px 0 8px; font-size: .85rem; opacity: .9; }
nav.menu, nav.sections { display: flex; flex-wrap: wrap; gap: 0 2px;
  margin: 0 -14px; padding: 0 8px; }
nav.menu a, nav.sections a { color: #fff; text-decoration: none; white-space: nowrap;
  padding: 8px 5px 6px; font-size: .85rem; border-bottom: 3px solid transparent; }
nav.menu a[aria-current] { border-bottom-color: #fff; font-weight: 600; }
nav.sections { gap: 6px; margin-bottom: 6px; }
nav.sections a { font-size: .85rem; padding: 3px 11px; border: 1px solid rgba(255,255,255,.55);
  border-radius: 14px; }
nav.sections a[aria-current] { background: #fff; color: var(--accent); font-weight: 600; }
main { padding: 12px 14px 24px; max-width: 980px; margin: 0 auto; }
h2 { font-size: 1.05rem; margin: 18px 0 10px; }
main > h2:first-child { margin-top: 4px; }
p.note, p.small { color: var(--muted); font-size: .85rem; }
p.empty { padding: 18px; background: var(--band); border-radius: 8px; }
ol.boards { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 420px), 1fr)); }
li.board { display: grid; grid-template-columns: 3.4em 1fr auto; align-items: center;
  border: 1px solid var(--line); border-radius: 8px; padding: 6px 10px 6px 0; }
li.board .bd { text-align: center; font-weight: 700; font-size: 1.15rem; color: var(--accent); }
li.board .bd small { display: block; font-size: .6rem; font-weight: 400; color: var(--muted);
  text-transform: uppercase; letter-spacing: .04em; }
.seat { padding-left: 1.15em; text-indent: -1.15em; min-width: 0; }
.seat .nm { overflow-wrap: anywhere; margin-right: 5px; }
.seat .meta { color: var(--muted); font-size: .8rem; white-space: nowrap; }
.piece { display: inline-block; width: .8em; height: .8em; border-radius: 50%;
  border: 1.5px solid var(--ink); margin-right: .35em; text-indent: 0; }
.piece.black { background: var(--ink); }
li.board .res { font-weight: 700; padding-left: 8px; white-space: nowrap; }
li.board .res.none { color: var(--muted); font-weight: 400; }
ul.byes { padding-left: 18px; }
form.find { display: flex; gap: 6px; margin: 0 0 8px; }
form.find input { flex: 1; min-width: 0; font: inherit; padding: 9px 10px;
  border: 1px solid #9aa3ad; border-radius: 8px; }
form.find button { font: inherit; padding: 9px 14px; border-radius: 8px;
  border: 1px solid var(--accent); background: var(--accent); color: #fff; }
html.js form.find button { display: none; }
ul.names { list-style: none; margin: 0; padding: 0; }
ul.names li { display: grid; grid-template-columns: 1fr auto; gap: 0 10px;
  padding: 8px 2px; border-bottom: 1px solid var(--line); }
ul.names li[hidden] { display: none; }
ul.names .nm { font-weight: 600; overflow-wrap: anywhere; }
ul.names .where { text-align: right; white-space: nowrap; }
ul.names .where b { font-size: 1.1rem; color: var(--accent); }
ul.names .vs { grid-column: 1 / -1; color: var(--muted); font-size: .88rem; }
div.scroll { overflow-x: auto; margin: 0 -14px; padding: 0 14px; }
table.grid { border-collapse: collapse; font-size: .88rem; min-width: 100%; }
table.grid th, table.grid td { border-bottom: 1px solid var(--line); padding: 6px 6px;
  white-space: nowrap; }
table.grid th { background: var(--band); font-weight: 600; text-align: left; position: sticky; top: 0; }
table.grid tr.strong td { font-weight: 700; }
table.grid .r { text-align: right; }
table.grid .c { text-align: center; }
table.grid td.nm, table.grid th.nm { position: sticky; left: 0; background: #fff;
  white-space: normal; min-width: 9em; max-width: 14em; }
table.grid th.nm { background: var(--band); }
table.bracket td.node { border: 1px solid var(--ink); background: var(--band);
  white-space: normal; min-width: 8em; }
table.bracket td.strong { font-weight: 700; }
table.fields td { padding: 2px 8px 2px 0; vertical-align: top; font-size: .85rem; }
table.fields td.label { font-weight: 600; white-space: nowrap; }
details { margin: 0 0 10px; }
summary { cursor: pointer; color: var(--accent); font-size: .9rem; }
.address { text-align: center; }
.address svg { display: block; margin: 0 auto; width: min(80vw, 360px); height: auto; }
.address .url { font-size: 1.3rem; font-weight: 700; overflow-wrap: anywhere; }
footer { color: var(--muted); font-size: .78rem; text-align: center; padding: 0 14px 18px; }
footer a { color: inherit; }
@media (min-width: 700px) {
  body { font-size: 17px; }
  header.top { padding: 14px 24px 0; }
  header.top h1 { font-size: 1.4rem; }
  nav.menu, nav.sections { margin: 0 -24px; padding: 0 18px; }
  nav.menu a { font-size: .95rem; padding: 9px 10px 7px; }
  main { padding: 18px 24px 30px; }
  table.grid { font-size: .95rem; }
}
@media print { header.top nav, footer, form.find { display: none; } }
""".strip()

SCRIPT = f"""
(function () {{
  var root = document.documentElement;
  root.className = "js";
  var box = document.getElementById("find");
  var list = document.getElementById("names");
  var told = document.getElementById("shown");
  function plain(text) {{
    return text.normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase().trim();
  }}
  function filter() {{
    var q = plain(box.value), shown = 0, rows = list.children;
    for (var i = 0; i < rows.length; i++) {{
      var hit = !q || rows[i].getAttribute("data-key").indexOf(q) >= 0;
      rows[i].hidden = !hit;
      if (hit) shown++;
    }}
    told.textContent = q ? shown + " of " + rows.length + " shown" : rows.length + " players";
    var url = new URL(location.href);
    if (q) url.searchParams.set("q", box.value); else url.searchParams.delete("q");
    history.replaceState(null, "", url);
  }}
  if (box && list && told) {{ box.addEventListener("input", filter); filter(); }}
  var version = document.querySelector('meta[name="arbiter-version"]').content;
  function poll() {{
    fetch("/version", {{cache: "no-store"}})
      .then(function (r) {{ return r.ok ? r.text() : version; }})
      .then(function (now) {{ if (now.trim() !== version) location.reload(); }})
      .catch(function () {{}})
      .then(function () {{ setTimeout(poll, {POLL_SECONDS * 1000}); }});
  }}
  setTimeout(poll, {POLL_SECONDS * 1000});
}})();
""".strip()


def _hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


CONTENT_SECURITY_POLICY = (
    "default-src 'none'; "
    f"style-src '{_hash(STYLE)}'; "
    f"script-src '{_hash(SCRIPT)}'; "
    "connect-src 'self'; img-src 'self' data:; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
"""Only the page's own style and script run, and it talks only to its own server: a name
that got past the escaping still could not run or load anything."""
