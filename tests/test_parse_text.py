"""Text decklists: the exports of each site, every shape of a card line and a header, what is not
understood, and properties (never raises, bounded)."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.model import EXTRA, MAIN, SIDE, WARNING
from deckcheck.parsers import parse_deck, read_deck, sniff
from deckcheck.parsers.text import looks_like_text_decklist, parse_text
from deckcheck.resolve import resolve

from .conftest import REPO, examples

TEXT = Path(__file__).parent / "fixtures" / "decks" / "text"
SAMPLE = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"


def text(s: str):
    return parse_text(s.encode("utf-8"), "deck.txt")


def entries(deck) -> list[tuple[str, int, str | None, int]]:
    return [(e.section, e.line, e.name, e.count) for e in deck.entries]


def problems(deck) -> list[tuple[str, str, int | None]]:
    return [(p.rule, p.severity, p.line) for p in deck.problems]


def cards_of(deck, cards) -> Counter:
    """(section, passcode) -> copies, after resolving (every entry must be a known card)."""
    resolved = resolve(deck, cards)
    out: Counter = Counter()
    for e in resolved.entries:
        assert e.card is not None, (e.line, e.name, resolved.unresolved.get(id(e)))
        out[(e.section, e.card.passcode)] += e.count
    return out


# ------------------------------------------------------------------------------------ the sites


@pytest.mark.parametrize("fixture", [
    "ygoprodeck.txt",  # YGOPRODeck: Main Deck: / Extra Deck: / Side Deck:, "3 Name"
    "duelingbook.txt",  # DuelingBook: Main Deck (40) with Monsters/Spells/Traps (n), "3x Name", CRLF
    "duelingnexus.txt",  # Dueling Nexus: "Main Deck:" then a ------ rule, "3x Name"
    "masterduel.txt",  # a Master Duel guide: Deck: name, Main Deck (40), Monster (21), "- Name x3"
    "omega-recipe-de.txt",  # YGO Omega's recipe in German: Monster / Zauber / Falle / Extra / Side
    "omega-recipe-fr.txt",  # … in French (Monstres / Magies / Pièges / Deck Extra)
    "omega-recipe-ja.txt",  # … in Japanese (モンスター / 魔法 / 罠 / エクストラデッキ / サイドデッキ)
])
def test_a_sites_export_is_the_same_deck_as_its_ydk(cards, fixture):
    deck = read_deck(TEXT / fixture)
    assert deck.problems == [], [(p.line, p.message) for p in deck.problems]
    assert cards_of(deck, cards) == cards_of(read_deck(SAMPLE), cards)


def test_site_exports_are_recognised_as_text_decklists():
    for path in sorted(TEXT.glob("*.txt")):
        data = path.read_bytes()
        assert sniff(data).id == "text", path.name
        assert looks_like_text_decklist(data.decode("utf-8")), path.name


def test_the_master_duel_guide_names_the_deck():
    assert read_deck(TEXT / "masterduel.txt").name == "Branded Despia (Master Duel)"


def test_header_counts_that_differ_from_the_cards_are_reported():
    deck = text("Main Deck (40)\nMonsters (4)\n3 Fallen of Albaz\nSpells (2)\n2 Branded Fusion\n"
                "Extra Deck (1)\n1 Mirrorjade the Iceblade Dragon\nSide Deck — 3\n2 Nibiru, the Primal Being\n")
    assert problems(deck) == [("syntax", WARNING, 2), ("syntax", WARNING, 1), ("syntax", WARNING, 8)]
    monsters, main, side = deck.problems
    assert monsters.message == "'Monsters (4)' says 4 cards, but 3 are listed under it (line 3)"
    assert main.message == "'Main Deck (40)' says 40 cards, but 5 are listed under it (lines 3–5)"
    assert side.message == "'Side Deck — 3' says 3 cards, but 2 are listed under it (line 9)"
    assert side.section == SIDE and main.fix


def test_matching_header_counts_are_silent():
    deck = text("Main Deck: 5\nMonster Cards [3]\n3x Fallen of Albaz\nSpell Cards (2 cards):\n2 Branded Fusion\n"
                "Extra 1 cards\nMirrorjade the Iceblade Dragon\n")
    assert deck.problems == []


# ----------------------------------------------------------------------------------- card lines


@pytest.mark.parametrize("line,name,count", [
    ("3 Ash Blossom & Joyous Spring", "Ash Blossom & Joyous Spring", 3),
    ("3x Ash Blossom & Joyous Spring", "Ash Blossom & Joyous Spring", 3),
    ("3 x Ash Blossom & Joyous Spring", "Ash Blossom & Joyous Spring", 3),
    ("x3 Ash Blossom & Joyous Spring", "Ash Blossom & Joyous Spring", 3),
    ("Ash Blossom & Joyous Spring x3", "Ash Blossom & Joyous Spring", 3),
    ("Ash Blossom & Joyous Spring x 3", "Ash Blossom & Joyous Spring", 3),
    ("Ash Blossom & Joyous Spring ×3", "Ash Blossom & Joyous Spring", 3),
    ("Ash Blossom & Joyous Spring×3", "Ash Blossom & Joyous Spring", 3),
    ("Ash Blossom & Joyous Spring (x3)", "Ash Blossom & Joyous Spring", 3),
    ("Ash Blossom & Joyous Spring [3]", "Ash Blossom & Joyous Spring", 3),
    ("Ash Blossom & Joyous Spring", "Ash Blossom & Joyous Spring", 1),
    ("- 3 Ash Blossom & Joyous Spring", "Ash Blossom & Joyous Spring", 3),
    ("* Ash Blossom & Joyous Spring x3", "Ash Blossom & Joyous Spring", 3),
    ("• 3x Ash Blossom & Joyous Spring", "Ash Blossom & Joyous Spring", 3),
    ("**3x Ash Blossom & Joyous Spring**", "Ash Blossom & Joyous Spring", 3),
    ("3 Ash Blossom & Joyous Spring (MACR-EN036)", "Ash Blossom & Joyous Spring", 3),
    ("3 Ash Blossom & Joyous Spring [Secret Rare]", "Ash Blossom & Joyous Spring", 3),
    ("Ash Blossom & Joyous Spring x3 [UR]", "Ash Blossom & Joyous Spring", 3),
    ("3 Ash Blossom & Joyous Spring // out for Droll", "Ash Blossom & Joyous Spring", 3),
    ("3 Ash Blossom & Joyous Spring # the best", "Ash Blossom & Joyous Spring", 3),
    ("1 Sinful Spoils of Subversion - Snake-Eye", "Sinful Spoils of Subversion - Snake-Eye", 1),
    ("2 Number 39: Utopia", "Number 39: Utopia", 2),
    ("1 Recette de Viande (Meat Recipe)", "Recette de Viande (Meat Recipe)", 1),
    ("Nekogal #1", "Nekogal #1", 1),
    ("TGX3-DX2", "TGX3-DX2", 1),
    ("2 7 Colored Fish", "7 Colored Fish", 2),
])
def test_card_line_shapes(line, name, count):
    deck = text(f"Main Deck\n{line}\n")
    assert entries(deck) == [(MAIN, 2, name, count)]
    assert deck.problems == []
    assert deck.entries[0].text == line.strip()


def test_passcodes_in_a_text_list():
    deck = text("14558127\n2 14558127\n46986414 x3\n")
    assert [(e.passcode, e.count) for e in deck.entries] == [(14558127, 1), (14558127, 2), (46986414, 3)]


def test_sections_groups_markers_and_what_is_skipped():
    deck = text(
        "Deck: Branded\nPlayer: Someone\nhttps://ygoprodeck.com/deck/branded-123\n\n# Main\n## Monsters (1)\n"
        "1 Fallen of Albaz\n=====\nSpells\n1 Branded Fusion\nExtra\n1 Mirrorjade the Iceblade Dragon\n"
        "Side Deck (2)\nMonster\n1 Nibiru, the Primal Being\nTrap\n1 Dominus Impulse\n#main\n1 Effect Veiler\n"
        "!side\n1 Droll & Lock Bird\nTotal: 6\n// a comment\n"
    )
    assert deck.name == "Branded"
    assert entries(deck) == [
        (MAIN, 7, "Fallen of Albaz", 1), (MAIN, 10, "Branded Fusion", 1), (EXTRA, 12, "Mirrorjade the Iceblade Dragon", 1),
        (SIDE, 15, "Nibiru, the Primal Being", 1), (SIDE, 17, "Dominus Impulse", 1), (MAIN, 19, "Effect Veiler", 1),
        (SIDE, 21, "Droll & Lock Bird", 1),
    ]
    assert deck.problems == []


@pytest.mark.parametrize("header,section", [
    ("Main Deck:", MAIN), ("Main Deck (40)", MAIN), ("MAIN DECK", MAIN), ("Main (41)", MAIN), ("Hauptdeck", MAIN),
    ("Monsters (18)", MAIN), ("Spells", MAIN), ("Traps:", MAIN), ("Monster Cards", MAIN), ("Zauber", MAIN),
    ("Fallen", MAIN), ("Pièges", MAIN), ("罠", MAIN), ("메인 덱", MAIN),
    ("Extra:", EXTRA), ("Extra Deck (15)", EXTRA), ("Extra-Deck", EXTRA), ("Extradeck", EXTRA), ("エクストラデッキ", EXTRA),
    ("Side Deck — 15", SIDE), ("Side: 15", SIDE), ("Sideboard", SIDE), ("--- Side Deck (15) ---", SIDE),
])
def test_headers(header, section):
    deck = text(f"{header}\n1 Effect Veiler\n")
    assert entries(deck) == [(section, 2, "Effect Veiler", 1)]


@pytest.mark.parametrize("line,needle", [
    ("0 Effect Veiler", "0 is not a number of copies"),
    ("100 Effect Veiler", "100 is not a number of copies"),
    ("3x", "a count without a card name"),
    ("0", "not a passcode"),
    ("Effect Veiler " + "x" * 400, "too long to be a card"),
])
def test_lines_not_understood_are_syntax_warnings_with_their_line(line, needle):
    deck = text(f"Main Deck\n1 Ash Blossom & Joyous Spring\n{line}\n")
    assert [e.name for e in deck.entries] == ["Ash Blossom & Joyous Spring"]
    assert problems(deck) == [("syntax", WARNING, 3)]
    assert needle in deck.problems[0].message and deck.problems[0].fix


def test_the_same_card_on_two_lines_stays_two_entries():
    deck = text("2 Effect Veiler\n1 Effect Veiler\n")
    assert [(e.line, e.count) for e in deck.entries] == [(1, 2), (2, 1)]


@pytest.mark.parametrize("data,needle", [
    (b"", "empty"), (b"  \n\n", "empty"), (b"\x00\x01binary", "binary"),
    (b"<!DOCTYPE html><html><body>deck</body></html>", "HTML"),
    (b"Main Deck\n\xe9\n", "not UTF-8"), (b"Main Deck\nExtra Deck\n", "no decklist"),
])
def test_files_that_are_not_text_decklists_are_unreadable(data, needle):
    deck = parse_text(data, "deck.txt")
    assert deck.unreadable and deck.entries == []
    assert needle in deck.problems[0].message, deck.problems[0].message


def test_caps_on_entries_and_lines(monkeypatch):
    monkeypatch.setenv("DECKCHECK_MAX_ENTRIES", "10")
    monkeypatch.setattr("deckcheck.limits._values", {})
    deck = text("\n".join(f"1 Card {i}" for i in range(11)))
    assert deck.unreadable and "more than 10 card lines" in deck.problems[0].message
    deck = text("\n" * 300 + "1 Card")
    assert deck.unreadable and "more than 200 lines" in deck.problems[0].message


def test_many_bad_lines_are_capped_in_one_problem():
    deck = text("\n".join(["0 Effect Veiler"] * 300))
    assert len(deck.problems) == 101
    assert "200 more syntax problems" in deck.problems[-1].message


def test_a_huge_line_is_read_fast():
    for data in (b"1 " + b"a " * 2_000_000, b"Main Deck (" + b"4" * 3_000_000 + b")", b"x" + b" " * 3_000_000 + b"x3"):
        start = time.perf_counter()
        deck = parse_text(data, "deck.txt")
        assert time.perf_counter() - start < 2
        assert not deck.entries


# ---------------------------------------------------------------------------- folder search test


@pytest.mark.parametrize("content", [
    "deckcheck\n=========\n\nChecks Yu-Gi-Oh! decklists.\n\nInstall it with pip.\n",
    "MIT License\n\nCopyright (c) 2026\n\nPermission is hereby granted, free of charge, to any person\n",
    "requests>=2.31\nrich>=13\npyyaml>=6\n",
    "Ideas for the side deck:\nmore hand traps\nmaybe Dominus\n",
    "",
])
def test_notes_and_readmes_are_not_text_decklists(content):
    assert not looks_like_text_decklist(content)


@pytest.mark.parametrize("content", [
    "3 Ash Blossom & Joyous Spring\n3 Effect Veiler\n2 Infinite Impermanence\n",
    "Main Deck\nAsh Blossom & Joyous Spring\n",
    "Ash Blossom & Joyous Spring x3\nEffect Veiler x3\nNibiru, the Primal Being x2\nsome note\n",
])
def test_plain_lists_are_text_decklists(content):
    assert looks_like_text_decklist(content)


# ------------------------------------------------------------------------------------ properties


_LINES = st.sampled_from([
    "Main Deck (40)", "Extra Deck:", "Side Deck — 15", "Monsters (3)", "Spells", "Traps", "#main", "!side",
    "3 Ash Blossom & Joyous Spring", "Effect Veiler x2", "x3 Nibiru, the Primal Being", "0 Droll", "3x", "",
    "14558127", "https://x.y/z", "Deck: Mine", "-----", "• 2 Called by the Grave (MACR-EN036)", "(x3)", "×3",
])


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.lists(st.one_of(_LINES, st.text(max_size=40)), max_size=30).map(lambda ls: "\n".join(ls).encode("utf-8", "surrogatepass")),
))
def test_property_text_parser_never_raises_and_is_bounded(data):
    deck = parse_text(data, "fuzz.txt")
    n = data.count(b"\n") + data.count(b"\r") + 1
    for e in deck.entries:
        assert e.section in (MAIN, EXTRA, SIDE)
        assert 1 <= e.line <= n
        assert 1 <= e.count <= 99
        assert (e.name is None) != (e.passcode is None)
        assert e.name is None or 0 < len(e.name) <= 200
    for p in deck.problems:
        assert p.rule in ("syntax", "unreadable") and p.fix
        assert p.line is None or 1 <= p.line <= n
    if deck.unreadable:
        assert deck.entries == [] and len(deck.problems) == 1
    # whatever the content, every registered format reads it without raising
    assert parse_deck(data, "fuzz").path == "fuzz"
