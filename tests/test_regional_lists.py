"""Master Duel, OCG Asian-English and OCG Simplified Chinese: every entry of every dated list is enforced.

For each list, a deck with one copy more than the list allows of a listed card is illegal with a
``banlist`` problem on that card, and with the allowed count it has none (and a whole deck built around
one card of each status is legal). The shipped-data tests read banlists/ only; the ``source_data``
tests take the expected statuses from the source snapshot itself (../shared/data): the Master Duel
vectors, Konami Asia's page data, Konami China's answers.
"""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import date
from functools import cache
from pathlib import Path

import pytest
import yaml

from deckcheck.checker import check_parsed
from deckcheck.formats import FormatStore
from deckcheck.model import EXTRA, MAIN, DeckEntry, ParsedDeck
from deckcheck.regulation import Regulation

from .conftest import REPO, SHARED_DATA

FOLDERS = {"master-duel": "master-duel", "ocg-ae": "ocg-ae", "ocg-cn": "ocg-cn"}  # format → its lists
LIMITS = {"forbidden": 0, "limited": 1, "semi_limited": 2}
CHUNK = 25  # listed cards per deck (problems are capped per rule; a deck of a few dozen stays far below)
SOURCE = SHARED_DATA / "yaml-yugi-limit-regulation"


def shipped(folder: str) -> list[Path]:
    return sorted((REPO / "banlists" / folder).glob("*.yaml"))


LISTS = [(fmt, path) for fmt, folder in FOLDERS.items() for path in shipped(folder)]


@cache
def regulation(fmt: str, day: date, cards, store) -> Regulation:
    return Regulation.build(FormatStore().get(fmt), cards, store, day)


def shipped_limits(path: Path) -> dict[int, int]:
    document = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    return {e["passcode"]: LIMITS[status] for status in LIMITS for e in document.get(status) or []}


def deck_of(cards, copies: dict[int, int]) -> ParsedDeck:
    deck = ParsedDeck(path="deck.ydk")
    for line, (passcode, n) in enumerate(copies.items(), 1):
        if n:
            section = EXTRA if cards.by_passcode(passcode).kind == "extra" else MAIN
            deck.entries.append(DeckEntry(section, line, passcode, None, n, str(passcode)))
    return deck


def banned_cards(result) -> set[int]:
    return {p.card.passcode for p in result.problems if p.rule == "banlist" and p.card is not None}


def assert_enforced(fmt: str, day: date, limits: dict[int, int], cards, store) -> None:
    """Every card of ``limits`` (passcode → most copies): one over is a banlist problem on it; at the limit none."""
    reg = regulation(fmt, day, cards, store)
    assert reg.banlist is not None and reg.banlist.effective <= day
    items = sorted(limits.items())
    for start in range(0, len(items), CHUNK):
        chunk = dict(items[start:start + CHUNK])
        over = check_parsed(deck_of(cards, {p: n + 1 for p, n in chunk.items()}), reg)
        missing = set(chunk) - banned_cards(over)
        assert not missing, f"{fmt} {day}: one copy too many of {[cards.by_passcode(p).name for p in missing]} is no banlist problem"
        assert not over.legal
        at = check_parsed(deck_of(cards, chunk), reg)
        wrong = banned_cards(at) & set(chunk)
        assert not wrong, f"{fmt} {day}: the allowed count of {[cards.by_passcode(p).name for p in wrong]} is a banlist problem"


@cache
def fillers(fmt: str, day: date, cards, store) -> tuple[int, ...]:
    """14 Main Deck cards a deck of ``fmt`` may hold 3 of on ``day`` (unlisted, in the pool, released)."""
    reg = regulation(fmt, day, cards, store)
    from deckcheck.rules import card_pool

    found = []
    for card in cards.cards():
        if (card.kind == "main" and card.origin == "official" and card.group == card.passcode
                and card.group not in reg.limits and card_pool.pool_verdict(card, reg) == (None, None)
                and card.ocg_date and card.ocg_date < "2010-01-01"):
            found.append(card.passcode)
        if len(found) == 14:
            return tuple(found)
    raise AssertionError(f"{fmt} {day}: no 14 unlisted cards in the pool")


def assert_whole_decks(fmt: str, day: date, limits: dict[int, int], cards, store) -> None:
    """For one card of each status on the list: a whole deck with it at its limit is legal, one more is not."""
    reg = regulation(fmt, day, cards, store)
    from deckcheck.rules import card_pool

    for wanted in sorted(set(limits.values())):
        candidates = [p for p, n in sorted(limits.items()) if n == wanted
                      and card_pool.pool_verdict(cards.by_passcode(p), reg)[0] is None]
        if not candidates:
            continue
        passcode = candidates[0]
        card = cards.by_passcode(passcode)
        main_needed = 40 - (wanted if card.kind == "main" else 0)
        copies = {passcode: wanted}
        for filler in fillers(fmt, day, cards, store):
            take = min(3, main_needed)
            if take <= 0:
                break
            copies[filler] = take
            main_needed -= take
        at = check_parsed(deck_of(cards, copies), reg)
        assert at.legal, (fmt, day, card.name, [p.message for p in at.problems])
        over = check_parsed(deck_of(cards, {**copies, passcode: wanted + 1}), reg)
        assert [p.rule for p in over.problems if p.severity == "error"].count("banlist") == 1, \
            (fmt, day, card.name, [p.message for p in over.problems])


@pytest.mark.parametrize("fmt,path", LISTS, ids=[f"{f}/{p.stem}" for f, p in LISTS])
def test_every_shipped_entry_is_enforced(fmt, path, cards, store):
    day = date.fromisoformat(path.stem)
    limits = shipped_limits(path)
    assert limits, path
    assert_enforced(fmt, day, limits, cards, store)
    assert_whole_decks(fmt, day, limits, cards, store)


def test_the_lists_are_there():
    """Every Master Duel list since launch; the Asian-English lists since 2023-11; Simplified Chinese since 2022-04."""
    assert len(shipped("master-duel")) == 65 and shipped("master-duel")[0].stem == "2022-01-19"
    assert [p.stem for p in shipped("ocg-ae")] == ["2023-11-01", "2025-01-01", "2025-07-01", "2025-10-01",
                                                  "2026-01-01", "2026-04-01", "2026-07-01"]
    assert shipped("ocg-cn")[0].stem == "2022-04-01" and shipped("ocg-cn")[-1].stem == "2026-07-01"
    assert "2022-10-01" not in {p.stem for p in shipped("ocg-cn")}  # published empty: not shipped, and said so
    july = (REPO / "banlists" / "ocg-cn" / "2022-07-01.yaml").read_text(encoding="utf-8")
    assert "update 3" in july and "is not shipped" in july


# ------------------------------------------------------------------------------------------ source data


def fold(name: str) -> str:
    """Names compared across sources: NFKC, case and spacing, the middle dots and dashes written alike."""
    text = unicodedata.normalize("NFKC", re.sub(r"<ruby>(.*?)<rt>.*?</rt></ruby>", r"\1", name or ""))
    text = text.translate(str.maketrans({"・": "·", "•": "·", "－": "-", "—": "-", "–": "-"}))
    return re.sub(r"\s+", "", text).casefold()


@cache
def yaml_yugi() -> list[dict]:
    with open(SHARED_DATA / "yaml-yugi" / "cards.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@cache
def by_language(language: str) -> dict[str, set[int]]:
    found: dict[str, set[int]] = {}
    for y in yaml_yugi():
        name = (y.get("name") or {}).get(language)
        if name and y.get("konami_id"):
            found.setdefault(fold(name), set()).add(y["konami_id"])
    return found


def to_passcodes(cards, by_konami: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for konami_id, status in by_konami.items():
        card = cards.by_konami_id(konami_id)
        assert card is not None, f"Konami ID {konami_id} is no card"
        out[card.passcode] = min(status, out.get(card.passcode, status))
    return out


MD_VECTORS = sorted((SOURCE / "master-duel").glob("*.vector.json")) if SOURCE.is_dir() else []


@pytest.mark.source_data
@pytest.mark.parametrize("vector", MD_VECTORS, ids=[p.name.split(".")[0] for p in MD_VECTORS])
def test_master_duel_lists_from_the_source(vector, cards, store):
    document = json.loads(vector.read_text(encoding="utf-8"))
    limits = to_passcodes(cards, {int(k): v for k, v in document["regulation"].items()})
    assert_enforced("master-duel", date.fromisoformat(document["date"]), limits, cards, store)


@pytest.mark.source_data
def test_master_duel_every_date_since_launch():
    days = sorted(p.name.split(".")[0] for p in (SOURCE / "master-duel").glob("*.vector.json"))
    assert days[0] == "2022-01-19"
    assert days == [p.stem for p in shipped("master-duel")]


AE_STATUS = {"Forbidden (AE)": 0, "Limited (AE)": 1, "Semi-Limited (AE)": 2}
AE_MONTHS = {m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                                         "Dec"), 1)}
# Konami Asia's page lists these cards in two sections; the term's own list of changes (or, with no change, the
# list before) decides — see the notes of banlists/ocg-ae/<day>.yaml
AE_TWICE = {("2025-10-01", "FIENDSMITH'S TRACT"): 2, ("2026-07-01", "VANQUISH SOUL HOLLIE SUE"): 1}


def ae_terms() -> list[tuple[str, dict]]:
    if not SOURCE.is_dir():
        return []
    data = json.loads((SOURCE / "ocg-ae" / "cardData.json").read_text(encoding="utf-8"))
    out = []
    for term in data["en"]["effective_dates"]:
        lists = {item["card_list_name"]: item["cards"] for item in term["card_lists"] if item["card_list_name"] in AE_STATUS}
        if lists:
            month, year = term["effective_date_name"].split("-")
            out.append((f"20{year}-{AE_MONTHS[month]:02d}-01", lists))
    return sorted(out, key=lambda t: t[0])


@pytest.mark.source_data
@pytest.mark.parametrize("day,lists", ae_terms(), ids=[d for d, _ in ae_terms()])
def test_asian_english_lists_from_the_source(day, lists, cards, store):
    english = {}
    for name, found in by_language("en").items():
        english[name] = found
    statuses: dict[int, set[int]] = {}
    names: dict[int, str] = {}
    for list_name, status in AE_STATUS.items():
        for entry in lists.get(list_name, []):
            found = english.get(fold(entry["card_name"]))
            assert found and len(found) == 1, f"{day}: {entry['card_name']!r} names no one card"
            konami_id = next(iter(found))
            statuses.setdefault(konami_id, set()).add(status)
            names[konami_id] = entry["card_name"].upper()
    expected = {}
    for konami_id, found in statuses.items():
        if len(found) > 1:
            expected[konami_id] = AE_TWICE[(day, names[konami_id])]
        else:
            expected[konami_id] = found.pop()
    assert_enforced("ocg-ae", date.fromisoformat(day), to_passcodes(cards, expected), cards, store)


@cache
def cn_updates() -> list[tuple[str, dict]]:
    if not SOURCE.is_dir():
        return []
    root = SOURCE / "ocg-cn"
    out = []
    for item in json.loads((root / "webList.json").read_text(encoding="utf-8"))["list"]:
        match = re.search(r"(\d{4})/(\d{2})", item["name"])
        out.append((f"{match.group(1)}-{match.group(2)}-01", json.loads((root / f"{item['id']}.json").read_text(
            encoding="utf-8"))))
    return sorted(out, key=lambda t: t[0])


CN_WORDS = {"禁止": 0, "限制": 1, "准限制": 2}


def statuses_before(answer: dict, chinese: dict[str, set[int]]) -> dict[int, int]:
    """Konami ID → status on the update before ``answer``, from its readable sections' change notes."""
    before: dict[int, int] = {}
    for section in answer.get("list") or []:
        said = re.search(r"(\d+)", section["name"])
        if said is None or int(said.group(1)) != len(section["list"]) or "解除" in section["name"]:
            continue
        status = 2 if "准限制" in section["name"] else 1 if "限制" in section["name"] else 0
        for entry in section["list"]:
            note = (entry.get("note") or "").replace("⇒", "→")
            was = status if not note else CN_WORDS.get(note.split("→")[0]) if "→" in note else None
            found = chinese.get(fold(entry["name"]))
            if was is not None and found and len(found) == 1:
                before[next(iter(found))] = was
    return before


CN_TWICE = {("2025-10-01", "封印的黄金柜"): 1}  # listed Limited (noted 准限制⇒限制) and Semi-Limited: the change wins


@pytest.mark.source_data
@pytest.mark.parametrize("day,answer", cn_updates(), ids=[d for d, _ in cn_updates()])
def test_simplified_chinese_lists_from_the_source(day, answer, cards, store):
    """Every card of every section that holds the cards its header counts (the scrambled sections of the 2026/01
    and 2026/04 answers are not the list; banlists/ocg-cn says how those lists are rebuilt)."""
    chinese = by_language("zh-CN")
    expected: dict[int, int] = {}
    seen: dict[int, list[int]] = {}
    for section in answer.get("list") or []:
        said = re.search(r"(\d+)", section["name"])
        if said is None or int(said.group(1)) != len(section["list"]) or "解除" in section["name"]:
            continue
        status = 2 if "准限制" in section["name"] else 1 if "限制" in section["name"] else 0
        for entry in section["list"]:
            found = chinese.get(fold(entry["name"]))
            assert found and len(found) == 1, f"{day}: {entry['name']!r} names no one card"
            konami_id = next(iter(found))
            seen.setdefault(konami_id, []).append(status)
            expected[konami_id] = CN_TWICE.get((day, entry["name"]), status) if konami_id in expected else status
    for konami_id, statuses in seen.items():
        if len(statuses) > 1:
            name = next(n for (d, n) in CN_TWICE if d == day)
            expected[konami_id] = CN_TWICE[(day, name)]
    updates = cn_updates()
    later = [answer for d, answer in updates if d > day][:1]
    scrambled = any(int(m.group(1)) != len(sec["list"]) for sec in answer.get("list") or []
                    if (m := re.search(r"(\d+)", sec["name"])))
    if scrambled and later:  # what the next update's change notes say of this list: no note, the same status
        for konami_id, status in statuses_before(later[0], chinese).items():
            if konami_id not in expected:
                expected[konami_id] = status
    if not expected:
        assert day == "2022-10-01"  # published empty
        return
    assert_enforced("ocg-cn", date.fromisoformat(day), to_passcodes(cards, expected), cards, store)
