"""Every rule against the real card index and lists: its docstring examples and rules.md §6 cases."""

from __future__ import annotations

from datetime import date

import pytest

from deckcheck.rules import RULES, rule_examples

from .conftest import rules_of

# 14 Normal Monsters, unlimited everywhere, never on a list: room for 42 filler copies.
FILLER_NAMES = [
    "Celtic Guardian", "Mystical Elf", "Beaver Warrior", "Giant Soldier of Stone", "Gemini Elf",
    "Alexandrite Dragon", "Luster Dragon", "Vorse Raider", "La Jinn the Mystical Genie of the Lamp",
    "Mechanicalchaser", "Archfiend Soldier", "Dark Blade", "Frostosaurus", "Summoned Skull",
]


def deck(main=(), extra=(), side=(), filler: int = 0, fmt: str | None = None) -> str:
    """A YAML decklist; `filler` adds that many legal Main Deck cards."""
    main = list(main)
    for i in range(filler):
        name = FILLER_NAMES[i // 3]
        main.append(name)
    lines = [f"format: {fmt}"] if fmt else []
    for section, items in (("main", main), ("extra", extra), ("side", side)):
        lines.append(f"{section}:")
        lines.extend(f"  - {item!r}" if "'" not in item else f'  - "{item}"' for item in items)
    return "\n".join(lines) + "\n"


def test_filler_is_legal(check_text):
    result = check_text(deck(filler=39, main=["Pot of Duality"]))
    assert result.problems == [] and result.legal
    assert result.sizes == {"main": 40, "extra": 0, "side": 0}


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.ID)
def test_every_rule_has_id_summary_and_examples(rule):
    assert rule.ID and rule.SUMMARY and rule.SEVERITY in ("error", "warning")
    verdicts = [v for v, _ in rule_examples(rule)]
    assert "PASS" in verdicts and "FAIL" in verdicts, f"{rule.ID}: docstring needs PASS and FAIL examples"


EXAMPLES = [(rule, verdict, text) for rule in RULES for verdict, text in rule_examples(rule)
            if not hasattr(rule, "EXAMPLE_OPTIONS")]  # those need a file: tests/test_event_rules.py checks them


@pytest.mark.parametrize(
    "rule,verdict,text", EXAMPLES, ids=[f"{r.ID}-{v}-{i}" for i, (r, v, _) in enumerate(EXAMPLES)]
)
def test_docstring_examples(check_text, rule, verdict, text):
    result = check_text(text)
    found = rules_of(result).count(rule.ID)
    if verdict == "PASS":
        assert found == 0, result.problems
    else:
        assert found >= 1, result.problems


# rules.md §6, cases 1–5: sizes
@pytest.mark.parametrize(
    "main,extra,side,rule",
    [(39, 0, 0, "main-size"), (61, 0, 0, "main-size"), (40, 16, 0, "extra-size"), (40, 0, 16, "side-size")],
)
def test_sizes_out_of_range(check_text, main, extra, side, rule):
    text = f"main: [{main} Pot of Duality]\n"
    text += f"extra: [{extra} Knightmare Unicorn]\n" if extra else ""
    text += f"side: [{side} Effect Veiler]\n" if side else ""
    result = check_text(text)
    assert rule in rules_of(result, "error")
    problem = next(p for p in result.problems if p.rule == rule)
    assert problem.fix.startswith("add 1 card" if main == 39 else "remove 1 card")


def test_side_seven_is_legal(check_text):  # case 5
    result = check_text(deck(filler=39, main=["Pot of Duality"], side=["Effect Veiler"] * 3 + ["Infinite Impermanence"] * 3 + ["Nibiru, the Primal Being"]))
    assert result.legal and result.sizes["side"] == 7


def test_unknown_cards_count_toward_sizes(check_text):
    result = check_text("main: [39 Pot of Duality, 99999990]\n")
    assert "main-size" not in rules_of(result)
    assert rules_of(result).count("unknown-card") == 1


def test_four_copies_across_main_and_side(check_text):  # case 6
    result = check_text(deck(filler=37, main=["Effect Veiler"] * 3, side=["Effect Veiler"]))
    assert rules_of(result) == ["copy-limit"]
    problem = result.problems[0]
    assert problem.section == "side" and problem.fix == "remove 1 copy of Effect Veiler"
    assert problem.card.name == "Effect Veiler" and problem.line is not None


@pytest.mark.parametrize("main,side,legal", [(1, 0, True), (0, 1, True), (1, 1, False)])
def test_limited_card_across_main_and_side(check_text, main, side, legal):  # case 7
    result = check_text(deck(filler=40 - main, main=["Monster Reborn"] * main, side=["Monster Reborn"] * side))
    assert result.legal is legal
    assert rules_of(result) == ([] if legal else ["banlist"])


@pytest.mark.parametrize("main,side,legal", [(0, 2, True), (2, 1, False)])
def test_semi_limited_card(check_text, main, side, legal):  # case 8
    result = check_text(deck(filler=40 - main, main=["Droll & Lock Bird"] * main, side=["Droll & Lock Bird"] * side))
    assert result.legal is legal


def test_forbidden_even_in_side(check_text):  # case 9 (Advanced)
    result = check_text(deck(filler=40, side=["Pot of Greed"]))
    assert rules_of(result) == ["banlist"]
    assert "Forbidden" in result.problems[0].message and result.problems[0].section == "side"


def test_a_listed_card_is_told_as_each_deck_holds_it(check_text):
    """banlist remembers what it tells a group over its limit (per regulation, by the group and its entries):
    a later deck that holds the card in another section, count or line is told what it holds."""
    side = check_text(deck(filler=40, side=["Pot of Greed"])).problems
    main = check_text(deck(filler=38, main=["Pot of Greed", "Pot of Greed"])).problems
    again = check_text(deck(filler=40, side=["Ash Blossom & Joyous Spring", "Pot of Greed"])).problems
    assert [(p.section, p.message.endswith("(1 Side)"), p.fix) for p in side] == [
        ("side", True, "remove 1 copy of Pot of Greed")]
    assert [(p.section, p.message.endswith("(2 Main)"), p.fix) for p in main] == [
        ("main", True, "remove all 2 copies of Pot of Greed")]
    assert [(p.message, p.fix) for p in again] == [(p.message, p.fix) for p in side]
    assert again[0].line == side[0].line + 1


def test_limited_alternate_artworks_share_the_limit(check_text):  # case 10
    text = deck(filler=38) + ""
    text = text.replace("main:\n", "main:\n  - 83764718\n  - 83764719\n")
    result = check_text(text)
    assert rules_of(result) == ["banlist"]
    assert result.problems[0].card.passcode == 83764718


def test_dark_magician_artworks(check_text):  # case 11
    three = deck(filler=37).replace("main:\n", "main:\n  - 46986414\n  - 46986414\n  - 36996508\n")
    assert check_text(three).legal
    four = three.replace("main:\n", "main:\n  - 46986415\n")
    assert rules_of(check_text(four)) == ["main-size", "copy-limit"] or rules_of(check_text(four)) == ["copy-limit"]


def test_harpie_lady_1_shares_harpie_lady(check_text):  # case 12
    result = check_text(deck(filler=36, main=["Harpie Lady"] * 3 + ["Harpie Lady 1"]))
    assert rules_of(result) == ["copy-limit"]
    assert "Harpie Lady 1 is always treated as Harpie Lady" in result.problems[0].message


@pytest.mark.parametrize(
    "names",
    [["Harpie Lady"] * 3 + ["Harpie Queen"] * 3, ["Blue-Eyes White Dragon"] * 3 + ["Blue-Eyes Alternative White Dragon"] * 3],
    ids=["harpie-queen", "blue-eyes-alternative"],
)
def test_treated_as_only_on_the_field_has_own_limit(check_text, names):  # cases 13, 15
    assert check_text(deck(filler=34, main=names)).legal


def test_legendary_ocean_shares_umi(check_text):  # case 14
    result = check_text(deck(filler=36, main=["Umi"] * 3 + ["A Legendary Ocean"]))
    assert rules_of(result) == ["copy-limit"]


def test_extra_deck_monster_in_main(check_text):  # case 16
    result = check_text(deck(filler=39, main=["Accesscode Talker"]))
    assert rules_of(result) == ["wrong-section"]
    assert result.problems[0].fix == "move 1 copy of Accesscode Talker from Main to Extra"


def test_pendulum_placement(check_text):  # case 17
    result = check_text(deck(filler=39, main=["Odd-Eyes Rebellion Dragon"], extra=["Odd-Eyes Pendulum Dragon"]))
    assert rules_of(result) == ["wrong-section", "wrong-section"]
    by_section = {p.section: p for p in result.problems}
    assert by_section["main"].card.name == "Odd-Eyes Rebellion Dragon"
    assert by_section["extra"].fix == "move 1 copy of Odd-Eyes Pendulum Dragon from Extra to Main"


def test_ritual_monster_in_extra(check_text):  # case 18
    result = check_text(deck(filler=40, extra=["Relinquished"]))
    assert rules_of(result) == ["wrong-section"]


def test_link_monster_in_side_is_fine(check_text):  # case 21 (construction part)
    assert check_text(deck(filler=40, side=["Accesscode Talker"])).legal


def test_token_is_not_a_deck_card(check_text, cards):  # case 19
    token = next(c for c in cards.cards() if c.kind == "token" and c.name == "Sheep Token")
    text = deck(filler=40).replace("main:\n", f"main:\n  - {token.passcode}\n")
    result = check_text(text)
    assert rules_of(result) == ["not-a-deck-card"]
    assert result.sizes["main"] == 41  # counted, but judged by no other rule


def test_skill_card_is_not_a_deck_card(check_text, cards):  # case 20 (Advanced)
    skill = next(c for c in cards.cards() if c.kind == "skill")
    result = check_text(deck(filler=40).replace("side:\n", f"side:\n  - {skill.passcode}\n"))
    assert rules_of(result) == ["not-a-deck-card"]


def test_ocg_only_card_in_tcg_and_tcg_only_in_ocg(check_text, cards):  # case 45
    ocg_only = check_text(deck(filler=39, main=["Dark Tyranno"]))
    assert rules_of(ocg_only) == ["card-pool"]
    assert "OCG-only" in ocg_only.problems[0].message
    assert check_text(deck(filler=39, main=["Dark Tyranno"]), format="ocg").legal
    tcg_only = next(c for c in cards.cards() if c.tcg and not c.ocg and c.kind == "main" and c.origin == "official")
    result = check_text(deck(filler=39).replace("main:\n", f"main:\n  - {tcg_only.passcode}\n"), format="ocg")
    assert "card-pool" in rules_of(result)


def test_release_date_against_as_of(check_text):  # case 46
    # Fiendsmith Engraver: first TCG release 2024-07-18 (OCG 2024-04-27).
    text = deck(filler=39, main=["Fiendsmith Engraver"])
    before = check_text(text, as_of=date(2024, 7, 17))
    assert rules_of(before) == ["card-pool"]
    assert "until 2024-07-18" in before.problems[0].message
    assert check_text(text, as_of=date(2024, 7, 18)).legal
    assert check_text(text, as_of=date(2024, 7, 17), format="ocg").legal


def test_copy_limit_and_banlist_are_independent(check_text):
    result = check_text(deck(filler=36, main=["Monster Reborn"] * 4))
    assert sorted(rules_of(result)) == ["banlist", "copy-limit"]


def test_every_problem_has_rule_card_section_line_and_fix(check_text):
    text = deck(filler=35, main=["Accesscode Talker", "Pot of Greed", "Monster Reborn", "Monster Reborn", "Ash Blosom",
                                 "Snake-Eye Maple"])
    result = check_text(text)
    assert {"wrong-section", "banlist", "unknown-card", "inexact-name"} <= set(rules_of(result))
    for p in result.problems:
        if p.rule.endswith("-size"):
            continue
        assert p.card is not None and p.section in ("main", "extra", "side") and p.line and p.fix, p


# ---- rules that judge card by card are skipped only where they would find nothing --------------------

def _every_rule(parsed, regulation):
    """The verdict with every rule of the regulation run on the deck (no rule skipped)."""
    from deckcheck.checker import problem_order
    from deckcheck.limits import capped
    from deckcheck.resolve import resolve

    deck = resolve(parsed, regulation.cards, skills_apart=regulation.enabled("skill-card"))
    if parsed.unreadable:
        return [p.to_json() for p in parsed.problems if p.rule == "unreadable"]
    problems = capped([p for rule, _ in regulation.rules for p in rule.check(deck, regulation)])
    return [p.to_json() for p in sorted(problems, key=problem_order)]


def _examples_and_real_decks(folder):
    """Every rule's PASS/FAIL examples as files in ``folder`` (judged in the format under test: their own
    ``format:`` lines made comments), then every real decklist of the fixtures and sample decks."""
    paths = []
    for i, (_rule, _verdict, text) in enumerate(EXAMPLES):
        path = folder / f"example{i}.yaml"
        path.write_text(text.replace("format:", "# format:"), encoding="utf-8")
        paths.append(path)
    return [*paths, *_real_decks()]


def _real_decks():
    from pathlib import Path

    root = Path(__file__).parents[1]
    return sorted(p for folder in (root / "tests" / "fixtures" / "decks", root / "sample_decks")
                  for p in folder.rglob("*") if p.is_file())


@pytest.mark.parametrize("format_id", ["tcg", "ocg", "genesys", "ocg-genesys", "goat", "edison", "speed",
                                       "tcg-traditional", "worlds"])
def test_skipping_rules_that_allow_every_card_changes_no_verdict(cards, store, format_id, tmp_path):
    """Every rule's PASS/FAIL examples and every real decklist of the fixtures, in every built-in format:
    the problems ``check_parsed`` gives (card-by-card rules run only where a card is refused) are those of
    every rule run on the deck."""
    from deckcheck.checker import Checker, Selection, check_parsed
    from deckcheck.formats import FormatStore
    from deckcheck.parsers import read_decks

    assert format_id in FormatStore().builtin_ids()
    checker = Checker(cards, store, Selection(format=format_id, as_of=date(2026, 11, 30)))
    regulation = checker.regulation()
    checked = 0
    for path in _examples_and_real_decks(tmp_path):
        for parsed, again in zip(read_decks(path), read_decks(path)):  # two readings: resolving sets the cards
            expected = _every_rule(parsed, regulation)
            assert [p.to_json() for p in check_parsed(again, regulation).problems] == expected, (path, format_id)
            checked += 1
    assert checked >= len(EXAMPLES) + 40


# ---- a YDK without an #extra line: one cause, one problem (issue 12) ---------------------------------

_EXTRA = ["44146295", "87746184", "70534340", "24915933", "41373230"]  # five Extra Deck monsters


def _ydk(main: list[str], extra_marker: str | None, extra: list[str], side: list[str] = ()) -> str:
    lines = ["#main", *main] + ([extra_marker] if extra_marker else []) + extra + ["!side", *side]
    return "\n".join(lines) + "\n"


def _main_cards(cards, n: int) -> list[str]:
    """``n`` legal Main Deck cards (at most 42) as YDK lines: the filler's passcodes, 3 copies each."""
    return [str(cards.by_name(FILLER_NAMES[i // 3])[0].passcode) for i in range(n)]


def test_no_extra_line_is_one_wrong_section_problem(check_text, cards):
    result = check_text(_ydk(_main_cards(cards, 40), None, _EXTRA), ".ydk")
    (problem,) = result.problems
    assert (problem.rule, problem.severity, problem.line, problem.section) == ("wrong-section", "error", 42, "main")
    assert problem.fix == "add a line #extra before line 42"
    assert "5 Extra Deck monsters" in problem.message and "lines 42–46" in problem.message
    assert not result.legal  # as a decklist, they are in the Main Deck


def test_no_extra_line_sizes_are_judged_as_the_line_makes_them(check_text, cards):
    # 57 cards (42 filler, 15 unknown passcodes), 62 as written with the five at the end: no main-size problem
    main = _main_cards(cards, 42) + [str(900000001 + i) for i in range(15)]
    result = check_text(_ydk(main, None, _EXTRA), ".ydk")
    assert rules_of(result, "error").count("wrong-section") == 1 and "main-size" not in rules_of(result)
    # still too small without them: the size problem says so, with the count it will have
    result = check_text(_ydk(_main_cards(cards, 36), None, _EXTRA), ".ydk")
    (size,) = [p for p in result.problems if p.rule == "main-size"]
    assert size.message.startswith("Main Deck has 36 cards (without the 5 cards from line 38 on")


def test_extra_deck_monsters_inside_the_main_deck_are_still_their_own_problems(check_text, cards):
    main = _main_cards(cards, 20) + ["44146295"] + _main_cards(cards, 20)
    result = check_text(_ydk(main, None, _EXTRA[1:]), ".ydk")
    wrong = [p for p in result.problems if p.rule == "wrong-section"]
    assert [p.line for p in wrong] == [22, 43]  # Mirrorjade among Main Deck cards; then the four at the end
    assert wrong[0].card.name == "Mirrorjade the Iceblade Dragon" and wrong[1].fix == "add a line #extra before line 43"


@pytest.mark.parametrize("marker", ["#EXTRA", "#Extra", "#extra "])
def test_a_marker_written_another_way_still_marks_its_section(check_text, cards, marker):
    # consistent with #side for !side: the cards are where the player put them, with a warning about EDOPro
    result = check_text(_ydk(_main_cards(cards, 40), marker, _EXTRA), ".ydk")
    assert result.legal and rules_of(result) == ["syntax"] and "#extra" in result.problems[0].fix
    assert result.sizes == {"main": 40, "extra": 5, "side": 0}


def test_no_extra_line_and_no_extra_deck_monster_says_nothing(check_text, cards):
    result = check_text(_ydk(_main_cards(cards, 40), None, [], ["14558127"]), ".ydk")
    assert result.problems == [] and result.legal
