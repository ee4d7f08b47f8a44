"""The deck fingerprint (docs/fingerprint.md): one code per deck content, in every input format, order and
artwork; another for any change; a check character that catches every single mistyped character. Real
decklists (sample_decks/, tests/fixtures/event/) and the real card data."""

from __future__ import annotations

import base64
import csv
import io
import json
import struct

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from deckcheck.checker import Checker, Selection
from deckcheck.cli import app
from deckcheck.fingerprint import (
    ALPHABET, InvalidFingerprint, canonical_form, code_of, counts_of, fingerprint, is_valid, parse,
)
from deckcheck.model import EXTRA, MAIN, SIDE, DeckEntry
from deckcheck.parsers import parse_deck, read_deck
from deckcheck.parsers.omega import encode_omega
from deckcheck.resolve import resolve

from .conftest import REPO, TODAY, examples

SAMPLES = REPO / "sample_decks"
EVENT = REPO / "tests" / "fixtures" / "event" / "submissions"
DECKS = sorted([*SAMPLES.rglob("*.ydk"), *SAMPLES.rglob("*.yaml"), *EVENT.iterdir()])
LEGAL_YDK = SAMPLES / "tcg" / "branded-despia.ydk"
SAMPLE_CODE = "DC1-7CRA-4B24-W0XJ-NMBN"  # branded-despia.ydk, as docs/fingerprint.md shows it
runner = CliRunner()


@pytest.fixture(scope="module")
def checker(cards, store):
    return Checker(cards, store, Selection(), today=TODAY)


def code_for(checker, data: bytes | str, name: str) -> str:
    """A deck's fingerprint as ``check`` gives it (parse, resolve, check)."""
    data = data.encode("utf-8") if isinstance(data, str) else data
    return checker.check_parsed(parse_deck(data, name)).fingerprint


# ---- the deck as copies of cards, written in every format by writers of this test ----------------

def copies_of(checker, path) -> dict[str, list]:
    """section -> [Card] per copy, in file order, of a deck whose every card is known."""
    deck = resolve(read_deck(path), checker.cards)
    out: dict[str, list] = {MAIN: [], EXTRA: [], SIDE: []}
    for entry in deck.entries:
        assert entry.card is not None, (path, entry)
        out[entry.section] += [entry.card] * entry.count
    return out


def write_ydk(deck, artwork) -> str:
    lines = ["#created by a test", "#main"]
    lines += [str(artwork(c)) for c in deck[MAIN]] + ["#extra"]
    lines += [str(artwork(c)) for c in deck[EXTRA]] + ["!side"]
    return "\n".join(lines + [str(artwork(c)) for c in deck[SIDE]]) + "\n"


def write_ydke(deck, artwork) -> str:
    def part(cards):
        return base64.b64encode(b"".join(struct.pack("<I", artwork(c)) for c in cards)).decode()
    return f"ydke://{part(deck[MAIN])}!{part(deck[EXTRA])}!{part(deck[SIDE])}!"


def write_yaml(deck, artwork) -> str:
    lines = ["name: a test deck"]
    for section in (MAIN, EXTRA, SIDE):
        lines.append(f"{section}:" if deck[section] else f"{section}: []")
        lines += [f"  - {{passcode: {artwork(c)}, count: 1}}" for c in deck[section]]
    return "\n".join(lines) + "\n"


def write_text(deck, _artwork) -> str:
    lines = []
    for section, title in ((MAIN, "Main Deck"), (EXTRA, "Extra Deck"), (SIDE, "Side Deck")):
        lines.append(title)
        lines += [f"1 {c.name}" for c in deck[section]]
        lines.append("")
    return "\n".join(lines)


def write_omega(deck, artwork) -> str:
    return encode_omega([artwork(c) for c in deck[MAIN] + deck[EXTRA]], [artwork(c) for c in deck[SIDE]])


WRITERS = {"ydk": (write_ydk, ".ydk"), "ydke": (write_ydke, ".ydke"), "yaml": (write_yaml, ".yaml"),
           "text": (write_text, ".txt"), "omega": (write_omega, ".txt")}
KNOWN_DECKS = [LEGAL_YDK, SAMPLES / "side" / "registered.ydk", EVENT / "gus-lindqvist-traptrix.ydk",
               EVENT / "kim-min-ji-blue-eyes.ydke", EVENT / "chen-wei-aesir.yaml",
               EVENT / "eli-moreau-despia-omega.txt"]


def test_the_code_has_its_documented_shape_and_the_sample_its_documented_code(checker):
    code = checker.check_path(LEGAL_YDK).fingerprint
    assert code == SAMPLE_CODE
    assert parse(code) == code and len(code) == len("DC1-") + 16 + 3
    assert set(code[4:].replace("-", "")) <= set(ALPHABET)


def test_the_documented_canonical_form(checker):
    """docs/fingerprint.md's example: an artwork is its card, a name not known is folded."""
    parsed = parse_deck(b"main:\n  - {passcode: 14558128, count: 1}\n  - 2 Ash Blossom & Joyous Spring\n"
                        b"side:\n  - 1 Snake-Eye   MAPLE\n", "deck.yaml")
    result = checker.check_parsed(parsed)
    entries = resolve(parsed, checker.cards).entries
    assert canonical_form(counts_of(entries)) == ("deckcheck-fingerprint-v1\nmain 14558127 3\n"
                                                         "side name:snake-eye maple 1\n")
    assert result.fingerprint == code_of(counts_of(entries))


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_check_gives_the_same_code_by_every_path(checker, path):
    """A file checked by the batch's way (``check_decks``) gets the code the parsed deck gets; and so does a copy
    of it under another name."""
    parsed = read_deck(path)
    full = checker.check_parsed(parsed)
    fresh = Checker(checker.cards, checker.store, Selection(), today=TODAY)
    (first, _), = fresh.check_decks(path, str(path))
    (again, _), = fresh.check_decks(path, "copy")
    resolved = resolve(parsed, checker.cards)
    assert full.fingerprint == first.fingerprint == again.fingerprint == fingerprint(resolved.entries)
    assert full.fingerprint is not None
    assert fingerprint(resolved.entries) == code_of(counts_of(resolved.entries))  # counted per section: the same form


_ENTRIES = st.lists(st.builds(
    DeckEntry, st.sampled_from([MAIN, EXTRA, SIDE]), st.integers(1, 300),
    st.sampled_from([0, 1, 12, 120, 1200, 5318639, 14558127, 14558128, 99999999, 999999999]),
    count=st.integers(-1, 150)), max_size=40)


@given(entries=_ENTRIES)
@settings(max_examples=examples(300), deadline=None)
def test_the_code_is_the_one_of_the_documented_form(entries):
    """``fingerprint``'s own counting (by line start, the sections put back in order after one sort) gives the code
    of the canonical form as docs/fingerprint.md writes it: passcodes that are prefixes of others, counts of 0
    and of 100 or more, a card in several entries and sections."""
    assert fingerprint(entries) == code_of(counts_of(entries))


@pytest.mark.parametrize("path", KNOWN_DECKS, ids=lambda p: p.name)
def test_a_real_deck_in_every_format_has_one_code(checker, path):
    deck = copies_of(checker, path)
    codes = {fmt: code_for(checker, write(deck, lambda c: c.passcode), "deck" + suffix)
             for fmt, (write, suffix) in WRITERS.items()}
    assert len(set(codes.values())) == 1, codes
    assert set(codes.values()) == {checker.check_path(path).fingerprint}


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), path=st.sampled_from(KNOWN_DECKS), fmt=st.sampled_from(sorted(WRITERS)))
def test_any_order_and_artwork_in_any_format_gives_the_same_code(checker, data, path, fmt):
    deck = copies_of(checker, path)
    expected = checker.check_path(path).fingerprint
    shuffled = {section: data.draw(st.permutations(cards), label=section) for section, cards in deck.items()}
    def artwork(card):  # each copy in any artwork of its card
        return data.draw(st.sampled_from(card.passcodes), label=f"artwork of {card.name}")

    write, suffix = WRITERS[fmt]
    assert code_for(checker, write(shuffled, artwork), "deck" + suffix) == expected


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), path=st.sampled_from(KNOWN_DECKS), fmt=st.sampled_from(sorted(WRITERS)),
       change=st.sampled_from(["count", "card", "section"]))
def test_any_change_of_count_card_or_section_gives_another_code(checker, cards, data, path, fmt, change):
    deck = copies_of(checker, path)
    expected = checker.check_path(path).fingerprint
    changed = {section: list(found) for section, found in deck.items()}
    sections = [s for s in (MAIN, EXTRA, SIDE) if changed[s]]
    section = data.draw(st.sampled_from(sections))
    i = data.draw(st.integers(0, len(changed[section]) - 1))
    if change == "count":
        if data.draw(st.booleans()):
            changed[section].pop(i)
        else:
            changed[section].append(changed[section][i])
    elif change == "card":  # a copy replaced by another card of the same kind that the deck has not there
        card = changed[section][i]
        other = data.draw(st.sampled_from([c for c in (cards.by_passcode(p) for p in (55144522, 83764719, 12580477,
                                                                                       44146295, 86066372, 14558127))
                                           if c is not None and c.kind == card.kind and c != card]))
        changed[section][i] = other
    else:  # a Main or Side card moved between the two (an Omega code keeps Extra Deck monsters in Extra)
        card = changed[section][i]
        target = SIDE if section != SIDE else (EXTRA if card.kind == "extra" else MAIN)
        if target == section:
            target = MAIN
        changed[section].pop(i)
        changed[target].append(card)
    write, suffix = WRITERS[fmt]
    assert code_for(checker, write(changed, lambda c: c.passcode), "deck" + suffix) != expected


def test_a_card_treated_as_another_name_is_another_card(checker):
    """Harpie Lady 1 is "always treated as" Harpie Lady (copy-limit counts them together); swapping one for
    the other is still a change to the deck."""
    lady = code_for(checker, "main:\n  - 3 Harpie Lady\n", "deck.yaml")
    lady_1 = code_for(checker, "main:\n  - 3 Harpie Lady 1\n", "deck.yaml")
    assert lady != lady_1


def test_unknown_cards_are_fingerprinted_as_written(checker):
    a = code_for(checker, "#main\n99999999\n99999999\n#extra\n!side\n", "deck.ydk")
    assert a != code_for(checker, "#main\n99999999\n#extra\n!side\n99999999\n", "deck.ydk")  # another section
    assert a == code_for(checker, "#main\n0099999999\n99999999\n#extra\n!side\n", "deck.ydk")  # leading zeros aside
    assert a != code_for(checker, "#main\n99999999\n#extra\n!side\n", "deck.ydk")
    named = code_for(checker, "Main Deck\n2 Snake-Eye Maple\n", "deck.txt")
    assert named == code_for(checker, "main:\n  - 2 snake-eye  MAPLE\n", "deck.yaml")
    assert named != code_for(checker, "Main Deck\n2 Snake-Eye Mapple\n", "deck.txt")


# ---- reading codes: every single mistyped character is caught ---------------------------------------

def test_every_single_substitution_and_adjacent_swap_is_caught():
    for code in (SAMPLE_CODE, code_of({}), code_of({(MAIN, "46986414"): 3})):
        body = code[4:].replace("-", "")
        for i, ch in enumerate(body):
            for other in ALPHABET:
                if other != ch:
                    assert not is_valid("DC1" + body[:i] + other + body[i + 1:]), (code, i, other)
            if i + 1 < len(body) and ch != body[i + 1]:
                assert not is_valid("DC1" + body[:i] + body[i + 1] + ch + body[i + 2:]), (code, i)


@settings(max_examples=examples(80), deadline=None)
@given(position=st.integers(0, len(SAMPLE_CODE) - 1), typed=st.characters(codec="utf-8"))
def test_verify_exits_2_for_any_single_mistyped_character(position, typed):
    mistyped = SAMPLE_CODE[:position] + typed + SAMPLE_CODE[position + 1:]
    try:
        same = parse(mistyped) == SAMPLE_CODE  # case, a space for a hyphen, O for 0: the same code
    except InvalidFingerprint:
        same = False
    from .inprocess import deckcheck

    result = deckcheck("verify", mistyped, LEGAL_YDK)  # main(): only the verify command is built, not the whole app
    output = result.stdout + result.stderr
    assert result.returncode == (0 if same else 2), (mistyped, output)
    assert "Traceback" not in output and "internal error" not in output, (mistyped, output)


def test_codes_are_read_as_crockford_reads_them():
    assert parse(SAMPLE_CODE.lower()) == SAMPLE_CODE
    assert parse(SAMPLE_CODE.replace("-", " ")) == SAMPLE_CODE
    assert parse(SAMPLE_CODE.replace("0", "O")) == SAMPLE_CODE
    for bad, says in (("DC2-7CRA-4B24-W0XJ-NMBN", "version"), ("DC1-7CRA-4B24-W0XJ-NMB", "15 characters"),
                      ("DC1-7CRA-4B24-W0XJ-NMBU", "'U'"), ("XYZ", "not a deck fingerprint"), ("", "not a deck")):
        with pytest.raises(InvalidFingerprint, match=says):
            parse(bad)


# ---- the commands and reports --------------------------------------------------------------------

def test_verify_says_match_and_no_match():
    ok = runner.invoke(app, ["verify", SAMPLE_CODE.lower(), str(LEGAL_YDK)])
    assert ok.exit_code == 0 and "match" in ok.stdout
    other = runner.invoke(app, ["verify", SAMPLE_CODE, str(EVENT / "gus-lindqvist-traptrix.ydk")])
    assert other.exit_code == 1 and "no match" in other.stdout and SAMPLE_CODE in other.stdout
    missing = runner.invoke(app, ["verify", SAMPLE_CODE, str(EVENT / "nobody.ydk")])
    assert missing.exit_code == 2


def test_fingerprint_command_prints_each_decks_code():
    result = runner.invoke(app, ["fingerprint", str(EVENT), "-o", "json"])
    assert result.exit_code == 0, result.output
    listed = {item["path"].rsplit("/", 1)[-1]: item["fingerprint"] for item in json.loads(result.stdout)}
    assert len(listed) == len(list(EVENT.iterdir()))
    assert listed["jun-sato-branded-v1.ydk"] == listed["jun-sato-branded-v2.yaml"] == SAMPLE_CODE  # artworks, format
    text = runner.invoke(app, ["fingerprint", str(LEGAL_YDK)])
    assert text.stdout == f"{SAMPLE_CODE}  {LEGAL_YDK}\n"


def test_check_reports_give_each_decks_fingerprint():
    import jsonschema

    args = ["check", "--as-of", TODAY.isoformat(), str(LEGAL_YDK), str(SAMPLES / "tcg" / "snake-eye-illegal.yaml")]
    doc = json.loads(runner.invoke(app, [*args, "-o", "json"]).stdout)
    jsonschema.validate(doc, json.loads((REPO / "schemas" / "report.schema.json").read_text(encoding="utf-8")))
    assert doc["decks"][0]["fingerprint"] == SAMPLE_CODE and is_valid(doc["decks"][1]["fingerprint"])
    rows = list(csv.DictReader(io.StringIO(runner.invoke(app, [*args, "-o", "csv"]).stdout)))
    assert rows[0]["fingerprint"] == SAMPLE_CODE
    assert SAMPLE_CODE in runner.invoke(app, [*args, "-o", "html"]).stdout


@pytest.mark.skipif(bool(__import__("deckcheck.documents", fromlist=["missing"]).missing()),
                    reason="the pdf extra (reportlab, pypdf) is not installed")
@pytest.mark.parametrize("with_form", [False, True], ids=["own-sheet", "konami-form"])
def test_the_registration_sheet_prints_the_fingerprint_on_every_page(tmp_path, with_form):
    """An illegal deck's sheet runs to several pages (its continuation and problem pages); each page, and each
    page of a filled form, carries the deck's code."""
    from pypdf import PdfReader

    from .formbuilder import build_form

    illegal = SAMPLES / "tcg" / "snake-eye-illegal.yaml"
    out = tmp_path / "sheet.pdf"
    args = ["decklist", str(illegal), "-o", str(out), "--player", "Farah Nasser"]
    if with_form:
        args += ["--form", str(build_form(tmp_path / "KDE_DeckList.pdf"))]
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output  # written, with its banner: the deck is not legal
    expected = json.loads(runner.invoke(app, ["fingerprint", str(illegal), "-o", "json"]).stdout)[0]["fingerprint"]
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(out).pages]
    assert len(pages) >= (1 if with_form else 2)
    for text in pages:
        assert expected in text, text[:300]


def test_a_name_read_as_one_card_is_that_card(checker):
    """A name that fits one card only (an inexact-name warning) is the card: the list is the same deck."""
    exact = code_for(checker, "Main Deck\n3 Ash Blossom & Joyous Spring\n2 Droll & Lock Bird\n", "deck.txt")
    assert exact == code_for(checker, "Main Deck\n3 Ash Blossom\n2 droll lock bird\n", "deck.txt")
    assert exact == code_for(checker, "#main\n14558127\n14558128\n14558127\n94145021\n94145022\n#extra\n!side\n",
                             "deck.ydk")
