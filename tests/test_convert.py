"""`deckcheck convert`: each output format, unknown cards, folders, languages, exit codes, and
hypothesis round trips ydk → ydke → yaml → text → ydk over generated decks."""

from __future__ import annotations

import base64
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.convert import FORMATS, HOLDS_NAME, convert
from deckcheck.model import EXTRA, MAIN, SIDE
from deckcheck.parsers import parse_deck, read_deck
from deckcheck.resolve import resolve

from .conftest import REPO, examples
from .inprocess import deckcheck

SAMPLES = REPO / "sample_decks"
BRANDED = SAMPLES / "tcg" / "branded-despia.ydk"
SNAKE_EYE = SAMPLES / "tcg" / "snake-eye-illegal.yaml"
TEXT = REPO / "tests" / "fixtures" / "decks" / "text"


def run(*args, stdin: bytes = b"", cwd=REPO) -> subprocess.CompletedProcess:
    return deckcheck(*args, cwd=cwd, stdin=stdin, env={"NO_COLOR": "1"}, text=False)


def edopro_load(ydk: str) -> dict[str, list[int]]:
    """A YDK read as EDOPro reads it (peers.md): # lines are comments except #main/#extra, a line
    starting with ! switches to the Side Deck, other lines give their leading number, if any."""
    deck = {MAIN: [], EXTRA: [], SIDE: []}
    section = MAIN
    for line in ydk.replace("\r", "\n").split("\n"):
        if not line:
            continue
        if line.startswith("#"):
            section = {"#main": MAIN, "#extra": EXTRA}.get(line, section)
            continue
        if line.startswith("!"):
            section = SIDE
            continue
        digits = line[: len(line) - len(line.lstrip("0123456789"))]
        if digits:
            deck[section].append(int(digits))
    return deck


def identity(deck) -> Counter:
    """(section, name group) -> copies: the same cards in the same sections."""
    out: Counter = Counter()
    for e in deck.entries:
        out[(e.section, e.card.group if e.card is not None else (e.passcode, e.name))] += e.count
    return out


def converted(cards, data: bytes, path: str, to: str, **kw) -> str:
    return convert(resolve(parse_deck(data, path), cards), to, cards, **kw).text


def reread(cards, text: str, to: str):
    """What convert wrote, read back as deckcheck reads a file of it (by its suffix, else its content; a MyCard
    code as --input-format mycard reads it: one of fewer than six cards is not recognised by its shape)."""
    return resolve(parse_deck(text.encode("utf-8"), "x" + FORMATS[to], "mycard" if to == "mycard" else None), cards)


# -------------------------------------------------------------------------------------- formats


def test_ydk_is_what_edopro_loads(cards):
    ydk = converted(cards, BRANDED.read_bytes(), "a.ydk", "ydk")
    assert ydk.splitlines()[:2] == ["#created by deckcheck", "#main"]
    assert "#extra" in ydk.splitlines() and "!side" in ydk.splitlines()
    original = edopro_load(BRANDED.read_text())
    assert edopro_load(ydk) == original


def test_ydke_matches_an_independent_encoder(cards):
    link = converted(cards, BRANDED.read_bytes(), "a.ydk", "ydke").strip()
    sections = edopro_load(BRANDED.read_text())
    parts = [base64.b64encode(b"".join(c.to_bytes(4, "little") for c in sections[s])).decode() for s in (MAIN, EXTRA, SIDE)]
    assert link == "ydke://" + "!".join(parts) + "!"


def test_text_is_a_registration_sheet(cards):
    text = converted(cards, BRANDED.read_bytes(), "a.ydk", "text")
    lines = text.splitlines()
    assert lines[:3] == ["Main Deck (40)", "Monster (21)", "3 Fallen of Albaz"]
    headers = [line for line in lines if line and not line[0].isdigit()]
    assert headers == ["Main Deck (40)", "Monster (21)", "Spell (13)", "Trap (6)", "Extra Deck (15)",
                       "Side Deck (15)", "Monster (12)", "Spell (1)", "Trap (2)"]
    deck = reread(cards, text, "text")
    assert deck.problems == [] and identity(deck) == identity(resolve(read_deck(BRANDED), cards))


def test_text_uses_the_official_names_whatever_was_written(cards):
    data = b"main:\n  - 3 ash blossom and joyous spring\n  - 1 Adamatia Seeker\n  - 2 \xe7\x81\xb0\xe6\xb5\x81\xe3\x81\x86\xe3\x82\x89\xe3\x82\x89\n"
    text = converted(cards, data, "a.yaml", "text")
    assert text.splitlines() == ["Main Deck (6)", "Monster (6)", "5 Ash Blossom & Joyous Spring", "1 Adamancipator Seeker"]


@pytest.mark.parametrize("lang,expected", [("de", "3 Aschenblüte & Freudiger Frühling"), ("ja", "3 灰流うらら"),
                                           ("zh-CN", "3 灰流丽")])
def test_text_and_yaml_in_another_language_read_back(cards, lang, expected):
    for to in ("text", "yaml"):
        out = converted(cards, BRANDED.read_bytes(), "a.ydk", to, lang=lang)
        assert expected in out
        deck = reread(cards, out, to)
        assert identity(deck) == identity(resolve(read_deck(BRANDED), cards))


def test_yaml_keeps_alternate_artworks_and_reads_back(cards):
    data = b"#main\n46986414\n36996508\n36996508\n89631139\n#extra\n!side\n"
    yaml_text = converted(cards, data, "a.ydk", "yaml")
    assert "{name: Dark Magician, passcode: 36996508, count: 2}" in yaml_text
    assert "1 Dark Magician\n" in yaml_text
    back = reread(cards, yaml_text, "yaml")
    assert [(e.passcode, e.count) for e in back.entries] == [(None, 1), (36996508, 2), (None, 1)]
    assert edopro_load(converted(cards, yaml_text.encode(), "x.yaml", "ydk"))[MAIN] == [46986414, 36996508, 36996508,
                                                                                         89631139]


def test_omega_and_text_inputs_convert_to_ydk(cards):
    for path in sorted(TEXT.glob("*.txt")):
        ydk = converted(cards, path.read_bytes(), str(path), "ydk")
        assert sorted(edopro_load(ydk)[EXTRA]) == sorted(edopro_load(BRANDED.read_text())[EXTRA]), path.name


# ---------------------------------------------------------------------------------- unknown cards


UNKNOWN = "main:\n  - 3 Snake-Eye Maple\n  - 12345678\n  - 2 Ash Blossom & Joyous Spring\n  - \"1 Evil \\x1b[31mName\\u202e\"\n"


@pytest.mark.parametrize("to", ["ydk", "ydke", "yaml", "text"])
def test_unknown_cards_are_kept_and_reported(tmp_path, to):
    deck = tmp_path / "deck.yaml"
    deck.write_text(UNKNOWN, encoding="utf-8")
    proc = run("convert", deck, "--to", to)
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode == 1
    assert "unknown-card" in err and "Snake-Eye Maple" in err and "12345678" in err
    assert not any(ch in out for ch in "\x1b\u202e")  # nothing from the decklist is a control character
    if to == "ydk":
        assert "# not a known card: 3 Snake-Eye Maple" in out and "\n12345678\n" in out
        assert "kept as a comment line" in err and "kept as its passcode" in err
        assert "\\x1b[31m" in out
    elif to == "ydke":
        assert "left out: a ydke link holds passcodes only" in err
    else:
        assert "Snake-Eye Maple" in out and "12345678" in out
        assert "kept as written" in err
        back = parse_deck(out.encode(), f"x.{'txt' if to == 'text' else 'yaml'}")
        assert {(e.name, e.passcode, e.count) for e in back.entries} >= {("Snake-Eye Maple", None, 3), (None, 12345678, 1)}


def test_an_unreadable_file_exits_1_and_the_others_convert(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "bad.ydk").write_bytes(b"\x00\x01\x02")
    (folder / "good.ydk").write_bytes(BRANDED.read_bytes())
    proc = run("convert", folder, "--to", "yaml", "--output", tmp_path / "out")
    assert proc.returncode == 1 and b"unreadable" in proc.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["good.yaml"]


# ------------------------------------------------------------------------------ files and folders


def test_a_folder_converts_every_decklist_keeping_its_layout(tmp_path):
    proc = run("convert", SAMPLES, "--to", "ydk", "--output", tmp_path / "out")
    assert proc.returncode == 1  # snake-eye-illegal.yaml has a misspelt card
    written = sorted(str(p.relative_to(tmp_path / "out")) for p in (tmp_path / "out").rglob("*"))
    assert "tcg/branded-despia.ydk" in written and "tcg/snake-eye-illegal.ydk" in written and "side/duel2-sided.ydk" in written
    assert not [p for p in written if p.endswith(".tmp") or "/." in p]
    assert edopro_load((tmp_path / "out" / "tcg" / "branded-despia.ydk").read_text()) == edopro_load(BRANDED.read_text())


def test_several_links_become_several_files_and_one_link_a_line(tmp_path):
    link = run("convert", BRANDED, "--to", "ydke").stdout.decode().strip()
    links = tmp_path / "links.txt"
    links.write_text(f"{link}\n{link}\n", encoding="utf-8")
    proc = run("convert", links, "--to", "yaml", "--output", tmp_path / "out")
    assert proc.returncode == 0, proc.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["links-1.yaml", "links-2.yaml"]
    proc = run("convert", links, "--to", "ydke")
    assert proc.stdout.decode().split() == [link, link]
    proc = run("convert", links, "--to", "text")
    assert proc.returncode == 2 and b"--output FOLDER" in proc.stderr


def test_stdin_and_a_link_argument(tmp_path):
    link = run("convert", BRANDED, "--to", "ydke").stdout.decode().strip()
    proc = run("convert", "-", "--to", "ydk", stdin=link.encode())
    assert proc.returncode == 0 and edopro_load(proc.stdout.decode()) == edopro_load(BRANDED.read_text())
    proc = run("convert", link, "--to", "text", "--output", tmp_path / "deck.txt")
    assert proc.returncode == 0 and (tmp_path / "deck.txt").read_text().startswith("Main Deck (40)")


def test_output_file_is_replaced_in_one_step(tmp_path):
    target = tmp_path / "deck.ydk"
    target.write_text("old", encoding="utf-8")
    proc = run("convert", SNAKE_EYE, "--to", "ydk", "--output", target)
    assert proc.returncode == 1 and target.read_text().startswith("#created by deckcheck")
    assert [p.name for p in tmp_path.iterdir()] == ["deck.ydk"]


@pytest.mark.parametrize("args,needle", [
    (["convert", "missing.ydk", "--to", "ydk"], "no such file"),
    (["convert", str(BRANDED), "--to", "pdf"], "pdf"),
    (["convert", str(BRANDED)], "--to"),
    (["convert", str(BRANDED), "--to", "ydk", "--lang", "de"], "--lang applies to"),
    (["convert", str(BRANDED), "--to", "text", "--lang", "xx"], "xx"),
])
def test_usage_errors_exit_2(args, needle):
    proc = run(*args)
    assert proc.returncode == 2 and needle.encode() in proc.stderr and b"Traceback" not in proc.stderr


# ------------------------------------------------------------------------------- round trips


def test_every_card_name_reads_back_from_text_and_yaml(cards):
    """Each card, written by name as convert writes it (text, YAML), is the same card again: no name
    is taken for a header, a count, a passcode or a note; every alternate artwork too (YAML)."""
    rows = [c for c in cards.cards() if c.kind in ("main", "extra")]
    assert len(rows) > 13_000
    for start in range(0, len(rows), 450):  # a decklist holds at most 1,000 entries
        chunk = rows[start:start + 450]
        written = "main:\n" + "".join(f"  - {{passcode: {p}, count: 2}}\n" for c in chunk for p in c.passcodes[:2])
        deck = resolve(parse_deck(written.encode(), "x.yaml"), cards)
        for to in ("text", "yaml"):
            back = reread(cards, convert(deck, to, cards).text, to)
            assert back.problems == [] and back.unresolved == {}, to
            assert identity(back) == identity(deck), to
        assert sorted(edopro_load(convert(reread(cards, convert(deck, "yaml", cards).text, "yaml"), "ydk").text)[MAIN]) == \
            sorted(p for c in chunk for p in c.passcodes[:2] for _ in range(2))


@pytest.fixture(scope="module")
def pools(cards):
    main = [c for c in cards.cards() if c.kind == "main" and c.origin == "official"]
    extra = [c for c in cards.cards() if c.kind == "extra" and c.origin == "official"]
    return main, extra


@st.composite
def generated_decks(draw, pools) -> bytes:
    """A YDK of real cards: Main Deck cards in Main, Extra Deck monsters in Extra, both in Side; an
    alternate artwork now and then; copies on adjacent lines or not."""
    main_pool, extra_pool = pools
    def section(pool, size):
        cards = draw(st.lists(st.sampled_from(pool), max_size=size))
        codes = []
        for card in cards:
            passcode = draw(st.sampled_from(card.passcodes)) if len(card.passcodes) > 1 else card.passcode
            codes.extend([passcode] * draw(st.integers(1, 3)))
        return codes
    main = section(main_pool, 20)
    extra = section(extra_pool, 8)
    side = section(main_pool + extra_pool, 8)
    lines = ["#created by test", "#main", *map(str, main), "#extra", *map(str, extra), "!side", *map(str, side)]
    return ("\n".join(lines) + "\n").encode()


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_round_trip_ydk_ydke_yaml_text_ydk(cards, pools, data):
    ydk = data.draw(generated_decks(pools))
    start = resolve(parse_deck(ydk, "a.ydk"), cards)
    current = ydk.decode()
    for to in ("ydke", "yaml", "text", "ydk"):
        previous = {"ydke": "ydk", "yaml": "ydke", "text": "yaml", "ydk": "text"}[to]
        deck = reread(cards, current, previous)
        assert identity(deck) == identity(start), (previous, to)
        result = convert(deck, to, cards)
        assert result.left_out == []
        current = result.text
    final = reread(cards, current, "ydk")
    assert identity(final) == identity(start)
    assert final.problems == []
    # the same counts per section, and the same cards in each
    for section in (MAIN, EXTRA, SIDE):
        assert final.sizes[section] == start.sizes[section]
    # text holds names only: after it, an alternate artwork is its card's own passcode
    assert sorted(edopro_load(current)[EXTRA]) == sorted(e.card.passcode for e in start.entries if e.section == EXTRA
                                                          for _ in range(e.count))


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_round_trip_keeps_alternate_artworks_through_ydke_and_yaml(cards, pools, data):
    ydk = data.draw(generated_decks(pools))
    start = edopro_load(ydk.decode())
    link = convert(resolve(parse_deck(ydk, "a.ydk"), cards), "ydke").text
    yaml_text = convert(reread(cards, link, "ydke"), "yaml", cards).text
    back = convert(reread(cards, yaml_text, "yaml"), "ydk").text
    assert {s: sorted(codes) for s, codes in edopro_load(back).items()} == {s: sorted(c) for s, c in start.items()}


def test_converting_to_english_reads_no_other_names():
    code = ("import sys; from deckcheck.cli import main; sys.argv=['deckcheck','convert',sys.argv[1],'--to','text'];\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\nprint('deckcheck.names' in sys.modules, file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code, str(BRANDED)], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert proc.stderr.strip().endswith("False")


# --- issue 26: whatever convert writes reads back as the same deck, or says which entries it could not keep ---

TWINS_AND_TRAPS = [5405694, 10000100, 45809008, 300201002, 34298391, 300201008, 30548775, 42427230, 14558127,
                   67048711, 74414885, 32809211]  # same-name twins, Skill Cards, Branch!/Division, "7", "NEXT"
HOSTILE_NAMES = st.one_of(
    st.sampled_from(["14558127", "0", "# c", "// c", "Foo LOB-EN001", "Foo (Ultra Rare)", "Foo // c", "3 Foo",
                     "Foo x3", "Main Deck (40)", "ydke://AAAA!!!", "Deck: x", "#main", "!side", "- Foo", "Foo: bar"]),
    st.text(st.sampled_from("Ab 7#/:-()[]x!é人,\"'"), min_size=1, max_size=12).filter(lambda s: s.strip()),
)
ENTRY = st.one_of(
    st.tuples(st.sampled_from(TWINS_AND_TRAPS), st.none()),
    st.tuples(st.none(), HOSTILE_NAMES),
    st.tuples(st.integers(900_000_000, 999_999_999), st.none()),  # passcodes no card has
)


def yaml_deck(deck_name: str | None, entries) -> str:
    import json

    lines = [f"name: {json.dumps(deck_name)}"] if deck_name is not None else []
    for section, group in (("main", entries[0]), ("extra", entries[1]), ("side", entries[2])):
        if group:
            lines.append(f"{section}:")
        for (passcode, name), count in group:
            what = f"passcode: {passcode}" if passcode is not None else f"name: {json.dumps(name)}"
            lines.append(f"  - {{{what}, count: {count}}}")
    return "\n".join(lines or ["main: []"]) + "\n"


def tally(entries, leave_out=()) -> Counter:
    out: Counter = Counter()
    for e in entries:
        if id(e) not in leave_out:
            out[(e.section, e.card.passcode if e.card is not None else (e.passcode, e.name))] += e.count
    return out


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(deck_name=st.one_of(st.none(), HOSTILE_NAMES),
       entries=st.lists(st.lists(st.tuples(ENTRY, st.integers(1, 3)), max_size=5), min_size=3, max_size=3),
       lang=st.sampled_from(["en", "de", "ja"]))
def test_what_convert_writes_reads_back_as_the_same_deck(cards, deck_name, entries, lang):
    """An unknown card named "14558127" came back as Ash Blossom, names lost their "// comment" or set code,
    Black Luster Soldier and the Skill Cards Destiny Draw and Mind Scan came back as their twins, Branch! as
    Division with --lang, a ydke link in a deck's name became the deck. Every entry now reads back as
    itself, or convert lists it (unfaithful, kept as a comment; or kept as a comment by design, as YDK does
    with names and every format with passcode 0; or left out, where the format cannot hold it) and the command
    says so. Every output format (issue 26 item 9: konami-ids, md-json, mycard and ygomobile were not read
    back; a md-json or YGOMobile deck named by a ydke link was read as that link)."""
    deck = resolve(parse_deck(yaml_deck(deck_name, entries).encode(), "in.yaml"), cards)
    for to in FORMATS:
        out = convert(deck, to, cards, lang if to in ("text", "yaml") else "en")
        back = reread(cards, out.text, to)
        dropped = {id(e) for e in out.unfaithful + out.left_out}
        dropped |= {id(e) for e in deck.entries if e.card is None and (e.passcode == 0 or to in ("ydk", "ydke")
                                                                       and e.passcode is None)}
        assert tally(back.entries) == tally(deck.entries, dropped), (to, out.text)
        assert not {id(e) for e in out.unfaithful} & {id(e) for e in out.left_out}, to  # each reported once
        if to == "yaml":  # YAML holds every name as written
            assert all(e.card is None and (e.name or "").strip().isdigit() for e in out.unfaithful), out.text
        if to in ("konami-ids", "md-json"):  # what has a Konami ID reads back: nothing known is unfaithful
            assert all(e.card is None for e in out.unfaithful), out.text
        if to in HOLDS_NAME and deck.name and "ydke://" not in deck.name.lower():
            assert back.name == deck.name or to == "text", (to, out.text)


def test_convert_says_which_entries_no_line_reads_back_as(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text('name: "ydke://AAAA!!!"\nmain:\n  - 3 Ash Blossom & Joyous Spring\n  - {name: "Quux // c", count: 2}\n'
                    '  - {passcode: 10000100, count: 1}\n')
    proc = run("convert", str(deck), "--to", "text")
    err = proc.stderr.decode()
    assert proc.returncode == 1 and "2 Quux // c: no text line reads back as this card: kept as a comment" in err, err
    back = proc.stdout.decode()
    assert "ydke://" not in back and "1 10000100" in back and "3 Ash Blossom & Joyous Spring" in back, back
