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

from .conftest import REPO, SHARED_DATA, rules_of

# Cards of Legend of Blue Eyes White Dragon (2002-03-08), never on a list: a Main Deck's filler on any date.
LOB = ["Uraby", "Dark Gray", "Skull Red Bird", "Giant Soldier of Stone", "Mystical Elf", "Drooling Lizard",
       "Armored Starfish", "The Furious Sea King", "Hard Armor", "Green Phantom King", "Curse of Dragon",
       "Beaver Warrior", "One-Eyed Shield Dragon", "Misairuzame", "Flame Manipulator"]


EXTRA = {"Brionac, Dragon of the Ice Barrier", "Trishula, Dragon of the Ice Barrier", "Dewloren, Tiger King of the Ice Barrier",
         "Chimeratech Fortress Dragon", "Dark End Dragon", "Elemental HERO Inferno", "Elemental HERO Terra Firma"}


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
    ([(1, "Crush Card Virus")], "2005-06-01", False, ["card-pool"]),  # the April 2005 list's other OCG entries:
    ([(1, "Exchange of the Spirit")], "2005-06-01", False, ["card-pool"]),  # not TCG cards then, and the list
    ([(1, "Marshmallon")], "2005-06-01", False, ["card-pool"]),       # does not name them
    ([(1, "Exchange of the Spirit")], "2005-11-15", True, []),        # Limited on 2005.10 TCG, released 2005-11-05
    ([(2, "Exchange of the Spirit")], "2005-11-15", False, ["banlist"]),
    ([(2, "Crush Card Virus")], "2008-06-01", False, ["banlist"]),    # Limited once released (SJC 2007 prize)
    ([(3, "Magical Stone Excavation")], "2007-06-15", False, ["banlist"]),  # June 2007: Limited
    ([(2, "Brionac, Dragon of the Ice Barrier")], "2010-03-15", False, ["banlist"]),  # Limited from 2010-03-01
    ([(1, "Raigeki")], "2004-09-01", False, ["banlist"]),             # Forbidden from 2004-08-25 (decided, below)
    ([(1, "Raigeki")], "2004-08-24", True, []),
    # promos: released when the set data says (Premium Packs, Shonen Jump, video-game promos)
    ([(1, "Marshmallon")], "2008-01-14", True, []),
    ([(1, "Zera the Mant"), (1, "Zera Ritual")], "2008-01-14", True, []),
    ([(1, "Valhalla, Hall of the Fallen")], "2008-09-01", True, []),
    ([(1, "Tragoedia")], "2009-09-15", True, []),
    ([(1, "Tragoedia")], "2009-09-01", True, []),                     # Shonen Jump Vol. 7, Issue 9: its cover month
    ([(1, "Magician of Black Chaos"), (1, "Black Magic Ritual")], "2008-01-14", True, []),  # Premium Pack 1
    ([(1, "Super War-Lion"), (1, "War-Lion Ritual")], "2008-09-01", True, []),              # Premium Pack 2
    ([(1, "Evil Dragon Ananta")], "2008-09-01", True, []),
    ([(1, "Elemental HERO Voltic"), (1, "Elemental HERO Knospe")], "2008-09-01", True, []),
    ([(1, "Super War-Lion"), (1, "War-Lion Ritual")], "2008-07-01", False, ["card-pool"]),  # not out yet
    ([(1, "Sage's Stone")], "2005-06-01", True, []),
    ([(1, "Dark Magician Knight"), (1, "Knight's Title")], "2005-06-01", True, []),
    ([(1, "Archfiend of Gilfer")], "2005-06-01", True, []),
    # the Destiny Board Traveler promos: out with the game in North America (2004-10-26), not only in Europe
    ([(1, "D.D. Assailant"), (1, "Emes the Infinity"), (1, "Twinheaded Beast")], "2005-06-01", True, []),
    ([(1, "D.D. Assailant")], "2004-10-26", True, []),
    ([(1, "D.D. Assailant")], "2004-10-25", False, ["card-pool"]),
    ([(1, "Dark End Dragon")], "2009-04-25", True, []),               # the SJC prize card from SJC #68
    ([(1, "Thunder King Rai-Oh")], "2008-11-04", True, []),           # the English GX manga volume 2
    ([(1, "Thunder King Rai-Oh")], "2008-11-03", False, ["card-pool"]),
]


@pytest.mark.parametrize("given, day, legal, rules", CASES, ids=[f"{c[0][0][1]}@{c[1]}" for c in CASES])
def test_tcg_history_verdicts(check_text, given, day, legal, rules):
    got = verdict(check_text, *given, day=day)
    assert got == (legal, rules) or (not legal and got[0] is False and set(rules) <= set(got[1])), got


# The promos the shipped data refused in Edison before (at commit e6ce373): Premium Pack 1 and 2, Shonen Jump
# issues, video-game bundles, prize and league cards of the Edison community pool (LFLists PR #39).
EDISON_PROMOS = [
    "Archfiend of Gilfer", "Arcana Force EX - The Light Ruler", "Athena", "Beast King Barbaros", "Black Magic Ritual",
    "Breath of Light", "Chimeratech Fortress Dragon", "Cyber Dinosaur", "Dark End Dragon", "Dark Magic Curtain",
    "Darkness Neosphere", "Dragonic Knight", "Elemental HERO Heat", "Elemental HERO Inferno",
    "Elemental HERO Knospe", "Elemental HERO Lady Heat", "Elemental HERO Poison Rose", "Elemental HERO Terra Firma",
    "Elemental HERO Voltic", "Elemental HERO Woodsman", "Evil Dragon Ananta", "Exodius the Ultimate Forbidden Lord",
    "Gemini Imps", "Genesis Dragon", "HERO's Bond", "Hecatrice", "Last Day of Witch", "Legacy of Yata-Garasu",
    "Magician of Black Chaos", "Marshmallon Glasses", "Mezuki", "Obelisk the Tormentor", "Orichalcos Shunoros",
    "Return Zombie", "Rose Bud", "Sage's Stone", "Shield Crush", "Super War-Lion", "Terra Firma Gravity",
    "The Wicked Avatar", "The Wicked Dreadroot", "The Wicked Eraser", "Thunder King Rai-Oh", "Tragoedia",
    "Valhalla, Hall of the Fallen", "Vice Dragon", "War-Lion Ritual", "Zera Ritual", "Zera the Mant",
    # and the promos the issue names beside them
    "Marshmallon", "Dark Magician Knight", "Knight's Title", "D.D. Assailant", "Emes the Infinity",
    "Twinheaded Beast",
]


def ydk_decks(passcodes, cards, size: int = 900):
    """ydk decklists of the given cards, one copy each, at most ``size`` cards a deck (Extra Deck monsters in the
    Extra Deck): a deck of every card of a pool, judged a slice at a time."""
    ordered = sorted(passcodes)
    for i in range(0, len(ordered), size):
        part = [cards.by_passcode(p) for p in ordered[i:i + size]]
        main = [str(c.passcode) for c in part if c is not None and c.kind != "extra"]
        extra = [str(c.passcode) for c in part if c is not None and c.kind == "extra"]
        yield "#main\n" + "\n".join(main) + "\n#extra\n" + "\n".join(extra) + "\n!side\n"


def refused(check_text, passcodes, cards, severity: str = "error", **selection) -> dict[str, str]:
    """Card name → the card-pool problem's message, for every card of ``passcodes`` the format's pool refuses
    (``severity`` warning: the cards in the pool whose release date is unknown)."""
    out = {}
    for text in ydk_decks(passcodes, cards):
        result = check_text(text, suffix=".ydk", **selection)
        assert "unreadable" not in rules_of(result), [p.message for p in result.problems][:3]
        out.update((p.card.name, p.message) for p in result.problems if p.rule == "card-pool" and p.severity == severity)
    return out


@pytest.mark.parametrize("name", EDISON_PROMOS)
def test_edison_accepts_the_promos(check_text, name):
    result = check_text(deck((1, name)), suffix=".txt", format="edison")
    assert result.legal and rules_of(result, "error") == [], [p.message for p in result.problems]


# The Edison community pool (LFLists PR #39) but the Duel Terminal 1 cards first printed in a TCG product after the
# format's cut-off: Konami made a Duel Terminal card legal only once another product reprinted it (edison.yaml).
EDISON_DUEL_TERMINAL = {
    "Ally Salvo", "Ally of Justice Light Gazer", "Ally of Justice Thousand Arms", "Ally of Justice Unknown Crusher",
    "Flamvell Archer", "Flamvell Fiend", "Flamvell Poun", "Genex Controller", "Genex Power Planner",
    "Genex Searcher", "Genex Undine", "Genex Worker", "Hydro Genex", "Mist Condor", "Mist Valley Watcher",
    "Mist Valley Windmaster", "Numbing Grub in the Ice Barrier", "Reese the Ice Mistress",
    "Royal Knight of the Ice Barrier", "Worm Falco", "Worm Gulse", "Worm Hope", "Worm Illidan", "Worm Jetelikpse",
    "Worm King", "X-Saber Palomuro", "X-Saber Pashuul", "X-Saber Wayne",
}
EDISON_POOL = REPO / "tests" / "fixtures" / "edison_community_pool.txt"


def edison_community_pool() -> set[int]:
    return {int(line) for line in EDISON_POOL.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


def test_edison_accepts_its_community_pool(check_text, cards):
    """Every card of the Edison community pool (LFLists PR #39, tests/fixtures/edison_community_pool.txt) is in the
    edison format's pool, checked deck by deck, but the Duel Terminal cards the format leaves out, each refused as
    released after the cut-off."""
    out = refused(check_text, edison_community_pool(), cards, format="edison")
    assert set(out) == EDISON_DUEL_TERMINAL, sorted(set(out) ^ EDISON_DUEL_TERMINAL)
    assert all("after the Edison cut-off (2010-04-20)" in why for why in out.values()), out
    # in the pool with a warning: no source dates its first TCG release (Tactical Evolution, undated upstream)
    assert set(refused(check_text, edison_community_pool(), cards, "warning", format="edison")) == {"Damage = Reptile"}


def test_goat_pool_cards_are_tcg_cards_within_goat(check_text, cards, store):
    """A card of the GOAT pool is never "not released" by the end of the GOAT period (2005-09-30, the day before
    the next TCG list): the community pool had it."""
    goat = store.in_effect("goat", date(2005, 9, 30))
    assert refused(check_text, {e.passcode for e in goat.entries}, cards, format="goat", as_of=date(2005, 9, 30)) == {}
    assert refused(check_text, {e.passcode for e in goat.entries}, cards, format="tcg", as_of=date(2005, 9, 30)) == {}


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
        iso = day.isoformat()
        for konami_id, steps in history.items():
            card = by_konami.get(konami_id)
            if card is None or not card.tcg or card.tcg_date is None or card.tcg_date > iso:
                continue
            theirs = None
            for when, status in steps:
                if when <= iso:
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
    (40, 0, 3, "2005-06-01", ["side-size"]),       # a Side Deck of 0 or exactly 15 until 2008-08-13,
    (40, 0, 3, "2008-08-13", ["side-size"]),       # and in Upper Deck's sanctioned play after the rule change,
    (40, 0, 3, "2008-12-11", ["side-size"]),
    (40, 0, 3, "2008-12-12", []),                  # until Konami took the TCG's organized play over
    (40, 0, 15, "2008-10-01", []),
])
def test_deck_rules_by_date(check_text, main, fusions, side, day, rules):
    result = check_text(sized_deck(main, fusions, side), suffix=".txt", format="tcg", as_of=date.fromisoformat(day))
    assert sorted(set(rules_of(result, "error")) - {"banlist", "card-pool", "copy-limit"}) == rules


def test_formats_show_gives_the_rules_of_the_date():
    from .inprocess import deckcheck

    then = json.loads(deckcheck("formats", "show", "tcg", "--as-of", "2005-06-01", "-o", "json").stdout)
    now = json.loads(deckcheck("formats", "show", "tcg", "-o", "json").stdout)
    assert then["rules"]["extra-size"]["max"] is None and then["rules"]["side-size"]["exactly"] == [0, 15]
    assert now["rules"]["extra-size"]["max"] == 15
    assert any("2008-08-13" in note for note in then["notes"])
    ude = json.loads(deckcheck("formats", "show", "tcg", "--as-of", "2008-10-01", "-o", "json").stdout)
    assert ude["rules"]["side-size"]["exactly"] == [0, 15] and ude["rules"]["extra-size"]["max"] == 15
    assert any("2008-12-12" in note for note in ude["notes"])


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


@pytest.mark.source_data
def test_edison_fixture_is_the_community_whitelist():
    """tests/fixtures/edison_community_pool.txt is every passcode of LFLists PR #39's Edison whitelist."""
    import re

    text = (SHARED_DATA / "edopro" / "lflists" / "unmerged" / "2010.03 Edison.lflist.conf").read_text(encoding="utf-8")
    assert edison_community_pool() == {int(m.group(1)) for m in re.finditer(r"^(\d+) (\d+)", text, re.M)}


@pytest.mark.source_data
def test_edison_pool_against_both_community_lists(cards):
    """The cards both Edison whitelists (LFLists PR #39 and #44) hold are released in the TCG by the cut-off, but
    the Duel Terminal ones; the cards only #44 holds are later (Duelist Revolution, Hidden Arsenal 2, ...) but the
    Wheelie Breakers bundle's three (2009) and Tyler the Great Warrior (2005), which #39 misses and the edison
    format's pool holds."""
    import re

    folder = SHARED_DATA / "edopro" / "lflists" / "unmerged"
    lists = [{cards.group_of(int(m.group(1))) for m in re.finditer(r"^(\d+) (\d+)",
                                                                  (folder / name).read_text(encoding="utf-8"), re.M)}
             for name in ("2010.03 Edison.lflist.conf", "EDISON.lflist.conf")]  # by card: #44 lists alt artworks
    late = {card.name for card in map(cards.by_passcode, lists[0] & lists[1] - {None})
            if card is not None and card.tcg_date is not None and card.tcg_date > "2010-04-20"}
    assert late == EDISON_DUEL_TERMINAL
    only_44 = [card for card in map(cards.by_passcode, lists[1] - lists[0] - {None}) if card is not None and card.tcg]
    early = {c.name for c in only_44 if c.kind in ("main", "extra") and c.tcg_date and c.tcg_date <= "2010-04-20"}
    assert early == {"Skull Flame", "Supersonic Skull Flame", "Burning Skull Head", "Tyler the Great Warrior"}


# ------------------------------------------------------------------ card --history, the decided revision, stale notes


def tcg_history(name: str) -> list[tuple[str, str, str]]:
    from .inprocess import deckcheck

    proc = deckcheck("card", name, "--history", "-o", "json")
    assert proc.returncode == 0, proc.stderr
    return [(h["effective"], h["list"], h["status"]) for h in json.loads(proc.stdout)["history"] if h["format"] == "tcg"]


@pytest.mark.parametrize("name, expected", [
    ("Raigeki", [("2002-03-08", "unlimited"), ("2002-05-07", "limited"), ("2004-04-19", "limited"),
                 ("2004-08-25", "forbidden"), ("2004-10-01", "forbidden"), ("2005-04-01", "forbidden")]),
    ("Dark Magician of Chaos", [("2004-04-19", "unlimited"), ("2004-08-25", "unlimited"), ("2004-10-01", "limited")]),
    ("Jinzo", [("2002-10-01", "not_released"), ("2002-12-01", "limited")]),  # out 2002-10-20: Unlimited till December
    ("Pot of Greed", [("2002-03-08", "unlimited"), ("2002-05-07", "limited")]),
    ("Magical Stone Excavation", [("2007-03-01", "unlimited"), ("2007-06-01", "limited")]),
    ("Dimension Fusion", [("2008-05-09", "forbidden")]),
    ("Brionac, Dragon of the Ice Barrier", [("2009-09-01", "not_released"), ("2010-03-01", "limited")]),  # not the
    ("Trishula, Dragon of the Ice Barrier", [("2011-03-01", "not_released"), ("2011-09-01", "limited")]),  # OCG's
    ("Tellarknight Ptolemaeus", [("2015-11-09", "unlimited"), ("2016-02-08", "forbidden")]),
    ("Sixth Sense", [("2005-04-01", "not_released"), ("2013-10-11", "limited")]),
])
def test_card_history_shows_the_tcgs_own_statuses(name, expected):
    """`deckcheck card X --history` gives the TCG's own status on each of its lists (the issue's examples)."""
    by_day = {day: status for day, _, status in tcg_history(name)}
    assert [(day, by_day.get(day)) for day, _ in expected] == expected


def test_the_august_2004_revision_is_decided_with_its_evidence(store):
    """The 2004-08-25 revision (the TCG's first Forbidden cards) is in no list archive: kept, its notes say why."""
    august = store.in_effect("tcg", date(2004, 8, 25))
    assert august.effective == date(2004, 8, 25) and august.name == "2004.08 TCG"
    decided = [n for n in august.notes if n.startswith("Decided: kept.")]
    assert decided and "Format Library" in decided[0] and "YGOJSON" in decided[0]
    assert {e.name for e in august.entries if e.status == "forbidden"} >= {"Raigeki", "Yata-Garasu", "Sangan"}


@pytest.mark.parametrize("fmt, folder", [("speed", "speed"), ("ocg-genesys", "ocg-genesys")])
def test_check_says_the_list_is_stale_for_speed_and_ocg_genesys(fmt, folder):
    """The stale-list note through check: Speed Duel (its one list, 2025-07-11, and the cadence it records) and
    OCG Genesys (its own gap) on 2026-12-02, in check's JSON like the TCG's and OCG's."""
    from .inprocess import deckcheck

    deck = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"
    proc = deckcheck("check", str(deck), "--format", fmt, "--as-of", "2026-12-02", "-o", "json")
    stale = json.loads(proc.stdout)["format"]["stale"]
    assert [s["lists"] for s in stale] == [folder], stale
    fresh = deckcheck("check", str(deck), "--format", fmt, "--as-of", "2026-06-15" if fmt == "ocg-genesys" else
                      "2026-07-01", "-o", "json")
    assert json.loads(fresh.stdout)["format"]["stale"] == []


def test_card_history_of_a_goat_card_says_in_the_pool_not_unlimited():
    """GOAT's list is its card pool (every entry "unlimited"); the format takes the limits from the 2005.04 TCG
    list, so `card Raigeki --history` said "GOAT … Unlimited" for a card GOAT forbids. A pool says "in the pool"."""
    from .inprocess import deckcheck

    proc = deckcheck("card", "Raigeki", "--history", "-o", "json")
    history = json.loads(proc.stdout)["history"]
    assert [h["status"] for h in history if h["format"] == "goat"] == ["in_pool"]
    assert [h["status"] for h in history if h["list"] == "2005.04 TCG"] == ["forbidden"]
    speed = deckcheck("card", "Ash Blossom & Joyous Spring", "--history", "-o", "json")  # a whitelist with limits
    assert "in_pool" not in {h["status"] for h in json.loads(speed.stdout)["history"]}
    assert "in the pool" in deckcheck("card", "Raigeki", "--history").stdout
