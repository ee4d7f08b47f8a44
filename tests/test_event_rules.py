"""Event rules as data (issue 24): quotas, product pools, owned copies and price caps, with the real data."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.card_facts import frames_of, load_card_facts
from deckcheck.checker import Checker, Selection
from deckcheck.formats import FormatError, FormatStore
from deckcheck.parsers import parse_deck
from deckcheck.side import SideChecker

from .conftest import TODAY, rules_of

# 15 Zombie or Fiend monsters (Fiend: Archfiend Soldier, Summoned Skull, Giant Orc; Zombie: Pyramid Turtle, Mezuki)
HALLOWEEN_15 = ["3 Archfiend Soldier", "3 Summoned Skull", "3 Giant Orc", "3 Pyramid Turtle", "3 Mezuki"]
OTHERS_25 = ["3 Celtic Guardian", "3 Mystical Elf", "3 Beaver Warrior", "3 Giant Soldier of Stone", "3 Gemini Elf",
             "3 Alexandrite Dragon", "3 Luster Dragon", "3 Vorse Raider", "1 Mechanicalchaser"]


def yaml_deck(main, side=(), extra=(), fmt: str | None = None) -> str:
    lines = [f"format: {fmt}"] if fmt else []
    for section, items in (("main", main), ("extra", extra), ("side", side)):
        lines.append(f"{section}: [{', '.join(items)}]")
    return "\n".join(lines) + "\n"


def store_with(tmp_path: Path, **files: str) -> FormatStore:
    user = tmp_path / "formats"
    user.mkdir(exist_ok=True)
    for format_id, text in files.items():
        (user / f"{format_id}.yaml").write_text(text, encoding="utf-8")
    return FormatStore(user)


def judge(cards, store, text: str, formats: FormatStore | None = None, **selection):
    checker = Checker(cards, store, Selection(**selection), today=TODAY, formats=formats)
    return checker.check_parsed(parse_deck(text.encode("utf-8"), "deck.yaml"))


# --- card facts ----------------------------------------------------------------------------------------


def test_card_facts_give_race_attribute_level_archetypes_and_products(cards):
    facts = load_card_facts()
    skull = facts.of(cards.by_name("Summoned Skull")[0].passcode)
    assert (skull.race, skull.attribute, skull.level) == ("Fiend", "DARK", 6)
    assert "Archfiend" in skull.archetypes and "MRD" in skull.products
    talker = facts.of(cards.by_name("Accesscode Talker")[0].passcode)
    assert (talker.race, talker.level) == ("Cyberse", 4)  # its Link Rating
    assert frames_of(cards.by_name("Accesscode Talker")[0].type) == {"link", "effect"}
    assert frames_of(cards.by_name("Odd-Eyes Rebellion Dragon")[0].type) >= {"xyz", "pendulum"}
    sdk = facts.product("sdk")
    assert sdk.name == "Starter Deck: Kaiba" and sdk.released("tcg") == "2002-03-29"
    assert facts.of(cards.by_name("Pot of Greed")[0].passcode).race is None  # a Spell has none


# --- quota ---------------------------------------------------------------------------------------------


def test_fourteen_matching_monsters_is_one_quota_problem_naming_them(cards, store):
    main = HALLOWEEN_15[:-1] + ["2 Mezuki"] + OTHERS_25[:-1] + ["2 Mechanicalchaser"]
    result = judge(cards, store, yaml_deck(main, fmt="halloween"))
    assert not result.legal
    (problem,) = [p for p in result.problems if p.rule == "quota"]
    assert rules_of(result) == ["quota"]
    assert "has 14 Zombie or Fiend monsters" in problem.message and "at least 15" in problem.message
    for name in ("3 Archfiend Soldier", "3 Summoned Skull", "3 Giant Orc", "3 Pyramid Turtle", "2 Mezuki"):
        assert name in problem.message
    assert problem.section == "main" and problem.fix


def test_fifteen_matching_monsters_is_legal(cards, store):
    result = judge(cards, store, yaml_deck(HALLOWEEN_15 + OTHERS_25, fmt="halloween"))
    assert result.legal, result.problems


def test_side_cards_do_not_count_toward_a_main_deck_quota(cards, store):
    main = HALLOWEEN_15[:-1] + ["2 Mezuki"] + OTHERS_25[:-1] + ["2 Mechanicalchaser"]
    result = judge(cards, store, yaml_deck(main, side=["1 Mezuki"], fmt="halloween"))
    assert rules_of(result) == ["quota"]


def test_a_sided_deck_that_drops_to_fourteen_fails_side(cards, store):
    checker = Checker(cards, store, Selection(), today=TODAY)
    registered = yaml_deck(HALLOWEEN_15 + OTHERS_25, side=["1 Mechanicalchaser"], fmt="halloween")
    sided_down = yaml_deck(HALLOWEEN_15[:-1] + ["2 Mezuki"] + OTHERS_25[:-1] + ["2 Mechanicalchaser"],
                           side=["1 Mezuki"], fmt="halloween")
    side_checker = SideChecker(checker, parse_deck(registered.encode(), "registered.yaml"))
    assert side_checker.registered_result.legal
    result = side_checker.check(parse_deck(sided_down.encode(), "sided.yaml"))
    assert not result.legal
    assert [p.rule for p in result.problems] == ["quota"]
    assert "has 14" in result.problems[0].message
    same = side_checker.check(parse_deck(registered.encode(), "sided.yaml"))
    assert same.legal and same.problems == []


QUOTA_FORMAT = """\
title: Quota test
extends: tcg
rules:
  quota:
    - {max: 0, where: {card_type: monster, frame: [link, pendulum]}, sections: [main, extra, side]}
    - {max: 2, where: {archetype: Blue-Eyes}, sections: [main]}
    - {min: 1, where: {attribute: LIGHT, level: {min: 7, max: 8}}}
    - {max: 0, where: {name: [Pot of Greed]}}
"""


@pytest.mark.parametrize("main,side,extra,problems", [
    (["3 Blue-Eyes White Dragon", "37 Pot of Duality"], [], [], 1),  # 3 Blue-Eyes over 2 (LIGHT 8 is there)
    (["2 Blue-Eyes White Dragon", "38 Pot of Duality"], [], [], 0),
    (["40 Pot of Duality"], [], [], 1),  # no LIGHT Level 7-8
    (["2 Blue-Eyes White Dragon", "38 Pot of Duality"], ["1 Odd-Eyes Pendulum Dragon"], [], 1),
    (["2 Blue-Eyes White Dragon", "38 Pot of Duality"], [], ["1 Accesscode Talker"], 1),
])
def test_quota_conditions(tmp_path, cards, store, main, side, extra, problems):
    formats = store_with(tmp_path, quotas=QUOTA_FORMAT)
    result = judge(cards, store, yaml_deck(main, side=side, extra=extra, fmt="quotas"), formats=formats)
    assert rules_of(result).count("quota") == problems, result.problems


@pytest.mark.parametrize("quota,needle", [
    ("{where: {race: Zombie}}", "needs min or max"),
    ("{min: 1}", "needs where"),
    ("{min: 1, where: {colour: red}}", "no key 'colour'"),
    ("{min: 1, where: {frame: [spiral]}}", "frame must be among"),
    ("{min: 3, max: 1, where: {race: Zombie}}", "min (3) is more than its max (1)"),
    ("{min: 1, where: {race: Zombie}, sections: [deck]}", "sections must be a list"),
    ("{min: 1, where: {level: {from: 3}}}", "level as a range"),
])
def test_a_wrong_quota_is_a_format_error_with_the_line(tmp_path, quota, needle):
    formats = store_with(tmp_path, bad=f"title: x\nrules:\n  quota:\n    - {quota}\n")
    with pytest.raises(FormatError) as caught:
        formats.get("bad")
    assert needle in str(caught.value) and f"bad.yaml:3: rules/quota" in str(caught.value)


def test_quota_in_the_format_schema():
    import json

    from deckcheck.formats.loader import resolve_rules  # noqa: F401  (the loader takes the list form)

    schema = json.loads((Path(__file__).resolve().parents[1] / "schemas" / "format.schema.json").read_text())
    quota = schema["properties"]["rules"]["properties"]["quota"]
    assert any(option.get("type") == "array" for option in quota["oneOf"])
