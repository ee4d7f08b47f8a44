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
from .inprocess import deckcheck

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
    assert needle in str(caught.value) and "bad.yaml:3: rules/quota" in str(caught.value)


def test_quota_in_the_format_schema():
    import json

    from deckcheck.formats.loader import resolve_rules  # noqa: F401  (the loader takes the list form)

    schema = json.loads((Path(__file__).resolve().parents[1] / "schemas" / "format.schema.json").read_text())
    quota = schema["properties"]["rules"]["properties"]["quota"]
    assert any(option.get("type") == "array" for option in quota["oneOf"])


# --- product pools ---------------------------------------------------------------------------------------

SDK_DECK = ["3 Blue-Eyes White Dragon", "3 Lord of D.", "3 The Flute of Summoning Dragon", "3 Battle Ox",
            "3 Mystic Horseman", "3 Rude Kaiser", "3 Hitotsu-Me Giant", "3 Ryu-Kishin Powered", "3 Judge Man",
            "3 Trap Hole", "3 Reinforcements", "3 De-Spell", "3 Ookazi", "1 Monster Reborn"]


def test_structure_deck_accepts_a_deck_built_only_from_starter_deck_kaiba(cards, store):
    result = judge(cards, store, yaml_deck(SDK_DECK, fmt="structure-deck"))
    assert result.legal, result.problems


def test_structure_deck_refuses_one_other_card_naming_the_product_rule(cards, store):
    result = judge(cards, store, yaml_deck(SDK_DECK[:-1] + ["1 Ash Blossom & Joyous Spring"], fmt="structure-deck"))
    (problem,) = result.problems
    assert problem.rule == "card-pool" and problem.card.name == "Ash Blossom & Joyous Spring"
    assert "Starter Deck: Kaiba (SDK)" in problem.message and "pool: products" in problem.message


TIME_WIZARD = "title: Time Wizard\nextends: tcg\nrules:\n  card-pool: {released_in: [tcg], pool: {latest_product: PHNI}}\n"


def test_latest_product_refuses_a_card_released_after_it(tmp_path, cards, store):
    formats = store_with(tmp_path, tw=TIME_WIZARD)
    later = judge(cards, store, yaml_deck(["3 Fiendsmith Engraver", "3 Ash Blossom & Joyous Spring",
                                           "34 Pot of Duality"], fmt="tw"), formats=formats)
    (problem,) = [p for p in later.problems if p.rule == "card-pool"]
    assert problem.card.name == "Fiendsmith Engraver"
    assert "after Phantom Nightmare (PHNI, 2024-02-08)" in problem.message and "latest_product" in problem.message


def test_a_product_pool_with_an_unknown_set_code_is_a_format_error(tmp_path):
    formats = store_with(tmp_path, bad="title: x\nrules:\n  card-pool: {pool: {products: [ZZZQ]}}\n")
    with pytest.raises(FormatError, match=r"bad.yaml:3: rules/card-pool/pool: no product has the set code 'ZZZQ'"):
        formats.get("bad")


def test_highlander_allows_one_copy(cards, store):
    result = judge(cards, store, yaml_deck(["2 Pot of Duality"] + [f"1 {n}" for n in (
        "Celtic Guardian", "Mystical Elf", "Beaver Warrior")], fmt="highlander"))
    assert "copy-limit" in rules_of(result)


# --- owned copies and price caps --------------------------------------------------------------------------

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "event"


def event_check(tmp_path, text: str, **event):
    from deckcheck.api import Session

    return Session().check(text, name="deck.yaml", format="tcg", as_of="2026-11-29", **event)


@pytest.mark.parametrize("rule", ["collection", "price-cap"])
def test_docstring_examples_with_the_example_files(rule):
    from deckcheck.api import Session
    from deckcheck.rules import RULES_BY_ID, rule_examples

    module = RULES_BY_ID[rule]
    options = module.EXAMPLE_OPTIONS
    event = ({"collection": options["file"]} if rule == "collection"
             else {"prices": options["prices"], "price_cap": options["cap"]})
    repo = Path(__file__).resolve().parents[1]
    event = {k: (str(repo / v) if k != "price_cap" else v) for k, v in event.items()}
    examples = rule_examples(module)
    assert {v for v, _ in examples} == {"PASS", "FAIL"}
    for verdict, text in examples:
        result = Session().check(text, name="deck.yaml", as_of="2026-11-29", **event)
        assert (rule in rules_of(result)) == (verdict == "FAIL"), (verdict, result.problems)


def test_collection_says_uses_and_owns_with_the_total_missing(tmp_path):
    owned = tmp_path / "owned.csv"
    owned.write_text("Name,Quantity\nPot of Duality,2\n14558127,1\n", encoding="utf-8")
    result = event_check(tmp_path, "main: [3 Pot of Duality, 3 Ash Blossom & Joyous Spring]\n", collection=owned)
    problems = [p for p in result.problems if p.rule == "collection"]
    assert [(p.card.name, p.message.split(" (")[0]) for p in problems] == [
        ("Pot of Duality", "uses 3, owns 2"), ("Ash Blossom & Joyous Spring", "uses 3, owns 1")]
    assert all("3 copies missing in all" in p.message for p in problems)


def test_collection_reads_ygoprodeck_and_dragon_shield_exports(tmp_path):
    ygoprodeck = tmp_path / "ygoprodeck.csv"
    ygoprodeck.write_text("cardname,cardq,cardrarity,card_edition,cardset,cardcode,cardid,print_id\n"
                          "Pot of Duality,1,Super Rare,1st Edition,Hidden Arsenal 5,HA05-EN027,98645731,1\n"
                          "Pot of Duality,2,Common,Unlimited,Legendary Collection,LC05-EN006,98645731,2\n",
                          encoding="utf-8")
    dragon_shield = tmp_path / "dragon.csv"
    dragon_shield.write_text('"sep=,"\nFolder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,'
                             "Condition,Printing,Language,Price Bought,Date Bought,LOW,MID,MARKET\n"
                             "Binder,3,0,Pot of Duality,HA05,Hidden Arsenal 5,HA05-EN027,NearMint,1st Edition,"
                             "English,1.00,2024-01-01,0.5,1,1.2\n", encoding="utf-8")
    for path in (ygoprodeck, dragon_shield):
        result = event_check(tmp_path, "main: [3 Pot of Duality]\n", collection=path)
        assert "collection" not in rules_of(result), (path.name, result.problems)


@pytest.mark.parametrize("text,line,needle", [
    ("name,count\nPot of Duality,two\n", 2, "the count 'two' is not a whole number"),
    ("name,count\nPot of Duality,1\n,1\n", 3, "no name and no passcode"),
    ("name,count\nPot of Duality,1,5,6\n", 2, "4 fields, but the header has 2"),
    ("card,colour\nPot of Duality,red\n", 1, "no count column"),
    ("passcode,count\n12ab,1\n", 2, "'12ab' is not a passcode"),
])
def test_a_malformed_collection_row_is_an_error_with_file_and_line(tmp_path, text, line, needle):
    from deckcheck.errors import UsageError

    owned = tmp_path / "owned.csv"
    owned.write_text(text, encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        event_check(tmp_path, "main: [3 Pot of Duality]\n", collection=owned)
    assert str(caught.value) == f"{owned}:{line}: " + str(caught.value).split(": ", 1)[1]
    assert str(caught.value).startswith(f"{owned}:{line}: ") and needle in str(caught.value)


def test_price_cap_total_costliest_and_unpriced_cards(tmp_path):
    prices = tmp_path / "prices.csv"
    prices.write_text("name,passcode,set code,price\nPot of Duality,,HA05-EN027,$4.50\n,14558127,,20\n"
                      "Pot of Duality,,LC05-EN006,3.00\n", encoding="utf-8")
    result = event_check(tmp_path, "main: [3 Pot of Duality, 1 Ash Blossom & Joyous Spring, 1 Called by the Grave]\n",
                         prices=prices, price_cap="15")
    total, unpriced = ([p for p in result.problems if p.rule == "price-cap" and p.card is None],
                       [p for p in result.problems if p.rule == "price-cap" and p.card is not None])
    (total,) = total
    assert "costs 29.00" in total.message and "cap is 15.00 (14.00 over)" in total.message  # the cheapest printing
    assert "1 Ash Blossom & Joyous Spring (20.00), 3 Pot of Duality (9.00)" in total.message
    assert [p.card.name for p in unpriced] == ["Called by the Grave"] and "no price" in unpriced[0].message
    within = event_check(tmp_path, "main: [3 Pot of Duality]\n", prices=prices, price_cap="15")
    assert "price-cap" not in rules_of(within)


def test_a_malformed_price_row_is_an_error_and_the_cli_exits_2(tmp_path):
    prices = tmp_path / "prices.csv"
    prices.write_text("name,price\nPot of Duality,cheap\n", encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text("main: [3 Pot of Duality]\n", encoding="utf-8")
    result = deckcheck("check", str(deck), "--prices", str(prices), "--price-cap", "15")
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"{prices}:2: the price 'cheap' is not an amount" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    result = deckcheck("check", str(deck), "--price-cap", "15")
    assert result.returncode == 2 and "--price-cap needs --prices" in result.stdout + result.stderr


# --- teams ------------------------------------------------------------------------------------------------

TEAM_FILLER = [  # Normal Monsters on no list, different in each player's deck
    "The 13th Grave", "Prevent Rat", "Kojikocy", "Uraby", "Hyosube", "Overdrive", "Sealmaster Meisei", "Water Omotics",
    "Ryu-Ran", "Takuhee", "Swordsman of Landstar", "Slot Machine", "Shapesnatch", "Island Turtle",
    "Queen of Autumn Leaves", "Souls of the Forgotten", "Battle Ox", "Skull Mariner", "Headless Knight",
    "Blazing Inpachi", "Flying Penguin", "Gazelle the King of Mythical Beasts", "Gaia The Fierce Knight", "Seiyaryu",
    "Mechanicalchaser", "Megasonic Eye", "Niwatori", "Psychic Kappa", "Giga-Tech Wolf",
    "Bokoichi the Freightening Car", "Dark Gray", "Protector of the Throne", "Skull Red Bird",
    "The Statue of Easter Island", "Leogun", "Gradius", "Luster Dragon", "Dark Blade", "Gamma The Magnet Warrior",
    "Beast of Talwar", "Celtic Guardian", "Mystical Elf"]


def team_files(tmp_path, *mains) -> list[Path]:
    paths = []
    for i, main in enumerate(mains):
        path = tmp_path / f"player{i + 1}.yaml"
        cards_in = sum(int(item.split()[0]) for item in main)
        filler, left = [], 40 - cards_in
        for name in TEAM_FILLER[14 * i:14 * (i + 1)]:
            if left <= 0:
                break
            n = min(3, left)
            filler.append(f"{n} {name}")
            left -= n
        path.write_text(yaml_deck(list(main) + filler), encoding="utf-8")
        paths.append(path)
    return paths


def test_team_with_four_ash_blossom_has_one_problem_naming_the_decks(tmp_path):
    from deckcheck.api import Session

    paths = team_files(tmp_path, ["2 Ash Blossom & Joyous Spring"], ["1 Ash Blossom & Joyous Spring"],
                       ["1 Ash Blossom & Joyous Spring"])
    result = Session().check_team(paths, as_of="2026-11-29")
    assert all(deck.legal for deck, _ in result.decks)
    (problem,) = result.problems
    assert problem.rule == "team-copy-limit" and problem.card.name == "Ash Blossom & Joyous Spring"
    assert all(str(p) in problem.message for p in paths) and "4 copies" in problem.message
    assert not result.legal
    three = Session().check_team(team_files(tmp_path, ["1 Ash Blossom & Joyous Spring"],
                                            ["1 Ash Blossom & Joyous Spring"], ["1 Ash Blossom & Joyous Spring"]),
                                 as_of="2026-11-29")
    assert three.legal, three.problems


def test_a_limited_card_once_per_team(tmp_path):
    from deckcheck.api import Session

    paths = team_files(tmp_path, ["1 Monster Reborn"], ["1 Monster Reborn"], [])
    result = Session().check_team(paths, as_of="2026-11-29")
    assert [p.rule for p in result.problems] == ["team-banlist"]
    assert "Limited" in result.problems[0].message and str(paths[2]) not in result.problems[0].message


def test_slots_judge_each_deck_in_its_own_format(tmp_path):
    from deckcheck.api import Session
    from deckcheck.errors import UsageError

    paths = team_files(tmp_path, ["1 Ash Blossom & Joyous Spring"], ["1 Ash Blossom & Joyous Spring"], [])
    result = Session().check_team(paths, slots=["goat", "edison", "tcg"], as_of="2026-11-29")
    assert [r.format.id for _, r in result.decks] == ["goat", "edison", "tcg"]
    assert [deck.legal for deck, _ in result.decks] == [False, False, True]  # Ash is not in the GOAT/Edison pools
    assert "card-pool" in rules_of(result.decks[0][0]) and "card-pool" in rules_of(result.decks[1][0])
    with pytest.raises(UsageError, match="--slots names 2 formats for 3 decks"):
        Session().check_team(paths, slots=["goat", "tcg"])


def test_team_command_exit_codes(tmp_path):
    paths = [str(p) for p in team_files(tmp_path, ["2 Ash Blossom & Joyous Spring"], ["2 Ash Blossom & Joyous Spring"])]
    result = deckcheck("team", *paths, "--as-of", "2026-11-29")
    assert result.returncode == 1 and "team-copy-limit" in result.stdout + result.stderr
    result = deckcheck("team", *paths, "--as-of", "2026-11-29", "--copy-limit", "4")
    assert result.returncode == 0, result.stdout + result.stderr
    import json

    result = deckcheck("team", *paths, "--as-of", "2026-11-29", "-o", "json")
    document = json.loads(result.stdout)
    assert result.returncode == 1 and document["legal"] is False and len(document["decks"]) == 2
    assert [(p["rule"], p["card"]["name"]) for p in document["team_problems"]] == [
        ("team-copy-limit", "Ash Blossom & Joyous Spring")]
    result = deckcheck("team", *paths, "--slots", "goat")
    assert result.returncode == 2 and "--slots" in result.stdout + result.stderr


def test_team_rule_docstring_examples_as_a_team_of_two(tmp_path):
    from deckcheck.api import Session
    from deckcheck.rules import RULES_BY_ID, rule_examples

    module = RULES_BY_ID["team-copy-limit"]
    assert module.EXAMPLE_OPTIONS == {"team_of": 2}
    for i, (verdict, text) in enumerate(rule_examples(module)):
        paths = []
        for player in range(2):
            path = tmp_path / f"example{i}-{player}.yaml"
            path.write_text(text, encoding="utf-8")
            paths.append(path)
        result = Session().check_team(paths, as_of="2026-11-29")
        assert any(p.rule == "team-copy-limit" for p in result.problems) == (verdict == "FAIL"), (verdict, text)
        single = Session().check(text, as_of="2026-11-29")
        assert "team-copy-limit" not in rules_of(single)  # never a problem of one deck


def test_a_format_sets_the_team_limits(tmp_path):
    from deckcheck.api import Session

    user = tmp_path / "formats"
    user.mkdir()
    (user / "team2.yaml").write_text("title: Team of two\nextends: tcg\nrules:\n"
                                     "  team-copy-limit: {max: 2, lists: own}\n", encoding="utf-8")
    paths = team_files(tmp_path, ["1 Ash Blossom & Joyous Spring", "1 Monster Reborn"],
                       ["2 Ash Blossom & Joyous Spring", "1 Monster Reborn"])
    session = Session()
    result = session.check_team(paths, format=str(user / "team2.yaml"), as_of="2026-11-29")
    shared = [p for p in result.problems if p.card.name in ("Ash Blossom & Joyous Spring", "Monster Reborn")]
    assert [(p.rule, p.card.name) for p in shared] == [("team-copy-limit", "Ash Blossom & Joyous Spring")]
    assert any(p.card.name == "The 13th Grave" for p in result.problems)  # 3 copies in one deck are over 2 too
    assert "the team may hold 2" in result.problems[0].message
    default = session.check_team(paths, as_of="2026-11-29")
    assert sorted(p.rule for p in default.problems) == ["team-banlist"]  # 3 Ash ≤ 3; Monster Reborn shared
