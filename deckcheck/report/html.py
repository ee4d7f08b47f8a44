"""HTML: one self-contained file an organizer opens from disk, filters, sorts and prints.

``render(run)`` for ``check``: the summary, a table of every deck (status, sizes, errors, warnings,
rules; sortable by any column and filterable by status and by rule with a few lines of plain
JavaScript), then each deck's problems with card, line and fix. ``side`` and ``match`` give the same
page for a side check: the registered deck, each sided deck's verdict, its swaps and problems.

A report of many decks is shown a page at a time (``PAGE_SIZE`` decks: their rows and their problems);
the rest are in the file, ``hidden``, so that a browser lays out one page and not 50,000 decks (that took
over a minute to open). Sorting and filtering work on every deck; the page buttons, a link to a deck
(``#deck-12345``) and the "all" choice (for printing everything) show the others. The markup per deck is
kept small: a row's cells are sorted by their text, filtered by the status and rules they show.

Nothing is fetched: no script, style sheet, font or image from anywhere; a Content-Security-Policy
allows only the page's own style and script (by their hashes). Everything that comes from a decklist
or a file name is text: shown through ``escape.html_text`` (controls escaped as in every report, then
``&<>"'`` as character references), never markup; the script moves and hides the rows it is given and
writes only numbers and fixed words (``textContent``), never markup (no ``innerHTML``). No line of the
file begins with ``::`` and no ``##[`` is left (``escape.neutralize_commands``, as character references).
"""

from __future__ import annotations

import base64
import hashlib

from ..version import __version__
from ..model import ERROR, EXTRA, MAIN, SECTION_TITLES, SECTIONS, SIDE
from . import ReportFormat, Run, counts, stale_message, status, worst_first
from .escape import html_text as h
from .escape import neutralize_commands

_STYLE = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1f2933;margin:0;background:#f5f6f8}
main{max-width:1200px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:0 0 8px}h3{font-size:15px;margin:16px 0 6px}
.meta{color:#52606d;margin:0 0 16px}.stale{background:#fef3c7;color:#92400e;padding:8px 12px;border-radius:6px}
.cards{display:flex;gap:12px;flex-wrap:wrap;margin:0 0 16px}
.card{background:#fff;border:1px solid #d9dee4;border-radius:8px;padding:10px 14px;min-width:110px}
.card b{display:block;font-size:22px}
.panel{background:#fff;border:1px solid #d9dee4;border-radius:8px;padding:14px 16px;margin:0 0 16px}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{background:#eef1f4;font-weight:600;white-space:nowrap}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
th button{font:inherit;font-weight:600;background:none;border:0;padding:0;cursor:pointer;color:inherit}
th[aria-sort=ascending] button:after{content:" \\25B2"}th[aria-sort=descending] button:after{content:" \\25BC"}
.status{display:inline-block;border-radius:4px;padding:0 6px;font-weight:600;font-size:12px}
.legal{background:#dcfce7;color:#166534}.illegal{background:#fde8e8;color:#b91c1c}.unreadable{background:#fef3c7;color:#92400e}
.warning{color:#92400e}.error{color:#b91c1c}
.controls{display:flex;gap:16px;align-items:center;flex-wrap:wrap;margin:0 0 10px}
.deck{scroll-margin-top:12px}
.path{font-family:ui-monospace,"DejaVu Sans Mono",monospace;word-break:break-all}
.fix,.problems td:last-child{color:#166534}.problems td:first-child{text-align:right}
#decks td:nth-child(n+4):nth-child(-n+8),#decks td:nth-child(10){text-align:right;font-variant-numeric:tabular-nums}
.pager button{font:inherit}
footer{color:#52606d;font-size:12px;margin-top:24px}
@media print{body{background:#fff}main{padding:0}.controls{display:none}.panel,.card{border-color:#999}
.deck{break-inside:avoid-page}a{color:inherit;text-decoration:none}}
"""

# Sorting: a click on a column's button orders the rows by their cells' text (or data-sort; numbers as
# numbers), again for the other way. Filtering: of the rows in that order, those that match the status and
# the rule chosen. Paging: one page of those is shown, in order at the top of the table, with their decks'
# sections; every other row and section is hidden (a hidden row's place in the table does not matter, so a
# sort of 50,000 rows moves only the rows of the page shown). Only rows are moved and hidden, and only
# numbers written.
_SCRIPT = """
(function () {
  "use strict";
  var table = document.getElementById("decks");
  if (!table) { return; }
  var body = table.tBodies[0];
  var statusSelect = document.getElementById("filter-status");
  var ruleSelect = document.getElementById("filter-rule");
  var sizeSelect = document.getElementById("page-size");
  var shown = document.getElementById("shown");
  var pageNumber = document.getElementById("page");
  var pages = document.getElementById("pages");
  var previous = document.getElementById("previous");
  var next = document.getElementById("next");
  var order = Array.prototype.slice.call(body.rows);
  var current = order.filter(function (row) { return !row.hidden; });
  var page = 0, matching = order;
  function key(row, column) {
    var cell = row.cells[column];
    var text = cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent;
    var number = Number(text);
    return text !== "" && !isNaN(number) ? number : text.toLowerCase();
  }
  function deckOf(row) { return row.cells[1].firstChild.getAttribute("href").slice(1); }
  function statusOf(row) { return row.cells[0].textContent.toLowerCase(); }
  function rulesOf(row) { return row.cells[8].textContent.split(", "); }
  function setHidden(row, hidden) {
    if (row.hidden !== hidden) {
      row.hidden = hidden;
      var section = document.getElementById(deckOf(row));
      if (section) { section.hidden = hidden; }
    }
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
    var button = th.querySelector("button");
    if (!button) { return; }
    button.addEventListener("click", function () {
      var ascending = th.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) { other.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var keyed = order.map(function (row, index) { return [key(row, column), index, row]; });
      keyed.sort(function (a, b) {
        var x = a[0], y = b[0];
        var sign = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : (typeof x === "number" ? -1 : 1);
        return (ascending ? sign : -sign) || a[1] - b[1];
      });
      order = keyed.map(function (item) { return item[2]; });
      page = 0;
      filter();
    });
  });
  function size() { return sizeSelect.value === "all" ? Infinity : Number(sizeSelect.value); }
  function filter() {
    var wanted = statusSelect.value, rule = ruleSelect.value;
    matching = order.filter(function (row) {
      return (wanted === "" || statusOf(row) === wanted) && (rule === "" || rulesOf(row).indexOf(rule) >= 0);
    });
    show();
  }
  function show() {
    var count = size() === Infinity ? 1 : Math.max(1, Math.ceil(matching.length / size()));
    page = Math.min(Math.max(page, 0), count - 1);
    var first = size() === Infinity ? 0 : page * size();
    var wanted = matching.slice(first, first + size());
    var keep = new Set(wanted);
    current.forEach(function (row) { if (!keep.has(row)) { setHidden(row, true); } });
    var place = body.firstChild;
    wanted.forEach(function (row) {
      setHidden(row, false);
      if (row === place) { place = place.nextSibling; } else { body.insertBefore(row, place); }
    });
    current = wanted;
    shown.textContent = String(matching.length);
    pageNumber.textContent = String(page + 1);
    pages.textContent = String(count);
    previous.disabled = page === 0;
    next.disabled = page >= count - 1;
  }
  function showDeck() {
    var id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (error) { return; }  // "#%E0": no deck
    var find = function () { return matching.findIndex(function (row) { return deckOf(row) === id; }); };
    var index = find();
    if (index < 0 && /^deck-[0-9]+$/.test(id)) {
      statusSelect.value = ""; ruleSelect.value = ""; matching = order;
      index = find();
    }
    if (index >= 0 && size() !== Infinity && Math.floor(index / size()) !== page) {
      page = Math.floor(index / size());
      show();
      var section = document.getElementById(id);
      if (section) { section.scrollIntoView(); }
    }
  }
  statusSelect.addEventListener("change", function () { page = 0; filter(); });
  ruleSelect.addEventListener("change", function () { page = 0; filter(); });
  sizeSelect.addEventListener("change", function () { page = 0; show(); });
  previous.addEventListener("click", function () { page -= 1; show(); });
  next.addEventListener("click", function () { page += 1; show(); });
  window.addEventListener("hashchange", showDeck);
  filter();
  if (location.hash) { showDeck(); }
}());
"""

PAGE_SIZE = 100  # decks shown at once: their rows and their problems (the rest are in the file, hidden)


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def page(title: str, body: list[str], script: bool) -> str:
    """A whole document: the body's parts (already escaped HTML), the style, the script if asked for."""
    scripts = _hash(_SCRIPT) if script else "'none'"
    policy = (f"default-src 'none'; style-src {_hash(_STYLE)}; script-src {scripts}; img-src 'none'; "
              "base-uri 'none'; form-action 'none'")
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="deckcheck {h(__version__)}">',
        f"<title>{h(title)}</title>",
        f"<style>{_STYLE}</style>",
        "</head><body><main>",
        *body,
        f"<footer>deckcheck {h(__version__)}</footer>",
        "</main>",
    ]
    if script:
        parts.append(f"<script>{_SCRIPT}</script>")
    parts.append("</body></html>\n")
    return neutralize_commands("\n".join(parts), colon="&#58;", bracket="&#91;")


def _status(result) -> str:
    name = status(result)
    return f'<span class="status {name}">{name.upper()}</span>'


def _problems_table(problems) -> str:
    if not problems:
        return "<p>No problems.</p>"
    rows = ['<table class="problems"><thead><tr><th class="n">Line</th><th>Section</th><th>Rule</th><th>Card</th>'
            "<th>Problem</th><th>Fix</th></tr></thead><tbody>"]
    for p in problems:
        card = p.card.label() if p.card is not None else ""
        severity = "error" if p.severity == ERROR else "warning"
        rows.append(
            f'<tr><td>{p.line if p.line is not None else ""}</td>'
            f"<td>{h(SECTION_TITLES.get(p.section, p.section or ''))}</td>"
            f'<td><span class="{severity}">{h(p.rule)}</span>{"" if severity == "error" else " (warning)"}</td>'
            f"<td>{h(card)}</td><td>{h(p.message)}</td>"
            f'<td>{h(p.fix or "")}</td></tr>')
    rows.append("</tbody></table>")
    return "".join(rows)


def _sizes(result) -> dict[str, str]:
    return {s: ("" if result.unreadable else str(result.sizes.get(s, 0))) for s in SECTIONS}


def _summary(run: Run) -> list[str]:
    lists = run.lists or {}
    described = [f"{run.format_title}", f"list {run.banlist.get('name') or 'none'}" if run.banlist else "no list",
                 f"as of {run.as_of.isoformat()}"]
    if lists.get("points"):
        points = lists["points"]
        described.append(f"points {points['name']}, cap {points['cap']}")
    cards = run.data.get("cards", {}) if isinstance(run.data, dict) else {}
    if cards:
        described.append(f"card data {cards.get('origin', '')}, {cards.get('built', '')}")
    parts = [
        "<h1>deckcheck report</h1>",
        f'<p class="meta">{h(" · ".join(described))}</p>',
        '<div class="cards">',
        *(f'<div class="card"><b>{n}</b>{label}</div>' for n, label in (
            (len(run.results), "decks"), (run.legal, "legal"), (run.illegal, "illegal"),
            (run.unreadable, "unreadable"))),
        "</div>",
    ]
    parts.extend(f'<p class="stale">Note: {h(stale_message(item))}.</p>' for item in run.stale)
    if run.skipped:
        parts.append(f'<p class="meta">{len(run.skipped)} files in folders skipped (not decklists).</p>')
    rule_counts = run.rule_counts()
    if rule_counts:
        parts.append('<div class="panel"><h2>Problems by rule</h2><table><thead><tr><th>Rule</th><th>Severity</th>'
                     '<th class="n">Decks</th><th class="n">Problems</th></tr></thead><tbody>')
        parts.extend(f'<tr><td>{h(c.rule)}</td><td class="{h(c.severity)}">{h(c.severity)}</td>'
                     f'<td class="n">{c.decks}</td><td class="n">{c.problems}</td></tr>' for c in rule_counts)
        parts.append("</tbody></table></div>")
    return parts


def render(run: Run) -> str:
    """The report of a check as one HTML document."""
    results = worst_first(run.results)
    rules = sorted({p.rule for r in results for p in r.problems})
    with_points = any(r.facts.get("points") for r in results)
    head = [("Status", False), ("Deck", False), ("Name", False), ("Main", True), ("Extra", True), ("Side", True),
            ("Errors", True), ("Warnings", True), ("Rules", False)] + ([("Points", True)] if with_points else [])
    body = _summary(run)
    paged = len(results) > PAGE_SIZE
    body.append('<div class="panel"><h2>Decks</h2><div class="controls">'
                '<label>Status <select id="filter-status"><option value="">all</option>'
                '<option value="illegal">illegal</option><option value="unreadable">unreadable</option>'
                '<option value="legal">legal</option></select></label>'
                '<label>Rule <select id="filter-rule"><option value="">any</option>'
                + "".join(f'<option value="{h(rule)}">{h(rule)}</option>' for rule in rules)
                + f'</select></label><span><span id="shown">{len(results)}</span> of {len(results)} decks match</span>'
                + f'<span class="pager"{"" if paged else " hidden"}><button type="button" id="previous">previous</button> '
                  f'page <span id="page">1</span> of <span id="pages">{-(-len(results) // PAGE_SIZE)}</span> '
                  '<button type="button" id="next">next</button></span>'
                + f'<label{"" if paged else " hidden"}>Decks a page <select id="page-size">'
                  f'<option value="{PAGE_SIZE}">{PAGE_SIZE}</option><option value="1000">1000</option>'
                  '<option value="all">all (to print every deck)</option></select></label>'
                "</div>")
    if paged:
        body.append(f'<noscript><p class="stale">Scripts are off: the first {PAGE_SIZE} of {len(results)} decks are '
                    "shown.</p></noscript>")
    numeric_class = ' class="n"'
    body.append('<table id="decks"><thead><tr>' + "".join(
        f'<th{numeric_class if numeric else ""}><button type="button">{title}</button></th>' for title, numeric in head)
        + "</tr></thead><tbody>")
    rank = {"unreadable": 0, "illegal": 1, "legal": 2}
    for i, result in enumerate(results, 1):  # as little markup per deck as will do: 50,000 decks are 50,000 rows
        errors, warnings = counts(result)
        sizes = _sizes(result)
        deck_rules = ", ".join(sorted({p.rule for p in result.problems}))
        points = result.facts.get("points")
        tail = f"<td>{points['total'] if points else ''}</td>" if with_points else ""
        body.append(f'<tr{" hidden" if i > PAGE_SIZE else ""}><td data-sort="{rank[status(result)]}">{_status(result)}'
                    f'</td><td><a class="path" href="#deck-{i}">{h(result.path)}</a></td><td>{h(result.name or "")}</td>'
                    f"<td>{sizes[MAIN]}</td><td>{sizes[EXTRA]}</td><td>{sizes[SIDE]}</td><td>{errors}</td>"
                    f"<td>{warnings}</td><td>{h(deck_rules)}</td>{tail}</tr>")
    body.append("</tbody></table></div>")
    for i, result in enumerate(results, 1):
        sizes = _sizes(result)
        size_text = "" if result.unreadable else " · ".join(f"{SECTION_TITLES[s]} {sizes[s]}" for s in SECTIONS)
        name = f" ({h(result.name)})" if result.name else ""
        points = result.facts.get("points")
        extra = f" · {points['total']} points (cap {points['cap']})" if points else ""
        if result.fingerprint:
            extra += f" · fingerprint {result.fingerprint}"
        body.append(f'<section class="panel deck" id="deck-{i}"{" hidden" if i > PAGE_SIZE else ""}><h2>'
                    f'{_status(result)} <span class="path">{h(result.path)}</span>{name}</h2><p class="meta">'
                    f"{h(size_text)}{h(extra)}</p>{_problems_table(result.problems)}</section>")
    return page("deckcheck report", body, script=True)


def _swaps(result) -> str:
    if not result.compared:
        return "<p>Not compared: a deck is unreadable.</p>"
    if not result.moves:
        return f"<p>{h(result.say_swaps())}</p>"
    rows = [f"<p>{h(result.say_swaps())}</p><table><thead><tr><th></th><th class=\"n\">Copies</th><th>Card</th>"
            "<th>From</th><th>To</th></tr></thead><tbody>"]
    for move in sorted(result.moves, key=lambda m: not m.is_in):
        rows.append(f'<tr><td>{"in" if move.is_in else "out"}</td><td class="n">{move.count}</td>'
                    f"<td>{h(move.card.label())}</td>"
                    f"<td>{h(SECTION_TITLES.get(move.source, move.source) if move.source else 'not registered')}</td>"
                    f"<td>{h(SECTION_TITLES.get(move.target, move.target) if move.target else 'missing')}</td></tr>")
    rows.append("</tbody></table>")
    return "".join(rows)


def _verdict(legal: bool, unreadable: bool = False) -> str:
    name = "unreadable" if unreadable else "legal" if legal else "illegal"
    return f'<span class="status {name}">{name.upper()}</span>'


def _registered(result, regulation) -> str:
    sizes = "" if result.unreadable else " · ".join(f"{SECTION_TITLES[s]} {result.sizes.get(s, 0)}" for s in SECTIONS)
    return (f'<section class="panel"><h2>Registered {_verdict(result.legal, result.unreadable)} <span class="path">'
            f'{h(result.path)}</span></h2><p class="meta">{h(sizes)} · {h(regulation.title)}, '
            f'{h(regulation.list_name or "no list")}</p>{_problems_table(result.problems)}</section>')


def _sided(result, title: str) -> str:
    unreadable = any(p.rule == "unreadable" for p in result.problems)
    sizes = "" if unreadable else " · ".join(f"{SECTION_TITLES[s]} {result.sided.sizes.get(s, 0)}" for s in SECTIONS)
    return (f'<section class="panel"><h2>{h(title)} {_verdict(result.legal, unreadable)} <span class="path">'
            f'{h(result.sided.path)}</span></h2><p class="meta">{h(sizes)}</p><h3>Swaps</h3>{_swaps(result)}'
            f"<h3>Problems</h3>{_problems_table(result.problems)}</section>")


def side(result, regulation) -> str:
    """``deckcheck side``: the registered deck, the sided deck, its swaps and problems."""
    body = ["<h1>deckcheck side check</h1>", _registered(result.registered, regulation), _sided(result, "Sided")]
    return page("deckcheck side check", body, script=False)


def match(result, regulation) -> str:
    """``deckcheck match``: the registered deck and every Duel."""
    body = ["<h1>deckcheck match check</h1>",
            f'<p class="meta">{_verdict(result.legal)} {len(result.duels)} Duels</p>',
            _registered(result.registered, regulation)]
    for n, duel in enumerate(result.duels, 1):
        title = f"Duel {n}" + (" (must be the registered deck)" if duel.must_be_registered else " (sided)")
        body.append(_sided(duel, title))
    return page("deckcheck match check", body, script=False)


class HtmlFormat(ReportFormat):
    def chunks(self, run: Run, *, quiet: bool = False) -> list[str]:
        return [render(run)]
