"""Answers about the data, for the info commands and the API: a card's standing, the data's sources, what a
list change does to a deck. Plain data out; ``report/listing.py`` renders it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from . import clock
from .banlists import STATUS_LIMITS
from .errors import DataError, UsageError
from .model import Card


@dataclass
class CardFacts:
    """One card, how it relates to its name group (``card_identity``) and its JSON document (``deckcheck card``)."""

    card: Card
    relation: str | None
    group: Card | None  # the card of the relation (None with none)
    document: dict


def list_counts(banlist) -> dict[str, int]:
    """Entries per status of a list (the Forbidden/Limited/Semi-Limited ones always, the others where present)."""
    counts = {s: 0 for s in STATUS_LIMITS}
    for e in banlist.entries:
        counts[e.status] = counts.get(e.status, 0) + 1
    return counts


def card_identity(card, index) -> tuple[str | None, Any]:
    """How a card relates to its name group: (kind, card) with kind "stands for" (an unofficial version of an
    official card), "same name" (another card printed under the same name), "treated as", or (None, None)."""
    from .rules.card_pool import official_card

    official = official_card(card, index)
    if official is not None:
        return "stands for", official
    group = index.by_passcode(card.group) if card.group != card.passcode else None
    if group is None:
        return None, None
    return ("same name" if group.name == card.name else "treated as"), group


def same_name(card, index) -> list:
    """Other cards printed under this card's name and counted with it (only for the card a group is named after)."""
    if card.group != card.passcode or card.origin != "official":
        return []
    return [c for c in index.group_members(card.passcode) if c.passcode != card.passcode and c.name == card.name]


def card_status(card, regulation) -> tuple[str, int | None]:
    """A card's standing in one regulation, in words, and its points there (None outside a points format)."""
    from .banlists import GROUP_TITLES, STATUS_TITLES
    from .rules.banned_type import banned_types
    from .rules.card_pool import why_not_legal
    from .rushdb import GAME_TITLES, game_of
    from .words import with_article

    if game_of(card) != regulation.game:
        return f"not legal: {with_article(GAME_TITLES[game_of(card)])} card", None
    skill_in_deck = card.kind == "skill" and regulation.enabled("skill-card")
    if card.kind not in ("main", "extra") and not skill_in_deck:
        return "never in a deck", None
    outside = why_not_legal(card, regulation)
    if outside:
        return f"not legal: {outside}", None
    banned = banned_types(card, regulation.options("banned-type").get("types") or ())
    if banned:
        return f"not legal: {with_article(' and '.join(t.capitalize() for t in banned))} Monster", None
    parts = []
    if regulation.banlist is not None:
        limit = regulation.limits.get(card.group, regulation.copies)
        group = regulation.groups.get(card.group)
        parts.append(GROUP_TITLES[group] if group is not None and limit else STATUS_TITLES.get(limit, "Unlimited"))
    points = None
    if regulation.points_list is not None:
        points = regulation.points.get(card.passcode, 0)
        parts.append(f"{points} point{'s' if points != 1 else ''}")
    return ", ".join(parts) or "legal", points


def card_facts(found, index, regulations) -> list[CardFacts]:
    """What deckcheck knows of each card, with its standing in each regulation (every built-in format today)."""
    from .rushdb import RUSH, counterpart, game_of

    documents = []
    for card in found:
        statuses: dict[str, str] = {}
        points: dict[str, object] = {}
        formats: dict[str, dict] = {}
        for regulation in regulations:
            text, value = card_status(card, regulation)
            if regulation.banlist is not None:
                statuses.setdefault(regulation.banlist.name, text)  # the first format to use a list names it
            if regulation.points_list is not None:
                points.setdefault(regulation.points_list.name, value)
            formats[regulation.format.id] = {"title": regulation.title, "list": regulation.list_name, "status": text,
                                             **({"points": value} if regulation.points_list is not None else {})}
        relation, group = card_identity(card, index)
        twin = counterpart(card, index)
        documents.append(CardFacts(card, relation, group, {
                "name": card.name,
                "passcode": card.passcode,
                "passcodes": list(card.passcodes),
                "kind": card.kind,
                "konami_id": card.konami_id,
                "origin": card.origin,
                "tcg": card.tcg,
                "ocg": card.ocg,
                "tcg_date": card.tcg_date,
                "ocg_date": card.ocg_date,
                "treated_as": group.name if relation in ("treated as", "same name") else None,
                "official_card": {"name": group.name, "passcode": group.passcode} if relation == "stands for" else None,
                "same_name": [{"name": c.name, "passcode": c.passcode} for c in same_name(card, index)],
                "game": game_of(card),
                **({"legend": card.legend, "maximum": card.maximum, "prerelease": card.prerelease}
                   if game_of(card) == RUSH and hasattr(card, "legend") else {}),
                "other_game_same_name": {"name": twin.name, "passcode": twin.passcode, "game": game_of(twin)}
                if twin is not None else None,
                "status": statuses,
                "points": points,
                "formats": formats,
            }))
    return documents


def age_days(day, today: date) -> int | None:
    try:
        return (today - date.fromisoformat(str(day)[:10])).days
    except ValueError:
        return None


def list_sources(lists, today: date) -> list[dict]:
    """Every source the lists in use come from or were checked against, once per role and source: its newest
    commit and date among the lists, and its age."""
    found: dict[tuple, dict] = {}
    for b in lists:
        for role, src in (b.source or {}).items():
            if not isinstance(src, dict):
                continue
            where = src.get("repository") or src.get("url") or src.get("path") or src.get("from")
            day = str(src.get("date") or src.get("retrieved") or src.get("seen") or "") or None
            entry = found.setdefault((role, where), {"role": role, "source": where, "commit": None, "date": None,
                                                     "lists": 0})
            entry["lists"] += 1
            if day and (entry["date"] is None or day > entry["date"]):
                entry["date"], entry["commit"] = day, src.get("commit")
    for entry in found.values():
        entry["age_days"] = age_days(entry["date"], today) if entry["date"] else None
    return sorted(found.values(), key=lambda e: (e["role"], str(e["source"])))


def data_report(index, store, today: date, today_of=None, root=None) -> dict:
    """What ``deckcheck data`` says: the card data and lists in use, their sources and ages, the corrections."""
    from .corrections import load as load_corrections
    from .datastore import describe

    document = describe(index, store, today, today_of, root)
    document["cards"]["sources"] = [{**s, "age_days": age_days(s.get("date"), today) if s.get("date") else None}
                                    for s in document["cards"]["sources"]]
    document["banlists"]["sources"] = list_sources(store.all(), today)
    corrections = load_corrections()
    document["corrections"] = {"path": str(corrections.path), "entries": corrections.to_json()}
    document["pools"] = pools_report()
    from .card_facts import load_card_facts

    document["card_facts"] = load_card_facts().to_json()
    document["banlists"]["today"] = lists_today(store, today_of or (lambda _folder: today))
    return document


def lists_today(store, day) -> list[dict]:
    """Each folder's list in force on ``day(folder)`` (TCG, OCG, then by title): its age, whether a newer list is
    likely out (``banlists.staleness``: older than the folder's longest recent gap between lists), and the next
    list deckcheck has that is not yet in force."""
    from .banlists import folder_order, folder_title, in_force, staleness

    lists = store.all()
    current = in_force(lists, day)
    rows = []
    for folder in sorted({b.format for b in lists}, key=folder_order):
        b = current.get(folder)
        late = staleness(store, folder, day(folder))
        upcoming = sorted((x for x in lists if x.format == folder and x.effective > day(folder)),
                          key=lambda x: x.effective)
        rows.append({
            "format": folder, "title": folder_title(folder),
            "name": b.name if b else None, "effective": b.effective.isoformat() if b else None,
            "age_days": (day(folder) - b.effective).days if b else None,
            "newer_likely": late is not None, "longest_gap_days": late["longest_gap_days"] if late else None,
            "next": {"name": upcoming[0].name, "effective": upcoming[0].effective.isoformat()} if upcoming else None,
        })
    return rows


def pools_report() -> list[dict]:
    """The card pools of their own (Master Duel, Simplified Chinese), each with its source."""
    from .pools import load_pool, pool_ids

    return [load_pool(pool_id).to_json() for pool_id in pool_ids()]


def today_of(formats, now=None):
    """Today where each folder's lists apply (clock.py: a list takes effect on its date in its region)."""
    now, days = now or clock.utc_now(), {}

    def today(folder: str) -> date:
        if folder not in days:
            days[folder] = clock.today(formats.lists_region(folder), now)
        return days[folder]

    return today


def regulations_today(cards, store, formats) -> list:
    """Every built-in format as it stands today, the standard ones (TCG, OCG) first (a format whose lists
    are not installed is left out)."""
    from .formats import DEFAULT_FORMAT
    from .regulation import Regulation

    ids = formats.builtin_ids()
    ordered = [DEFAULT_FORMAT, "ocg"] + [i for i in ids if i not in (DEFAULT_FORMAT, "ocg")]
    found = []
    for fmt in (formats.get(i) for i in ordered if i in ids):
        try:
            found.append(Regulation.build(fmt, cards, store, clock.today(fmt.region)))
        except DataError:
            continue
    return found


def two_lists(store, names: list[str], folder: str):
    """(older, newer): the lists named, else the newest of ``folder`` and the one before it."""
    if len(names) == 2:
        return store.by_name(names[0], folder), store.by_name(names[1], folder)
    if names:
        new = store.by_name(names[0], folder)
        folder = new.format
    lists = store.all(folder)
    if not lists:
        raise UsageError(f"no lists for {folder!r}; the lists deckcheck has are for: {', '.join(store.formats())}")
    if not names:
        new = lists[-1]
    earlier = [b for b in lists if b.effective < new.effective]
    if not earlier:
        raise UsageError(f"{new.name} is the oldest {folder.upper()} list deckcheck has: name two lists to compare")
    return earlier[-1], new


LIST_RULES = ("banlist", "group-limit", "card-pool", "points-cap")  # the rules a list's changes can break


def deck_change(cards, store, path: Path, old, new, formats=None) -> dict:
    """A deck checked against both lists (today's card pool): the changes that touch it and its verdicts."""
    from .checker import Checker, Selection
    from .listchanges import changes
    from .parsers import read_deck
    from .resolve import resolve

    from .formats import FormatStore

    verdicts = []
    known = formats if formats is not None else FormatStore.default()
    fmt = new.format if known.knows(new.format) else None  # the format named after the lists' folder (rush, ocg …)
    for banlist in (old, new):
        checker = Checker(cards, store, Selection(format=fmt, banlist=banlist.name), formats=formats)
        verdicts.append(checker.judge(read_deck(path, str(path))))
    (before, _), (after, regulation) = verdicts
    cards = regulation.cards  # a Rush format's names are Rush cards
    deck = resolve(read_deck(path, str(path)), cards)
    copies = deck.group_totals() if not after.unreadable else {}
    touching = [(change, copies[change.group]) for change in changes(old, new, cards) if change.group in copies]
    touched = {change.group for change, _ in touching}
    caused = [p for p in after.problems if p.rule in LIST_RULES
              and (p.card is None or p.card.passcode is not None and cards.group_of(p.card.passcode) in touched)]
    return {"path": str(path), "unreadable": after.unreadable, "changes": touching,
            "legal_before": before.legal, "legal_after": after.legal, "new_problems": caused if touched else []}


def card_history(card, lists, cards) -> list[tuple]:
    """(list, the card's status on it) for every list, in the order given."""
    from .listchanges import status_of
    from .rushdb import game_of, lists_game

    memo: dict = {}
    lists = [b for b in lists if lists_game(b.format) == game_of(card)]  # a Rush card is on Rush lists only
    return [(b, status_of(b, card, cards, memo)) for b in lists]
