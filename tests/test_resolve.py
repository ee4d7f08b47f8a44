"""Resolving names and passcodes to cards with the real index."""

from __future__ import annotations

import pytest

from deckcheck.folding import normalize_name
from deckcheck.parsers import parse_deck
from deckcheck.resolve import resolve


def resolved(cards, text: str):
    return resolve(parse_deck(text.encode("utf-8"), "deck.yaml"), cards)


@pytest.mark.parametrize(
    "written,name",
    [
        ("Ash Blossom & Joyous Spring", "Ash Blossom & Joyous Spring"),
        ("ash blossom and joyous spring", "Ash Blossom & Joyous Spring"),
        ("ASH BLOSSOM & JOYOUS SPRING", "Ash Blossom & Joyous Spring"),
        ("Maxx C", 'Maxx "C"'),
        ("Maxx \u201cC\u201d", 'Maxx "C"'),
        ("Fiendsmith\u2019s Tract", "Fiendsmith's Tract"),
        ("Fiendsmiths Tract", "Fiendsmith's Tract"),
        ("Snake Eye Ash", "Snake-Eye Ash"),
        ("Snake\u2013Eye   Ash", "Snake-Eye Ash"),
        ("Evil Twin Ki-sikil", "Evil\u2605Twin Ki-sikil"),
        ("Exstellarknight Constellar Ptolemy Omega 7", "Exstellarknight Constellar Ptolemy \u03a97"),
        ("Pok\u00e9mon", None),
    ],
)
def test_names_match_exactly_then_leniently(cards, written, name):
    deck = resolved(cards, f'main: ["{written}"]\n' if '"' not in written else f"main: ['{written}']\n")
    entry = deck.entries[0]
    if name is None:
        assert entry.card is None and id(entry) in deck.unresolved
    else:
        assert entry.card is not None and entry.card.name == name


def test_exact_name_wins_over_a_folded_collision(cards):
    # "Hero Flash!!" and "H.E.R.O. Flash!" fold to the same letters: exact spelling decides.
    assert resolved(cards, 'main: ["Hero Flash!!"]\n').entries[0].card.name == "Hero Flash!!"
    assert resolved(cards, 'main: ["H.E.R.O. Flash!"]\n').entries[0].card.name == "H.E.R.O. Flash!"


def test_ambiguous_name_is_unknown_with_every_match(cards):
    deck = resolved(cards, "main: [hero flash]\n")
    entry = deck.entries[0]
    reason, options = deck.unresolved[id(entry)]
    assert entry.card is None and "matches 2 cards" in reason
    assert {o.split(" (")[0] for o in options} == {"Hero Flash!!", "H.E.R.O. Flash!"}


def test_unknown_name_suggests_the_closest(cards):
    deck = resolved(cards, "main: [Ash Blosom and Joyus Sprng]\n")  # 3 letters off: too many to be read as it
    reason, suggestions = deck.unresolved[id(deck.entries[0])]
    assert suggestions[0] == "Ash Blossom & Joyous Spring"


def test_a_misspelled_name_is_read_as_the_one_card_near_it(cards):
    """Issue 25, item 7: 2 letters off the one card's name, and further from every other card's: read as it."""
    deck = resolved(cards, "main: [Ash Blosom and Joyus Spring]\n")
    assert deck.entries[0].card.name == "Ash Blossom & Joyous Spring" and not deck.unresolved
    (problem,) = deck.problems
    assert problem.rule == "inexact-name" and "'Ash Blosom and Joyus Spring' read as Ash Blossom" in problem.message


def test_alternate_artwork_passcode_is_the_same_card(cards):
    deck = resolved(cards, "main: [46986414, 36996508, 46986415]\n")
    assert {e.card.passcode for e in deck.entries} == {46986414}


def test_placeholder_passcode_becomes_the_official_card_with_a_warning(cards):
    deck = resolved(cards, "main: [101204083]\n")
    assert deck.entries[0].card.passcode == 1607603
    (problem,) = deck.problems
    assert problem.rule == "placeholder-passcode" and problem.severity == "warning"
    assert "1607603" in problem.fix


def test_rush_and_anime_ids_are_named_not_unknown(cards):
    rush = next(i for i in range(160001000, 160002000) if cards.by_passcode(i))
    card = cards.by_passcode(rush)
    assert card.origin == "rush" and not card.tcg and not card.ocg


def test_tokens_prefer_nothing_but_are_found_by_name(cards):
    (token,) = cards.by_name("Sheep Token")[:1]
    assert token.kind == "token"


@pytest.mark.parametrize("a,b", [("Ash Blossom & Joyous Spring", "ash blossom and joyous spring"), ("Maxx \"C\"", "maxx c")])
def test_normalize_name(a, b):
    assert normalize_name(a) == normalize_name(b)


def test_a_name_that_starts_with_a_number(cards):
    deck = resolved(cards, "main: [7 Colored Fish, 3 7 Colored Fish, 2 Colored Fish]\n")
    got = [(e.card and e.card.name, e.count) for e in deck.entries]
    # "2 Colored Fish": no card has that name; the one card whose name has those words (rules/inexact_name.py)
    assert got == [("7 Colored Fish", 1), ("7 Colored Fish", 3), ("7 Colored Fish", 2)]
    assert deck.sizes["main"] == 6
    warning, inexact = deck.problems
    assert warning.rule == "syntax" and warning.severity == "warning" and warning.line == 1
    assert inexact.rule == "inexact-name" and inexact.severity == "warning" and inexact.card.name == "7 Colored Fish"
