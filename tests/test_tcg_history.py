"""The TCG's own history (issue #20): its lists of 2002–2005 on their own dates, the lists Konami's archive lacks,
no OCG entry judging a card before it was a TCG card, and promo release dates, each through `check`.

The last tests compare the shipped lists with the TCG status history in the source data (../shared/data) and
skip when it is not beside the checkout.
"""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from deckcheck.banlists import BanlistStore

from .conftest import SHARED_DATA, rules_of

# Cards of Legend of Blue Eyes White Dragon (2002-03-08), never on a list: a Main Deck's filler on any date.
LOB = ["Uraby", "Dark Gray", "Skull Red Bird", "Giant Soldier of Stone", "Mystical Elf", "Drooling Lizard",
       "Armored Starfish", "The Furious Sea King", "Hard Armor", "Green Phantom King", "Curse of Dragon",
       "Beaver Warrior", "One-Eyed Shield Dragon", "Misairuzame", "Flame Manipulator"]


EXTRA = {"Brionac, Dragon of the Ice Barrier", "Trishula, Dragon of the Ice Barrier", "Dewloren, Tiger King of the Ice Barrier"}


def deck(*cards: tuple[int, str]) -> str:
    """A text decklist: the given cards (Extra Deck monsters in the Extra Deck), then LOB filler up to 40."""
    main = [(n, name) for n, name in cards if name not in EXTRA]
    extra = [f"{n} {name}" for n, name in cards if name in EXTRA]
    lines = ["Main Deck:"] + [f"{n} {name}" for n, name in main]
    left = 40 - sum(n for n, _ in main)
    for name in LOB:
        if left <= 0:
            break
        take = min(3, left)
        lines.append(f"{take} {name}")
        left -= take
    return "\n".join(lines + (["Extra Deck:", *extra] if extra else [])) + "\n"


def verdict(check_text, *cards: tuple[int, str], day: str, fmt: str = "tcg"):
    result = check_text(deck(*cards), suffix=".txt", format=fmt, as_of=date.fromisoformat(day))
    return result.legal, sorted(set(rules_of(result, "error")))


# (cards, date, legal, error rule ids): the examples, each as the TCG's own history gives it
CASES = [
    # the TCG's lists of 2002–2005 are its own, not the OCG's
    ([(1, "Raigeki")], "2004-06-01", True, []),                       # Limited on April 2004 TCG
    ([(3, "Dark Magician of Chaos")], "2004-06-01", True, []),        # Unlimited until 2004-10-01
    ([(3, "Jinzo")], "2002-11-01", True, []),                         # Unlimited in the TCG then
    ([(2, "Dark Magician of Chaos")], "2004-10-15", False, ["banlist"]),  # Limited from 2004-10-01
    # no list before 2002-05-07: only the construction rules
    ([(3, "Pot of Greed")], "2002-04-01", True, []),
    ([(3, "Pot of Greed")], "2002-05-07", False, ["banlist"]),
    # the three lists Konami's archive lacks
    ([(2, "Magical Stone Excavation")], "2007-06-15", False, ["banlist"]),
    ([(1, "Dimension Fusion")], "2008-05-20", False, ["banlist"]),
    ([(1, "Tellarknight Ptolemaeus")], "2016-02-15", False, ["banlist"]),
    ([(1, "Performage Damage Juggler")], "2016-02-15", False, ["banlist"]),
    ([(1, "Performage Plushfire")], "2016-02-15", False, ["banlist"]),
    # OCG entries do not leak into the TCG lists
    ([(2, "Brionac, Dragon of the Ice Barrier")], "2010-01-01", True, []),
    ([(2, "Trishula, Dragon of the Ice Barrier")], "2011-06-01", True, []),
    ([(3, "Dewloren, Tiger King of the Ice Barrier")], "2010-08-01", True, []),  # 2010.03 TCG's OCG entry left out
    ([(3, "Makyura the Destructor")], "2005-01-15", True, []),        # Unlimited in the TCG until April 2005
    ([(3, "Magical Stone Excavation")], "2007-04-01", True, []),      # Limited from 2007-06-01
    ([(1, "Sixth Sense")], "2005-06-01", False, ["card-pool"]),       # not a TCG card then: not "Forbidden"
    # promos: released when the set data says (Premium Packs, Shonen Jump, video-game promos)
    ([(1, "Marshmallon")], "2008-01-14", True, []),
    ([(1, "Zera the Mant"), (1, "Zera Ritual")], "2008-01-14", True, []),
    ([(1, "Valhalla, Hall of the Fallen")], "2008-09-01", True, []),
    ([(1, "Tragoedia")], "2009-09-15", True, []),
    ([(1, "Sage's Stone")], "2005-06-01", True, []),
]


@pytest.mark.parametrize("given, day, legal, rules", CASES, ids=[f"{c[0][0][1]}@{c[1]}" for c in CASES])
def test_tcg_history_verdicts(check_text, given, day, legal, rules):
    got = verdict(check_text, *given, day=day)
    assert got == (legal, rules) or (not legal and got[0] is False and set(rules) <= set(got[1])), got


def test_edison_accepts_its_promos(check_text):
    for name in ("Marshmallon", "Zera the Mant", "Tragoedia", "Sage's Stone", "Valhalla, Hall of the Fallen",
                 "Genesis Dragon", "Exodius the Ultimate Forbidden Lord", "Darkness Neosphere",
                 "Elemental HERO Voltic", "Super War-Lion"):
        result = check_text(deck((1, name)), suffix=".txt", format="edison")
        assert "card-pool" not in rules_of(result), (name, [p.message for p in result.problems])


def test_ocg_lists_since_1999(check_text):
    """Every OCG list ships: a 2015 OCG deck is judged by the OCG's list of April 2015."""
    banned = check_text(deck((1, "Tempest, Dragon Ruler of Storms")), suffix=".txt", format="ocg",
                        as_of=date(2015, 6, 1))
    assert not banned.legal and "banlist" in rules_of(banned, "error")
    assert BanlistStore().in_effect("ocg", date(1999, 7, 8)).name == "1999.07 OCG"


def test_no_tcg_list_before_may_2002():
    """The TCG started on 2002-03-08 with no list (an empty one stands for that) and had its first on 2002-05-07."""
    lists = sorted((b for b in BanlistStore().all() if b.format == "tcg"), key=lambda b: b.effective)
    assert [b.effective for b in lists[:2]] == [date(2002, 3, 8), date(2002, 5, 7)]
    assert lists[0].entries == [] and lists[1].entries


def test_every_tcg_list_entry_was_a_tcg_card_on_the_lists_date(cards):
    """The property: a TCG list names only cards that were TCG cards on its date."""
    for banlist in (b for b in BanlistStore().all() if b.format == "tcg"):
        for entry in banlist.entries:
            card = cards.by_passcode(entry.passcode) if entry.passcode is not None else None
            if card is None:
                continue
            assert card.tcg, (banlist.name, card.name)
            ahead = [n for n in banlist.notes if n.startswith("Named ahead of its TCG release")]
            assert card.tcg_date is None or card.tcg_date <= banlist.effective.isoformat() or \
                any(f"{card.name} ({card.passcode})" in n for n in ahead), (banlist.name, card.name, card.tcg_date)


@pytest.mark.source_data
def test_weekly_scan_against_the_tcg_history(cards):
    """Every week from 2002-05-07 to YGOJSON's snapshot: the shipped TCG status of every card YGOJSON gives a TCG
    history equals that history's, for cards that were TCG cards that week."""
    history: dict[int, list[tuple[str, int | None]]] = {}
    words = {"forbidden": 0, "limited": 1, "semilimited": 2, "semi-limited": 2, "unlimited": None}
    with open(SHARED_DATA / "ygojson" / "cards.min.jsonl", encoding="utf-8") as f:
        for line in f:
            g = json.loads(line)
            steps = ((g.get("legality") or {}).get("tcg") or {}).get("history")
            konami_id = (g.get("externalIDs") or {}).get("dbID")
            if steps and konami_id:
                history[konami_id] = sorted((s["date"], words[str(s["legality"]).lower()]) for s in steps)
    by_konami = {c.konami_id: c for c in cards.cards() if c.konami_id}
    lists = sorted((b for b in BanlistStore().all() if b.format == "tcg"), key=lambda b: b.effective)
    counts = {"forbidden": 0, "limited": 1, "semi_limited": 2}
    statuses = {b.name: {e.passcode: counts[e.status] for e in b.entries if e.status in counts} for b in lists}
    # recorded differences: a list dated by corrections.yaml on the day it took effect, which YGOJSON dates earlier
    # (the day it was announced or filed): the weeks between are judged by the list before it
    recorded = [(date.fromisoformat(b.source["history_check"]["changes_dated"]), b.effective) for b in lists
                if "history_check" in b.source and b.source["history_check"]["changes_dated"] < b.effective.isoformat()]
    differences = []
    day = date(2002, 5, 7)
    while day <= date(2025, 11, 15):
        if any(start <= day < end for start, end in recorded):
            day += timedelta(days=7)
            continue
        banlist = [b for b in lists if b.effective <= day][-1]
        for konami_id, steps in history.items():
            card = by_konami.get(konami_id)
            if card is None or not card.tcg or card.tcg_date is None or card.tcg_date > day.isoformat():
                continue
            theirs = None
            for when, status in steps:
                if when <= day.isoformat():
                    theirs = status
            ours = statuses[banlist.name].get(card.passcode)
            if ours != theirs:
                differences.append(f"{day} {banlist.name} {card.name}: ours {ours}, history {theirs}")
        day += timedelta(days=7)
    assert differences == [], f"{len(differences)}: " + "\n".join(differences[:40])


# ------------------------------------------------------------------ deck rules by date (docs/deck-rules-by-date.md)

FUSIONS = ["Gaia the Dragon Champion", "Thousand-Eyes Restrict", "Dark Balter the Terrible", "Ryu Senshi",
           "Dark Blade the Dragon Knight", "Fiend Skull Dragon"]


def sized_deck(main: int, fusions: int, side: int) -> str:
    lines = ["Main Deck:"]
    left = main
    for name in LOB * 3:
        if left <= 0:
            break
        lines.append(f"{min(3, left)} {name}")
        left -= min(3, left)
    lines.append("Extra Deck:")
    left = fusions
    for name in FUSIONS:
        if left <= 0:
            break
        lines.append(f"{min(3, left)} {name}")
        left -= min(3, left)
    if side:
        lines += ["Side Deck:", f"{side} Mirror Force" if side <= 1 else f"{side} Celtic Guardian"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("main, fusions, side, day, rules", [
    (40, 17, 0, "2005-06-01", []),                 # no Fusion Deck limit in 2005
    (40, 17, 0, "2010-06-01", ["extra-size"]),     # 15 from 2008-08-13
    (40, 15, 0, "2008-08-13", []),
    (40, 16, 0, "2008-08-13", ["extra-size"]),
    (40, 16, 0, "2008-08-12", []),
    (40, 0, 3, "2005-06-01", ["side-size"]),       # a Side Deck of 0 or exactly 15 until 2008-08-13
    (40, 0, 3, "2008-08-13", []),
])
def test_deck_rules_by_date(check_text, main, fusions, side, day, rules):
    result = check_text(sized_deck(main, fusions, side), suffix=".txt", format="tcg", as_of=date.fromisoformat(day))
    assert sorted(set(rules_of(result, "error")) - {"banlist", "card-pool", "copy-limit"}) == rules


def test_formats_show_gives_the_rules_of_the_date():
    from typer.testing import CliRunner

    from deckcheck.cli import app

    runner = CliRunner()
    then = json.loads(runner.invoke(app, ["formats", "show", "tcg", "--as-of", "2005-06-01", "-o", "json"]).stdout)
    now = json.loads(runner.invoke(app, ["formats", "show", "tcg", "-o", "json"]).stdout)
    assert then["rules"]["extra-size"]["max"] is None and then["rules"]["side-size"]["exactly"] == [0, 15]
    assert now["rules"]["extra-size"]["max"] == 15
    assert any("2008-08-13" in note for note in then["notes"])


# ------------------------------------------------------------------ the stale-list signal for every format with lists


def test_stale_signal_for_speed_and_ocg_genesys():
    from deckcheck.banlists import staleness

    store = BanlistStore()
    speed = staleness(store, "speed", date(2026, 12, 2))  # one Speed list: the cadence it records (YGOJSON's history)
    assert speed is not None and speed["age_days"] == 509 and speed["longest_gap_days"] == 367
    assert staleness(store, "speed", date(2026, 7, 1)) is None  # 355 days: within the Speed list's own gap
    genesys = staleness(store, "ocg-genesys", date(2026, 12, 2))  # two lists 61 days apart
    assert genesys is not None and genesys["longest_gap_days"] == 61
    assert staleness(store, "ocg-genesys", date(2026, 9, 1)) is None
    assert staleness(store, "goat", date(2026, 12, 2)) is None  # one list and no cadence: nothing to tell


# Cards of the Edison whitelist of LFLists PR #39 that the edison format refuses: first released in the TCG after
# 2010-04-20 (Duel Terminal cards reprinted in The Shining Darkness and later sets, the format's notes; Duelist
# League and Shonen Jump promos of later months; Damage = Reptile, printed in the TCG in 2021).
EDISON_OUT = {
    "Ally Salvo", "Ally of Justice Light Gazer", "Ally of Justice Thousand Arms", "Ally of Justice Unknown Crusher",
    "Breath of Light", "Damage = Reptile", "Dark End Dragon", "Flamvell Archer", "Flamvell Fiend", "Flamvell Poun",
    "Genex Controller", "Genex Power Planner", "Genex Searcher", "Genex Undine", "Genex Worker", "Hydro Genex",
    "Last Day of Witch", "Mist Condor", "Mist Valley Watcher", "Mist Valley Windmaster",
    "Numbing Grub in the Ice Barrier", "Reese the Ice Mistress", "Royal Knight of the Ice Barrier",
    "Thunder King Rai-Oh", "Vice Dragon", "Worm Falco", "Worm Gulse", "Worm Hope", "Worm Illidan", "Worm Jetelikpse",
    "Worm King", "X-Saber Palomuro", "X-Saber Pashuul", "X-Saber Wayne",
}


@pytest.mark.source_data
def test_edison_pool_against_the_community_whitelist(cards):
    """Every card of the Edison whitelist (LFLists PR #39) is released in the TCG by the format's cut-off, but the
    recorded ones: the promos (Premium Packs, Shonen Jump, video-game bundles) are in."""
    import re

    text = (SHARED_DATA / "edopro" / "lflists" / "unmerged" / "2010.03 Edison.lflist.conf").read_text(encoding="utf-8")
    late = set()
    for code in {int(m.group(1)) for m in re.finditer(r"^(\d+) [1-3]", text, re.M)}:
        card = cards.by_passcode(code)
        if card is not None and (card.tcg_date is None or card.tcg_date > "2010-04-20"):
            late.add(card.name)
    assert late == EDISON_OUT
