"""`deckcheck check` end to end on generated decklists and file names, in every output format.

The decks are near-valid: the real sample decks (real passcodes and names from the shipped
index) with lines swapped, dropped, repeated, and hostile strings mixed in — rich markup,
terminal escapes, bidi controls, workflow commands, odd numbers — in file names too, some of
them not UTF-8. Whatever comes in, every format must give: exit 0, 1 or 2; no traceback;
output that parses in its format; no raw control character; and no line a CI runner would
obey as a workflow command, except the commands ``-o github`` writes itself (issue 8).

The generated examples run in this process (tests/inprocess.py: the command's main()); a fixed set of the
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
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from deckcheck.report import OUTPUT_FORMATS, csv_report

from .conftest import REPO, examples

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


def _konami_ids() -> list[int]:
    from deckcheck.datastore import load_cards

    cards = load_cards()
    return sorted({card.konami_id for p in REAL_PASSCODES if (card := cards.by_passcode(int(p))) and card.konami_id})


REAL_KONAMI_IDS = _konami_ids()
_codes = st.lists(st.one_of(st.sampled_from(REAL_PASSCODES).map(int), st.integers(0, 2**28 - 1)), max_size=45)
_ids = st.lists(st.one_of(st.sampled_from(REAL_KONAMI_IDS), st.integers(0, 10**7)), max_size=45)


@st.composite
def new_format_files(draw) -> bytes:
    """A decklist in one of the formats added with issue 26's surfaces, as a .txt (read by its content): a list of
    Konami IDs, a Master Duel deck JSON, a YGOMobile deck link, a MyCard deck code; real and random numbers, a
    hostile deck name, now and then a cut or a hostile tail."""
    from deckcheck.parsers.konami_ids import encode_konami_ids
    from deckcheck.parsers.md_json import encode_md_json
    from deckcheck.parsers.mycard import encode_mycard
    from deckcheck.parsers.ygomobile import encode_ygomobile

    kind = draw(st.sampled_from(["konami-ids", "md-json", "ygomobile", "mycard"]))
    name = draw(st.one_of(st.none(), _word))
    if kind in ("konami-ids", "md-json"):
        main, extra, side = draw(_ids), draw(_ids.map(lambda x: x[:15])), draw(_ids.map(lambda x: x[:15]))
        if kind == "md-json":
            text = encode_md_json(name, {"main": main, "extra": extra, "side": side})
        else:
            text = encode_konami_ids({section: [(i, 1) for i in ids] for section, ids in
                                      (("main", main), ("extra", extra), ("side", side))})
            text = (f"# {name}\n" if name else "") + text
    else:
        codes = {"main": draw(_codes), "extra": draw(_codes.map(lambda x: x[:15])), "side": draw(_codes.map(lambda x: x[:15]))}
        try:
            text = encode_ygomobile(name, codes) if kind == "ygomobile" else encode_mycard(codes)
        except ValueError:  # more than the code can hold: a code of nothing
            text = encode_ygomobile(name, {}) if kind == "ygomobile" else "AAAA"
    cut = draw(st.sampled_from([None, None, "cut", "tail"]))
    if cut == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif cut == "tail":
        text += draw(_hostile)
    return text.encode("utf-8", "surrogatepass")


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
    (YDK, YAML, a text decklist, a ydke link, and as .txt a Konami ID list, a Master Duel JSON, a YGOMobile link,
    a MyCard code)."""
    files = {}
    makers = {".ydk": ydk_decks, ".yaml": yaml_decks, ".yml": yaml_decks, ".txt": text_decks, ".ydke": ydke_files,
              "new": new_format_files}
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(list(makers)))
        suffix = ".txt" if kind == "new" else kind
        content = draw(makers[kind]())
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


def check_output(fmt: str, code: int, out: bytes, err: bytes, decks) -> None:
    """``decks``: how many decks the report holds, or (at least, at most) when a .txt found in a folder may be
    skipped as no decklist."""
    low, high = decks if isinstance(decks, tuple) else (decks, decks)
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
        assert low <= len(json.loads(text)["decks"]) <= high
    elif fmt == "sarif":
        assert json.loads(text)["version"] == "2.1.0"
    elif fmt == "junit":
        assert low <= len(list(ET.fromstring(text).iter("testcase"))) <= high
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(text, newline="")))
        assert low <= len(rows) - 1 <= high and {len(row) for row in rows} == {len(csv_report.COLUMNS)}
    elif fmt == "text":
        assert re.search(r"\d+ decks? checked: ", text)


def write_batch(folder: Path, batch: list[tuple[bytes, bytes]]) -> None:
    for name, content in batch:
        with open(os.path.join(os.fsencode(folder), name), "wb") as f:
            f.write(content)


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(batch=batches(), columns=st.sampled_from(["40", "80", "200"]))
def test_every_format_survives_hostile_decks_and_names(batch, columns):
    from .inprocess import deckcheck

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "decks"
        folder.mkdir()
        write_batch(folder, batch)
        for fmt in FORMATS:
            result = deckcheck("check", folder, "-o", fmt, env={"COLUMNS": columns, "NO_COLOR": "1"}, text=False)
            texts = sum(1 for name, _ in batch if name.endswith(b".txt"))  # a .txt found may be no decklist
            check_output(fmt, result.returncode, result.stdout, result.stderr, (len(batch) - texts, len(batch)))


# ---- the same in real processes ------------------------------------------------------------------

SMOKE = [
    (os.fsencode(HOSTILE[4]) + b".ydk", b"#main\n14558127\n" + HOSTILE[0].encode() + b"\n#extra\n!side\n"),
    (b"::error::INJECTED-cmd.ydk", (REPO / "sample_decks" / "tcg" / "branded-despia.ydk").read_bytes()),
    ("デッキ".encode("shift_jis") + b".ydk", b"#main\n0\n14558127 ##[error]x\n\x1b[2K\n"),
    (b"inj.yaml", (b'name: "x\\n::error::name \\u202e"\nmain:\n  - "1 [link=https://evil.example]Ash Blossom[/link]"\n'
                   b'  - "1 x\\n::error::card"\n  - "\\ud800 \\x1b[31m"\n')),
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


def _data_dir(root: Path, list_file: str, format_file: str) -> Path:
    """A data directory as `deckcheck update` leaves one (state.json naming generation 1), holding a list file
    (the newest TCG list: a check in tcg reads it) and, in the user's formats folder, a format file."""
    from deckcheck import datastore

    data = root / "data"
    lists = data / "generations" / "1" / "banlists" / "tcg"
    lists.mkdir(parents=True)
    (lists / "2026-06-01.yaml").write_text(list_file, encoding="utf-8", errors="surrogatepass")
    (data / "state.json").write_text(json.dumps({"schema": datastore.SCHEMA, "generation": 1,
                                                 "lists": {"source": {"origin": "test"}, "derived": []}}))
    (data / "formats").mkdir()
    (data / "formats" / "house.yaml").write_text(format_file, encoding="utf-8", errors="surrogatepass")
    return data


def _sound(args, proc) -> None:
    """Exit 0, 1 or 2; never a traceback or "internal error"; an error is a line or two, nothing raw."""
    assert proc.returncode in (0, 1, 2), (args, proc.returncode, proc.stderr[-500:])
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, (args, proc.stderr[-500:])
    assert not RAW_CONTROL.search(proc.stderr), (args, proc.stderr[-500:])
    if proc.returncode == 2:
        assert len(proc.stderr.strip().splitlines()) <= 3, (args, proc.stderr)


@pytest.fixture(scope="module")
def shared_cache() -> Path:
    """The test session's cache (conftest.isolated_user_dirs), for every example: the shipped lists are parsed
    once, not once an example (5 s each)."""
    return Path(os.environ["DECKCHECK_CACHE_DIR"])


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(format_file=st.lists(_yaml_piece, max_size=4).map("".join),
       config=st.lists(_toml_piece, max_size=3).map("".join),
       list_file=st.lists(_yaml_piece, max_size=3).map(lambda pieces: "name: x\nformat: tcg\neffective: 2026-06-01\n"
                                                                       + "".join(pieces)),
       config_as=st.sampled_from(["--config", "deckcheck.toml", "pyproject.toml"]),
       cache_garbage=st.binary(max_size=64))
def test_hostile_format_files_configs_data_dirs_and_caches(shared_cache, format_file, config, list_file, config_as,
                                                           cache_garbage):
    """Whatever format file (given, or in the data directory's formats/), configuration (--config, a repository's
    deckcheck.toml or pyproject.toml found from the working folder), list file in the data directory (the newest
    TCG list, read by every tcg check) or cache entry: exit 0, 1 or 2, a one-line error, never a traceback, a
    hang or an internal error; a damaged cache entry costs time, never the verdict."""
    from .inprocess import deckcheck

    deck = REPO / "sample_decks" / "tcg" / "snake-eye-illegal.yaml"
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "fmt.yaml").write_text(format_file, encoding="utf-8")
        (root / "self.yaml").write_text("extends: self.yaml\n", encoding="utf-8")
        data = _data_dir(root, list_file, format_file)
        repo = root / "repo"
        repo.mkdir()
        if config_as == "pyproject.toml":
            (repo / "pyproject.toml").write_text("[tool.deckcheck]\n" + config.replace("[decklist]", "[tool.deckcheck.decklist]"),
                                                 encoding="utf-8", errors="surrogatepass")
        else:
            (repo / "deckcheck.toml").write_text(config, encoding="utf-8", errors="surrogatepass")
        env = {"NO_COLOR": "1", "COLUMNS": "80", "DECKCHECK_DATA_DIR": str(data), "DECKCHECK_CACHE_DIR": str(shared_cache)}
        known = {p for p in shared_cache.rglob("*") if p.is_file()}
        config_args = ["--config", str(repo / "deckcheck.toml")] if config_as == "--config" else []
        runs = [["check", str(deck), "--format", str(root / "fmt.yaml")], ["check", str(deck), "--format", "house"],
                ["check", str(deck), *config_args], ["check", str(deck), "--no-config", "-o", "json"], ["formats"]]
        results = {}
        for args in runs:
            proc = deckcheck(*args, cwd=repo, env=env)
            _sound(args, proc)
            results[tuple(args)] = proc
        # every cache entry of this example's files damaged: read again from the files, the same verdict
        entries = [p for p in shared_cache.rglob("*") if p.is_file() and p not in known]
        for entry in entries:
            entry.write_bytes(cache_garbage)
        again = deckcheck("check", str(deck), "--no-config", "-o", "json", cwd=repo, env=env)
        _sound("cache", again)
        before = results[("check", str(deck), "--no-config", "-o", "json")]
        assert again.returncode == before.returncode
        if before.returncode != 2:
            assert json.loads(again.stdout)["decks"] == json.loads(before.stdout)["decks"]


_ROUND_TRIP_FORMATS = ("ydk", "ydke", "yaml", "text", "konami-ids", "md-json", "mycard", "ygomobile")


@st.composite
def convertible_decks(draw) -> tuple[str, bytes]:
    """(suffix, decklist): a sample deck with real cards added, dropped or moved (alternate artworks, twins of
    one name), under a hostile deck name now and then — what a player hands to convert."""
    from deckcheck.convert import FORMATS as OUT

    # not branded-no-extra-marker.ydk: its Extra Deck monsters end the Main Deck with no #extra line, which a check
    # reads as a mistake of its own (one wrong-section problem, the Main Deck counted without them); written back
    # with the line, the same cards are one wrong-section problem each and the count of all of them
    base = draw(st.sampled_from([p for p in SAMPLES if p.suffix == ".ydk" and "no-extra" not in p.name]))
    lines = [line for line in base.read_text().splitlines() if line.strip()]
    for _ in range(draw(st.integers(0, 5))):
        at = draw(st.integers(1, max(len(lines) - 1, 1)))
        action = draw(st.sampled_from(["add", "drop", "repeat"]))
        if action == "add":
            lines.insert(at, str(draw(st.sampled_from(REAL_PASSCODES + ["5405694", "10000100", "14558128", "300201002"]))))
        elif action == "drop" and lines[at].isdigit():
            del lines[at]
        elif lines[at].isdigit():
            lines[at:at] = [lines[at]] * draw(st.integers(1, 3))
    text = "\n".join(lines) + "\n"
    source = draw(st.sampled_from(["ydk", "yaml", "md-json", "ygomobile"]))
    if source == "ydk":
        return ".ydk", text.encode()
    # the same deck in another input format, with a hostile name (convert writes it; its readers read it back)
    from deckcheck.convert import convert
    from deckcheck.datastore import load_cards
    from deckcheck.parsers import parse_deck
    from deckcheck.resolve import resolve

    cards = load_cards()
    deck = resolve(parse_deck(text.encode(), "in.ydk"), cards)
    deck.name = draw(st.one_of(st.none(), st.sampled_from(["ydke://AAAA!!!", "Deck: x", "# c", "::error::x", "\u202ex",
                                                          "http://deck.ourygo.top?ygotype=deck&v=1&d=AA", "{\"m\": 1}"]),
                               st.text(min_size=1, max_size=20).filter(str.strip)))
    return OUT[source], convert(deck, source, cards).text.encode("utf-8", "surrogatepass")


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck=convertible_decks(), to=st.sampled_from(_ROUND_TRIP_FORMATS))
def test_a_round_trip_through_convert_keeps_the_verdict(deck, to):
    """`deckcheck convert DECK --to X`, then `deckcheck check` of what it wrote, for every output format and
    decks in several input formats with hostile names: when convert says it kept every card (exit 0), the
    converted deck has the same verdict, the same section sizes and the same errors as the original."""
    from .inprocess import deckcheck

    suffix, content = deck
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        source = root / f"deck{suffix}"
        source.write_bytes(content)
        env = {"NO_COLOR": "1", "COLUMNS": "80"}
        out = root / ("back" + {"ydk": ".ydk", "ydke": ".ydke", "yaml": ".yaml"}.get(to, ".txt"))
        converted = deckcheck("convert", str(source), "--to", to, "--output", str(out), env=env)
        _sound(("convert", to), converted)
        if converted.returncode != 0:
            event("convert said it could not keep a card")
            return  # a card it could not keep (said, one line each): nothing to compare
        forced = ["--input-format", "mycard"] if to == "mycard" else []  # a short code is not recognised by its shape
        original = deckcheck("check", str(source), "-o", "json", env=env)
        back = deckcheck("check", str(out), "-o", "json", *forced, env=env)
        _sound(("check", to), back)
        before, after = (json.loads(proc.stdout)["decks"][0] for proc in (original, back))
        converting = {"syntax", "placeholder-passcode", "unofficial-name", "inexact-name"}  # what convert puts right
        if any(p["rule"] in converting for p in before["problems"]):
            event("convert puts a problem right")
            return
        event("compared")
        assert (after["legal"], after["sections"]) == (before["legal"], before["sections"]), (to, content)
        errors = lambda d: {p["rule"] for p in d["problems"] if p["severity"] == "error"}  # noqa: E731
        assert errors(after) == errors(before), (to, content)  # the same rules (a YDK with no #extra line groups
        # its wrong-section problems in one; written back with the line, they are one per card)
