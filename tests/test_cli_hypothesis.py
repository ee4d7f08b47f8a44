"""`deckcheck check` end to end on generated decklists and file names, in every output format.

The decks are near-valid: the real sample decks (real passcodes and names from the shipped
index) with lines swapped, dropped, repeated, and hostile strings mixed in — rich markup,
terminal escapes, bidi controls, workflow commands, odd numbers — in file names too, some of
them not UTF-8. Whatever comes in, every format must give: exit 0, 1 or 2; no traceback;
output that parses in its format; no raw control character; and no line a CI runner would
obey as a workflow command, except the commands ``-o github`` writes itself (issue 8).

The generated examples run in this process through the typer app (fast); a fixed set of the
same decks runs in real processes too, report files (``--output``) included.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from deckcheck.cli import app
from deckcheck.report import OUTPUT_FORMATS, csv_report

from .conftest import REPO

FORMATS = tuple(OUTPUT_FORMATS)
SAMPLES = sorted(p for p in (REPO / "sample_decks").rglob("*") if p.suffix in (".ydk", ".yaml"))
SAMPLE_LINES = {p.suffix: [line for s in SAMPLES if s.suffix == p.suffix for line in s.read_text().splitlines()]
                for p in SAMPLES}
REAL_PASSCODES = sorted({line for line in SAMPLE_LINES[".ydk"] if line.isdigit()})
REAL_NAMES = sorted({m.group(1) for line in SAMPLE_LINES[".yaml"]
                     if (m := re.match(r"\s*-\s*(?:\d+x?\s+)?([A-Z][^#]*?)\s*$", line))})

HOSTILE = [
    "[/]", "[bold red]x[/]", "[link=https://evil.example/steal]Ash Blossom[/link]", ":warning: :smile:",
    "\x1b[2K\x1b[1G\x1b[1;32m✓ LEGAL\x1b[0m", "\x1b]8;;https://evil.example\x07link\x1b]8;;\x07", "\x9b31m",
    "::error::INJECTED", "::warning file=a.ydk,line=1::fake", "  ::error::spaced", "\u3000::error::wide",
    "##[error]legacy", "x ##[set-output name=a]b", "%0A::error::x", "\r::error::cr", "\u2028::error::ls",
    "\u202eevil\u202c", "\u2066iso\u2069", "\u061c", "\x7f", "\x00", "\x85", "\ufeff",
    "0", "000000", "999999999", "1" * 40, "-1", "=cmd|' /C calc'!A0", "+1", "@x",
    "#main", "#extra", "!side", "#side", "#pickup", "$14558127$", "14558127 [/]", "14558127 ::error::x",
    "3 Ash Blossom & Joyous Spring", "Ash Blossom & Joyous Spring x3", "デッキ", "é" * 3,
]
NON_UTF8_NAMES = ["デッキ".encode("shift_jis"), "Ω".encode("utf-16-le"), b"\xff\xfe", b"caf\xe9", b"\x80\x9b"]

_hostile = st.sampled_from(HOSTILE)
_word = st.one_of(_hostile, st.sampled_from(REAL_NAMES), st.text(max_size=12))


@st.composite
def ydk_decks(draw) -> bytes:
    base = draw(st.sampled_from([p for p in SAMPLES if p.suffix == ".ydk"])).read_text().splitlines()
    lines = list(base)
    for _ in range(draw(st.integers(1, 8))):
        action = draw(st.sampled_from(["insert", "insert", "insert", "swap", "drop", "repeat"]))
        at = draw(st.integers(0, max(len(lines) - 1, 0)))
        if action == "insert":
            line = draw(st.one_of(_hostile, _hostile, st.sampled_from(REAL_PASSCODES),
                                  st.builds("{} {}".format, st.sampled_from(REAL_PASSCODES), _word),
                                  st.builds("{}{}".format, _hostile, _hostile), st.text(max_size=30)))
            lines.insert(at, line)
        elif lines and action == "swap":
            lines[at] = draw(st.sampled_from(REAL_PASSCODES))
        elif lines and action == "drop":
            del lines[at]
        elif lines:
            lines[at:at] = [lines[at]] * draw(st.integers(1, 4))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return newline.join(lines).encode("utf-8", "surrogatepass")


def _yaml_string(text: str) -> str:
    return json.dumps(text)  # a JSON string is a YAML double-quoted scalar; controls and surrogates \u-escaped


@st.composite
def yaml_decks(draw) -> bytes:
    base = draw(st.sampled_from([p for p in SAMPLES if p.suffix == ".yaml"])).read_text().splitlines()
    lines = list(base)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(1, max(len(lines) - 1, 1)))
        item = draw(st.one_of(
            st.builds("{} {}".format, st.integers(0, 100), _word),
            _hostile,
            _word,
            st.sampled_from(REAL_PASSCODES),
            st.text(max_size=20).map(lambda t: t + "\ud800" if t else t),  # a lone surrogate via \ud800
        ))
        quoted = draw(st.booleans())
        lines.insert(at, f"  - {_yaml_string(item) if quoted else item}")
    if draw(st.booleans()):
        lines.insert(0, f"name: {_yaml_string(draw(_word))}")
    return "\n".join(lines).encode("utf-8", "surrogatepass")


@st.composite
def text_decks(draw) -> bytes:
    """A text decklist (.txt): a header and real names with counts, hostile lines and words mixed in."""
    lines = ["Main Deck (40)", f"3 {draw(st.sampled_from(REAL_NAMES))}"]
    for _ in range(draw(st.integers(1, 10))):
        lines.append(draw(st.one_of(
            st.builds("{} {}".format, st.integers(0, 100), _word),
            st.builds("{} x{}".format, _word, st.integers(0, 5)),
            _hostile, _word, st.sampled_from(["Extra Deck (15)", "Side Deck — 15", "Monsters (3)", "Spells"]),
        )))
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines).encode("utf-8", "surrogatepass")


@st.composite
def ydke_files(draw) -> bytes:
    """One ydke link of real (and a few random) passcodes, after a hostile deck name on its line."""
    def section(size: int) -> str:
        codes = draw(st.lists(st.one_of(st.sampled_from(REAL_PASSCODES).map(int), st.integers(0, 2**32 - 1)),
                              max_size=size))
        return base64.b64encode(b"".join(code.to_bytes(4, "little") for code in codes)).decode()

    prefix = draw(st.one_of(st.just(""), _hostile.map(lambda h: h.replace("ydke", "") + ": ")))
    return f"{prefix}ydke://{section(45)}!{section(15)}!{section(15)}!\n".encode("utf-8", "surrogatepass")


@st.composite
def file_names(draw, suffix: str) -> bytes:
    stem = draw(st.one_of(
        st.sampled_from(HOSTILE).map(os.fsencode),
        st.builds("{}{}".format, _hostile, _word).map(lambda t: t.encode("utf-8", "surrogatepass")),
        st.sampled_from(NON_UTF8_NAMES),
        st.text(min_size=1, max_size=20).map(lambda t: t.encode("utf-8", "surrogatepass")),
        st.sampled_from(REAL_NAMES).map(str.encode),
    ))
    stem = stem.replace(b"/", b"_").replace(b"\0", b"_")[:120] or b"deck"
    return stem + suffix.encode()


@st.composite
def batches(draw) -> list[tuple[bytes, bytes]]:
    """1–4 decklists: (file name, content); names unique, never hidden, always a decklist suffix, one deck each
    (YDK, YAML, a text decklist, a ydke link)."""
    files = {}
    makers = {".ydk": ydk_decks, ".yaml": yaml_decks, ".yml": yaml_decks, ".txt": text_decks, ".ydke": ydke_files}
    for _ in range(draw(st.integers(1, 4))):
        suffix = draw(st.sampled_from(list(makers)))
        content = draw(makers[suffix]())
        name = draw(file_names(suffix))
        if name.startswith(b"."):
            name = b"_" + name
        files[name] = content
    return list(files.items())


# ---- the invariants --------------------------------------------------------------------------

RAW_CONTROL = re.compile("[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")
GITHUB_LINE = re.compile(r"::(group|endgroup|error|warning)[ :]|\d+ decks? checked: ")


def _lines(text: str) -> list[str]:
    return re.split(r"\r\n|\r|\n", text)  # as the runner reads them


def check_output(fmt: str, code: int, out: bytes, err: bytes, decks: int) -> None:
    assert code in (0, 1, 2), code
    text, errors = out.decode("utf-8"), err.decode("utf-8")  # valid UTF-8, or this raises
    assert "Traceback" not in errors and "internal error" not in errors, errors
    assert not RAW_CONTROL.search(errors), errors
    assert not RAW_CONTROL.search(text.replace("\r\n", "\n") if fmt == "csv" else text), repr(text)
    for line in _lines(text):
        if fmt == "github":
            assert not line.strip() or GITHUB_LINE.match(line), line
        else:
            assert not line.lstrip().startswith("::") and "##[" not in line, line
    if code == 2:
        return
    if fmt == "json":
        assert len(json.loads(text)["decks"]) == decks
    elif fmt == "sarif":
        assert json.loads(text)["version"] == "2.1.0"
    elif fmt == "junit":
        assert len(list(ET.fromstring(text).iter("testcase"))) == decks
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(text, newline="")))
        assert len(rows) == decks + 1 and {len(row) for row in rows} == {len(csv_report.COLUMNS)}
    elif fmt == "text":
        assert re.search(r"\d+ decks? checked: ", text)


def write_batch(folder: Path, batch: list[tuple[bytes, bytes]]) -> None:
    for name, content in batch:
        with open(os.path.join(os.fsencode(folder), name), "wb") as f:
            f.write(content)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(batch=batches(), columns=st.sampled_from(["40", "80", "200"]))
def test_every_format_survives_hostile_decks_and_names(batch, columns):
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "decks"
        folder.mkdir()
        write_batch(folder, batch)
        for fmt in FORMATS:
            result = runner.invoke(app, ["check", str(folder), "-o", fmt], env={"COLUMNS": columns, "NO_COLOR": "1"})
            assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
            check_output(fmt, result.exit_code, result.stdout_bytes, result.stderr_bytes, len(batch))


# ---- the same in real processes ------------------------------------------------------------------

SMOKE = [
    (os.fsencode(HOSTILE[4]) + b".ydk", b"#main\n14558127\n" + HOSTILE[0].encode() + b"\n#extra\n!side\n"),
    (b"::error::INJECTED-cmd.ydk", (REPO / "sample_decks" / "tcg" / "branded-despia.ydk").read_bytes()),
    ("デッキ".encode("shift_jis") + b".ydk", b"#main\n0\n14558127 ##[error]x\n\x1b[2K\n"),
    (b"inj.yaml", ('name: "x\\n::error::name \\u202e"\nmain:\n  - "1 [link=https://evil.example]Ash Blossom[/link]"\n'
                   '  - "1 x\\n::error::card"\n  - "\\ud800 \\x1b[31m"\n').encode()),
    (b"bad.yml", b"\xff\xfe\x00garbage"),
]


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_survives_hostile_decks_and_names_in_a_real_process(fmt, tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    write_batch(folder, SMOKE)
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "60"}
    env.pop("GITHUB_ACTIONS", None)
    report = tmp_path / f"report.{fmt}"
    for extra in ([], ["--output", str(report)]):
        proc = subprocess.run([sys.executable, "-m", "deckcheck", "check", "decks", "-o", fmt, *extra],
                              cwd=tmp_path, capture_output=True, env=env, timeout=120)
        out = report.read_bytes() if extra else proc.stdout
        check_output(fmt, proc.returncode, out, proc.stderr, len(SMOKE))
        assert proc.returncode == 1


# ---- issue 26: format files, config files, data-dir lists and convert as inputs ----------------------------

_yaml_piece = st.sampled_from([
    "title: T\n", "title: \"\\e[31m::error::x\"\n", "extends: tcg\n", "extends: genesys\n", "extends: nosuch\n",
    "extends: self.yaml\n", "a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
    "rules: {banlist: {lists: genesys}}\n", "rules: {points-cap: {lists: tcg, cap: 1}}\n",
    "rules: {banlist: {also: [ocg, ocg, ocg]}}\n", "rules: {copy-limit: {max: 99999999999999999999}}\n",
    "rules: {main-size: {min: !!binary aGk=}}\n", "rules: !!set {a}\n", "notes: [\"\\u202e\"]\n",
    "rules: {card-pool: {released_by: 2026-02-30}}\n", "region: jp\n", "[[[[\n", "\t- x\n", "\ufeff", "x: 1\nx: 2\n",
])
_toml_piece = st.sampled_from([
    'format = "fmt.yaml"\n', 'format = "tcg"\n', 'format = "nosuch"\n', "x = " + "[" * 3000 + "]" * 3000 + "\n",
    "[decklist]\nfont = \"/dev/zero\"\n", 'exclude = ["*"]\n', "as_of = 9999-12-31\n", "output_format = 5\n",
    'banlist = "\\u001b[31m"\n', "\x00", "[[a]]\n[[a]]\n",
])


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(format_file=st.lists(_yaml_piece, max_size=4).map("".join),
       config=st.lists(_toml_piece, max_size=3).map("".join),
       list_file=st.lists(_yaml_piece, max_size=3).map(lambda pieces: "name: x\nformat: tcg\neffective: 2020-01-01\n"
                                                                       + "".join(pieces)),
       to=st.sampled_from(["text", "yaml", "ydk", "ydke"]))
def test_hostile_format_files_configs_data_dirs_and_conversions(format_file, config, list_file, to):
    """Whatever format file, deckcheck.toml or list file in the data directory: exit 0, 1 or 2, a one-line error,
    never a traceback, a hang or an internal error; and what convert writes reads back to the same verdict."""
    runner = CliRunner()
    deck = REPO / "sample_decks" / "tcg" / "snake-eye-illegal.yaml"
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "fmt.yaml").write_text(format_file, encoding="utf-8")
        (root / "self.yaml").write_text("extends: self.yaml\n", encoding="utf-8")
        (root / "deckcheck.toml").write_text(config, encoding="utf-8")
        lists = root / "data" / "formats"
        lists.mkdir(parents=True)
        (lists / "house.yaml").write_text(format_file, encoding="utf-8")
        env = {"NO_COLOR": "1", "COLUMNS": "80", "DECKCHECK_DATA_DIR": str(root / "data")}
        runs = [["check", str(deck), "--format", str(root / "fmt.yaml")], ["check", str(deck), "--format", "house"],
                ["check", str(deck), "--config", str(root / "deckcheck.toml")], ["formats"]]
        for args in runs:
            result = runner.invoke(app, args, env=env)
            assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exc_info)
            assert result.exit_code in (0, 1, 2), (args, result.exit_code)
            err = result.stderr_bytes.decode("utf-8")
            assert "Traceback" not in err and "internal error" not in err, (args, err)
            if result.exit_code == 2:
                assert len(err.strip().splitlines()) <= 3 and not RAW_CONTROL.search(err), (args, err)
        from deckcheck.banlists import load_banlist
        from deckcheck.carddb import DataError

        (root / "2020-01-01.yaml").write_text(list_file, encoding="utf-8")
        try:
            load_banlist(root / "2020-01-01.yaml")
        except DataError as exc:
            assert "\n" not in str(exc)
        deck = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"  # every card known: every format holds it
        converted = runner.invoke(app, ["convert", str(deck), "--to", to], env=env)
        assert converted.exit_code in (0, 1), converted.stderr_bytes
        back = root / ("back" + {"text": ".txt", "yaml": ".yaml", "ydk": ".ydk", "ydke": ".ydke"}[to])
        back.write_bytes(converted.stdout_bytes)
        verdicts = [json.loads(runner.invoke(app, ["check", str(path), "-o", "json"], env=env).stdout)["decks"][0]
                    for path in (deck, back)]
        assert verdicts[0]["legal"] == verdicts[1]["legal"] and verdicts[0]["sections"] == verdicts[1]["sections"]
        assert {p["rule"] for p in verdicts[0]["problems"]} == {p["rule"] for p in verdicts[1]["problems"]}
