"""What players write (issue 25, items 7–9): short names, a title line, a Skill line.

Each case is a decklist as pasted in a chat or a forum, checked with the real card data: a name that
fits exactly one card is read as that card with an ``inexact-name`` warning naming it; a name that fits
several stays an ``unknown-card`` error with suggestions; a first line that is no card and has no count
is the deck's title; ``Skill: …`` is the Speed Duel deck's Skill Card.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.model import INFO, WARNING
from deckcheck.parsers.text import parse_text

from .conftest import REPO, rules_of

SAMPLE = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"


def problems_by_line(result) -> dict[int | None, list[tuple[str, str]]]:
    found: dict[int | None, list[tuple[str, str]]] = {}
    for p in result.problems:
        found.setdefault(p.line, []).append((p.rule, p.card.name if p.card else ""))
    return found


@pytest.mark.parametrize(("written", "official"), [
    ("3 Ash Blossom", "Ash Blossom & Joyous Spring"),
    ("2 Nibiru", "Nibiru, the Primal Being"),
    ("Called by", "Called by the Grave"),
    ("droll lock bird", "Droll & Lock Bird"),
    ("3 Imperm", "Infinite Impermanence"),
    ("ghost ogre", "Ghost Ogre & Snow Rabbit"),
])
def test_a_name_that_fits_one_card_is_read_as_it_with_a_warning(check_text, written, official):
    result = check_text(f"Main Deck\n{written}\n", suffix=".txt")
    assert problems_by_line(result)[2] == [("inexact-name", official)]
    inexact = [p for p in result.problems if p.rule == "inexact-name"][0]
    assert inexact.severity == WARNING and official in inexact.fix
    assert "unknown-card" not in rules_of(result)


@pytest.mark.parametrize("written", ["3 Veiler", "Blue-Eyes", "2 Pot of", "3 Ash", "Triple Tactics", "Snake-Eye Oaak"])
def test_a_name_that_fits_several_cards_or_none_stays_unknown(check_text, written):
    result = check_text(f"Main Deck\n{written}\n", suffix=".txt")
    assert [rule for rule, _card in problems_by_line(result)[2]] == ["unknown-card"]


def test_a_whole_deck_in_short_names_is_legal_with_warnings(check_text, cards):
    """The sample Branded deck as a text list, its staples written as players say them."""
    from deckcheck.convert import convert
    from deckcheck.parsers import parse_deck
    from deckcheck.resolve import resolve

    listed = convert(resolve(parse_deck(SAMPLE.read_bytes(), "deck.ydk"), cards), "text").text
    assert "Ash Blossom & Joyous Spring" in listed
    short = listed.replace("Ash Blossom & Joyous Spring", "Ash Blossom")
    exact = check_text(listed, suffix=".txt")
    loose = check_text(short, suffix=".txt")
    assert exact.legal and loose.legal and loose.sizes == exact.sizes
    assert rules_of(loose, WARNING) == ["inexact-name"]


def test_a_title_line_is_the_decks_name(check_text):
    result = check_text("Snake-Eye Fire King - my locals list\n\n3 Ash Blossom & Joyous Spring\n", suffix=".txt")
    assert result.name == "Snake-Eye Fire King - my locals list"
    assert result.sizes["main"] == 3
    assert [(p.rule, p.severity, p.line) for p in result.problems if p.severity == INFO] == [("syntax", INFO, 1)]
    assert "unknown-card" not in rules_of(result)


@pytest.mark.parametrize("first", ["Called by the Grave", "Called by", "1 Snake-Eye Fire King - my locals list",
                                   "Main Deck"])
def test_a_first_line_that_is_a_card_or_has_a_count_is_not_a_title(check_text, first):
    result = check_text(f"{first}\n3 Ash Blossom & Joyous Spring\n", suffix=".txt")
    assert result.name is None


def test_a_title_after_a_deck_line_is_a_card(check_text):
    result = check_text("Deck: Branded\nSnake-Eye Fire King - my locals list\n", suffix=".txt")
    assert result.name == "Branded" and "unknown-card" in rules_of(result)


def test_a_skill_line_is_the_speed_decks_skill_card(check_text):
    deck = "Skill: Magician's Act\n" + "3 Dark Magician\n" * 1
    with_skill = check_text(deck, suffix=".txt", format="speed")
    without = check_text("3 Dark Magician\n", suffix=".txt", format="speed")
    assert "skill-card" in rules_of(without)
    assert "skill-card" not in rules_of(with_skill) and "unknown-card" not in rules_of(with_skill)
    assert with_skill.sizes == without.sizes  # the Skill Card is kept outside the deck


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=80))
def test_a_first_line_never_takes_a_card_away(title):
    """Parser property: a first line changes the cards read after it only by being one itself."""
    body = "3 Ash Blossom & Joyous Spring\n2 Called by the Grave\n"
    plain = parse_text(body.encode(), "deck.txt")
    titled = parse_text(f"{title}\n{body}".encode(), "deck.txt")
    after = [(e.name, e.count) for e in titled.entries if e.line and e.line > 1]
    assert after == [(e.name, e.count) for e in plain.entries]
    assert titled.title_line in (None, 1)


def test_convert_writes_the_official_names(tmp_path):
    deck = tmp_path / "players.txt"
    deck.write_text("My locals list\n3 Ash Blossom\n2 Nibiru\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "deckcheck", "convert", str(deck), "--to", "text"], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert "3 Ash Blossom & Joyous Spring" in proc.stdout and "2 Nibiru, the Primal Being" in proc.stdout
    assert "My locals list" not in [line.strip() for line in proc.stdout.splitlines()[1:]]


def test_convert_fix_writes_the_official_names_back_in_place(tmp_path):
    """Issue 25, item 7: `convert --fix` writes each file back in its own format with the official names."""
    text = tmp_path / "players.txt"
    text.write_text("My locals list\n3 Ash Blossom\n2 Nibiru\n", encoding="utf-8")
    listed = tmp_path / "deck.yaml"
    listed.write_text("main:\n  - 3 Called by\n  - droll lock bird\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "deckcheck", "convert", "--fix", str(text), str(listed)], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    fixed = text.read_text(encoding="utf-8")
    assert "3 Ash Blossom & Joyous Spring" in fixed and "2 Nibiru, the Primal Being" in fixed
    assert fixed.startswith("Deck: My locals list")
    assert "Called by the Grave" in listed.read_text(encoding="utf-8")
    assert "Droll & Lock Bird" in listed.read_text(encoding="utf-8")
    link = subprocess.run([sys.executable, "-m", "deckcheck", "convert", "--fix", "ydke://abc!!!"], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert link.returncode == 2 and "give decklist files" in link.stderr
