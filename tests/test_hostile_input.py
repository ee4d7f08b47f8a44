"""Hostile decklists and file names, each reproduced as a user would meet it (issue 8, section 2).

Every test runs the real command where the trouble is in what reaches the terminal, a file or a CI
log (in this process, with standard output and error of its own: tests/inprocess.py), and the library
where it is about the verdict or its cost; a new process where the process itself is tested: a file that
would block a read, a recursion as deep as a fresh interpreter allows, memory, warnings on stderr, and the
interpreter's own standard output.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import quote, unquote_to_bytes

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck import limits
from deckcheck.folding import _normalize_unicode, normalize_name
from deckcheck.files import find_decklists
from deckcheck.model import CardRef, DeckResult, Problem
from deckcheck.parsers import parse_deck, read_deck
from deckcheck.report import Run, csv_report, text
from deckcheck.report.escape import json_safe, neutralize_commands, printable

from .conftest import REPO, TODAY, examples

SAMPLES = REPO / "sample_decks"
LEGAL_YDK = (SAMPLES / "tcg" / "branded-despia.ydk").read_bytes()
FORMATS = ("text", "json", "junit", "sarif", "github", "csv")
# What must never reach a terminal or a log raw: C0 but LF (CR only in CSV's CRLF), DEL, C1, bidi controls.
RAW_CONTROL = re.compile("[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")
UNKNOWN = 987_600_000  # from here on, thousands of passcodes no card has
SHIFT_JIS_NAME = "デッキ".encode("shift_jis") + b".ydk"  # b'\x83f\x83b\x83L.ydk': not UTF-8


def deckcheck(*args, cwd: Path = REPO, env: dict | None = None, timeout: int = 120) -> tuple[int, str, str]:
    """Run deckcheck in this process (failing after ``timeout`` seconds rather than hang); stdout and stderr must
    be UTF-8 (asserted by decoding)."""
    from .inprocess import deckcheck as run

    with within(timeout):
        proc = run(*args, cwd=cwd, env={"NO_COLOR": "1", "COLUMNS": "100", "GITHUB_ACTIONS": None, **(env or {})},
                   text=False)
    out, err = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")
    assert "Traceback" not in err and "internal error" not in err, err
    return proc.returncode, out, err


def deckcheck_process(*args, cwd: Path = REPO, env: dict | None = None, timeout: float = 120) -> tuple[int, str, str]:
    """Run deckcheck in a new process; stdout and stderr must be UTF-8 (asserted by decoding)."""
    full = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", **(env or {})}
    full["PYTHONPATH"] = os.pathsep.join(filter(None, (str(REPO), full.get("PYTHONPATH"))))  # this checkout's code
    full.pop("GITHUB_ACTIONS", None)
    proc = subprocess.run([sys.executable, "-m", "deckcheck", *args], cwd=cwd, capture_output=True, env=full,
                          timeout=timeout)
    out, err = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")
    assert "Traceback" not in err and "internal error" not in err, err
    return proc.returncode, out, err


def command_lines(text: str) -> list[str]:
    """Lines a GitHub Actions runner would take as workflow commands."""
    return [line for line in re.split(r"\r\n|\r|\n", text) if line.lstrip().startswith("::") or "##[" in line]


def assert_inert(fmt: str, out: str) -> None:
    """Nothing in a report a terminal or a CI runner would act on (but -o github's own commands)."""
    assert not RAW_CONTROL.search(out.replace("\r\n", "\n") if fmt == "csv" else out), repr(RAW_CONTROL.search(out))
    if fmt == "github":
        assert all(re.match(r"::(group|endgroup|error|warning)[ :]", line) for line in command_lines(out))
    else:
        assert command_lines(out) == []


# ---- rich markup -----------------------------------------------------------------------------


def test_markup_in_a_ydk_line_is_shown_not_parsed_in_check_diff_side_and_match(tmp_path):
    deck = tmp_path / "markup.ydk"
    deck.write_bytes(LEGAL_YDK.replace(b"#extra", b"[/]\n[bold]x\n#extra"))
    code, out, _ = deckcheck("check", str(deck))
    assert code == 0 and "'[/]' is not a passcode" in out and "'[bold]x'" in out
    for command in (("diff", deck, deck), ("side", deck, deck), ("match", deck, deck, deck)):
        code, out, _ = deckcheck(*map(str, command))
        assert code == 0 and "'[/]' is not a passcode" in out


def test_a_markup_link_in_a_yaml_card_is_text_even_on_a_colour_terminal(tmp_path):
    deck = tmp_path / "link.yaml"
    deck.write_text('main:\n  - "1 [link=https://evil.example/steal]Ash Blossom[/link]"\n')
    code, out, _ = deckcheck("check", str(deck), env={"FORCE_COLOR": "1", "COLUMNS": "300", "NO_COLOR": ""})
    assert code == 1
    assert "\x1b]8;" not in out  # no terminal hyperlink (OSC 8)
    assert "no card is named '[link=https://evil.example/steal]Ash Blossom[/link]'" in out


# ---- terminal escapes and non-UTF-8 file names -------------------------------------------------


def test_escape_sequences_in_a_file_name_are_shown_escaped(tmp_path):
    name = b"x\x1b[2K\x1b[1G\x1b[1;32m\xe2\x9c\x93 LEGAL\x1b[0m \xe2\x80\xae.ydk"
    (tmp_path / os.fsdecode(name)).write_bytes(b"#main\n14558127\n")
    for fmt in ("text", "github"):
        code, out, _ = deckcheck("check", ".", "-o", fmt, cwd=tmp_path)
        assert code == 1 and "\x1b" not in out and "\u202e" not in out
        assert "x\\x1b[2K\\x1b[1G\\x1b[1;32m✓ LEGAL\\x1b[0m \\u202e.ydk" in out
    code, out, _ = deckcheck("check", ".", "-o", "text", cwd=tmp_path)
    assert any(line.startswith("✗ ILLEGAL x\\x1b[2K") for line in out.splitlines())


def test_a_file_name_that_is_not_utf8_is_written_by_every_format_with_the_rest_of_the_batch(tmp_path):
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / os.fsdecode(SHIFT_JIS_NAME)).write_bytes(LEGAL_YDK.replace(b"#extra", b"a warning\n#extra"))
    (decks / "plain.ydk").write_bytes(b"#main\n14558127\n")
    shown = "decks/\\x83f\\x83b\\x83L.ydk"
    for fmt in FORMATS:  # the text report on the interpreter's own standard output too
        code, out, err = (deckcheck_process if fmt == "text" else deckcheck)("check", "decks", "-o", fmt, cwd=tmp_path)
        assert code == 1 and err == "", (fmt, err)
        report = tmp_path / f"report.{fmt}"
        code, _, err = deckcheck("check", "decks", "-o", fmt, "--output", str(report), cwd=tmp_path)
        assert code == 1 and err == f"2 decks: 1 legal, 1 illegal, 0 unreadable → {report}\n", (fmt, err)
        written = report.read_bytes().decode("utf-8")
        assert written == out if fmt != "text" else shown in written  # text files are 160 columns wide
        assert "plain.ydk" in out
        if fmt == "json":
            decks_json = json.loads(out)["decks"]
            odd = next(d for d in decks_json if "x83" in d["path"])
            assert odd["path"] == shown and odd["legal"]
            assert unquote_to_bytes(odd["uri"]) == b"decks/" + SHIFT_JIS_NAME  # the file's own bytes
            assert "uri" not in next(d for d in decks_json if d["path"] == "decks/plain.ydk")
        elif fmt == "sarif":
            uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                    for r in json.loads(out)["runs"][0]["results"]}
            assert "decks/" + quote(SHIFT_JIS_NAME) in uris
        elif fmt == "junit":
            assert shown in {case.get("name") for case in ET.fromstring(out).iter("testcase")}
        elif fmt == "csv":
            assert shown in {row["path"] for row in csv.DictReader(io.StringIO(out, newline=""))}
        else:
            assert shown in out


def test_a_missing_path_with_controls_is_reported_escaped_on_stderr(tmp_path):
    code, _, err = deckcheck("check", "gone\x1b[31m.ydk", cwd=tmp_path)
    assert code == 2 and err == "deckcheck: error: gone\\x1b[31m.ydk: no such file or directory\n"


def test_printable_escapes_controls_bidi_and_the_bytes_of_a_name_that_is_not_utf8():
    assert printable("Ash Blossom & Joyous Spring — ✓") == "Ash Blossom & Joyous Spring — ✓"
    assert printable("a\x1b[2K\tb\nc\r\x7f\x9b\u202e\u2066\u2028") == "a\\x1b[2K\\tb\\nc\\r\\x7f\\x9b\\u202e\\u2066\\u2028"
    assert printable(os.fsdecode(SHIFT_JIS_NAME)) == "\\x83f\\x83b\\x83L.ydk"
    assert printable("\ud800") == "\\ud800"


# ---- workflow commands -------------------------------------------------------------------------


def test_workflow_commands_from_file_names_and_decklists_never_start_a_log_line(tmp_path):
    (tmp_path / "::error::INJECTED-cmd.ydk").write_bytes(b"#main\n14558127\n")
    (tmp_path / "  ::warning::spaced.ydk").write_bytes(b"#main\n14558127\n")
    (tmp_path / "inj.yaml").write_text(
        'name: "x\\n::error::INJECTED-name"\n'
        'main:\n  - "1 x\\n::error::INJECTED-card"\n  - "##[error]legacy command"\n  - "1 ::error:: a long name '
        + "y " * 60 + '"\n'
    )
    for fmt in FORMATS:
        for columns in ("40", "200"):  # narrow: rich wraps long names; a wrapped line must not begin with ::
            code, out, _ = deckcheck("check", ".", "-o", fmt, cwd=tmp_path, env={"COLUMNS": columns})
            assert code == 1
            assert_inert(fmt, out)
    code, out, _ = deckcheck("check", ".", "-o", "csv", cwd=tmp_path)
    rows = {row["path"]: row for row in csv.DictReader(io.StringIO(out, newline=""))}
    assert "\\x3a:error::INJECTED-cmd.ydk" in rows  # the colon that would start a command is shown escaped
    assert rows["inj.yaml"]["name"] == "x\\n::error::INJECTED-name"
    code, out, _ = deckcheck("check", "inj.yaml", "-o", "json", cwd=tmp_path)
    deck = json.loads(out)["decks"][0]
    assert deck["name"] == "x\n::error::INJECTED-name"  # JSON keeps the value: its escapes are inert
    assert any("##[error]" in (p["card"] or {}).get("name", "") for p in deck["problems"])


def test_the_compact_text_report_of_many_decks_is_inert_too():
    hostile = "::error::x \x1b[2K [/] ##[error]y \u202e " + "z " * 50
    problem = Problem("unknown-card", "error", f"no card is named {hostile!r}", "main", 3, CardRef(hostile, None),
                      f"replace {hostile!r}")
    decks = [DeckResult(f"{hostile}{i}.ydk", {"main": 1, "extra": 0, "side": 0}, [problem], hostile)
             for i in range(text.TABLES_UP_TO + 5)]
    run = Run(decks, "tcg", "TCG Advanced", {"name": "2026.05 TCG"}, TODAY, {})
    for width in (40, 160):
        report = text.render_text(run, width=width)
        assert "\\x1b[2K [/]" in report
        assert_inert("text", report)


def test_neutralize_commands():
    assert neutralize_commands("ok\n::error::x\n  ::y::z\na ::b\n") == "ok\n\\x3a:error::x\n  \\x3a:y::z\na ::b\n"
    assert neutralize_commands("x ##[error]y") == "x ##\\x5berror]y"
    assert neutralize_commands("::a", at_line_start=False) == "::a"
    assert neutralize_commands("\u3000::a", "&#58;", "&#91;") == "\u3000&#58;:a"  # .NET trims Unicode spaces
    assert json.loads(json_safe(json.dumps(["##[x] \x7f\u202e"], ensure_ascii=False))) == ["##[x] \x7f\u202e"]


_RAW_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufffe\uffff\ud800-\udfff]")


def test_no_character_json_safe_escapes_is_printable():
    """json_safe passes a text str.isprintable() accepts without searching it for those characters."""
    assert not [hex(c) for c in range(0x110000) if _RAW_UNSAFE.match(chr(c)) and chr(c).isprintable()]


def test_json_safe_escapes_an_indented_piece_as_it_escapes_a_line():
    """The JSON report's head and summary are indented (lines of JSON): a printable one passes as it is, and
    what a line would have escaped is escaped in one."""
    unsafe = {"name": "Ｍａｘｘ «Ｃ» –", "notes": ["é\u202e\x85##[", "\u2028"]}
    safe = json_safe(json.dumps(unsafe, ensure_ascii=False, indent=2))
    assert _RAW_UNSAFE.search(safe) is None and "##[" not in safe and json.loads(safe) == unsafe
    printable_piece = json.dumps({"name": "Ｍａｘｘ «Ｃ» –", "when": "2026-05-18"}, ensure_ascii=False, indent=2)
    assert json_safe(printable_piece) is printable_piece


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.text(st.characters(codec=None, categories=None)) | st.sampled_from(
    ["##[", "#", "[", "\x7f", "\x85", "\u202e", "\u2028", "\ud800", "–", "★", "Ｍａｘｘ"]), max_size=12))
def test_json_safe_leaves_nothing_raw_and_changes_no_value_but_a_lone_surrogate(pieces):
    value = "".join(pieces)
    safe = json_safe(json.dumps([value], ensure_ascii=False))
    assert _RAW_UNSAFE.search(safe) is None and "##[" not in safe
    safe.encode("utf-8")
    if not any("\ud800" <= ch <= "\udfff" for ch in value):
        assert json.loads(safe) == [value]


# ---- unbounded work ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def huge_ydk(tmp_path_factory) -> Path:
    """4 MB: 440,000 random passcodes, as in the report."""
    import random

    rng = random.Random(8)
    path = tmp_path_factory.mktemp("huge") / "huge.ydk"
    path.write_text("#main\n" + "\n".join(str(rng.randint(1, 99_999_999)) for _ in range(440_000)) + "\n")
    return path


def test_a_file_of_440k_passcodes_is_no_decklist_and_costs_little(huge_ydk):
    for fmt in ("text", "json"):
        start = time.monotonic()
        code, out, _ = deckcheck("check", str(huge_ydk), str(huge_ydk), "-o", fmt)
        assert code == 1 and time.monotonic() - start < 20  # was 235 s (text), 52 s (10 files, JSON)
        assert "more than 20,000 lines" in out if fmt == "json" else "✗ UNREADABLE" in out


def test_more_entries_than_the_cap_make_a_file_unreadable(cards):
    lines = "\n".join(str(UNKNOWN + i) for i in range(limits.DEFAULT_MAX_ENTRIES + 1))
    deck = parse_deck(f"#main\n{lines}\n".encode(), "many.ydk")
    assert [p.rule for p in deck.problems] == ["unreadable"] and deck.entries == []
    assert "more than 1,000 card lines" in deck.problems[0].message
    yaml_lines = "\n".join(f"  - Zqx {i}" for i in range(limits.DEFAULT_MAX_ENTRIES + 1))
    deck = parse_deck(f"main:\n{yaml_lines}\n".encode(), "many.yaml")
    assert [p.rule for p in deck.problems] == ["unreadable"] and "more than 1,000 card entries" in deck.problems[0].message
    ok = parse_deck(f"main:\n{yaml_lines.rsplit(chr(10), 1)[0]}\n".encode(), "many.yaml")
    assert len(ok.entries) == limits.DEFAULT_MAX_ENTRIES and not ok.unreadable


def test_problems_per_rule_are_capped_and_the_rest_counted(check_text):
    lines = "\n".join(str(UNKNOWN + 2 * i) for i in range(999))
    result = check_text(f"#main\n{lines}\n#extra\n!side\n", ".ydk")
    unknown = [p for p in result.problems if p.rule == "unknown-card"]
    assert len(unknown) == limits.DEFAULT_MAX_PROBLEMS + 1
    assert unknown[-1].message.startswith("… and 899 more unknown-card problems, from line 102 on")
    assert unknown[-1].line == 102 and unknown[-1].severity == "error" and not result.legal
    assert result.sizes["main"] == 999  # every entry still counts toward its section


def test_syntax_warnings_are_capped_in_the_parser():
    garbage = "\n".join(f"garbage {i}" for i in range(5000))
    deck = parse_deck(f"#main\n14558127\n{garbage}\n#extra\n!side\n".encode(), "g.ydk")
    assert len(deck.problems) == limits.DEFAULT_MAX_PROBLEMS + 1
    assert deck.problems[-1].message.startswith("… and 4,900 more syntax problems, from line 103 on")


def test_the_problem_cap_is_configurable(tmp_path):
    lines = "\n".join(str(UNKNOWN + 2 * i) for i in range(30))
    (tmp_path / "d.ydk").write_text(f"#main\n{lines}\n#extra\n!side\n")
    code, out, _ = deckcheck("check", "d.ydk", "-o", "json", cwd=tmp_path, env={"DECKCHECK_MAX_PROBLEMS": "5"})
    problems = [p for p in json.loads(out)["decks"][0]["problems"] if p["rule"] == "unknown-card"]
    assert len(problems) == 6 and problems[-1]["message"].startswith("… and 25 more unknown-card problems")
    code, out, _ = deckcheck("check", "d.ydk", "-o", "json", cwd=tmp_path, env={"DECKCHECK_MAX_ENTRIES": "10"})
    assert json.loads(out)["decks"][0]["problems"][0]["rule"] == "unreadable"


def test_did_you_mean_is_searched_for_the_first_names_only(cards, check_text, monkeypatch):
    calls = []
    search = type(cards)._ranked
    monkeypatch.setattr(type(cards), "_ranked", lambda self, name, limit: calls.append(name) or search(self, name, limit))
    names = "\n".join(f"  - Zqx Unknown Card {i}" for i in range(500))
    result = check_text(f"main:\n  - Snake-Eye Maple\n{names}\n")
    assert len(calls) <= limits.MAX_SUGGESTED_NAMES
    first = next(p for p in result.problems if p.rule == "unknown-card")
    assert "did you mean Snake-Eye Ash" in first.message
    calls.clear()
    check_text("main:\n  - Snake-Eye Maple\n")
    assert calls == []  # memoized


def test_a_name_of_megabytes_is_cut_and_cheap(check_text):
    start = time.monotonic()
    result = check_text('name: "' + "N" * 1_000_000 + '"\nmain:\n  - "' + "Ash Blossom " * 100_000 + '"\n')
    assert time.monotonic() - start < 10
    unknown = next(p for p in result.problems if p.rule == "unknown-card")
    assert len(unknown.card.name) == limits.NAME_LIMIT and len(unknown.message) < 200
    assert len(result.name) == limits.NAME_LIMIT


def test_ascii_names_fold_as_the_full_unicode_folding_does(cards):
    for name in [card.name for card in cards.cards()] + ["Ash Blossom & Joyous Spring", "D/D/D", "  x--Y  "]:
        if name.isascii():
            assert normalize_name(name) == _normalize_unicode(name)


# ---- deep folders, pseudo-files, pipes -----------------------------------------------------------


def test_a_tree_1000_folders_deep_is_searched():
    import tempfile

    # outside pytest's temporary folders: their clean-up (shutil.rmtree) recurses, and would fail
    tmp_path = Path(tempfile.mkdtemp(prefix="deckcheck-deep-"))
    folder = tmp_path / "deep"
    folder.mkdir()
    os.chdir(folder)  # relative steps: the full path is too long for one call
    try:
        for _ in range(1000):
            os.mkdir("d")
            os.chdir("d")
        Path("x.ydk").write_bytes(LEGAL_YDK)
        os.chdir(REPO)
        code, out, _ = deckcheck("check", "deep", "-o", "json", cwd=tmp_path)
        assert code == 0 and json.loads(out)["decks"][0]["path"] == "deep/" + "d/" * 1000 + "x.ydk"
    finally:  # removed the way it was made
        os.chdir(folder)
        depth = 0
        while os.path.isdir("d"):
            os.chdir("d")
            depth += 1
        if os.path.exists("x.ydk"):
            os.remove("x.ydk")
        for _ in range(depth):
            os.chdir("..")
            os.rmdir("d")
        os.chdir(REPO)
        folder.rmdir()
        tmp_path.rmdir()


def test_the_walk_keeps_the_documented_order(tmp_path):
    for rel in ("b.ydk", "a/z.ydk", "a/b/c.ydk", "a/a.ydk", "c.yaml", "a/c/d.ydk", "b/x.ydk", ".hidden/h.ydk"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"main: []\n" if rel.endswith(".yaml") else b"")  # (a YAML file without
    found = find_decklists([tmp_path]).sources                                         # a deck key is skipped)
    order = [os.path.relpath(s.shown, tmp_path) for s in found]
    assert order == ["b.ydk", "c.yaml", "a/a.ydk", "a/z.ydk", "a/b/c.ydk", "a/c/d.ydk", "b/x.ydk"]


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs Linux /proc")
def test_proc_files_are_not_read_and_never_hang(tmp_path):
    folder = tmp_path / "proc"
    folder.mkdir()
    (folder / "status.ydk").symlink_to("/proc/self/status")
    if os.path.exists("/proc/kmsg"):
        (folder / "kmsg.ydk").symlink_to("/proc/kmsg")  # blocks forever when read (as root)
    os.mkfifo(folder / "pipe.ydk")
    (folder / "real.ydk").write_bytes(LEGAL_YDK)
    code, out, _ = deckcheck_process("check", "proc", "-o", "json", cwd=tmp_path, timeout=30)
    decks = {d["path"]: d for d in json.loads(out)["decks"]}
    assert code == 1 and decks["proc/real.ydk"]["legal"]
    for name in ("status", "kmsg"):
        if f"proc/{name}.ydk" in decks:
            assert "kernel pseudo-file" in decks[f"proc/{name}.ydk"]["problems"][0]["message"]
    assert "named pipe" in decks["proc/pipe.ydk"]["problems"][0]["message"]
    deck = read_deck(folder / "status.ydk")  # the library alone does not read it either
    assert deck.unreadable and "kernel pseudo-file" in deck.problems[0].message
    code, _, err = deckcheck_process("diff", "proc/pipe.ydk", "proc/real.ydk", cwd=tmp_path, timeout=30)
    assert code == 2 and "named pipe" in err  # opened without blocking, never waited on


# ---- CSV cells ---------------------------------------------------------------------------------


def test_csv_cells_fit_a_spreadsheet():
    problems = [Problem("unknown-card", "error", f"no card has passcode {100_000_000 + i}", "main", i + 2)
                for i in range(11_805)]
    huge = DeckResult("huge.ydk", {"main": 11_805, "extra": 0, "side": 0}, problems, "N" * 40_000)
    run = Run([huge], "tcg", "TCG Advanced", {"name": "2026.05 TCG"}, TODAY, {})
    row = next(csv.DictReader(io.StringIO(csv_report.render(run), newline="")))
    assert all(len(cell) <= csv_report.CELL_LIMIT for cell in row.values())
    shown = row["problems"].split(" | ")
    assert re.fullmatch(r"… \((\d+(,\d+)*) more\)", shown[-1])
    assert int(shown[-1][3:-6].replace(",", "")) == 11_805 - (len(shown) - 1)
    assert shown[0] == "line 2: [unknown-card] no card has passcode 100000000"
    assert row["name"].endswith(f"… ({40_000 - csv_report.CELL_LIMIT + 40:,} more characters)")


# ---- passcode 0 (issue 11) -----------------------------------------------------------------------


@pytest.mark.parametrize("line", ["0", "0000", "00000000 -- nothing", "$0$"])
def test_passcode_0_is_an_unknown_card_not_a_skipped_line(check_text, line):
    result = check_text(LEGAL_YDK.decode().replace("#extra", f"{line}\n#extra"), ".ydk")
    unknown = [p for p in result.problems if p.rule == "unknown-card"]
    assert len(unknown) == 1 and unknown[0].message == "no card has passcode 0"
    assert unknown[0].card.passcode == 0 and not result.legal
    assert not any(p.rule == "syntax" and "line skipped" in p.message for p in result.problems)


# ---- issue 26: YAML aliases, files that are no files -------------------------------------------------


class Hung(Exception):
    pass


@contextlib.contextmanager
def within(seconds: int):
    """Fail (rather than hang the suite) when the block takes longer than ``seconds``."""
    def alarm(signum, frame):
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def alias_bomb(levels: int = 9, width: int = 9, indent: str = "") -> str:
    """YAML of ~700 bytes standing for width**levels values (the "billion laughs")."""
    lines = [f"{indent}l0: &l0 [" + ", ".join(["lol"] * width) + "]"]
    lines += [f"{indent}l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * width) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_in_a_format_file_is_refused_at_once(tmp_path):
    """A 692-byte format file took 495 MB and 60 s and more (--format, formats/, deckcheck.toml, side)."""
    from deckcheck.formats import FormatError, FormatStore

    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("title: Bomb\n" + alias_bomb())
    with within(20), pytest.raises(FormatError, match=r"bomb\.yaml:\d+: .*more than [\d,]+ values"):
        FormatStore(None).load_path(bomb)
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "mine.yaml").write_text("title: Mine\nnotes: [a]\n" + alias_bomb())
    with within(20), pytest.raises(FormatError, match="values"):
        FormatStore(tmp_path / "formats").get("mine")


def test_an_alias_bomb_named_by_a_repositorys_deckcheck_toml_is_a_usage_error(tmp_path):
    (tmp_path / "bomb.yaml").write_text("title: Bomb\n" + alias_bomb())
    (tmp_path / "deckcheck.toml").write_text('format = "bomb.yaml"\n')
    (tmp_path / "deck.ydk").write_bytes(LEGAL_YDK)
    rc, out, err = deckcheck_process("check", "deck.ydk", cwd=tmp_path, timeout=60)
    assert rc == 2 and "bomb.yaml" in err and "values" in err and len(err.strip().splitlines()) == 1, err


def test_an_alias_bomb_in_a_list_file_is_a_data_error(tmp_path):
    """An alias bomb in a data-dir list file took 1.4-2.2 GB in 30 s."""
    from deckcheck.banlists import load_banlist
    from deckcheck.carddb import DataError

    path = tmp_path / "2020-01-01.yaml"
    path.write_text("name: x\nformat: tcg\neffective: 2020-01-01\n" + alias_bomb() + "notes: *l9\n")
    with within(20), pytest.raises(DataError, match=r"2020-01-01\.yaml:\d+: .*values"):
        load_banlist(path)


def test_safe_yaml_counts_each_repetition_and_reads_plain_data():
    from deckcheck import safe_yaml

    with pytest.raises(safe_yaml.YamlError, match="values"):
        safe_yaml.load(alias_bomb(levels=4, width=9), max_values=5000)
    assert safe_yaml.load(alias_bomb(levels=3, width=3), max_values=5000)["l3"][2][1][0] == ["lol"] * 3
    with pytest.raises(safe_yaml.YamlError, match="nested too deeply"):
        safe_yaml.load("a: &a [*a]\n")  # a recursive alias
    lines: dict = {}
    assert safe_yaml.load("a:\n  b: 0012\n  c: 2020-01-02\n", lines=lines, dates_as_text=True) == \
        {"a": {"b": 12, "c": "2020-01-02"}}
    assert lines == {"a": 1, "a/b": 2, "a/c": 3}
    for document in ("a: !!binary aGk=\n", "a: !!set {x}\n", "a: 1\na: 2\n", "? [x]\n: y\n"):
        with pytest.raises(safe_yaml.YamlError):
            safe_yaml.load(document)


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_a_fifo_or_dev_zero_as_a_list_file_is_a_data_error(tmp_path):
    """A FIFO list file hung every check; /dev/zero took 7.3 GB in 20 s."""
    from deckcheck.banlists import BanlistStore
    from deckcheck.carddb import DataError

    folder = tmp_path / "lists" / "tcg"
    folder.mkdir(parents=True)
    fifo(folder / "2020-01-01.yaml")
    with within(20), pytest.raises(DataError, match="named pipe"):
        BanlistStore([tmp_path / "lists"]).all("tcg")
    (folder / "2020-01-01.yaml").unlink()
    (folder / "2020-01-01.yaml").symlink_to("/dev/zero")
    with within(20), pytest.raises(DataError, match="device"):
        BanlistStore([tmp_path / "lists"]).all("tcg")


def test_a_fifo_at_a_cache_entrys_name_is_rebuilt_around(tmp_path, monkeypatch):
    """FIFOs at the cache's entry names hung every check."""
    from deckcheck import cache

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "source.yaml"
    source.write_text("x: 1\n")
    assert cache.memoized("kind", source, lambda: {"built": 1}) == {"built": 1}
    entries = list((tmp_path / "cache" / "kind").glob("*.json"))
    assert len(entries) == 1
    entries[0].unlink()
    fifo(entries[0])
    with within(20):
        assert cache.memoized("kind", source, lambda: {"built": 2}) == {"built": 2}


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "huge"])
def test_a_font_that_is_no_font_file_is_refused_at_once(tmp_path, kind):
    """font = "/dev/zero" in a repository's deckcheck.toml took 10.6 GB in 31 s; a FIFO font hung."""
    pytest.importorskip("reportlab")
    from deckcheck.documents.fonts import FontError, Fonts

    font = tmp_path / "font.ttf"
    if kind == "fifo":
        fifo(font)
    elif kind == "huge":
        with open(font, "wb") as f:
            f.truncate(1 << 31)
    else:
        font.symlink_to(kind)
    with within(20), pytest.raises(FontError, match=r"font\.ttf: cannot be read: (it is|it is larger)"):
        Fonts(font)


@pytest.mark.parametrize("name", ["deckcheck.toml", "pyproject.toml"])
def test_a_fifo_config_file_is_a_usage_error_not_a_hang(tmp_path, name):
    fifo(tmp_path / name)
    (tmp_path / "deck.ydk").write_bytes(LEGAL_YDK)
    rc, out, err = deckcheck_process("check", "deck.ydk", cwd=tmp_path, timeout=60)
    if name == "deckcheck.toml":
        assert rc == 2 and "named pipe" in err, err
    else:  # someone else's pyproject.toml is not ours to judge
        assert rc == 0, err


def test_a_fifo_user_config_is_a_usage_error_not_a_hang(tmp_path):
    from deckcheck.update.config import ConfigError, load_config

    fifo(tmp_path / "config.toml")
    with within(20), pytest.raises(ConfigError, match="named pipe"):
        load_config(tmp_path / "config.toml")


@pytest.mark.parametrize("value", ["inf", "nan", "0", "-1", "1e9"])
def test_a_timeout_of_inf_nan_or_not_above_0_is_a_usage_error(tmp_path, value):
    """update --timeout inf (and timeout = inf in config.toml) ended in an OverflowError traceback; nan, 0
    and -1 were taken."""
    config = tmp_path / "config.toml"
    config.write_text(f"[update]\ntimeout = {value if value[0].isdigit() or value[0] == '-' else value}\n")
    env = {"DECKCHECK_CONFIG": str(config), "DECKCHECK_DATA_DIR": str(tmp_path / "data")}
    rc, out, err = deckcheck("update", "--lists-url", "http://127.0.0.1:9/", "--cards-url", "http://127.0.0.1:9/",
                             cwd=tmp_path, env=env, timeout=60)
    assert rc == 2 and "timeout" in err and len(err.strip().splitlines()) == 1, err
    config.write_text("")
    rc, out, err = deckcheck("update", "--timeout", value, "--lists-url", "http://127.0.0.1:9/",
                             "--cards-url", "http://127.0.0.1:9/", cwd=tmp_path, env=env, timeout=60)
    assert rc == 2 and "timeout" in err, err


def test_deeply_nested_toml_is_a_usage_error_or_someone_elses(tmp_path):
    """A deeply nested deckcheck.toml, or any pyproject.toml up the tree, was a RecursionError on every check."""
    nested = "x = " + "[" * 5000 + "]" * 5000 + "\n"
    (tmp_path / "deck.ydk").write_bytes(LEGAL_YDK)
    (tmp_path / "pyproject.toml").write_text(nested)
    rc, out, err = deckcheck_process("check", "deck.ydk", cwd=tmp_path, timeout=60)
    assert rc == 0, err
    (tmp_path / "deckcheck.toml").write_text(nested)
    rc, out, err = deckcheck_process("check", "deck.ydk", cwd=tmp_path, timeout=60)
    assert rc == 2 and "nested too deeply" in err, err
    (tmp_path / "config.toml").write_text("[update]\n" + nested)
    from deckcheck.update.config import ConfigError, load_config

    with pytest.raises(ConfigError, match="nested too deeply"):
        load_config(tmp_path / "config.toml")


# ---- issue 26: digits and names in other scripts ------------------------------------------------------


@pytest.mark.parametrize("digit", ["٣", "३", "๓", "３", "৩", "3"], ids=["arabic-indic", "devanagari", "thai",
                                                                        "full-width", "bengali", "ascii"])
@pytest.mark.parametrize("suffix", [".yaml", ".txt"])
def test_a_count_in_any_script_is_a_count(check_text, digit, suffix):
    """٣ Ash Blossom was read as 1 copy (the digit dropped by the name fold): 5 copies checked LEGAL."""
    five = digit.replace("3", "5") if digit.isascii() else chr(ord(digit) + 2)
    lines = [f"{digit} Ash Blossom & Joyous Spring", f"Ash Blossom & Joyous Spring x{five}"]
    text = "main:\n" + "".join(f"  - {line}\n" for line in lines) if suffix == ".yaml" else "\n".join(lines) + "\n"
    result = check_text(text, suffix)
    copies = [p.message for p in result.problems if p.rule == "copy-limit"]
    assert len(copies) == 1 and copies[0].startswith("8 copies of Ash Blossom & Joyous Spring"), result.problems
    assert not any(p.rule in ("unknown-card", "syntax") for p in result.problems)


def test_a_count_in_another_script_out_of_range_is_an_error(check_text):
    result = check_text("main:\n  - ١٠٠ Ash Blossom & Joyous Spring\n")
    assert any(p.rule == "syntax" and "١٠٠" in p.message for p in result.problems), result.problems


@pytest.mark.parametrize("name,english", [("人造人間７号", "Jinzo #7"), ("ジャックポット７", "Jackpot 7"),
                                          ("端末世界ＮＥＸＴ", "Terminal World NEXT")])
def test_a_name_in_another_script_never_folds_to_an_english_name(cards, name, english):
    """人造人間７号 was the English card "7", 端末世界ＮＥＸＴ the card "NEXT", with no warning."""
    assert [card.name for card in cards.by_name(name)] == [english]
    assert [card.name for card in cards.by_name(name + "ー")] in ([], [english])  # never "7" or "NEXT"
    assert cards.by_name("Ｊｉｎｚｏ ＃７")[0].name == "Jinzo #7"  # full-width Latin still folds


# ---- issue 26: hostile forms, format titles ------------------------------------------------------------


def hostile_form(tmp_path: Path, kind: str) -> Path:
    """Konami's form (tests/formbuilder.py) made malformed the way a hostile or broken PDF is."""
    pytest.importorskip("pypdf")
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject

    from .formbuilder import build_form

    form = build_form(tmp_path / "KDE_DeckList.pdf")
    if kind == "startxref":  # pypdf warns while it reads it, quoting the file
        data = form.read_bytes()
        cut = data.rindex(b"startxref")
        form.write_bytes(data[:cut] + re.sub(rb"startxref\s+\d+", b"startxref\n12", data[cut:]))
        return form
    writer = PdfWriter(clone_from=PdfReader(str(form)))
    fields = writer._root_object["/AcroForm"]["/Fields"]
    first = fields[0].get_object()
    if kind == "numeric /T":
        first[NameObject("/T")] = NumberObject(5)
    elif kind == "/Parent loop":
        for ref in fields[:3]:
            ref.get_object()[NameObject("/Parent")] = ref
    elif kind == "deep /Kids":
        node = first
        for _ in range(3000):
            kid = writer._add_object(DictionaryObject({NameObject("/FT"): NameObject("/Tx")}))
            node[NameObject("/Kids")] = ArrayObject([kid])
            node = kid.get_object()
    elif kind == "/Count 1e9":
        writer._root_object["/Pages"].get_object()[NameObject("/Count")] = NumberObject(10**9)
    elif kind == "aes":
        writer.encrypt("", "owner", algorithm="AES-256")
    out = io.BytesIO()
    writer.write(out)
    form.write_bytes(out.getvalue())
    return form


@pytest.mark.parametrize("kind", ["startxref", "numeric /T", "/Parent loop", "deep /Kids", "/Count 1e9", "aes"])
def test_a_malformed_form_is_filled_or_refused_in_one_line_never_an_internal_error(tmp_path, kind):
    """pypdf's exceptions were "internal error"; its warnings reached stderr raw."""
    form = hostile_form(tmp_path, kind)
    out = tmp_path / "sheet.pdf"
    rc, _, err = deckcheck_process("decklist", str(SAMPLES / "tcg" / "branded-despia.ydk"), "--form", str(form),
                                   "-o", str(out), "--player", "Jane Doe", "--konami-id", "12345678", "--event", "Cup",
                                   "--date", "2026-11-29", cwd=tmp_path, timeout=120)
    assert all(line.startswith("deckcheck: ") for line in err.splitlines()), err
    assert (rc == 0 and out.stat().st_size > 0) or (rc == 2 and "--form" in err and not out.exists()), (rc, err)


def test_a_format_title_with_controls_is_refused(tmp_path):
    """A format's title printed raw in the text report's first line (ESC sequences, U+202E, CR/LF)."""
    from deckcheck.formats import FormatError, FormatStore

    for title in ("\\e[2J\\e[31mTCG", "GCT\\u202e", "A\\r::error::pwned", "A\\n::error::pwned"):  # YAML escapes
        path = tmp_path / "fmt.yaml"
        path.write_text(f'title: "{title}"\nextends: tcg\n', encoding="utf-8")
        with pytest.raises(FormatError, match=r"fmt\.yaml:1: title: must be one line of printable text"):
            FormatStore(None).load_path(path)


# ---- issue 26: tiny widths ---------------------------------------------------------------------------------


@pytest.mark.parametrize("columns", ["0", "1", "12"])
def test_a_tiny_width_never_gives_an_empty_report_or_cut_words(tmp_path, columns):
    """COLUMNS=0 gave an empty report (exit 1, no message) and replaced --output report.txt with 0 bytes;
    narrow terminals cut card's words, passcodes included."""
    deck = SAMPLES / "tcg" / "snake-eye-illegal.yaml"
    rc, out, _ = deckcheck("check", str(deck), env={"COLUMNS": columns})
    assert rc == 1 and "ILLEGAL" in out and len(out) > 500, out
    report = tmp_path / "report.txt"
    report.write_text("the previous report\n")
    rc, _, err = deckcheck("check", str(deck), "--output", str(report), env={"COLUMNS": columns})
    assert rc == 1 and "ILLEGAL" in report.read_text() and len(report.read_text()) > 500, err
    rc, out, _ = deckcheck("card", "Ash Blossom & Joyous Spring", env={"COLUMNS": columns})
    words = out.split()
    assert rc == 0 and "14558127," in words and {"Ash", "Blossom", "Joyous", "Spring"} <= set(words), out


# ---- issue 26: format files checked for meaning ------------------------------------------------------------


def test_a_long_chain_of_formats_is_not_called_a_circle(tmp_path):
    from deckcheck.formats import MAX_EXTENDS, FormatError, FormatStore

    count = MAX_EXTENDS + 2
    for i in range(count):
        parent = f"f{i + 1}.yaml" if i + 1 < count else "tcg"
        (tmp_path / f"f{i}.yaml").write_text(f"title: F{i}\nextends: {parent}\n")
    with pytest.raises(FormatError) as caught:
        FormatStore(None).load_path(tmp_path / "f0.yaml")
    assert "circle" not in str(caught.value) and f"more than {MAX_EXTENDS} formats" in str(caught.value)
    (tmp_path / "f3.yaml").write_text("title: F3\nextends: f1.yaml\n")
    with pytest.raises(FormatError, match="circle"):
        FormatStore(None).load_path(tmp_path / "f0.yaml")


def test_the_user_formats_folder_never_breaks_the_listing(tmp_path):
    """MyFmt.yaml, a dangling symlink and a FIFO in formats/ broke `deckcheck formats`; tcg.yaml was ignored."""
    from deckcheck.formats import FormatError, FormatStore

    folder = tmp_path / "formats"
    folder.mkdir()
    (folder / "MyFmt.yaml").write_text("title: Mine\nextends: tcg\n")
    (folder / "gone.yaml").symlink_to(tmp_path / "nowhere.yaml")
    fifo(folder / "pipe.yaml")
    store = FormatStore(folder)
    assert store.user_ids() == ["myfmt"]
    with within(20):
        assert [f.id for f in store.all()][-1] == "myfmt" and store.get("MyFmt").title == "Mine"
    (folder / "tcg.yaml").write_text("title: Not TCG\nextends: ocg\n")
    with pytest.raises(FormatError, match="cannot take the id of the built-in format 'tcg'"):
        FormatStore(folder).get("tcg")


@pytest.mark.parametrize("rules,needle", [("banlist: {lists: genesys}", "are points lists"),
                                          ("points-cap: {lists: tcg, cap: 100}", "give no points")])
def test_a_format_may_not_take_points_for_a_banlist_or_a_banlist_for_points(check_text, tmp_path, rules, needle):
    from deckcheck.carddb import DataError

    path = tmp_path / "odd.yaml"
    path.write_text(f"title: Odd\nextends: tcg\nrules:\n  {rules}\n")
    with pytest.raises(DataError, match=needle):
        check_text(LEGAL_YDK.decode(), ".ydk", format=str(path))


def test_option_lists_are_each_value_once(tmp_path):
    """also: [ocg × 40000] took 71 s and 2.4 GB."""
    from deckcheck.formats import FormatStore

    path = tmp_path / "many.yaml"
    path.write_text("title: Many\nextends: tcg\nrules:\n  banlist: {also: [" + ", ".join(["ocg"] * 40_000) + "]}\n")
    with within(60):
        assert FormatStore(None).load_path(path).options("banlist")["also"] == ("ocg",)


def test_a_setuid_file_overwritten_by_output_loses_the_bit(tmp_path):
    """An existing setuid file overwritten by -o kept mode 4755."""
    report = tmp_path / "report.txt"
    report.write_text("#!/bin/sh\n")
    os.chmod(report, 0o4755)
    rc, _, err = deckcheck("check", str(SAMPLES / "tcg" / "branded-despia.ydk"), "--output", str(report))
    assert rc == 0, err
    assert report.stat().st_mode & 0o7777 == 0o755 and "LEGAL" in report.read_text()


@pytest.mark.parametrize("row", [b"[1]", b'[14558127, 5, "main"]', b'["x", "y"]', b"[\xff]"])
def test_a_malformed_card_row_is_a_data_error_not_an_unreadable_deck(tmp_path, row):
    """A card index row that is malformed but whose file matches state.json blamed the decks as
    "unreadable, please report this file"."""
    from deckcheck.carddb import DataError, _Table

    source = REPO / "deckcheck" / "data" / "cards.jsonl"
    header, _, body = source.read_bytes().partition(b"\n")
    lines = body.split(b"\n")
    damaged = tmp_path / "cards.jsonl"
    damaged.write_bytes(header + b"\n" + b"\n".join([row] + lines[1:]))
    table = _Table(damaged)
    with pytest.raises(DataError, match="card data is damaged"):
        table.card(0)


def test_a_card_index_with_its_fields_in_another_order_gives_the_same_cards(tmp_path):
    """A row unpacks as it is only when the index's fields are in Card's order (the bundled index); an index
    written with another order, or without levels (older data), is read by its header's fields."""
    import json

    from deckcheck.carddb import _Table
    from deckcheck.model import Card

    source = REPO / "deckcheck" / "data" / "cards.jsonl"
    header_line, _, body = source.read_bytes().partition(b"\n")
    header = json.loads(header_line)
    fields = header["fields"]
    rows = [json.loads(line) for line in body.split(b"\n")[:300] if line]
    for order in (list(reversed(fields)), [f for f in fields if f != "level"]):
        moved = tmp_path / f"cards-{len(order)}.jsonl"
        at = [fields.index(f) for f in order]
        lines = [json.dumps([row[i] for i in at]).encode() for row in rows]
        kept = header["passcodes"][:300]
        alts = {alt: p for alt, p in header.get("alt_passcodes", {}).items() if p in kept}
        moved.write_bytes(json.dumps({**header, "fields": order, "passcodes": kept, "alt_passcodes": alts}).encode()
                          + b"\n" + b"\n".join(lines) + b"\n")
        bundled, table = _Table(source), _Table(moved)
        for i in range(len(rows)):
            want = {name: getattr(bundled.card(i), name) for name in Card.__slots__}
            if "level" not in order:
                want["level"] = None
            assert {name: getattr(table.card(i), name) for name in Card.__slots__} == want
