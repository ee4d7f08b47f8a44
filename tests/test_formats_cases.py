"""The edge cases of rules.md §6 for the formats beyond TCG Advanced (20, 32–50), on the shipped data.

Each test names its case. The data does not allow these, and they are not tests here:
- 38–41 (Rush Duel Legend rules) are tests of tests/test_rush.py.
- 43 (Speed Duel GX: Midterm Destruction not legal in EMEA): the data has set numbers but not
  which products are Speed Duel products nor Konami's regional legality of one; the Speed Duel
  pool is the same in every region.
- 45, first part (a Japanese or Asian-English print at a TCG event): a decklist names cards,
  not prints. 46, second part (a Sneak Peek promo before its set's release): the data dates
  cards, not promos.
- 37 as stated (a card first released in the OCG on 2025-11-15): no source of the snapshot dates
  an OCG release after 2025-11-06 (YGOJSON's snapshot is of 2025-11-15), so such a card is an
  undated card: a card-pool *warning* under the cut-off, never silently accepted (tested below),
  and the cut-off itself is tested with dated cards.

The last tests compare the shipped data with the source snapshot (../shared/data) and skip when it
is not beside the checkout.
"""

from __future__ import annotations

import json
import re
import subprocess
from datetime import date
from pathlib import Path

import pytest

from deckcheck.banlists import BanlistStore
from deckcheck.checker import Checker, Override, Selection
from deckcheck.formats import FormatStore
from deckcheck.parsers import parse_deck
from deckcheck.regulation import Regulation

from .conftest import REPO, SHARED_DATA, TODAY, rules_of
from .inprocess import deckcheck

GENESYS_DECKS = REPO / "tests" / "fixtures" / "decks" / "genesys"
needs_shared = pytest.mark.source_data  # skipped without ../shared/data, for the one reason .ci/run accepts

# Cards with no points on any Genesys list used below (checked by zero_filler), to fill a Main Deck.
ZERO = ["Dark Magician", "Blue-Eyes White Dragon", "Pot of Duality", "Mystical Space Typhoon", "Sangan",
        "Summoned Skull", "Celtic Guardian", "Gaia the Fierce Knight", "Kuriboh", "Polymerization", "Mirror Force",
        "Torrential Tribute", "Magic Cylinder", "Sakuretsu Armor", "Twin Twisters", "Red-Eyes Black Dragon"]
# Speed Duel cards in the pool and in no Limited group.
SPEED = ["Dark Magician", "Dark Magician Girl", "Skilled Dark Magician", "Apprentice Magician", "Dark Magic Attack",
         "Thousand Knives", "Magicians Unite", "Magician's Circle", "Old Vindictive Magician", "Kuriboh",
         "Big Shield Gardna", "Summoned Skull", "Celtic Guardian", "Polymerization"]
SPEED_EXTRA = ["Dark Paladin", "Blue-Eyes Ultimate Dragon", "Cyber End Dragon", "Chimera the Flying Mythical Beast",
               "Elemental HERO Flame Wingman", "Alligator's Sword Dragon"]
# GOAT pool cards, Unlimited on the April 2005 list (old Normal and Effect Monsters, Fusions).
GOAT_MAIN = ["4-Starred Ladybug of Doom", "7 Colored Fish", "Ameba", "Ancient Brain", "Ancient Elf",
             "Ancient Lizard Warrior", "Ancient One of the Deep Forest", "Ancient Telescope", "Ansatsu", "Appropriate",
             "Aqua Madoor", "Armaill", "Armed Ninja", "Armored Lizard", "Armored Starfish", "Armored Zombie",
             "Axe Raider", "Baby Dragon", "Battle Ox", "Battle Steer", "Bean Soldier", "Beast of Talwar",
             "Beastking of the Swamps", "Big Eye"]
GOAT_FUSION = ["Bickuribox", "Black Skull Dragon", "Charubin the Fire Knight", "Cyber Saurus",
               "Dark Balter the Terrible", "Dark Blade the Dragon Knight", "Dark Flare Knight"]


def fill(names: list[str], count: int) -> list[str]:
    """``count`` cards as "N Name" lines, three of each name in order."""
    out, left = [], count
    for name in names:
        if left <= 0:
            break
        n = min(3, left)
        out.append(f"{n} {name}")
        left -= n
    assert left == 0, f"not enough names for {count} cards"
    return out


def yaml_deck(main=(), extra=(), side=(), fmt: str | None = None) -> str:
    def section(key, items):
        return f"{key}:\n" + "".join(f"  - {json.dumps(i)}\n" for i in items) if items else ""

    return (f"format: {fmt}\n" if fmt else "") + section("main", main) + section("extra", extra) + section("side", side)


def genesys_deck(pointed: list[str], side: list[str] = (), main_size: int = 40) -> str:
    count = sum(int(p.split()[0]) for p in pointed)
    return yaml_deck(main=[*pointed, *fill(ZERO, main_size - count)], side=list(side))


def problems(result, rule: str) -> list:
    return [p for p in result.problems if p.rule == rule]


def checker_for(cards, store, formats: FormatStore | None = None, **selection) -> Checker:
    return Checker(cards, store, Selection(**selection), today=TODAY, formats=formats)


def judge(checker: Checker, text: str, suffix: str = ".yaml"):
    return checker.judge(parse_deck(text.encode("utf-8"), f"deck{suffix}"))


def house(tmp_path: Path, format_id: str, text: str) -> FormatStore:
    folder = tmp_path / "formats"
    folder.mkdir(exist_ok=True)
    (folder / f"{format_id}.yaml").write_text(text, encoding="utf-8")
    return FormatStore(folder)


def zero_filler(regulation: Regulation) -> None:
    """The filler cards have no points on the regulation's points list (else the totals below would be off)."""
    for name in ZERO:
        [card] = regulation.cards.by_name(name)
        assert card.passcode not in regulation.points or regulation.points[card.passcode] == 0, name


# ------------------------------------------------------------------ 20: Skill Cards


def test_case_20_a_skill_card_in_advanced_and_in_speed_duel(check_text):
    advanced = check_text(yaml_deck(main=["Magician's Act", *fill(ZERO, 40)]))
    [problem] = problems(advanced, "not-a-deck-card")
    assert "Magician's Act is a Skill Card" in problem.message and not advanced.legal
    base = fill(SPEED, 22)
    none = check_text(yaml_deck(main=base), format="speed")
    assert rules_of(none, "error") == ["skill-card"] and "the deck has none" in none.problems[0].message
    two = check_text(yaml_deck(main=["Magician's Act", "Magician's Scales", *base]), format="speed")
    assert rules_of(two, "error") == ["skill-card"]
    one = check_text(yaml_deck(main=["Magician's Act", *base]), format="speed")
    assert one.legal and one.problems == [] and one.sizes["main"] == 22  # the Skill Card is outside the deck


def test_case_20_a_speed_duel_ydk_carries_its_skill_card_among_the_main_deck(check_text, cards):
    [skill] = cards.by_name("Magician's Act")
    passcodes = [c.passcode for name in SPEED[:7] for c in cards.by_name(name)]
    ydk = "#main\n" + f"{skill.passcode}\n" + "".join(f"{p}\n" * 3 for p in passcodes) + "#extra\n!side\n"
    result = check_text(ydk, suffix=".ydk", format="speed")
    assert result.legal and result.sizes["main"] == 21


# ------------------------------------------------------------------ 32–36: Genesys


def test_case_32_the_cap_is_inclusive_and_the_side_deck_counts(check_text):
    at_100 = genesys_deck(["3 Pot of Greed"], side=["1 Chicken Game"])
    legal = check_text(at_100, format="genesys", as_of=date(2026, 8, 10))
    assert legal.legal and legal.facts["points"] == {"total": 100, "cap": 100, "list": "2026.08.04 Genesys"}
    over = check_text(genesys_deck(["3 Pot of Greed"], side=["1 Chicken Game", "1 Dark Hole"]), format="genesys",
                      as_of=date(2026, 8, 10))
    [problem] = problems(over, "points-cap")
    assert over.facts["points"]["total"] == 101
    assert problem.message.startswith("the deck has 101 points on the 2026.08.04 Genesys list; the cap is 100 (1 over)")
    assert "3 Pot of Greed (90)" in problem.message and problem.fix.endswith("1 point, starting with the costliest")


def test_case_33_a_cap_of_zero_from_the_command_line_or_a_format_file(cards, store, tmp_path):
    one_point = genesys_deck(["1 Dark Hole"])
    no_points = genesys_deck([])
    cli = checker_for(cards, store, format="genesys", as_of=date(2026, 8, 10),
                      overrides=(Override("--points-cap 0", "points-cap", {"cap": 0}),))
    result, _ = judge(cli, one_point)
    assert "points-cap" in rules_of(result, "error") and result.facts["points"]["cap"] == 0
    (over,) = problems(result, "points-cap")
    assert over.message.count("Costliest") == 1 and "(" not in over.fix  # the costliest cards are named once
    assert judge(cli, no_points)[0].legal
    formats = house(tmp_path, "genesys-zero", "title: Genesys, no points\nextends: genesys\nrules: {points-cap: {cap: 0}}\n")
    from_file = checker_for(cards, store, formats, format="genesys-zero", as_of=date(2026, 8, 10))
    assert "points-cap" in rules_of(judge(from_file, one_point)[0], "error")
    assert judge(from_file, no_points)[0].legal


def test_case_34_link_and_pendulum_monsters_anywhere(check_text):
    deck = yaml_deck(main=["Odd-Eyes Pendulumgraph Dragon", "Odd-Eyes Pendulum Dragon", *fill(ZERO, 38)],
                     extra=["Odd-Eyes Rebellion Dragon", "Baronne de Fleur"], side=["Accesscode Talker"])
    result = check_text(deck, format="genesys", as_of=date(2026, 8, 10))
    banned = {p.card.name: p for p in problems(result, "banned-type")}
    # Ritual, Normal and Xyz Pendulums; a Link even in the Side Deck; two cards of one section: one problem
    assert set(banned) == {"Odd-Eyes Pendulumgraph Dragon", "Odd-Eyes Rebellion Dragon", "Accesscode Talker"}
    grouped = banned["Odd-Eyes Pendulumgraph Dragon"]
    assert grouped.section == "main" and "2 cards in the Main Deck" in grouped.message
    assert "Odd-Eyes Pendulumgraph Dragon (Pendulum" in grouped.message and "Odd-Eyes Pendulum Dragon (Pendulum" in grouped.message
    assert banned["Accesscode Talker"].section == "side" and "Link Monster" in banned["Accesscode Talker"].message
    assert "not even in the Side Deck" in banned["Odd-Eyes Rebellion Dragon"].message
    tcg = check_text(deck.replace("format: genesys\n", ""), format="tcg")
    assert "banned-type" not in rules_of(tcg)  # only Genesys bans them


def test_case_35_three_pot_of_greed_fit_the_cap_four_break_the_copy_limit(check_text):
    three = check_text(genesys_deck(["3 Pot of Greed"]), format="genesys", as_of=date(2026, 8, 10))
    assert three.legal and three.facts["points"]["total"] == 90
    four = check_text(genesys_deck(["4 Pot of Greed"]), format="genesys", as_of=date(2026, 8, 10))
    assert "copy-limit" in rules_of(four, "error") and "banlist" not in rules_of(four)  # no F&L list in Genesys


def test_case_36_the_points_list_is_chosen_by_the_check_date(check_text, cards, store):
    deck = genesys_deck(["3 Pot of Greed", "1 Monster Reborn"])
    launch = check_text(deck, format="genesys", as_of=date(2025, 9, 23))
    march = check_text(deck, format="genesys", as_of=date(2026, 3, 10))
    assert launch.facts["points"] == {"total": 110, "cap": 100, "list": "2025.09.22 Genesys"}  # Monster Reborn 20
    assert march.facts["points"] == {"total": 94, "cap": 100, "list": "2026.03.07 Genesys"}  # Monster Reborn 4
    assert "points-cap" in rules_of(launch, "error") and march.legal
    for day in (date(2025, 9, 23), date(2026, 3, 10), date(2026, 8, 10)):
        zero_filler(checker_for(cards, store, format="genesys", as_of=day).regulation())


def test_genesys_before_its_first_list_is_a_data_error(cards, store):
    from deckcheck.errors import DataError

    with pytest.raises(DataError, match="no GENESYS list was in effect on 2025-09-21"):
        checker_for(cards, store, format="genesys", as_of=date(2025, 9, 21)).regulation()


# ------------------------------------------------------------------ 37: OCG Genesys and its release cut-off


def test_case_37_each_ocg_genesys_list_carries_its_cut_off(cards, store):
    for day, name in ((date(2026, 6, 10), "2026.06.01 OCG Genesys"), (date(2026, 8, 10), "2026.08.01 OCG Genesys")):
        regulation = checker_for(cards, store, format="ocg-genesys", as_of=day).regulation()
        assert regulation.points_list.name == name and regulation.released_by == date(2025, 10, 31)
    august = checker_for(cards, store, format="ocg-genesys", as_of=date(2026, 8, 10)).regulation()
    zeros = [e for e in august.points_list.entries if e.points == 0]
    assert len(zeros) == 68 and all(august.points.get(e.passcode) == 0 for e in zeros)  # a 0 is a fact, kept


def test_case_37_cards_after_the_cut_off_are_out_and_undated_ones_warn(cards, store, tmp_path):
    [dated] = cards.by_name("Rokket Detonator")  # first released in the OCG on 2025-10-25: inside the cut-off
    assert dated.ocg_date == "2025-10-25"
    ocg_genesys = checker_for(cards, store, format="ocg-genesys", as_of=date(2026, 8, 10))
    assert "card-pool" not in rules_of(judge(ocg_genesys, yaml_deck(main=["Rokket Detonator", *fill(ZERO, 39)]))[0])
    # a format's own cut-off and the list's: the earlier applies
    formats = house(tmp_path, "early", "title: OCG Genesys, cards of mid-October 2025\nextends: ocg-genesys\n"
                                       "rules: {card-pool: {released_by: 2025-10-24}}\n")
    early = checker_for(cards, store, formats, format="early", as_of=date(2026, 8, 10))
    [problem] = problems(judge(early, yaml_deck(main=["Rokket Detonator", *fill(ZERO, 39)]))[0], "card-pool")
    assert problem.severity == "error" and "after the OCG Genesys, cards of mid-October 2025 cut-off (2025-10-24)" \
        in problem.message
    # a card of a 2026 OCG set: no source dates it, so under the 2025-10-31 cut-off it is a warning, not a pass
    undated = next(c for c in cards.cards() if c.ocg and not c.ocg_date and c.origin == "official"
                   and c.kind == "main" and c.passcode < 100_000_000 and not c.type & 0x1000000)
    result = judge(ocg_genesys, yaml_deck(main=[str(undated.passcode), *fill(ZERO, 39)]))[0]
    [warning] = problems(result, "card-pool")
    assert warning.severity == "warning" and "perhaps not by 2025-10-31" in warning.message


# ------------------------------------------------------------------ 42 and 44: Speed Duel


def test_case_42_speed_duel_sizes_and_pool(check_text, cards, store, tmp_path):
    skill = "Magician's Act"
    for size, legal in ((19, False), (20, True), (30, True), (31, False)):
        result = check_text(yaml_deck(main=[skill, *fill(SPEED, size)]), format="speed")
        assert result.legal is legal and ("main-size" in rules_of(result)) is not legal, size
    six = yaml_deck(main=[skill, *fill(SPEED, 20)], extra=[f"1 {n}" for n in SPEED_EXTRA])
    [problem] = problems(check_text(six, format="speed"), "extra-size")
    assert problem.message == "Extra Deck has 6 cards; Speed Duel allows at most 5"
    edopro = house(tmp_path, "speed-edopro", "title: Speed Duel, EDOPro's sizes\nextends: speed\n"
                                             "rules: {extra-size: {max: 6}, side-size: {max: 6}}\n")
    assert judge(checker_for(cards, store, edopro, format="speed-edopro"), six)[0].legal
    no_logo = check_text(yaml_deck(main=[skill, "Ash Blossom & Joyous Spring", *fill(SPEED, 20)]), format="speed")
    [problem] = problems(no_logo, "card-pool")
    assert "not in the Speed Duel card pool (2025.07 Speed Duel)" in problem.message
    side = check_text(yaml_deck(main=[skill, *fill(SPEED, 20)], side=fill(SPEED[7:], 6)), format="speed")
    assert "side-size" in rules_of(side, "error")  # 0-5 here; EDOPro's preset (0-6) is the house format above


def test_case_44_limited_groups_count_cards_not_copies(check_text):
    base = ["Magician's Act", *fill(SPEED, 20)]
    two_l1 = check_text(yaml_deck(main=[*base, "1 Mystical Space Typhoon", "1 Golden Ladybug"]), format="speed")
    [problem] = problems(two_l1, "group-limit")
    assert problem.message.startswith("2 cards from the Limited 1 group of the 2025.07 Speed Duel list")
    three_l3 = check_text(yaml_deck(main=[*base, "1 Book of Moon", "1 Sakuretsu Armor", "1 Cosmic Cyclone"]),
                          format="speed")
    assert three_l3.legal
    four_l3 = check_text(yaml_deck(main=[*base, "1 Book of Moon", "1 Sakuretsu Armor", "1 Cosmic Cyclone",
                                         "1 Enemy Controller"]), format="speed")
    assert "group-limit" in rules_of(four_l3, "error")
    skill_in_group = check_text(yaml_deck(main=["Twisted Personality", "1 Mystical Space Typhoon", *fill(SPEED, 20)]),
                                format="speed")
    assert "group-limit" in rules_of(skill_in_group, "error")  # a Skill Card is in its group too
    forbidden = check_text(yaml_deck(main=["My Precious Queen!", *fill(SPEED, 20)]), format="speed")
    assert "banlist" in rules_of(forbidden, "error")


# ------------------------------------------------------------------ 45–48: pools, dates, regions, Worlds


def test_case_45_region_exclusive_cards(check_text):
    assert "OCG-only" in problems(check_text(yaml_deck(main=["Dark Tyranno", *fill(ZERO, 39)])), "card-pool")[0].message
    tcg_only = check_text(yaml_deck(main=["Speedroid Darumaknocker", *fill(ZERO, 39)]), format="ocg")
    assert "TCG-only" in problems(tcg_only, "card-pool")[0].message


def test_case_46_a_card_is_legal_from_its_first_release(check_text):
    deck = yaml_deck(main=["Ash Blossom & Joyous Spring", *fill(ZERO, 39)])  # first TCG release 2017-05-04
    [problem] = problems(check_text(deck, as_of=date(2017, 5, 3)), "card-pool")
    assert "not released in the TCG until 2017-05-04" in problem.message
    assert "card-pool" not in rules_of(check_text(deck, as_of=date(2017, 5, 4)))
    reprinted = check_text(yaml_deck(main=fill(["Dark Magician", *GOAT_MAIN], 40)), as_of=date(2010, 6, 1))
    assert reprinted.legal  # Dark Magician, printed many times since 2002: its first release counts


def test_case_47_the_april_2024_list_by_region(cards, store):
    emea = checker_for(cards, store, format="tcg", as_of=date(2024, 4, 18)).regulation()
    amer = checker_for(cards, store, format="tcg", as_of=date(2024, 4, 18), region="amer").regulation()
    assert (emea.banlist.name, amer.banlist.name) == ("2024.01 TCG", "2024.04 TCG")
    assert amer.report_lists()["banlist"] == {"name": "2024.04 TCG", "effective": "2024-04-15"}
    assert emea.report_lists()["region"] == "emea" and amer.report_lists()["region"] == "amer"
    on_the_22nd = checker_for(cards, store, format="tcg", as_of=date(2024, 4, 22)).regulation()
    assert on_the_22nd.banlist.name == "2024.04 TCG"


def test_case_48_worlds_takes_the_stricter_status(check_text):
    ratpier = check_text(yaml_deck(main=["2 Zoodiac Ratpier", *fill(ZERO, 38)]), format="worlds")
    [problem] = problems(ratpier, "banlist")  # Limited in the TCG, Semi-Limited in the OCG
    assert "Limited on the 2026.05 TCG list (the strictest of the lists in force)" in problem.message
    droll = check_text(yaml_deck(main=["2 Droll & Lock Bird", *fill(ZERO, 38)]), format="worlds")
    [problem] = problems(droll, "banlist")  # Semi-Limited in the TCG, Limited in the OCG
    assert "Limited on the 2026.07 OCG list" in problem.message
    exclusive = check_text(yaml_deck(main=["Speedroid Darumaknocker", *fill(ZERO, 39)]), format="worlds")
    assert "card-pool" in rules_of(exclusive, "error")  # a region-exclusive card is out of the pool


# ------------------------------------------------------------------ 49: GOAT


def goat_deck(main: int, fusion: int, side=()) -> str:
    return yaml_deck(main=fill(GOAT_MAIN, main), extra=fill(GOAT_FUSION, fusion), side=list(side))


def test_case_49_goat_sizes(check_text):
    big = goat_deck(70, 20)
    goat = check_text(big, format="goat")
    assert goat.legal and goat.problems == [] and goat.sizes == {"main": 70, "extra": 20, "side": 0}
    advanced = check_text(big, format="tcg")
    assert {"main-size", "extra-size"} <= set(rules_of(advanced, "error"))
    seven = check_text(goat_deck(40, 0, side=fill(GOAT_MAIN[14:], 7)), format="goat")
    [problem] = problems(seven, "side-size")  # case 5: 0 or exactly 15
    assert problem.message == "Side Deck has 7 cards; GOAT allows exactly 0 or 15"


def test_goat_judges_by_the_april_2005_list_and_the_pool(check_text):
    result = check_text(goat_deck(37, 0) .replace("main:\n", "main:\n  - 1 Witch of the Black Forest\n"
                                                 "  - 2 Sinister Serpent\n  - 1 Pacifis, the Phantasm City\n"),
                        format="goat")
    banlist = {p.card.name: p.message for p in problems(result, "banlist")}
    assert "Forbidden on the 2005.04 TCG list" in banlist["Witch of the Black Forest"]
    assert "Limited on the 2005.04 TCG list" in banlist["Sinister Serpent"]
    [pool] = problems(result, "card-pool")  # treated as Umi, which is in the pool, but not a pool card itself
    assert pool.card.name == "Pacifis, the Phantasm City" and "not in the GOAT card pool" in pool.message


def test_goat_accepts_edopro_goat_rows_as_their_card(check_text, cards):
    [skull_dice] = cards.by_name("Skull Dice")
    main = [c.passcode for name in GOAT_MAIN[:13] for c in cards.by_name(name)]
    ydk = "#main\n504700000\n" + "".join(f"{p}\n" * 3 for p in main) + "#extra\n!side\n"  # "Skull Dice (GOAT)"
    goat = check_text(ydk, suffix=".ydk", format="goat")
    assert goat.legal and goat.problems == []
    tcg = check_text(ydk, suffix=".ydk", format="tcg")
    [problem] = problems(tcg, "card-pool")
    assert problem.fix == f"replace 504700000 with {skull_dice.passcode} (Skull Dice)"
    two_witches = check_text("#main\n504700144\n78010363\n" + "".join(f"{p}\n" * 3 for p in main) + "#extra\n!side\n",
                             suffix=".ydk", format="goat")
    assert "banlist" in rules_of(two_witches, "error")  # EDOPro's row and the official card: one Forbidden card


# ------------------------------------------------------------------ 50: Edison


def test_case_50_edison_pool_ends_before_the_shining_darkness(check_text, cards):
    base = fill(GOAT_MAIN, 39)
    for name in ("Genex Controller", "Herald of Perfection", "Genex Undine"):  # all first printed in the TCG in TSHD
        result = check_text(yaml_deck(main=[f"1 {name}", *base]), format="edison")
        [problem] = problems(result, "card-pool")
        assert "after the Edison cut-off (2010-04-20)" in problem.message, name
    [controller] = cards.by_name("Genex Controller")
    assert controller.tcg_date == "2010-05-06"  # its Duel Terminal 1 print (2009) is no TCG release
    reprinted = check_text(yaml_deck(main=fill(GOAT_MAIN, 40), extra=["1 Brionac, Dragon of the Ice Barrier"]),
                           format="edison")
    assert reprinted.legal  # Duel Terminal too, but in Hidden Arsenal (2009-11-05) before the cut-off


def test_goat_and_edison_pin_their_lists_whatever_the_check_date(cards, store):
    for format_id, name, first, last in (("goat", "2005.04 TCG", date(2005, 4, 1), date(2005, 9, 30)),
                                         ("edison", "2010.03 TCG", date(2010, 3, 1), date(2010, 8, 31))):
        regulation = checker_for(cards, store, format=format_id).regulation()
        assert regulation.banlist.name == name and regulation.banlist.effective == first
        pinned = regulation.format.options("banlist")["in_force_on"]
        assert first <= pinned <= last
        assert store.in_effect("tcg", last).name == name and store.in_effect("tcg", first).name == name


# ------------------------------------------------------------------ the README's house format


def test_the_house_format_of_the_readme(cards, store, tmp_path):
    readme = (REPO / "docs" / "formats.md").read_text(encoding="utf-8")
    section = readme.split("### A house format", 1)[1]
    [example] = re.findall(r"```yaml\n(.*?)```", section.split("\n## ", 1)[0], flags=re.S)[:1]
    formats = house(tmp_path, "store-genesys", example)
    fmt = formats.get("store-genesys")
    assert fmt.extends == ("genesys", "tcg") and fmt.options("points-cap")["cap"] == 50
    checker = checker_for(cards, store, formats, format="store-genesys", as_of=date(2026, 8, 10))
    blue_eyes = judge(checker, (GENESYS_DECKS / "blue-eyes.ydk").read_text(encoding="utf-8"), ".ydk")[0]
    assert rules_of(blue_eyes, "error") == ["points-cap"] and blue_eyes.facts["points"]["total"] == 100
    xyz = judge(checker, yaml_deck(main=fill(ZERO, 40), extra=["Number 39: Utopia"]))[0]
    assert [p.card.name for p in problems(xyz, "banned-type")] == ["Number 39: Utopia"]
    late = next(c for c in cards.cards() if c.tcg and c.tcg_date and "2025-07-01" <= c.tcg_date <= "2025-10-31"
                and c.kind == "main" and c.origin == "official" and not c.type & 0x1000000)
    result = judge(checker, yaml_deck(main=[str(late.passcode), *fill(ZERO, 39)]))[0]
    assert "after the Genesys at our store cut-off (2025-06-30)" in problems(result, "card-pool")[0].message
    assert judge(checker, genesys_deck(["1 Pot of Greed"]))[0].legal


# ------------------------------------------------------------------ reports and commands


def run(*args: str) -> subprocess.CompletedProcess:
    return deckcheck(*args, env={"NO_COLOR": "1", "COLUMNS": "250"})


def test_every_report_of_a_genesys_deck_shows_its_points():
    deck = str(GENESYS_DECKS / "branded.ydk")
    text = run("check", deck, "--format", "genesys", "--as-of", "2026-08-10")
    assert text.returncode == 1
    assert "points 2026.08.04 Genesys (in force from 2026-08-04), cap 100" in text.stdout
    assert "112 points (cap 100)" in text.stdout
    doc = json.loads(run("check", deck, "--format", "genesys", "--as-of", "2026-08-10", "-o", "json").stdout)
    assert doc["format"]["points"] == {"name": "2026.08.04 Genesys", "effective": "2026-08-04", "cap": 100}
    assert doc["decks"][0]["points"] == {"total": 112, "cap": 100, "list": "2026.08.04 Genesys"}
    assert doc["decks"][0]["problems"][0]["rule"] == "points-cap"
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(doc, json.loads((REPO / "schemas" / "report.schema.json").read_text(encoding="utf-8")))
    import csv
    import io

    (row,) = csv.DictReader(io.StringIO(run("check", deck, "--format", "genesys", "--as-of", "2026-08-10", "-o", "csv").stdout))
    assert row["points"] == "112" and row["banlist"] == "2026.08.04 Genesys"
    (tcg,) = csv.DictReader(io.StringIO(run("check", deck, "--as-of", "2026-08-10", "-o", "csv").stdout))
    assert tcg["points"] == ""  # no points outside a points format


def test_side_reports_the_registered_decks_points():
    deck = str(GENESYS_DECKS / "blue-eyes.ydk")
    text = run("side", deck, deck, "--format", "genesys", "--as-of", "2026-08-10").stdout
    assert "(Genesys, 2026.08.04 Genesys)  100 points (cap 100)" in text
    doc = json.loads(run("side", deck, deck, "--format", "genesys", "--as-of", "2026-08-10", "-o", "json").stdout)
    assert doc["registered_check"]["points"] == {"total": 100, "cap": 100, "list": "2026.08.04 Genesys"}
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(doc, json.loads((REPO / "schemas" / "side.schema.json").read_text(encoding="utf-8")))


def test_points_of_every_deck_of_a_batch_are_reported(tmp_path):
    for i in range(3):
        (tmp_path / f"d{i}.ydk").write_bytes((GENESYS_DECKS / "blue-eyes.ydk").read_bytes())
    doc = json.loads(run("check", str(tmp_path), "--format", "genesys", "--as-of", "2026-08-10", "-o", "json").stdout)
    assert [d["points"]["total"] for d in doc["decks"]] == [100, 100, 100]


def test_json_fast_path_writes_points_as_the_plain_encoder(cards, store):
    from deckcheck.report import json_report

    checker = checker_for(cards, store, format="genesys", as_of=date(2026, 8, 10))
    for path in sorted(GENESYS_DECKS.glob("*.ydk")):
        result = judge(checker, path.read_text(encoding="utf-8"), ".ydk")[0]
        assert result.facts["points"]
        judged = ("genesys", "2026.08.04 Genesys")
        plain = json.dumps(json_report.deck_json(result, judged), ensure_ascii=False)
        assert json_report.deck_line(result, judged, json_report._templates()) == plain  # fast.json_lines
        assert json_report.deck_line(result, judged) == plain


def test_schema_names_every_rule():
    from deckcheck.rules import RULES

    schema = json.loads((REPO / "schemas" / "report.schema.json").read_text(encoding="utf-8"))
    assert set(schema["$defs"]["problem"]["properties"]["rule"]["enum"]) == {r.ID for r in RULES}


def test_card_command_shows_points_and_every_format():
    [doc] = json.loads(run("card", "Pot of Greed", "-o", "json").stdout)
    store = BanlistStore()
    for format_id, folder in (("genesys", "genesys"), ("ocg-genesys", "ocg-genesys")):
        in_force = store.in_effect(folder, date.today())
        [entry] = [e for e in in_force.entries if e.passcode == 55144522]
        assert doc["formats"][format_id]["points"] == entry.points and doc["points"][in_force.name] == entry.points
        assert doc["formats"][format_id]["status"] == f"{entry.points} points"
    assert doc["formats"]["tcg"]["status"] == "Forbidden" and doc["formats"]["tcg-traditional"]["status"] == "Limited"
    assert doc["formats"]["goat"] == {"title": "GOAT", "list": "2005.04 TCG", "status": "Limited"}
    assert doc["status"]["2026.05 TCG"] == "Forbidden"  # by list name: the first format on it (TCG Advanced)
    text = re.sub(r" +", " ", run("card", "Twisted Personality").stdout)
    assert "Speed Duel (2025.07 Speed Duel) Limited 1" in text and "TCG Advanced (2026.05 TCG) never in a deck" in text
    link = re.sub(r" +", " ", run("card", "Accesscode Talker").stdout)
    assert re.search(r"Genesys \(\S+ Genesys\) not legal: a Link Monster", link)


def test_region_must_be_known_and_is_shown():
    bad = run("check", "sample_decks/tcg/branded-despia.ydk", "--region", "mars")
    assert bad.returncode == 2 and bad.stdout == ""
    assert "--region 'mars': not a region deckcheck knows; choose one of: ae, amer, cn, emea, jp, md" in bad.stderr
    amer = run("check", "sample_decks/tcg/branded-despia.ydk", "--as-of", "2024-04-18", "--region", "amer")
    assert "list 2024.04 TCG (in force from 2024-04-15 in amer)" in amer.stdout
    doc = json.loads(run("check", "sample_decks/tcg/branded-despia.ydk", "--as-of", "2024-04-18", "--region", "AMER",
                         "-o", "json").stdout)
    assert (doc["format"]["banlist"], doc["format"]["effective"], doc["format"]["region"]) == \
        ("2024.04 TCG", "2024-04-15", "amer")
    assert "one of ae, amer, cn, emea, jp, md" in re.sub(r"[\s│]+", " ", run("check", "--help").stdout)


def test_known_regions_come_from_the_lists_and_the_formats(store):
    from deckcheck.regulation import known_regions

    regions = known_regions(FormatStore(), store)
    assert regions["amer"] == ["2024.04 TCG"] and regions["emea"][0] == "format genesys"
    assert "format ocg" in regions["jp"] and set(regions) == {"amer", "emea", "jp", "md", "ae", "cn"}
    assert regions["md"] == ["format master-duel"] and regions["ae"] == ["format ocg-ae"]


# ------------------------------------------------------------------ against the source snapshot


def _konami_ids() -> dict[int, int]:
    out = {}
    with open(SHARED_DATA / "yaml-yugi" / "cards.jsonl", encoding="utf-8") as f:
        for line in f:
            y = json.loads(line)
            if y.get("password") and y.get("konami_id"):
                out[y["password"]] = y["konami_id"]
    return out


def _ydk_passcodes(path: Path) -> list[int]:
    return [int(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip().isdigit()]


@needs_shared
def test_genesys_totals_of_real_decks_equal_konamis_points(cards, store):
    """Each deck's total on every Genesys list, summed straight from Konami's vectors (by Konami ID, through
    yaml-yugi), equals the total deckcheck reports."""
    konami = _konami_ids()
    vectors = sorted((SHARED_DATA / "yaml-yugi-limit-regulation" / "genesys").glob("*.vector.json"))
    assert len(vectors) == 11
    decks = sorted(GENESYS_DECKS.glob("*.ydk"))
    assert len(decks) >= 3
    totals = {}
    for vector in vectors:
        doc = json.loads(vector.read_text(encoding="utf-8"))
        points = {int(k): v for k, v in doc["regulation"].items()}
        day = date.fromisoformat(doc["date"])
        checker = checker_for(cards, store, format="genesys", as_of=day)
        for deck in decks:
            expected = sum(points.get(konami[p], 0) for p in _ydk_passcodes(deck))
            result = judge(checker, deck.read_text(encoding="utf-8"), ".ydk")[0]
            assert result.facts["points"]["total"] == expected, (deck.name, doc["date"])
            assert result.facts["points"]["list"] == f"{day.year}.{day.month:02d}.{day.day:02d} Genesys"
            totals[(deck.stem, doc["date"])] = expected
    assert totals[("blue-eyes", "2026-08-04")] == 100 and totals[("branded", "2026-08-04")] == 112
    assert len({v for k, v in totals.items() if k[0] == "snake-eye"}) > 1  # the points change from list to list


def _edopro(path: Path, cards) -> dict[int, int]:
    """An EDOPro list file as name group → the fewest copies any of its passcodes gets."""
    out: dict[int, int] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"(\d+) (-?\d+)", line)
        if m:
            card = cards.by_passcode(int(m.group(1)))
            assert card is not None, line
            out[card.group] = min(int(m.group(2)), out.get(card.group, 3))
    return {g: n for g, n in out.items() if n < 3}


@needs_shared
@pytest.mark.parametrize("format_id, file", [("worlds", "World.lflist.conf"), ("tcg-traditional", "Traditional.lflist.conf")])
def test_worlds_and_traditional_equal_edopros_lists(cards, store, format_id, file):
    """EDOPro's "2026.05 Worlds" and "2026.05 Traditional" (LFLists 4c5acafa…, 2026-05-31) against deckcheck's
    regulations on that day: the TCG list 2026.05 (Traditional: Forbidden read as Limited; Worlds: with the OCG
    list then in force, 2026.04, each card at the stricter status). They agree card for card. EDOPro's World
    list does not list region-exclusive cards; deckcheck's worlds puts them out of the pool (card-pool)."""
    path = SHARED_DATA / "edopro" / "lflists" / "current" / file
    assert path.read_text(encoding="utf-8").splitlines()[1].startswith("!2026.05 ")
    regulation = checker_for(cards, store, format=format_id, as_of=date(2026, 5, 31)).regulation()
    assert regulation.banlist.name == "2026.05 TCG"
    if format_id == "worlds":
        assert [lst.name for lst in regulation.other_lists] == ["2026.04 OCG"]
    else:
        assert 0 not in regulation.limits.values()
    assert regulation.limits == _edopro(path, cards)
