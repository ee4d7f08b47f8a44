"""YAML decklist parser and its published JSON Schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.model import ERROR, EXTRA, MAIN, SIDE, ParsedDeck
from deckcheck.parsers import parse_deck, read_deck
from deckcheck.parsers.yaml_deck import MAX_DEPTH, parse_card_line, parse_yaml_deck

from .conftest import examples

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures" / "decks"
SCHEMA = json.loads((ROOT / "schemas" / "yaml-deck.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

VALID_FIXTURES = sorted(p for p in FIXTURES.glob("*") if p.suffix in (".yaml", ".yml"))
INVALID_FIXTURES = sorted(p for p in (FIXTURES / "invalid").glob("*") if p.suffix in (".yaml", ".yml"))


def yd(text: str) -> ParsedDeck:
    return parse_yaml_deck(text.encode("utf-8"), "test.yaml")


def rows(deck: ParsedDeck):
    return [(e.section, e.line, e.name, e.passcode, e.count) for e in deck.entries]


def errors(deck: ParsedDeck):
    return [(p.rule, p.severity, p.line, p.section) for p in deck.problems]


def rejected(deck: ParsedDeck) -> bool:
    return any(p.severity == ERROR for p in deck.problems)


def schema_valid(text: str) -> bool:
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError:
        return False
    return VALIDATOR.is_valid(doc)


def assert_unreadable(deck: ParsedDeck, needle: str, line: int | None = None) -> None:
    assert deck.entries == []
    assert len(deck.problems) == 1, deck.problems
    p = deck.problems[0]
    assert (p.rule, p.severity) == ("unreadable", ERROR)
    assert needle in p.message, p.message
    if line is not None:
        assert p.line == line


def assert_refused_as_too_deep(deck: ParsedDeck, line: int) -> None:
    """Unreadable at ``line``: by deckcheck's own depth limit, or where the YAML library gave up first.

    How deep libyaml and PyYAML let a document nest, and their words for it, change between
    versions; deckcheck's part is to refuse the file with one problem on that line, never to crash.
    """
    assert deck.entries == [] and len(deck.problems) == 1, deck.problems
    p = deck.problems[0]
    assert (p.rule, p.severity, p.line) == ("unreadable", ERROR, line)
    assert p.message.startswith((f"not a decklist: YAML nested more than {MAX_DEPTH} levels deep (line {line})",
                                 f"not valid YAML at line {line}: ")), p.message
    assert "\n" not in p.message


# --------------------------------------------------------------------------------------------
# Entry forms, counts, lines, text
# --------------------------------------------------------------------------------------------

DOC = """\
name: My Branded deck        # optional
format: tcg
main:
  - 3 Ash Blossom & Joyous Spring
  - Fallen of Albaz
  - 14558127
  - "2 14558127"
  - {name: Branded Fusion, count: 2}
  - {passcode: 44362883, count: 1}
  - 3x Aluber the Jester of Despia
  - Called by the Grave x2
  - name: Branded Lost
    count: 2
extra: [Mirrorjade the Iceblade Dragon, 2x Albion the Branded Dragon]
side:
"""


def test_every_entry_form():
    deck = yd(DOC)
    assert deck.problems == []
    assert deck.name == "My Branded deck"
    assert deck.format == "tcg"
    assert rows(deck) == [
        (MAIN, 4, "Ash Blossom & Joyous Spring", None, 3),
        (MAIN, 5, "Fallen of Albaz", None, 1),
        (MAIN, 6, None, 14558127, 1),
        (MAIN, 7, None, 14558127, 2),
        (MAIN, 8, "Branded Fusion", None, 2),
        (MAIN, 9, None, 44362883, 1),
        (MAIN, 10, "Aluber the Jester of Despia", None, 3),
        (MAIN, 11, "Called by the Grave", None, 2),
        (MAIN, 12, "Branded Lost", None, 2),
        (EXTRA, 14, "Mirrorjade the Iceblade Dragon", None, 1),
        (EXTRA, 14, "Albion the Branded Dragon", None, 2),
    ]


def test_pure_python_loader_gives_the_same_result(monkeypatch):
    fast = yd(DOC)
    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    slow = yd(DOC)
    assert rows(slow) == rows(fast)
    assert [e.text for e in slow.entries] == [e.text for e in fast.entries]
    assert_unreadable(yd("main: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH), f"nested more than {MAX_DEPTH} levels", line=1)
    assert_refused_as_too_deep(yd("main: " + "[" * 5000), line=1)
    assert_unreadable(yd("main:\n  - a\n - b\n"), "not valid YAML at line 3", line=3)


def test_text_is_the_item_as_written():
    deck = yd(DOC)
    assert [e.text for e in deck.entries] == [
        "3 Ash Blossom & Joyous Spring",
        "Fallen of Albaz",
        "14558127",
        '"2 14558127"',
        "{name: Branded Fusion, count: 2}",
        "{passcode: 44362883, count: 1}",
        "3x Aluber the Jester of Despia",
        "Called by the Grave x2",
        "{name: Branded Lost, count: 2}",  # a block mapping, folded onto one line
        "Mirrorjade the Iceblade Dragon",
        "2x Albion the Branded Dragon",
    ]


@pytest.mark.parametrize(
    "line, expected",
    [
        ("3 Pot of Greed", (3, "Pot of Greed", None)),
        ("3x Pot of Greed", (3, "Pot of Greed", None)),
        ("3 x Pot of Greed", (3, "Pot of Greed", None)),
        ("3× Pot of Greed", (3, "Pot of Greed", None)),
        ("Pot of Greed x3", (3, "Pot of Greed", None)),
        ("Pot of Greed X 3", (3, "Pot of Greed", None)),
        ("Pot of Greed", (1, "Pot of Greed", None)),
        ("  Pot of Greed  ", (1, "Pot of Greed", None)),
        ("55144522", (1, None, 55144522)),
        ("0089631139", (1, None, 89631139)),
        ("2 55144522", (2, None, 55144522)),
        ("55144522 x2", (2, None, 55144522)),
        ("03 Pot of Greed", (3, "Pot of Greed", None)),
        ("99 Pot of Greed", (99, "Pot of Greed", None)),
        ("3-Hump Lacooda", (1, "3-Hump Lacooda", None)),
        ("Harpie Lady 3", (1, "Harpie Lady 3", None)),
        ("X-Saber Airbellum", (1, "X-Saber Airbellum", None)),
        ("3 Xyz Change Tactics", (3, "Xyz Change Tactics", None)),
        # a leading number followed by a space is always the count: write "1 7 Colored Fish"
        ("7 Colored Fish", (7, "Colored Fish", None)),
        ("1 7 Colored Fish", (1, "7 Colored Fish", None)),
    ],
)
def test_card_line_forms(line, expected):
    count, name, code, err = parse_card_line(line)
    assert err is None
    assert (count, name, code) == expected


@pytest.mark.parametrize("line", ["", "   ", "0 Pot of Greed", "100 Pot of Greed", "Pot of Greed x0", "Pot of Greed x100", "0", "1234567890", "2 0", "0000000000 x2"])
def test_card_line_errors(line):
    assert parse_card_line(line)[3] is not None


@pytest.mark.parametrize(
    "name",
    [
        "Ash Blossom & Joyous Spring",
        "Harpie's Feather Duster",
        'Maxx "C"',
        "Evil★Twin Ki-sikil",
        "Ωmega β-Test",
        "Number 39: Utopia",
        "I:P Masquerena",
        "#Hashtag Card",
        "- Dash Card",
        "Blue-Eyes White Dragon",
    ],
)
def test_awkward_names_pass_through(name):
    quoted = json.dumps(name, ensure_ascii=False)
    deck = yd(f"main:\n  - {quoted}\n  - {{name: {quoted}, count: 2}}\n  - 2 {name}\n" if name[0] not in "#-" and ": " not in name
              else f"main:\n  - {quoted}\n  - {{name: {quoted}, count: 2}}\n")
    assert deck.problems == []
    assert [e.name for e in deck.entries] == [name] * len(deck.entries)


def test_names_are_stripped():
    deck = yd('main:\n  - "  Pot of Greed  "\n  - {name: "  Raigeki ", count: 1}\n')
    assert [e.name for e in deck.entries] == ["Pot of Greed", "Raigeki"]


def test_mapping_with_name_and_passcode_keeps_both():
    deck = yd("main:\n  - {name: Pot of Greed, passcode: 12580477, count: 2}\n")
    assert deck.problems == []
    assert rows(deck) == [(MAIN, 2, "Pot of Greed", 12580477, 2)]


def test_passcode_as_text_in_mapping_and_decimal_leading_zeros():
    deck = yd('main:\n  - {passcode: "0089631139"}\n  - 0123\n  - 0089631139\n')
    assert deck.problems == []
    assert [e.passcode for e in deck.entries] == [89631139, 123, 89631139]  # 0123 is not octal here


def test_sections_missing_or_null_are_empty():
    for text in ("main:\n", "main: ~\nextra: null\n", "side: []\n", "main:\n  - Pot of Greed\n"):
        deck = yd(text)
        assert not rejected(deck), (text, deck.problems)
    assert rows(yd("side:\n  - 2 Droll & Lock Bird\n")) == [(SIDE, 2, "Droll & Lock Bird", None, 2)]


def test_format_and_name_are_optional_and_normalised():
    deck = yd("format: OCG\nmain: []\n")
    assert deck.format == "ocg" and deck.name is None and deck.problems == []
    deck = yd("name:\nformat:\nmain: []\n")
    assert deck.format is None and deck.name is None and deck.problems == []


def test_numeric_deck_name_is_taken_as_written():
    deck = yd("name: 2024\nmain: []\n")
    assert deck.name == "2024" and deck.problems == []
    assert schema_valid("name: 2024\nmain: []\n")


def test_crlf_bom_and_comments_keep_line_numbers():
    text = "\ufeff# my deck\r\nmain:\r\n\r\n  # hand traps\r\n  - 3 Ash Blossom & Joyous Spring\r\n  - Fallen of Albaz\r\n"
    deck = parse_yaml_deck(text.encode("utf-8"), "a.yaml")
    assert [(e.line, e.name) for e in deck.entries] == [(5, "Ash Blossom & Joyous Spring"), (6, "Fallen of Albaz")]


def test_json_is_yaml():
    deck = yd('{"main": [14558127, "2 Pot of Greed", {"name": "Raigeki", "count": 1}], "side": null}')
    assert rows(deck) == [(MAIN, 1, None, 14558127, 1), (MAIN, 1, "Pot of Greed", None, 2), (MAIN, 1, "Raigeki", None, 1)]


# --------------------------------------------------------------------------------------------
# Schema errors: severity error, rule syntax, with line and section
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, line, section, needle",
    [
        ("name: x\ndeck: Branded\nmain: []\n", 2, None, "unknown top-level key 'deck'"),
        ("Name: x\nmain: []\n", 1, None, "did you mean name:"),
        ("main: 3 Pot of Greed\n", 1, MAIN, "not a list"),
        ("main:\n  name: Pot of Greed\n", 2, MAIN, "not a list"),
        ("main:\n  - yes\n", 2, MAIN, "yes/no"),
        ("main:\n  - 1.5\n", 2, MAIN, "decimal number"),
        ("main:\n  -\n", 2, MAIN, "empty list item"),
        ("main:\n  - ~\n", 2, MAIN, "empty"),
        ("main:\n  - [Pot of Greed, 3]\n", 2, MAIN, "list inside"),
        ("main:\n  - 2024-04-15\n", 2, MAIN, "not a card"),
        ("main:\n  - 0 Pot of Greed\n", 2, MAIN, "count 0"),
        ("main:\n  - 100 Pot of Greed\n", 2, MAIN, "count 100"),
        ("main:\n  - Pot of Greed x0\n", 2, MAIN, "count 0"),
        ("main:\n  - {name: Pot of Greed, count: 0}\n", 2, MAIN, "count"),
        ("main:\n  - {name: Pot of Greed, count: 100}\n", 2, MAIN, "count"),
        ("main:\n  - {name: Pot of Greed, count: '3'}\n", 2, MAIN, "count"),
        ("main:\n  - {name: Pot of Greed, count: 2.5}\n", 2, MAIN, "count"),
        ("main:\n  - {name: Pot of Greed, count: true}\n", 2, MAIN, "count"),
        ("main:\n  - {count: 2}\n", 2, MAIN, "neither name nor passcode"),
        ("main:\n  - {name: Pot of Greed, copies: 2}\n", 2, MAIN, "unknown key 'copies'"),
        ("main:\n  - {name: Pot of Greed, name: Raigeki}\n", 2, MAIN, "duplicate key"),
        ("main:\n  - {name: 123}\n", 2, MAIN, "not text"),
        ("main:\n  - {name: '  '}\n", 2, MAIN, "not text"),
        ("main:\n  - {passcode: Pot of Greed}\n", 2, MAIN, "not a number"),
        ("main:\n  - {passcode: 0}\n", 2, MAIN, "not a passcode"),
        ("main:\n  - 1234567890\n", 2, MAIN, "not a passcode"),
        ("main:\n  - -14558127\n", 2, MAIN, "not a passcode"),
        ("main:\n  - 0\n", 2, MAIN, "not a passcode"),
        ("main:\n  - '2 1234567890'\n", 2, MAIN, "not a passcode"),
        ("main:\n  - !custom Pot of Greed\n", 2, MAIN, "cannot be read"),
        ("format: 3\nmain: []\n", 1, None, "not a format id"),
        ("format: [tcg]\nmain: []\n", 1, None, "not a format id"),
        ("name: [a]\nmain: []\n", 1, None, "not text"),
        ("main: []\nmain: []\n", 2, MAIN, "duplicate key 'main'"),
    ],
)
def test_schema_errors(text, line, section, needle):
    deck = yd(text)
    assert errors(deck)[0] == ("syntax", ERROR, line, section), deck.problems
    assert needle in deck.problems[0].message, deck.problems[0].message
    assert deck.problems[0].fix
    assert not deck.unreadable
    assert not schema_valid(text) or "duplicate" in needle  # a schema cannot see duplicate keys


def test_bad_items_are_skipped_good_ones_kept():
    deck = yd("main:\n  - 3 Pot of Greed\n  - yes\n  - Raigeki\nbogus: 1\n")
    assert rows(deck) == [(MAIN, 2, "Pot of Greed", None, 3), (MAIN, 4, "Raigeki", None, 1)]
    assert errors(deck) == [("syntax", ERROR, 3, MAIN), ("syntax", ERROR, 5, None)]


def test_unquoted_colon_name_is_an_error_but_read():
    deck = yd("main:\n  - Number 39: Utopia\n  - 2 Number 39: Utopia Beyond\n")
    assert errors(deck) == [("syntax", ERROR, 2, MAIN), ("syntax", ERROR, 3, MAIN)]
    assert 'put the card in quotes: - "Number 39: Utopia"' == deck.problems[0].fix
    assert rows(deck) == [(MAIN, 2, "Number 39: Utopia", None, 1), (MAIN, 3, "Number 39: Utopia Beyond", None, 2)]


# --------------------------------------------------------------------------------------------
# Unreadable
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("data", [b"", b"\n  \n", b"\xef\xbb\xbf"])
def test_empty(data):
    assert_unreadable(parse_yaml_deck(data, "a.yaml"), "the file is empty")


def test_only_comments():
    assert_unreadable(yd("# nothing here yet\n"), "the file is empty")


def test_yaml_syntax_error_has_the_line():
    deck = yd("main:\n  - Fallen of Albaz\n  - \"Maxx \"C\"\"\n")
    assert_unreadable(deck, "not valid YAML at line 3", line=3)


def test_control_characters_are_unreadable_with_line():
    deck = yd("main:\n  - Pot\x07 of Greed\n")
    assert_unreadable(deck, "not valid YAML at line 2", line=2)


def test_not_a_mapping():
    assert_unreadable(yd("- 3 Pot of Greed\n- Raigeki\n"), "not a deckcheck YAML decklist")
    assert_unreadable(yd("just some words\n"), "not a deckcheck YAML decklist")
    assert_unreadable(yd("42\n"), "not a deckcheck YAML decklist")


def test_ydk_read_as_yaml_gets_a_hint():
    deck = parse_yaml_deck((FIXTURES / "edopro_branded.ydk").read_bytes(), "deck.yaml")
    assert_unreadable(deck, "looks like a YDK file")


def test_no_section_keys():
    assert_unreadable(yd("name: x\nformat: tcg\n"), "no main, extra or side key")
    assert_unreadable(yd("Main:\n  - Pot of Greed\n"), "keys are lowercase")


def test_not_text():
    assert_unreadable(parse_yaml_deck(b"main:\n  - Caf\xe9\n", "a.yaml"), "not UTF-8 text", line=2)
    assert_unreadable(parse_yaml_deck(b"\x00\x01\x02main", "a.yaml"), "binary file")
    assert_unreadable(yd("<!DOCTYPE html>\n<html></html>"), "HTML page, not a decklist")


def test_utf16_with_bom_decodes():
    deck = parse_yaml_deck("main:\n  - 3 Pot of Greed\n".encode("utf-16"), "a.yaml")
    assert rows(deck) == [(MAIN, 2, "Pot of Greed", None, 3)]


def test_nesting_deeper_than_a_decklist_is_refused_by_deckcheck():
    deck = yd("main: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH)  # valid YAML, the mapping one level more
    assert_unreadable(deck, f"not a decklist: YAML nested more than {MAX_DEPTH} levels deep (line 1)", line=1)
    assert deck.problems[0].fix
    nested = "main:\n" + "".join("  " * i + "-\n" for i in range(MAX_DEPTH)) + "  " * MAX_DEPTH + "- x\n"
    assert_unreadable(yd(nested), f"nested more than {MAX_DEPTH} levels deep", line=MAX_DEPTH + 1)
    shallow = yd("main: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1))  # MAX_DEPTH levels in all
    assert not any("nested more than" in p.message for p in shallow.problems)


def test_deep_nesting_is_refused_without_crashing():
    # libyaml's composer recurses in C; this input crashes the interpreter if it reaches it
    assert_refused_as_too_deep(yd("main: " + "[" * 200_000), line=1)
    assert_refused_as_too_deep(yd("main:\n" + "- " * 200_000 + "x\n"), line=2)


@pytest.mark.parametrize(
    "item",
    [
        "1" * 5000,
        "+" + "1" * 5000,
        '"' + "1" * 5000 + ' Pot of Greed"',
        '"Pot of Greed x' + "1" * 5000 + '"',
        "{passcode: " + "1" * 5000 + "}",
        '{passcode: "' + "1" * 5000 + '"}',
        "{name: Pot of Greed, count: " + "1" * 5000 + "}",
    ],
)
def test_huge_numbers_are_errors_not_crashes(item):
    deck = yd(f"main:\n  - {item}\n")
    assert errors(deck) == [("syntax", ERROR, 2, MAIN)]
    assert deck.entries == []
    assert len(deck.problems[0].message) < 250


def test_huge_run_of_leading_zeros_is_still_a_passcode():
    deck = yd('main:\n  - "' + "0" * 5000 + '14558127"\n')
    assert rows(deck) == [(MAIN, 2, None, 14558127, 1)]


def test_alias_bomb_is_cheap():
    text = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nmain: [*b, *b, *b]\n"
    deck = yd(text)
    assert rejected(deck)
    assert len(deck.problems) < 10


# --------------------------------------------------------------------------------------------
# Schema agreement
# --------------------------------------------------------------------------------------------


def test_schema_is_valid_draft_2020_12():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", VALID_FIXTURES, ids=lambda p: p.name)
def test_accepted_fixtures_validate_against_the_schema(path):
    deck = read_deck(path)
    assert not rejected(deck), deck.problems
    assert deck.entries
    assert schema_valid(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", INVALID_FIXTURES, ids=lambda p: p.name)
def test_invalid_fixtures_are_rejected_by_both(path):
    deck = read_deck(path)
    assert rejected(deck), path.name
    assert not schema_valid(path.read_text(encoding="utf-8")), path.name


def test_fixture_lists_are_not_empty():
    assert len(VALID_FIXTURES) >= 3 and len(INVALID_FIXTURES) >= 20


def test_branded_fixture_totals():
    deck = read_deck(FIXTURES / "branded.yaml")
    total = {MAIN: 0, EXTRA: 0, SIDE: 0}
    for e in deck.entries:
        total[e.section] += e.count
    assert total == {MAIN: 40, EXTRA: 15, SIDE: 15}
    assert deck.name == "My Branded deck" and deck.format == "tcg"


# --------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------

_words = st.text(alphabet="AbcdeZ&'\"-βΩ", min_size=1, max_size=6).filter(lambda w: w[0] not in "&'\"-")
names_st = st.lists(_words, min_size=1, max_size=4).map(" ".join)
counts_st = st.integers(1, 3)
passcodes_st = st.integers(1, 999_999_999)


def _quote(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


@st.composite
def decklists(draw):
    lines = []
    expected = []
    if draw(st.booleans()):
        lines.append(f"name: {_quote(draw(names_st))}")
    if draw(st.booleans()):
        lines.append(f"format: {draw(st.sampled_from(['tcg', 'ocg']))}")
    for section in (MAIN, EXTRA, SIDE):
        if not draw(st.booleans()):
            continue
        lines.append(f"{section}:")
        for _ in range(draw(st.integers(0, 6))):
            count = draw(counts_st)
            if draw(st.booleans()):
                name, code = draw(names_st), None
            else:
                name, code = None, draw(passcodes_st)
            form = draw(st.integers(0, 4))
            card = name if name is not None else str(code)
            if form == 0:
                item = _quote(f"{count} {card}")
            elif form == 1:
                item = _quote(f"{count}x {card}")
            elif form == 2:
                item = _quote(f"{card} x{count}")
            elif form == 3:
                key = f"name: {_quote(name)}" if name is not None else f"passcode: {code}"
                item = "{" + key + f", count: {count}" + "}"
            else:
                key = f"name: {_quote(name)}" if name is not None else f"passcode: {code}"
                lines.append(f"  - {key}")
                expected.append((section, len(lines), name, code, count))
                lines.append(f"    count: {count}")
                continue
            lines.append(f"  - {item}")
            expected.append((section, len(lines), name, code, count))
    if not any(line.split(":")[0] in (MAIN, EXTRA, SIDE) for line in lines):
        lines.append("side:")
    return "\n".join(lines) + "\n", expected


@settings(max_examples=examples(200), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(decklists())
def test_property_generated_decklists_round_trip(case):
    text, expected = case
    deck = yd(text)
    assert deck.problems == []
    assert rows(deck) == expected
    assert schema_valid(text)


@settings(max_examples=examples(300), deadline=None)
@given(st.text(max_size=300))
def test_property_arbitrary_text_never_raises(text):
    deck = yd(text)
    n = text.count("\n") + text.count("\r") - text.count("\r\n") + 1
    assert not any("internal error" in p.message for p in deck.problems)
    for p in deck.problems:
        assert p.line is None or 1 <= p.line <= n + 1
    for e in deck.entries:
        assert 1 <= e.line <= n
        assert 1 <= e.count <= 99
        assert e.name or e.passcode
    if deck.unreadable:
        assert deck.entries == [] and len(deck.problems) == 1


@settings(max_examples=examples(200), deadline=None)
@given(st.binary(max_size=200))
def test_property_arbitrary_bytes_never_raise(data):
    deck = parse_yaml_deck(data, "fuzz.yaml")
    # entries or problems, unless it is a well-formed empty decklist ("main:")
    assert deck.entries or deck.problems or any(k in data for k in (b"main", b"extra", b"side"))


# The parser and the schema must agree on what is a valid decklist.

_ws = st.sampled_from(["", " ", "  ", "\t", "\u3000"])
_count_txt = st.sampled_from(["0", "00", "1", "3", "03", "99", "099", "100", "0100", "12345"])
_code_txt = st.sampled_from(["0", "000", "1", "14558127", "0089631139", "999999999", "1000000000", "0000000000001"])
_body = st.one_of(names_st, _code_txt)


@st.composite
def card_lines(draw):
    lead, trail = draw(_ws), draw(_ws)
    body = draw(_body)
    shape = draw(st.integers(0, 4))
    if shape == 0:
        core = body
    elif shape == 1:
        core = f"{draw(_count_txt)}{draw(st.sampled_from(['', 'x', ' x', 'X', '×']))} {body}"
    elif shape == 2:
        core = f"{body} {draw(st.sampled_from(['x', 'X', '×', 'x ']))}{draw(_count_txt)}"
    elif shape == 3:
        core = f"{draw(_count_txt)} {body} x{draw(_count_txt)}"
    else:
        core = draw(st.sampled_from(["", " ", "x", "x3", "3", "3 x", " x 3"]))
    return lead + core + trail


_scalar = st.one_of(
    st.integers(-3, 10**10),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([3.0, 14558127.0, True, False, None]),
    card_lines(),
)
_card_map = st.dictionaries(
    st.sampled_from(["name", "passcode", "count", "copies"]),
    st.one_of(_scalar, st.lists(st.integers(), max_size=2)),
    max_size=3,
)
# Values of the registration keys (a date the calendar lacks is left out: the schema checks only its shape)
_registration_value = st.one_of(
    st.sampled_from(["0301234567", " 0012 ", "12345678901", "03-01", "2026-06-14", " 2026-06-14 ", "26-06-14",
                     "2026-6-14", "", " ", "Jane Doe", "van der Berg, Jane", 12.5, True, None]),
    st.integers(-5, 10**11),
)
_item = st.one_of(_scalar, _card_map, st.lists(st.integers(), max_size=2))
_section = st.one_of(st.none(), st.lists(_item, max_size=5), card_lines(), st.dictionaries(st.just("name"), st.just("x")))
_document = st.one_of(
    st.dictionaries(
        st.sampled_from(["name", "format", "main", "extra", "side", "bogus", "player", "first_name", "last_name",
                         "konami_id", "country", "event", "date"]),
        st.one_of(_section, st.sampled_from(["tcg", "OCG", "Tcg", "goat"]), names_st, st.integers(), _registration_value),
        max_size=5,
    ),
    st.lists(_item, max_size=2),
    card_lines(),
)


@settings(max_examples=examples(600), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(_document)
def test_property_parser_and_schema_agree(doc):
    text = yaml.safe_dump(doc, allow_unicode=True)
    deck = yd(text)
    assert rejected(deck) == (not VALIDATOR.is_valid(doc)), (text, deck.problems)


def test_parse_deck_picks_yaml_by_suffix():
    deck = parse_deck(b"main:\n  - 3 Pot of Greed\n", "x.YAML")
    assert rows(deck) == [(MAIN, 2, "Pot of Greed", None, 3)]


@settings(max_examples=examples(600), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.one_of(card_lines(), _item))
def test_property_parser_and_schema_agree_on_single_items(item):
    doc = {"main": [item]}
    deck = yd(yaml.safe_dump(doc, allow_unicode=True))
    assert rejected(deck) == (not VALIDATOR.is_valid(doc)), (item, deck.problems)


# The registration sheet's fields (deckcheck decklist): read as written, never interpreted.

def test_registration_fields_are_read_as_written():
    deck = yd("player: van der Berg, Jane\nkonami_id: 0301234567\ncountry: Deutschland\nevent: '  RQ   Berlin '\n"
              "date: 2026-06-14\nfirst_name: Jane\nmain:\n  - 3 Pot of Greed\n")
    assert not deck.problems
    assert deck.registration.given() == {
        "player": "van der Berg, Jane", "first_name": "Jane", "konami_id": "0301234567", "country": "Deutschland",
        "event": "RQ Berlin", "date": "2026-06-14"}
    assert schema_valid("konami_id: 0301234567\nplayer: 2024\ndate: '2026-06-14'\nmain: []\n")


def test_a_konami_id_keeps_its_leading_zeros_quoted_or_not():
    for text in ("konami_id: 0012345678", "konami_id: '0012345678'", 'konami_id: "0012345678"'):
        assert yd(text + "\nmain: []\n").registration.konami_id == "0012345678"


@pytest.mark.parametrize("text, needle", [
    ("konami_id: 0x1F", "is not a KONAMI ID"),
    ("konami_id: 12345678901", "is not a KONAMI ID"),
    ("konami_id: '03-01'", "is not a KONAMI ID"),
    ("date: 2026-02-30", "is not a date"),
    ("date: '14.06.2026'", "is not a date"),
    ("date: 2026-06-14 10:00:00", "is not a date"),
    ("player: [Jane]", "is not the player's name"),
    ("country: yes", "is not a country"),
    ("event: ''", "is not an event name"),
])
def test_registration_field_errors(text, needle):
    deck = yd(text + "\nmain: []\n")
    (problem,) = deck.problems
    assert problem.rule == "syntax" and problem.severity == ERROR and problem.line == 1 and needle in problem.message
    assert problem.fix


def test_the_registration_keys_are_named_in_the_unknown_key_fix():
    (problem,) = yd("konami: 1\nmain: []\n").problems
    assert "player" in problem.fix and "konami_id" in problem.fix and "date" in problem.fix
