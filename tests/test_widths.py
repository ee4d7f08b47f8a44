"""Every text view, rendered at 60, 80 and 120 columns (and piped), read as a person reads it (issue 12).

For each command: no line wider than the terminal, no word broken (every word of the output is a
word of the same report laid out with room to spare), a table only where every column holds its
header on one line, problems stacked below the width where the problem table reads well; piped,
nothing hard-wrapped and no trailing spaces.
"""

from __future__ import annotations

import re
import shutil

import pytest
from rich.cells import cell_len

from deckcheck.report.text import TABLE_MIN_WIDTH, TABLES_UP_TO

from .conftest import REPO, examples

WIDTHS = (60, 80, 120)
ILLEGAL = "sample_decks/tcg/snake-eye-illegal.yaml"
NO_EXTRA = "sample_decks/tcg/branded-no-extra-marker.ydk"
REGISTERED = "sample_decks/side/registered.ydk"

# command → the headers of the table it prints where one fits
COMMANDS: dict[str, tuple[list[str], tuple[str, ...]]] = {
    "check one": (["check", ILLEGAL], ("Line", "Section", "Rule", "Card", "Problem", "Fix")),
    "check no #extra": (["check", NO_EXTRA], ()),
    "check folder": (["check", "sample_decks"], ("Most common problems", "Decks")),
    "check quiet": (["check", "sample_decks", "--quiet", "--as-of", "2026-08-01"], ()),  # fresh lists: no note
    "side": (["side", REGISTERED, "sample_decks/side/duel2-sided.yaml"], ("Copies", "Card", "From", "To")),
    "side illegal": (["side", REGISTERED, "sample_decks/side/duel2-extra-to-main.yaml"], ("Copies", "Card", "From", "To")),
    "match": (["match", REGISTERED, REGISTERED, "sample_decks/side/duel2-sided.yaml",
               "sample_decks/side/duel3-sided.ydk"], ("Copies", "Card", "From", "To")),
    "diff": (["diff", REGISTERED, "sample_decks/side/duel2-sided.yaml"], ("Section", "Card", "A", "B", "B − A")),
    "banlists": (["banlists"], ("List", "Effective", "Forbidden", "Limited", "Semi-Limited", "Now")),
    "banlists diff": (["banlists", "diff"], ("Card", "2026.02 TCG", "2026.05 TCG")),
    "banlists diff decks": (["banlists", "diff", "2025.04", ILLEGAL, REGISTERED],
                            ("Card", "Copies", "2024.12 TCG", "2025.04 TCG")),
    "card": (["card", "Apollousa, Bow of the Goddess"], ()),
    "card matches": (["card", "droll"], ("Name", "Passcode", "Kind")),
    "card history": (["card", "Maxx C", "--history"], ("Lists", "From", "List", "Status")),
    "rules": (["rules"], ("Rule", "Command", "Severity", "Summary")),
    "rules -v": (["rules", "-v"], ()),
    "formats": (["formats"], ("Format", "Title", "Description", "Defined in")),
    "formats show": (["formats", "show", "genesys"], ()),
    "data": (["data"], ("In force today", "Since", "Days", "Newer list")),
    "data -v": (["data", "-v"], ("In force today", "Since", "Days", "Newer list")),
    "show": (["show", ILLEGAL], ()),
}

_PUNCT = "\"'.,;:()[]{}·→–—"


def words(text: str) -> set[str]:
    return {w.strip(_PUNCT) for w in text.split()} - {""}


def render(args: list[str], columns: int | None) -> str:
    """``deckcheck *args``' standard output (tests/inprocess.py) in the working folder, at ``columns`` (None: piped)."""
    import os

    from .inprocess import deckcheck

    env = {"NO_COLOR": "1", "COLUMNS": str(columns) if columns else None, "GITHUB_ACTIONS": None, "CI": None}
    result = deckcheck(*args, cwd=os.getcwd(), env=env)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr
    assert result.returncode in (0, 1), (args, result.returncode, result.stderr)
    return result.stdout


class Lazily(dict):
    """A dict whose values are made when first asked for (``make(key)``)."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


@pytest.fixture(scope="module")
def rendered():
    """command → {width: output}, with None for piped and 1000 for a terminal with room to spare; each output
    made when a test first reads it (the suite's workers each render only what their tests read)."""
    import os

    def render_at(name: str, width: int | None) -> str:
        here = os.getcwd()
        os.chdir(REPO)  # paths as written above, short enough for 60 columns
        try:
            return render(COMMANDS[name][0], width)
        finally:
            os.chdir(here)

    return Lazily(lambda name: Lazily(lambda width: render_at(name, width)))


def header_line(output: str, headers: tuple[str, ...]) -> str | None:
    """The line holding every header, in order, each whole (a column narrower than its header breaks this);
    columns a narrow table leaves out may stand between them."""
    pattern = r"(?:\s.*?)?\s".join(re.escape(h) for h in headers)
    for line in output.splitlines():
        if re.search(rf"(?:^|\s){pattern}(?:\s|$)", line):
            return line
    return None


@pytest.mark.parametrize("name", list(COMMANDS))
@pytest.mark.parametrize("width", WIDTHS)
def test_every_view_fits_the_width_without_breaking_a_word(rendered, name, width):
    out = rendered[name][width]
    assert out.strip(), name
    lines = out.splitlines()
    too_wide = [line for line in lines if cell_len(line) > width]
    assert not too_wide, too_wide
    assert not [line for line in lines if line != line.rstrip()], "trailing spaces"
    whole = words(rendered[name][None]) | words(rendered[name][1000])
    too_long = [w for w in whole if cell_len(w) > width - 8]  # a path or URL wider than a line is folded: no choice
    broken = sorted(w for w in words(out) - whole if not any(w in long for long in too_long) and w.strip("─"))
    assert not broken, f"{name} at {width}: broken words {broken}"
    assert "…" not in out.replace("… and", "").replace("… (", "") or "…" in rendered[name][None]


@pytest.mark.parametrize("name", [n for n, (_, headers) in COMMANDS.items() if headers])
@pytest.mark.parametrize("width", WIDTHS)
def test_a_table_is_printed_only_where_every_header_fits(rendered, name, width):
    headers = COMMANDS[name][1]
    out = rendered[name][width]
    line = header_line(out, headers)
    if line is None and name != "banlists":  # the stacked or record form: no piece of the table's header row
        assert not any(re.match(rf"^\s*{re.escape(headers[0])}\s+{re.escape(headers[1])}\b", line) for line in out.splitlines())
    elif line is not None:
        assert cell_len(line) <= width
    if width == 120 or width == 80 and name in ("banlists", "side", "side illegal", "match", "diff", "card history"):
        assert line is not None, f"{name} at {width}: no table"


@pytest.mark.parametrize("width", WIDTHS)
def test_problems_are_stacked_below_the_table_width(rendered, width):
    out = rendered["check one"][width]
    table = header_line(out, COMMANDS["check one"][1])
    if width < TABLE_MIN_WIDTH:
        assert table is None
        # two lines a problem: where, rule and card; then the message → the fix, indented
        where = "  line 17, Main  banlist  Original Sinful Spoils - Snake-Eye (89023486)"
        if width >= len(where):
            assert where in out.splitlines()
        else:  # the card goes on a line of its own, indented
            assert "  line 17, Main  banlist" in out.splitlines()
            assert "      Original Sinful Spoils - Snake-Eye (89023486)" in out.splitlines()
        assert re.search(r"^      is Forbidden on the 2026\.05 TCG list \(1 Main\) → remove(?: 1 copy|\n      1 copy)$",
                         out, re.M)
    else:
        assert table is not None
    # the card named once per problem: beside it, not again in its message or fix
    flat = " ".join(out.split())
    assert "Snake-Eye is Forbidden" not in flat and "copy of Original" not in flat and "(89023486)" in flat


def test_piped_text_is_not_hard_wrapped_and_has_no_trailing_spaces(rendered):
    for name in COMMANDS:
        out = rendered[name][None]
        assert not [line for line in out.splitlines() if line != line.rstrip()], name
    longest = max(map(cell_len, rendered["check one"][None].splitlines()))
    assert longest > 100  # the unknown card's line, whole
    assert "did you mean Snake-Eye Ash / Snake-Eye Oak / Snake-Eyes Poplar? → replace" in rendered["check one"][None]


def test_quiet_starts_with_no_blank_line(rendered):
    for width in (*WIDTHS, None):
        out = rendered["check quiet"][width]
        assert out and not out.startswith("\n") and out.startswith("✗ ILLEGAL")


def test_rules_v_is_reflowed_not_rewrapped(rendered):
    doc = rendered["rules -v"]
    # as written when piped (the docstring's own lines) …
    assert "Fusion, Synchro, Xyz and Link Monsters (Pendulum ones included) start in the Extra Deck;\n" in doc[None]
    # … and at 80 columns, its paragraphs filled to the width: no short line left over from the source's wrapping
    paragraph = re.search(r"^Fusion, Synchro, Xyz.*?(?=\n\n)", doc[80], re.M | re.S).group()
    widths = [cell_len(line) for line in paragraph.splitlines()]
    assert all(w > 60 for w in widths[:-1]), widths


def test_past_fifty_decks_one_line_a_problem_wrapped_at_spaces(tmp_path, monkeypatch):
    for i in range(TABLES_UP_TO + 1):
        shutil.copy(REPO / ILLEGAL, tmp_path / f"d{i:02}.yaml")
    monkeypatch.chdir(tmp_path)
    piped = render(["check", "."], None)
    whole = words(piped)
    for width in WIDTHS:
        out = render(["check", "."], width)
        assert all(cell_len(line) <= width for line in out.splitlines())
        assert not sorted(words(out) - whole), width  # compact lines wrap at spaces: "(5 errors)" stays whole
        assert "(5 errors)" in out
    assert sum(1 for line in piped.splitlines() if line.startswith("✗ ILLEGAL")) == TABLES_UP_TO + 1


def test_runs_line_wraps_at_spaces_keeps_styles_and_indents():
    import io

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from deckcheck.report.layout import runs_line
    from deckcheck.report.terminal import console

    made = console(file=io.StringIO(), width=40)
    runs = [("  12  Main   ", ""), ("banlist", "bold red"), ("  Maxx \"C\" is Forbidden on the 2026.05 TCG list", ""),
            (" → remove all 3 copies", "cyan")]
    line = runs_line(runs, 40, indent=8, console=made)
    lines = line.plain.split("\n")
    assert all(cell_len(line) <= 40 for line in lines) and all(line.startswith("        ") for line in lines[1:])
    assert " ".join(line.plain.split()) == " ".join("".join(t for t, _ in runs).split())  # every word, whole
    assert [line.plain[s.start:s.end] for s in line.spans if s.style == "bold red"] == ["banlist"]
    assert "remove" in "".join(line.plain[s.start:s.end] for s in line.spans if s.style == "cyan")
    assert runs_line(runs).plain == "".join(t for t, _ in runs)  # no width: one line

    @settings(max_examples=examples(100))  # hypothesis' default, to take part in the quick loop's quarter
    @given(st.lists(st.tuples(st.text(alphabet="ab →·デ ", max_size=12), st.sampled_from(["", "cyan"])), max_size=8),
           st.integers(20, 60))
    def any_runs(given_runs, width):
        wrapped = runs_line(given_runs, width, indent=4, console=made)
        # the same text (a word wider than a line is folded: no choice), no line too wide
        assert "".join(wrapped.plain.split()) == "".join("".join(t for t, _ in given_runs).split())
        assert all(cell_len(line) <= width for line in wrapped.plain.split("\n"))

    any_runs()


def test_the_summary_line_and_notes_on_stderr_break_at_spaces(tmp_path, monkeypatch, capsys):
    """Issue 25, item 14: the final summary line broke mid-word at 80 columns ("skippe" / "d"), and so did
    the notes on stderr (the terminal wrapped them)."""
    for i in range(12):
        shutil.copy(REPO / ILLEGAL, tmp_path / f"d{i:02}.yaml")
    (tmp_path / "unreadable.ydk").write_bytes(b"\x00\x01 binary")
    (tmp_path / "README.txt").write_text("not a decklist\n", encoding="utf-8")
    (tmp_path / "notes.yaml").write_text("- not a deck\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    piped = render(["check", ".", "--quiet"], None)
    (summary,) = [line for line in piped.splitlines() if "decks checked" in line]
    assert len(summary) > 80
    for width in (60, 80):
        out = render(["check", ".", "--quiet"], width)
        assert all(cell_len(line) <= width for line in out.splitlines())
        assert not sorted(words(out) - words(piped)), width

    import io
    import sys

    from deckcheck.cli.common import say

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    note = ("deckcheck: note: the newest TCG list deckcheck has took effect on 2026-05-18, 198 days ago; each of the "
            "last ones came within 161 days, so a newer list may be in force (run 'deckcheck update')")
    for width, stream in ((80, Terminal()), (60, Terminal())):
        monkeypatch.setenv("COLUMNS", str(width))
        monkeypatch.setattr(sys, "stderr", stream)
        say(note)
        lines = stream.getvalue().splitlines()
        assert len(lines) > 1 and all(len(line) <= width for line in lines)
        assert words("\n".join(lines)) == words(note)
    piped_stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped_stream)
    say(note)
    assert piped_stream.getvalue() == note + "\n"  # piped: one line, for grep and logs
