"""`--output-format html`: one self-contained page, checked as a file and in a real headless browser
(Debian's chromium driven by playwright, opened from disk): no console error, sorting and filtering work,
hostile names are text, the page prints."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from .conftest import REPO
from .inprocess import deckcheck

SAMPLES = REPO / "sample_decks"
CHROMIUM = Path("/usr/bin/chromium")  # Debian's package; .ci/run installs it
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HOSTILE_NAME = "<script>alert('deck')</script><img src=x onerror=alert(1)>"


def run(*args, cwd=REPO) -> subprocess.CompletedProcess:
    return deckcheck(*args, cwd=cwd, env={"NO_COLOR": "1"})


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    """A report of the sample decks and hostile ones: a deck named with markup, a file name with markup, a
    card name with a control character, a line that would be a workflow command."""
    folder = tmp_path_factory.mktemp("decks")
    for path in SAMPLES.rglob("*"):
        if path.is_file():
            target = folder / path.relative_to(SAMPLES)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    (folder / "hostile.yaml").write_text(f'name: "{HOSTILE_NAME}"\nmain:\n  - "3 Pot <b>of</b> Greed\\e[31m"\n'
                                         '  - "::error::owned"\n', encoding="utf-8")
    (folder / "<svg onload=alert(2)>&amp;.ydk").write_text("#main\n14558127\n", encoding="utf-8")
    out = tmp_path_factory.mktemp("report") / "report.html"
    result = run("check", folder, "-o", "html", "--output", out)
    assert result.returncode == 1, result.stderr
    return out


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def test_the_page_is_self_contained_and_data_is_text(report):
    html = report.read_text(encoding="utf-8")
    parsed = _Collect()
    parsed.feed(html)
    tags = [tag for tag, _ in parsed.tags]
    assert tags.count("script") == 1 and "img" not in tags and "link" not in tags and "iframe" not in tags
    for _tag, attrs in parsed.tags:
        assert "src" not in attrs and not any(k.startswith("on") for k in attrs)
        assert not (attrs.get("href") or "#").lstrip().startswith(("http", "//", "javascript"))
    text = "".join(parsed.text)
    assert HOSTILE_NAME in text and "<svg onload=alert(2)>&amp;.ydk" in text and "Pot <b>of</b> Greed\\x1b[31m" in text
    assert "default-src 'none'" in html
    assert not re.search(r"^\s*::", html, re.M) and "##[" not in html


def test_side_and_match_pages(tmp_path):
    registered = SAMPLES / "side" / "registered.ydk"
    side = run("side", registered, SAMPLES / "side" / "duel3-sided.ydk", "-o", "html")
    assert side.returncode == 0 and "Nibiru, the Primal Being" in side.stdout and "<table>" in side.stdout
    match = run("match", registered, registered, SAMPLES / "side" / "duel2-extra-to-main.yaml", "-o", "html")
    assert match.returncode == 1 and "Duel 2 (sided)" in match.stdout and "main-size-changed" in match.stdout


# -- in a real browser ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (.ci/run installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS)
        yield context
        context.close()


def watched_page(browser) -> tuple:
    """A new page, and the list its console errors and warnings, script errors and dialogs are put in."""
    page = browser.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("dialog", lambda dialog: (problems.append(f"dialog: {dialog.message}"), dialog.dismiss()))
    return page, problems


@pytest.fixture
def page(browser, report):
    page, problems = watched_page(browser)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(report.as_uri())
    page.wait_for_load_state("load")
    yield page
    assert problems == []  # no console error, no script of a decklist ran
    assert requests == [report.as_uri()]  # nothing fetched
    page.close()


def _column(page, index: int) -> list[str]:
    return page.eval_on_selector_all(
        "#decks tbody tr:not([hidden])", f"rows => rows.map(r => r.cells[{index}].textContent)")


@pytest.mark.slow  # a real browser
def test_loads_with_no_console_error_and_shows_markup_as_text(page):
    assert page.title() == "deckcheck report"
    assert page.locator("script").count() == 1 and page.locator("img").count() == 0
    assert page.get_by_text(HOSTILE_NAME, exact=True).count() >= 1
    assert page.get_by_text("<svg onload=alert(2)>&amp;.ydk", exact=False).count() >= 1
    assert page.locator("#shown").text_content() == str(page.locator("#decks tbody tr").count())


@pytest.mark.slow  # a real browser
def test_sorting(page):
    errors = lambda: [int(v) for v in _column(page, 6)]  # noqa: E731
    page.click("#decks th:nth-child(7) button")
    assert errors() == sorted(errors()) and page.get_attribute("#decks th:nth-child(7)", "aria-sort") == "ascending"
    page.click("#decks th:nth-child(7) button")
    assert errors() == sorted(errors(), reverse=True)
    page.click("#decks th:nth-child(2) button")
    paths = _column(page, 1)
    assert paths == sorted(paths, key=str.lower)


@pytest.mark.slow  # a real browser
def test_filtering_by_status_and_rule(page):
    total = page.locator("#decks tbody tr").count()
    page.select_option("#filter-status", "illegal")
    statuses = _column(page, 0)
    assert statuses and set(statuses) == {"ILLEGAL"}
    assert page.locator("#shown").text_content() == str(len(statuses))
    hidden_sections = page.eval_on_selector_all("section.deck[hidden]", "s => s.length")
    assert hidden_sections == total - len(statuses)
    page.select_option("#filter-rule", "banlist")
    rules = _column(page, 8)
    assert rules and all("banlist" in r for r in rules)
    page.select_option("#filter-status", "legal")
    assert _column(page, 0) == [] and page.locator("#shown").text_content() == "0"
    page.select_option("#filter-status", "")
    page.select_option("#filter-rule", "")
    assert page.locator("#decks tbody tr:not([hidden])").count() == total


@pytest.mark.slow  # a real browser
def test_prints(page, tmp_path):
    page.emulate_media(media="print")
    assert page.locator(".controls").first.is_hidden()
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and len(pdf) > 10_000


# -- many decks: one page of them laid out at a time (issue 26 item 9) -----------------------------

PAGE = 100  # report.html.PAGE_SIZE


@pytest.fixture(scope="module")
def many_decks_report(tmp_path_factory) -> Path:
    """A report of 250 decks (copies of the samples, a hostile one among them): three pages."""
    folder = tmp_path_factory.mktemp("many")
    samples = [p for p in sorted(SAMPLES.rglob("*")) if p.is_file() and p.suffix in (".ydk", ".yaml", ".txt")]
    for i in range(250):
        source = samples[i % len(samples)]
        (folder / f"deck{i:03}{source.suffix}").write_bytes(source.read_bytes())
    (folder / "deck999.yaml").write_text(f'name: "{HOSTILE_NAME}"\nmain:\n  - 3 Pot of Greed\n', encoding="utf-8")
    out = tmp_path_factory.mktemp("many-report") / "report.html"
    result = run("check", folder, "-o", "html", "--output", out)
    assert result.returncode == 1, result.stderr
    return out


def test_a_large_report_is_small_per_deck_and_lays_out_one_page():
    """A 50,000-deck report was 45.7 MB and took 54-103 s to open: every row and every deck's problems were laid
    out. Now the markup per deck is smaller (about 800 bytes for the samples, was 1,077) and only one page of
    decks is shown: the others are in the file, hidden, for the script's pages, sorting and filtering."""
    import copy
    from datetime import date

    from deckcheck.api import Session
    from deckcheck.report import Run, html

    session = Session()
    base = [result for p in sorted(SAMPLES.rglob("*")) if p.is_file() and p.suffix in (".ydk", ".yaml", ".txt")
            for result in session.check_decks(p.read_bytes(), name=f"decks/{p.name}", as_of="2026-11-29")]

    def report(n: int) -> str:
        results = []
        for i in range(n):
            result = copy.copy(base[i % len(base)])
            result.path = f"decks/{i:05}-{Path(result.path).name}"
            results.append(result)
        return html.render(Run(results=results, format_id="tcg", format_title="TCG Advanced",
                               banlist={"name": "2026.05 TCG"}, as_of=date(2026, 11, 29), data={}))

    small, large = report(200), report(5200)
    per_deck = (len(large) - len(small)) / 5000
    assert per_deck < 850, per_deck  # 50,000 decks: about 40 MB
    parsed = _Collect()
    parsed.feed(large)
    sections = [attrs for tag, attrs in parsed.tags if tag == "section" and "deck" in attrs.get("class", "")]
    assert len(sections) == 5200 and len([a for a in sections if "hidden" not in a]) == PAGE
    table = large[large.index('<table id="decks">'):large.index("</table>", large.index('<table id="decks">'))]
    assert table.count("<tr") == 5200 + 1 and table.count("<tr hidden>") == 5200 - PAGE  # and the head's row


@pytest.mark.slow  # a real browser
def test_a_large_report_pages_sorts_filters_and_follows_links(browser, many_decks_report):
    page, problems = watched_page(browser)
    page.goto(many_decks_report.as_uri())
    page.wait_for_load_state("load")
    visible_rows = lambda: page.locator("#decks tbody tr:not([hidden])").count()  # noqa: E731
    visible_sections = lambda: page.locator("section.deck:not([hidden])").count()  # noqa: E731
    assert page.locator("#decks tbody tr").count() == 251
    assert (visible_rows(), visible_sections()) == (PAGE, PAGE)
    assert page.locator("#shown").text_content() == "251" and page.locator("#pages").text_content() == "3"
    first = _column(page, 1)[0]
    page.click("#next")
    assert page.locator("#page").text_content() == "2" and (visible_rows(), visible_sections()) == (PAGE, PAGE)
    assert first not in _column(page, 1)
    page.click("#next")
    assert visible_rows() == 51 and page.locator("#next").is_disabled()
    # sorting orders every deck, and shows the first page of that order
    page.click("#decks th:nth-child(7) button")
    errors = [int(v) for v in _column(page, 6)]
    assert page.locator("#page").text_content() == "1" and len(errors) == PAGE and errors == sorted(errors)
    page.click("#decks th:nth-child(7) button")
    descending = [int(v) for v in _column(page, 6)]
    assert descending == sorted(descending, reverse=True) and descending[0] >= max(errors)
    # filtering counts every deck that matches and pages through them
    page.select_option("#filter-status", "legal")
    legal = int(page.locator("#shown").text_content())
    assert 0 < legal < 251 and set(_column(page, 0)) == {"LEGAL"} and visible_rows() == min(legal, PAGE)
    page.select_option("#filter-status", "")
    # a link to a deck on another page shows that page
    page.goto(many_decks_report.as_uri() + "#deck-240")
    page.wait_for_function("!document.getElementById('deck-240').hidden")
    assert page.locator("#page").text_content() == "3"
    # every deck at once, to print them all
    page.select_option("#page-size", "all")
    assert (visible_rows(), visible_sections()) == (251, 251)
    assert page.get_by_text(HOSTILE_NAME, exact=True).count() >= 1
    assert problems == []
    page.close()
