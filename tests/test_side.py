"""Side decking against the real card index and lists: side rule examples, rules.md §6 cases 21–31,
alternate artworks, Extra Deck monsters, sizes, new cards, matches, mixed input formats, JSON."""

from __future__ import annotations

import json

import pytest

from deckcheck.checker import Checker, Override, Selection
from deckcheck.parsers import parse_deck
from deckcheck.side import SideChecker, check_match, diff, say_swaps, unsided_duels
from deckcheck.side_rules import SIDE_RULE_MODULES, side_rule_examples

from .conftest import TODAY, rules_of

# A legal TCG deck (2026.05 list): Branded Despia with 2 Dark Magician and a Link Monster in the Side.
MAIN = {
    "Fallen of Albaz": 3, "Aluber the Jester of Despia": 3, "Guiding Quem, the Virtuous": 1,
    "Tri-Brigade Mercourier": 2, "Dramaturge of Despia": 1, "Despian Tragedy": 1,
    "Ash Blossom & Joyous Spring": 3, "Mulcharmy Fuwalos": 3, "Branded Fusion": 1, "Branded Opening": 3,
    "Branded in Red": 2, "Branded Lost": 1, "Branded Retribution": 3, "Infinite Impermanence": 3,
    "Called by the Grave": 1, "Triple Tactics Talent": 1, "Forbidden Droplet": 3, "Crossout Designator": 1,
    "Effect Veiler": 2, 46986414: 2,  # Dark Magician, original artwork
}
EXTRA = {
    "Mirrorjade the Iceblade Dragon": 2, "Albion the Branded Dragon": 1, "Lubellion the Searing Dragon": 1,
    "Granguignol the Dusk Dragon": 1, "Titaniklad the Ash Dragon": 1, "Brigrand the Glory Dragon": 1,
    "Sprind the Irondash Dragon": 1, "Rindbrumm the Striking Dragon": 1, "Alba-Lenatus the Abyss Dragon": 1,
    "Fiendsmith's Requiem": 1, "S:P Little Knight": 1, "I:P Masquerena": 1, "Fiendsmith's Desirae": 1,
    "Super Starslayer TY-PHON - Sky Crisis": 1,
}
SIDE = {
    "Droll & Lock Bird": 2, "Nibiru, the Primal Being": 3, "Dominus Impulse": 2, "Harpie's Feather Duster": 1,
    "Mulcharmy Purulia": 3, "Ghost Belle & Haunted Mansion": 3, "Knightmare Unicorn": 1,  # a Link Monster
}

DM, DM_ALT = 46986414, 36996508  # Dark Magician and one of its alternate artworks


class Deck:
    """A decklist as {card: copies} per section; a card is a name or a passcode."""

    def __init__(self, main=MAIN, extra=EXTRA, side=SIDE):
        self.sections = {"main": dict(main), "extra": dict(extra), "side": dict(side)}

    def moved(self, *moves: tuple) -> Deck:
        """(count, card, from, to); from/to None: the card comes from outside / goes away."""
        deck = Deck(**self.sections)
        for count, card, source, target in moves:
            if source:
                section = deck.sections[source]
                section[card] -= count
                assert section[card] >= 0, (card, source)
                if not section[card]:
                    del section[card]
            if target:
                deck.sections[target][card] = deck.sections[target].get(card, 0) + count
        return deck

    def yaml(self) -> str:
        lines = []
        for section, items in self.sections.items():
            lines.append(f"{section}:")
            lines += [f"  - {json.dumps(f'{n} {card}')}" for card, n in items.items()]
        return "\n".join(lines) + "\n"

    def ydk(self, cards) -> str:
        lines = ["#created by tests", "#main"]
        for section, items in self.sections.items():
            lines += {"main": [], "extra": ["#extra"], "side": ["!side"]}[section]
            for card, n in items.items():
                passcode = card if isinstance(card, int) else cards.by_name(card)[0].passcode
                lines += [str(passcode)] * n
        return "\n".join(lines) + "\n"

    def text(self, cards, suffix: str) -> str:
        return self.ydk(cards) if suffix == ".ydk" else self.yaml()


REGISTERED = Deck()


@pytest.fixture(scope="session")
def checker(cards, store):
    return Checker(cards, store, Selection(), today=TODAY)


@pytest.fixture(scope="session")
def legacy_checker(cards, store):
    """--side-rule legacy: the registered Side Deck has exactly 0 or 15 cards."""
    return Checker(cards, store, Selection(overrides=(Override("--side-rule legacy", "side-size", {"exactly": [0, 15]}),)),
                   today=TODAY)


@pytest.fixture(scope="session")
def side(checker, legacy_checker, cards):
    """side(registered, sided, suffixes=(".yaml", ".yaml"), **options) -> SideResult."""

    def run(registered, sided, suffixes=(".yaml", ".yaml"), side_rule="current", must_be_registered=False):
        chosen = legacy_checker if side_rule == "legacy" else checker
        side_checker = SideChecker(chosen, _parse(registered, suffixes[0], "registered", cards))
        return side_checker.check(_parse(sided, suffixes[1], "sided", cards), must_be_registered)

    return run


def _parse(deck, suffix: str, name: str, cards):
    text = deck.text(cards, suffix) if isinstance(deck, Deck) else deck
    return parse_deck(text.encode("utf-8"), f"{name}{suffix}")


def side_rules_of(result, severity: str = "error") -> list[str]:
    return rules_of(result, severity)


# --- the side rules: IDs, summaries and their docstring examples ------------------------------------


@pytest.mark.parametrize("rule", SIDE_RULE_MODULES, ids=lambda r: r.ID)
def test_every_side_rule_has_id_summary_and_examples(rule):
    assert rule.ID and rule.SUMMARY and rule.SEVERITY in ("error", "warning")
    verdicts = [v for v, _, _ in side_rule_examples(rule)]
    assert "PASS" in verdicts and "FAIL" in verdicts


EXAMPLES = [(rule, *example) for rule in SIDE_RULE_MODULES for example in side_rule_examples(rule)]


@pytest.mark.parametrize(
    "rule,verdict,registered,sided", EXAMPLES, ids=[f"{r.ID}-{v}-{i}" for i, (r, v, _, _) in enumerate(EXAMPLES)]
)
def test_side_rule_docstring_examples(side, rule, verdict, registered, sided):
    result = side(registered, sided, side_rule="legacy", must_be_registered=True)
    found = [p.rule for p in result.problems].count(rule.ID)
    if verdict == "PASS":
        assert found == 0, result.problems
    else:
        assert found >= 1, result.problems


def test_registered_deck_is_legal(side):
    result = side(REGISTERED, REGISTERED)
    assert result.registered.problems == [], result.registered.problems
    assert result.legal and result.problems == [] and result.moves == []
    assert result.sided.sizes == {"main": 40, "extra": 15, "side": 15}


# --- rules.md §6, cases 21–25 and 31: one sided deck -------------------------------------------------


def test_case_21_link_monster_in_the_side_deck_is_legal(side):
    assert REGISTERED.sections["side"]["Knightmare Unicorn"] == 1
    assert side(REGISTERED, REGISTERED).legal


def test_case_22_three_out_three_in(side):
    sided = REGISTERED.moved((3, "Forbidden Droplet", "main", "side"), (3, "Nibiru, the Primal Being", "side", "main"))
    result = side(REGISTERED, sided)
    assert result.legal and result.problems == []
    assert result.say_swaps() == (
        "in: 3 Nibiru, the Primal Being (side → main); out: 3 Forbidden Droplet (main → side)"
    )


def test_swap_said_as_a_person_says_it(side):
    sided = REGISTERED.moved((2, "Ghost Belle & Haunted Mansion", "side", "main"), (2, "Effect Veiler", "main", "side"))
    result = side(REGISTERED, sided)
    assert result.legal, result.problems
    assert result.say_swaps() == "in: 2 Ghost Belle & Haunted Mansion (side → main); out: 2 Effect Veiler (main → side)"
    assert [(m.count, m.card.name, m.source, m.target) for m in result.swaps_in] == [
        (2, "Ghost Belle & Haunted Mansion", "side", "main")
    ]


def test_case_23_extra_card_out_main_card_in_is_illegal_even_within_40_to_60(side):
    sided = REGISTERED.moved((1, "S:P Little Knight", "extra", "side"), (1, "Ghost Belle & Haunted Mansion", "side", "main"))
    result = side(REGISTERED, sided)
    assert result.sided.sizes == {"main": 41, "extra": 14, "side": 15}
    assert sorted(side_rules_of(result)) == ["extra-size-changed", "main-size-changed"]
    by_rule = {p.rule: p for p in result.problems}
    assert "Main Deck has 41 cards; the registered Main Deck has 40" in by_rule["main-size-changed"].message
    assert by_rule["main-size-changed"].fix.startswith("move 1 card from the Main Deck to the Side Deck")
    assert by_rule["extra-size-changed"].fix.startswith("move 1 card from the Side Deck to the Extra Deck")
    assert not result.legal and result.registered.legal


def test_case_24_side_card_added_without_removing_one(side):
    sided = REGISTERED.moved((1, "Nibiru, the Primal Being", "side", "main"))
    result = side(REGISTERED, sided)
    assert sorted(side_rules_of(result)) == ["main-size-changed", "side-size-changed"]
    problem = next(p for p in result.problems if p.rule == "side-size-changed")
    assert problem.message.startswith("Side Deck has 14 cards; the registered Side Deck has 15")
    assert problem.section == "side"
    assert problem.fix == "move 1 card from the Main Deck to the Side Deck: it must have 15 cards, as registered"


def test_case_25_a_brand_new_card(side):
    sided = REGISTERED.moved((1, "Called by the Grave", "main", None), (1, "Pot of Desires", None, "main"))
    result = side(REGISTERED, sided)
    assert side_rules_of(result) == ["card-not-registered", "card-not-registered"]
    new, missing = sorted(result.problems, key=lambda p: p.line is None)
    assert new.card.name == "Pot of Desires" and new.section == "main" and new.line is not None
    assert "not in the registered deck" in new.message and new.fix == "remove 1 copy of Pot of Desires"
    assert missing.card.name == "Called by the Grave" and missing.line is None
    assert missing.fix == "put 1 copy of Called by the Grave back into the Main Deck"
    assert result.say_swaps() == "in: 1 Pot of Desires (not registered → main); out: 1 Called by the Grave (main → missing)"


def test_a_fourth_copy_points_at_its_line(side, cards):
    sided = REGISTERED.moved((1, "Harpie's Feather Duster", "side", None), (1, "Ash Blossom & Joyous Spring", None, "side"))
    result = side(REGISTERED, sided, suffixes=(".yaml", ".ydk"))
    problem = next(p for p in result.problems if p.card and p.card.name == "Ash Blossom & Joyous Spring")
    assert problem.rule == "card-not-registered"
    assert problem.message.startswith("4 copies of Ash Blossom & Joyous Spring in the sided deck (3 Main, 1 Side)")
    assert problem.message.endswith("the registered deck has 3")
    lines = sided.ydk(cards).splitlines()
    ash = str(cards.by_name("Ash Blossom & Joyous Spring")[0].passcode)
    fourth = [i for i, line in enumerate(lines, 1) if line == ash][3]
    assert problem.line == fourth and problem.section == "side"


def test_case_31_side_deck_of_15_becomes_14(side):
    sided = REGISTERED.moved((1, "Dominus Impulse", "side", None))
    result = side(REGISTERED, sided)
    assert sorted(side_rules_of(result)) == ["card-not-registered", "side-size-changed"]
    size = next(p for p in result.problems if p.rule == "side-size-changed")
    assert size.fix == "put 1 card back into the Side Deck: it must have 15 cards, as registered"


# --- sizes changing by one -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move,rules",
    [
        ((1, "Called by the Grave", "main", "side"), ["main-size-changed", "side-size-changed"]),
        ((1, "Effect Veiler", "main", None), ["card-not-registered", "main-size-changed"]),
        ((1, "Pot of Duality", None, "main"), ["card-not-registered", "main-size-changed"]),
        ((1, "I:P Masquerena", "extra", "side"), ["extra-size-changed", "side-size-changed"]),
        ((1, "Knightmare Unicorn", "side", "extra"), ["extra-size-changed", "side-size-changed"]),
        ((1, "Infinite Impermanence", None, "side"), ["card-not-registered", "side-size-changed"]),
    ],
)
def test_a_section_changing_by_one_card(side, move, rules):
    result = side(REGISTERED, REGISTERED.moved(move))
    assert sorted(side_rules_of(result)) == rules
    assert not result.legal
    for problem in result.problems:
        assert problem.fix and problem.section in ("main", "extra", "side")


# --- alternate artworks --------------------------------------------------------------------------------


@pytest.mark.parametrize("suffixes", [(".ydk", ".ydk"), (".yaml", ".ydk"), (".ydk", ".yaml")])
def test_alternate_artwork_for_the_original_is_the_registered_deck(side, suffixes):
    sided = REGISTERED.moved((2, DM, "main", None), (2, DM_ALT, None, "main"))
    result = side(REGISTERED, sided, suffixes, must_be_registered=True)
    assert result.legal and result.problems == [] and result.moves == []


def test_alternate_artwork_sided_in(side):
    registered = REGISTERED.moved((1, DM, "main", "side"), (1, "Dominus Impulse", "side", "main"))
    sided = registered.moved((1, "Dominus Impulse", "main", "side"), (1, DM, "side", None), (1, DM_ALT, None, "main"))
    result = side(registered, sided)
    assert result.legal, result.problems
    assert result.say_swaps() == "in: 1 Dark Magician (side → main); out: 1 Dominus Impulse (main → side)"


def test_dark_magician_by_name_matches_any_artwork(side, cards):
    registered = REGISTERED.yaml().replace(f'"2 {DM}"', '"2 Dark Magician"')
    assert "Dark Magician" in registered
    sided = REGISTERED.moved((1, DM, "main", None), (1, DM_ALT, None, "main"))
    result = side(registered, sided.ydk(cards), (".yaml", ".ydk"))
    assert result.legal and result.problems == []


# --- Extra Deck monsters between Extra and Side ----------------------------------------------------------


def test_extra_deck_monster_swapped_with_one_in_the_side(side):
    sided = REGISTERED.moved((1, "S:P Little Knight", "extra", "side"), (1, "Knightmare Unicorn", "side", "extra"))
    result = side(REGISTERED, sided)
    assert result.legal and result.problems == []
    assert result.say_swaps() == "in: 1 Knightmare Unicorn (side → extra); out: 1 S:P Little Knight (extra → side)"


def test_extra_deck_monster_sided_into_the_main_deck(side):
    sided = REGISTERED.moved((1, "Called by the Grave", "main", "side"), (1, "Knightmare Unicorn", "side", "main"))
    result = side(REGISTERED, sided)
    assert side_rules_of(result) == ["wrong-section"]
    problem = result.problems[0]
    assert problem.card.name == "Knightmare Unicorn" and problem.section == "main" and problem.line is not None
    assert problem.fix == "move 1 copy of Knightmare Unicorn from the Main Deck back to the Side Deck, where it is registered"


def test_main_deck_card_sided_into_the_extra_deck(side):
    sided = REGISTERED.moved((1, "S:P Little Knight", "extra", "side"), (1, "Nibiru, the Primal Being", "side", "extra"))
    result = side(REGISTERED, sided)
    assert side_rules_of(result) == ["wrong-section"]
    assert result.problems[0].section == "extra" and "back to the Side Deck" in result.problems[0].fix


def test_extra_deck_monster_moved_to_main_without_the_side(side):
    sided = REGISTERED.moved((1, "I:P Masquerena", "extra", "main"))
    result = side(REGISTERED, sided)
    assert sorted(side_rules_of(result)) == ["extra-size-changed", "main-size-changed", "wrong-section"]
    wrong = next(p for p in result.problems if p.rule == "wrong-section")
    assert wrong.fix == "move 1 copy of I:P Masquerena from Main to Extra"  # check's own fix: it was registered there


# --- the registered deck, unknown cards, unreadable files ---------------------------------------------------


def test_illegal_registered_deck_is_reported_and_the_side_check_still_runs(side):
    registered = REGISTERED.moved((1, "Effect Veiler", "main", None), (1, 'Maxx "C"', None, "main"))
    sided = registered.moved((1, "Nibiru, the Primal Being", "side", "main"))
    result = side(registered, sided)
    assert "banlist" in rules_of(result.registered, "error") and not result.registered.legal
    assert sorted(side_rules_of(result)) == ["main-size-changed", "side-size-changed"]
    assert not result.legal and not result.sided_legally
    fine = side(registered, registered)
    assert fine.sided_legally and not fine.legal
    assert fine.to_json()["registered_check"]["legal"] is False


def test_unknown_cards_are_compared_as_written(side):
    registered = REGISTERED.yaml().replace('"1 Branded Lost"', '"1 Branded Lostt"')
    result = side(registered, registered)
    assert "unknown-card" in rules_of(result.registered) and result.problems == []
    changed = registered.replace('"1 Branded Lostt"', '"1 Branded Losst"')
    result = side(registered, changed)
    assert side_rules_of(result) == ["card-not-registered", "card-not-registered"]
    assert {p.card.name for p in result.problems} == {"Branded Lostt", "Branded Losst"}


def test_unknown_passcodes_are_compared_as_written(side, cards):
    registered = REGISTERED.ydk(cards).replace("\n#extra", "\n99999998\n#extra", 1)
    registered = registered.replace(str(cards.by_name("Branded Lost")[0].passcode) + "\n", "", 1)
    assert side(registered, registered, (".ydk", ".ydk")).problems == []
    sided = registered.replace("99999998", "99999997")
    result = side(registered, sided, (".ydk", ".ydk"))
    assert {p.card.passcode for p in result.problems} == {99999998, 99999997}


def test_unreadable_sided_deck(side):
    result = side(REGISTERED, "<html><body>404</body></html>")
    assert side_rules_of(result) == ["unreadable"] and not result.legal and result.moves == []


def test_sided_file_problems_keep_their_lines(side, cards):
    sided = REGISTERED.ydk(cards).replace("!side\n", "!side\nnot a passcode\n")
    result = side(REGISTERED, sided, (".yaml", ".ydk"))
    syntax = [p for p in result.problems if p.rule == "syntax"]
    assert syntax and syntax[0].severity == "warning" and syntax[0].line is not None
    assert result.legal


# --- legacy: Side Deck exactly 0 or 15 (case 5) ------------------------------------------------------------


@pytest.mark.parametrize("side_size,legal", [(0, True), (15, True), (7, False), (14, False)])
def test_legacy_side_rule(side, side_size, legal):
    keep = dict(list(SIDE.items()))
    side_cards = {}
    for card, n in keep.items():
        take = min(n, side_size - sum(side_cards.values()))
        if take:
            side_cards[card] = take
    registered = Deck(MAIN, EXTRA, side_cards)
    assert side(registered, registered).legal  # today's rule: 0–15
    result = side(registered, registered, side_rule="legacy")
    assert result.legal is legal
    assert result.problems == []  # the sided deck is the registered one: no side problem …
    if not legal:  # … but the registered deck is not legal under the legacy rule
        (problem,) = result.registered.problems
        assert problem.rule == "side-size" and problem.section == "side" and "0 or 15" in problem.message


# --- matches: cases 26–30 -------------------------------------------------------------------------------------

DUEL_A = REGISTERED.moved((3, "Forbidden Droplet", "main", "side"), (3, "Nibiru, the Primal Being", "side", "main"))
DUEL_B = REGISTERED.moved((2, "Branded in Red", "main", "side"), (2, "Droll & Lock Bird", "side", "main"))


@pytest.fixture(scope="session")
def match(checker, cards):
    def run(duels, game_loss_before=(), registered=REGISTERED, suffix=".yaml"):
        side_checker = SideChecker(checker, _parse(registered, ".ydk", "registered", cards))
        parsed = [_parse(d, suffix, f"duel{n}", cards) for n, d in enumerate(duels, 1)]
        return check_match(side_checker, parsed, list(game_loss_before))

    return run


def test_case_26_duel_1_sided_is_illegal(match):
    result = match([DUEL_A, REGISTERED])
    assert not result.legal
    assert set(side_rules_of(result.duels[0])) == {"not-registered-deck"}
    problem = result.duels[0].problems[0]
    assert "Duel 1 of a Match is played with the registered deck exactly" in problem.message
    assert problem.line is not None and problem.fix.endswith("back to the Side Deck")
    assert result.duels[1].legal


def test_case_27_game_loss_before_duel_1(match):
    result = match([REGISTERED, DUEL_A, DUEL_B], game_loss_before=[1])
    assert [d.legal for d in result.duels] == [True, False, True]
    assert set(side_rules_of(result.duels[1])) == {"not-registered-deck"}
    assert "Duel 1 was a Game Loss before it began" in result.duels[1].problems[0].message
    unsided = match([REGISTERED, REGISTERED, DUEL_B], game_loss_before=[1])
    assert unsided.legal


def test_game_loss_before_a_later_duel_allows_siding(match):
    assert match([REGISTERED, DUEL_A, DUEL_B], game_loss_before=[2]).legal
    assert unsided_duels(3, [2]).keys() == {1}
    assert unsided_duels(4, [1, 2]).keys() == {1, 2, 3}
    assert unsided_duels(2, [1, 2]).keys() == {1, 2}


def test_case_28_path_independent(match):
    sided_a_out_b_in = DUEL_B
    result = match([REGISTERED, DUEL_A, sided_a_out_b_in])
    assert result.legal and [d.legal for d in result.duels] == [True, True, True]


def test_case_29_duel_4_after_a_draw(match):
    result = match([REGISTERED, DUEL_A, DUEL_B, DUEL_A])
    assert result.legal and len(result.duels) == 4


def test_case_30_next_match_duel_1_keeps_last_match_sided_cards(match):
    last_match = match([REGISTERED, DUEL_A])
    assert last_match.legal
    next_match = match([DUEL_A, DUEL_B])
    assert not next_match.legal and set(side_rules_of(next_match.duels[0])) == {"not-registered-deck"}


def test_match_with_decks_in_different_formats(match):
    result = match([REGISTERED, DUEL_A, DUEL_B], suffix=".ydk")
    assert result.legal
    assert result.duels[1].say_swaps() == "in: 3 Nibiru, the Primal Being (side → main); out: 3 Forbidden Droplet (main → side)"


# --- the same verdict whatever the input formats -------------------------------------------------------------


@pytest.mark.parametrize("suffixes", [(".ydk", ".yaml"), (".yaml", ".ydk"), (".ydk", ".ydk"), (".yaml", ".yml")])
def test_input_formats_mix(side, suffixes):
    illegal = REGISTERED.moved((1, "S:P Little Knight", "extra", "side"), (1, "Ghost Belle & Haunted Mansion", "side", "main"))
    assert side(REGISTERED, DUEL_A, suffixes).legal
    assert sorted(side_rules_of(side(REGISTERED, illegal, suffixes))) == ["extra-size-changed", "main-size-changed"]


# --- JSON shapes ------------------------------------------------------------------------------------------------

PROBLEM_KEYS = {"rule", "severity", "message", "section", "line", "card", "fix"}


def test_side_json_shape(side):
    sided = REGISTERED.moved((1, "Called by the Grave", "main", None), (1, "Pot of Desires", None, "main"))
    doc = side(REGISTERED, sided).to_json()
    assert {"registered", "sided", "legal", "swaps", "problems"} <= set(doc)
    assert doc["registered"] == "registered.yaml" and doc["sided"] == "sided.yaml" and doc["legal"] is False
    assert doc["swaps"]["in"] == [
        {"card": {"name": "Pot of Desires", "passcode": 35261759}, "count": 1, "from": None, "to": "main"}
    ]
    assert doc["swaps"]["out"] == [
        {"card": {"name": "Called by the Grave", "passcode": 24224830}, "count": 1, "from": "main", "to": None}
    ]
    for problem in doc["problems"]:
        assert set(problem) == PROBLEM_KEYS and problem["fix"]
    assert set(doc["registered_check"]) == {"legal", "sections", "problems"}


def test_match_json_shape(match):
    doc = match([REGISTERED, DUEL_A], game_loss_before=[1]).to_json()
    assert doc["legal"] is False and doc["game_loss_before"] == [1]
    assert [d["duel"] for d in doc["duels"]] == [1, 2]
    assert [d["must_be_registered"] for d in doc["duels"]] == [True, True]
    for duel in doc["duels"]:
        assert {"registered", "sided", "legal", "swaps", "problems"} <= set(duel)


# --- diff ---------------------------------------------------------------------------------------------------------


def test_diff_by_card_name(checker, cards):
    from deckcheck.resolve import resolve

    a = resolve(_parse(REGISTERED, ".ydk", "a", cards), cards)
    same = resolve(_parse(REGISTERED.moved((1, DM, "main", None), (1, DM_ALT, None, "main")), ".yaml", "b", cards), cards)
    assert diff(a, same) == []
    b = resolve(_parse(DUEL_A.moved((1, "Pot of Desires", None, "side")), ".yaml", "b", cards), cards)
    rows = [(r.section, r.card.name, r.a, r.b) for r in diff(a, b)]
    assert rows == [
        ("main", "Forbidden Droplet", 3, 0),
        ("main", "Nibiru, the Primal Being", 0, 3),
        ("side", "Forbidden Droplet", 0, 3),
        ("side", "Nibiru, the Primal Being", 3, 0),
        ("side", "Pot of Desires", 0, 1),
    ]


def test_say_swaps_of_nothing():
    assert say_swaps([]) == "none (the registered deck)"


def test_treated_as_name_is_a_different_card_on_the_decklist(side):
    """Harpie Lady 1 shares Harpie Lady's copy limit, but it is not the card the decklist registers."""
    registered = REGISTERED.moved((1, "Effect Veiler", "main", None), (1, "Harpie Lady", None, "main"))
    sided = registered.moved((1, "Harpie Lady", "main", None), (1, "Harpie Lady 1", None, "main"))
    result = side(registered, sided)
    assert not result.legal
    assert "card-not-registered" in side_rules_of(result)
    named = {p.card.name for p in result.problems if p.rule == "card-not-registered"}
    assert named == {"Harpie Lady", "Harpie Lady 1"}
