"""Suggestions that find the card: one ranking (ranking.closest) for every "did you mean" (issue 12).

tests/fixtures/misspellings.tsv holds what players write for a card — misspellings, lowercase,
missing punctuation, first words, partial names, nicknames, acronyms — and the card each means.
The first suggestion must be the card meant for at least 95% of them.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.folding import fold_words, normalize_name
from deckcheck.ranking import closest
from deckcheck.parsers import parse_deck
from deckcheck.resolve import resolve

from .conftest import examples


MISSPELLINGS = Path(__file__).parent / "fixtures" / "misspellings.tsv"


def misspellings() -> list[tuple[str, str, str]]:
    rows = []
    for line in MISSPELLINGS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            query, card, kind = line.split("\t")
            rows.append((query, card, kind))
    return rows


def test_the_list_is_real_cards_and_long_enough(cards):
    rows = misspellings()
    assert len(rows) >= 100
    assert {kind for _, _, kind in rows} >= {"misspelling", "lowercase", "punctuation", "first-word", "partial",
                                             "nickname", "acronym"}
    assert [card for _, card, _ in rows if not cards.by_name(card)] == []
    # most of the list is not a card's name at all: what the exact and folded match cannot find
    assert sum(1 for query, _, _ in rows if not cards.by_name(query)) >= 100


def test_first_suggestion_is_the_card_meant_for_95_percent(cards):
    rows = misspellings()
    missed = [(query, card, cards.suggest(query)[:1]) for query, card, _ in rows if cards.suggest(query)[:1] != [card]]
    by_kind = Counter(kind for query, _, kind in rows if any(query == m[0] for m in missed))
    assert len(missed) <= len(rows) * 0.05, f"{len(missed)} of {len(rows)} missed ({dict(by_kind)}): {missed}"


@pytest.mark.parametrize("written,meant", [
    ("Nibiru", "Nibiru, the Primal Being"),  # not Unibird
    ("ash blossom", "Ash Blossom & Joyous Spring"),  # not Abyss-strom
    ("Ghost Belle", "Ghost Belle & Haunted Mansion"),  # not Ghost Beef
    ("Apollousa", "Apollousa, Bow of the Goddess"),  # not Doll House
    ("Mirrorjade", "Mirrorjade the Iceblade Dragon"),  # not Mirror Gate
])
def test_a_short_name_is_read_as_the_card_meant(cards, written, meant):
    """Once "did you mean" suggestions; now a short name that fits one card only is read as it (inexact-name)."""
    deck = resolve(parse_deck(f"main: [2 {written}]\n".encode(), "deck.yaml"), cards)
    assert deck.entries[0].count == 2 and deck.entries[0].card.name == meant
    assert [p.rule for p in deck.problems] == ["inexact-name"]


@pytest.mark.parametrize("written,meant,read", [
    ("Nibriu", "Nibiru, the Primal Being", False),  # begins like Unibird's name too: suggested, not read
    ("Appolousa", "Apollousa, Bow of the Goddess", False),  # 2 letters off in 9: too many to be read
    ("ash blosom", "Ash Blossom & Joyous Spring", True),
    ("Gohst Belle", "Ghost Belle & Haunted Mansion", True),
    ("Mirorjade", "Mirrorjade the Iceblade Dragon", True),
])
def test_a_decklist_entry_suggests_the_card_meant(cards, written, meant, read):
    """A misspelled entry is read as the card meant when no other card is as near (inexact-name); else the card
    meant is its first suggestion."""
    deck = resolve(parse_deck(f"main: [2 {written}]\n".encode(), "deck.yaml"), cards)
    entry = deck.entries[0]
    assert entry.count == 2
    if read:
        assert entry.card.name == meant and [p.rule for p in deck.problems] == ["inexact-name"]
    else:
        reason, suggestions = deck.unresolved[id(entry)]
        assert entry.card is None and suggestions[0] == meant


def test_misspelled_partial_name_is_suggested(cards):
    assert cards.suggest("Ash Blosom")[0] == "Ash Blossom & Joyous Spring"
    assert cards.suggest("Snake-Eye Oaak")[0] == "Snake-Eye Oak"


def test_nothing_close_suggests_nothing(cards):
    assert cards.suggest("zzqqxxjj") == []
    assert cards.suggest("") == []
    assert cards.suggest("x" * 5000) == []


def test_closest_keeps_the_order_of_keys_for_ties_and_takes_names_without_spaces():
    keys = ["droll bird", "droll and lock bird"]
    assert closest("droll", keys, 2) == keys
    assert closest("droll", keys[::-1], 2) == keys[::-1]
    # keys folded by normalize_name (one word each), as for names in other languages
    folded = [normalize_name(n) for n in ("Infinite Impermanence", "Effect Veiler", "Ash Blossom & Joyous Spring")]
    assert closest(normalize_name("Ash Blosom"), folded, 1) == ["ashblossomandjoyousspring"]
    assert closest("infinite", folded, 3)[0] == "infiniteimpermanence"
    assert closest("", folded, 3) == [] and closest("veiler", folded, 0) == []


def test_closest_is_also_the_ranking_of_rule_ids():
    from deckcheck.formats.loader import _closest
    from deckcheck.rules import RULES_BY_ID

    assert _closest("copy-limt", list(RULES_BY_ID)) == "copy-limit"
    assert _closest("banlists", list(RULES_BY_ID)) == "banlist"


def test_fold_words_is_normalize_name_with_the_words_apart(cards):
    for card in cards.cards():
        assert fold_words(card.name).replace(" ", "") == normalize_name(card.name), card.name
    assert fold_words("Harpie's Feather Duster") == "harpies feather duster"
    assert fold_words('Maxx "C"') == "maxx c"
    assert fold_words("Blue-Eyes White Dragon") == "blue eyes white dragon"


@settings(max_examples=examples(100))  # hypothesis' default, a quarter of it in the quick loop
@given(st.text(max_size=40))
def test_fold_words_agrees_with_normalize_name_on_any_text(text):
    folded = fold_words(text)
    assert folded.replace(" ", "") == normalize_name(text)
    assert "  " not in folded and folded == folded.strip()


@settings(max_examples=examples(100))
@given(st.text(max_size=30))
def test_suggest_never_fails(cards, text):
    assert len(cards.suggest(text)) <= 3


def test_card_command_finds_a_misspelled_name_and_lists_partial_matches():
    def card(*args):
        from .inprocess import deckcheck

        return deckcheck("card", *args, env={"NO_COLOR": "1"})

    proc = card("Ash Blosom")  # one name is close: shown, with a note naming it
    assert proc.returncode == 0 and "showing Ash Blossom & Joyous Spring" in proc.stderr
    proc = card("blue ayes")  # several are close: the user chooses
    assert proc.returncode == 2 and "did you mean Blue-Eyes White Dragon" in proc.stderr
    proc = card("mirrorjade")  # one card fits: shown
    assert proc.returncode == 0 and "44146295" in proc.stdout
    proc = card("ghost", "-o", "json")  # several fit: listed
    found = json.loads(proc.stdout)
    assert proc.returncode == 0 and len(found) > 3
    assert "Ghost Belle & Haunted Mansion" in {c["name"] for c in found}
    proc = card("droll")
    assert proc.returncode == 0 and "Droll & Lock Bird" in proc.stdout and "Droll Bird" in proc.stdout
    assert proc.stdout.index("Droll & Lock Bird") < proc.stdout.index("Droll Bird")
