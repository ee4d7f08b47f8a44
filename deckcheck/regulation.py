"""The regulation: a format applied on one date, with the data it needs. The rules read only it.

Built once per format and check date (``Regulation.build``) and shared by every deck judged
with it: the rules in force and their options, the section size ranges, the copy limit, the
Forbidden & Limited list(s) in force and the copies they allow per name group (Traditional:
Forbidden read as Limited; several lists: the strictest status), Speed Duel's "Limited N"
groups, the points list in force and its cap, the card pool (pools, whitelist, release cutoff).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from types import ModuleType

from .banlists import GROUP_STATUSES, STATUS_LIMITS, Banlist, BanlistStore, ListEntry, staleness
from .carddb import CardIndex
from .errors import DataError
from .formats import Format
from .limits import quoted
from .model import EXTRA, MAIN, SIDE

_SIZE_RULES = {MAIN: "main-size", EXTRA: "extra-size", SIDE: "side-size"}
_OFF: Mapping = {}
TRADITIONAL = "traditional"  # the banlist mode in which Forbidden cards are Limited (rules.md §2.2)


def _entry_group(entry: ListEntry, cards: CardIndex) -> int | None:
    group = cards.group_of(entry.passcode) if entry.passcode is not None else None
    if group is None and entry.name:
        found = cards.by_name(entry.name)
        group = found[0].group if len(found) == 1 else None
    return group


def list_limits(banlist: Banlist, cards: CardIndex, mode: str = "standard") -> tuple[dict[int, int], list[ListEntry]]:
    """Max copies per name group on ``banlist`` (the strictest entry of a group wins) and the
    entries that match no card. A list entry on one artwork applies to the whole name group.
    In the Traditional mode a Forbidden card may be played at one copy."""
    limits: dict[int, int] = {}
    unmatched: list[ListEntry] = []
    for entry in banlist.entries:
        limit = STATUS_LIMITS.get(entry.status)
        if limit is None:
            continue
        group = _entry_group(entry, cards)
        if group is None:
            unmatched.append(entry)
            continue
        if mode == TRADITIONAL and limit == 0:
            limit = 1
        if limits.get(group, 3) > limit:
            limits[group] = limit
    return limits, unmatched


def list_groups(banlist: Banlist, cards: CardIndex) -> dict[int, int]:
    """Name group → N, for the cards of Speed Duel's "Limited N" groups."""
    groups: dict[int, int] = {}
    for entry in banlist.entries:
        n = GROUP_STATUSES.get(entry.status)
        if n is not None and (group := _entry_group(entry, cards)) is not None:
            groups[group] = min(n, groups.get(group, n))
    return groups


def list_points(points_list: Banlist, cards: CardIndex) -> dict[int, int]:
    """Card (its own passcode, every artwork) → points, on a points list (Genesys)."""
    points: dict[int, int] = {}
    for entry in points_list.entries:
        if entry.status != "points" or entry.passcode is None:
            continue
        card = cards.by_passcode(entry.passcode)
        if card is not None:
            points[card.passcode] = max(entry.points or 0, points.get(card.passcode, 0))
    return points


def whitelist_pool(banlist: Banlist, cards: CardIndex) -> tuple[frozenset[int], dict[int, int]]:
    """The cards a whitelist allows, by their own passcodes (every artwork of a card is the card; a card that
    is only "treated as" a listed one is another card), a Forbidden entry included; and the unofficial ids it
    accepts as one of them (EDOPro's GOAT-era rows): id → the card's passcode."""
    allowed: set[int] = set()
    stand_ins: dict[int, int] = {}
    for entry in banlist.entries:
        card = cards.by_passcode(entry.passcode) if entry.passcode is not None else None
        if card is None and entry.name:
            found = cards.by_name(entry.name)
            card = found[0] if len(found) == 1 else None
        if card is None:
            continue
        allowed.add(card.passcode)
        for other in entry.unofficial_ids:
            stand_ins[other] = card.passcode
    return frozenset(allowed), stand_ins


def known_regions(formats, store: BanlistStore) -> dict[str, list[str]]:
    """Every region deckcheck knows, with what knows it: the formats whose lists are dated for it, and the lists
    that have a date of their own for it (``effective_by_region``). Reads every list: only for --region."""
    found: dict[str, list[str]] = {}
    for fmt in formats.all():
        if fmt.region:
            found.setdefault(fmt.region, []).append(f"format {fmt.id}")
    for banlist in store.all():
        for region in banlist.effective_by_region:
            found.setdefault(region, []).append(banlist.name)
    return dict(sorted(found.items()))


def check_region(region: str, formats, store: BanlistStore) -> str:
    """``region`` in lower case when deckcheck knows it; else a DataError naming the regions it knows."""
    wanted = region.strip().lower()
    known = known_regions(formats, store)
    if wanted not in known:
        raise DataError(f"--region {quoted(region)}: not a region deckcheck knows; choose one of: "
                        + ", ".join(known) + " (a list's date for a region comes from the list file, "
                        "see: deckcheck banlists)")
    return wanted


class Regulation:
    """What a deck is judged by: ``Regulation.build(format, cards, lists, as_of)``."""

    def __init__(self, fmt: Format, cards: CardIndex, as_of: date, region: str | None, *,
                 banlist: Banlist | None = None, limits: dict[int, int] | None = None,
                 limit_origin: dict[int, tuple[Banlist, int]] | None = None,
                 other_lists: tuple[Banlist, ...] = (), groups: dict[int, int] | None = None,
                 points_list: Banlist | None = None, points: dict[int, int] | None = None,
                 whitelist: Banlist | None = None, allowed: frozenset[int] | None = None,
                 stand_ins: dict[int, int] | None = None, released_by: date | None = None,
                 stale: tuple[dict, ...] = (), unlisted: date | None = None):
        from .rules import RULES
        from .rushdb import format_game

        self.format = fmt
        self.cards = cards
        self.as_of = as_of
        self.region = region
        self.banlist = banlist  # the Forbidden & Limited list in force (None: the format has none)
        self.other_lists = other_lists  # further lists whose stricter statuses apply too (Worlds)
        self.limits = limits or {}  # name group → the most copies the lists in force allow
        self.limit_origin = limit_origin or {}  # name group → (the list that sets its limit, its status there)
        self.groups = groups or {}  # name group → N of its "Limited N" group (Speed Duel)
        self.points_list = points_list
        self.points = points or {}  # card passcode → points (Genesys)
        self.whitelist = whitelist  # the list whose cards are the whole pool (GOAT, Speed Duel)
        self.allowed = allowed  # the cards (their passcodes) the whitelist allows (None: no whitelist)
        self.stand_ins = stand_ins or {}  # an unofficial id the whitelist accepts → the card it counts as
        self.released_by = released_by  # cards first released after this day are out of the pool
        self.unlisted = unlisted  # the format's oldest list starts after as_of: judged without a list (a warning)
        self.game = format_game(fmt)  # "rush" | "ocg-tcg": the game whose cards the format plays (rushdb.py)
        self.stale = stale  # lists deckcheck has that may no longer be the newest in force (``staleness``)
        self.rules: tuple[tuple[ModuleType, Mapping], ...] = tuple(
            (rule, options) for rule in RULES if (options := fmt.rules.get(rule.ID)) is not None
        )
        self.rule_modules = tuple(rule for rule, _ in self.rules)  # in the order they run
        self.fact_rules = tuple(rule for rule, _ in self.rules if hasattr(rule, "facts"))
        self._memo: dict[str, dict] = {}

    @classmethod
    def build(cls, fmt: Format, cards: CardIndex, store: BanlistStore, as_of: date, region: str | None = None,
              banlist: Banlist | None = None) -> Regulation:
        """The format on ``as_of``: the lists in force then (``banlist``: a list chosen by name instead).
        ``region``: whose effective dates apply where a list has its own for it (None: the format's region)."""
        from .rushdb import format_game

        found: dict = {}
        cards = cards.for_game(format_game(fmt))  # a Rush format reads names as Rush cards (rushdb.py)
        lookup = None if region == fmt.region else region  # a list's `effective` is already its format's region's
        pinned = (fmt.options("banlist") or {}).get("in_force_on")
        fmt = fmt.on(pinned or as_of)  # the deck rules of that day (a format pinned to a date: of that date)
        options = fmt.options("banlist")
        if options is not None:
            on = options.get("in_force_on") or as_of
            unlisted_before = options.get("unlisted_before")
            if banlist is None and unlisted_before is not None and on < unlisted_before:
                found["unlisted"] = unlisted_before  # no list of the format before this day in the data: a warning
                options = None
            else:
                if banlist is None:
                    banlist = store.in_effect(options["lists"], on, lookup)
                if banlist.format != options["lists"]:
                    raise DataError(f"list {banlist.name!r} is one of the {banlist.format.upper()} lists; format "
                                    f"{fmt.id} uses the {options['lists'].upper()} lists")
        if options is not None and banlist is not None:  # (a list is in force whenever the options still are)
            mode = options.get("mode", "standard")
            others = tuple(store.in_effect(folder, on, lookup) for folder in options.get("also") or ())
            for lst in (banlist, *others):
                if lst.is_points_list:  # its points would be read as nothing: every card Unlimited
                    raise DataError(f"format {fmt.id}: banlist: the {lst.format.upper()} lists are points lists; "
                                    "name them under points-cap: lists")
            limits: dict[int, int] = {}
            origin: dict[int, tuple[Banlist, int]] = {}
            for lst in (banlist, *others):
                for group, own in list_limits(lst, cards)[0].items():
                    limit = 1 if mode == TRADITIONAL and own == 0 else own
                    if limits.get(group, 3) > limit:
                        limits[group], origin[group] = limit, (lst, own)
            found.update(banlist=banlist, limits=limits, limit_origin=origin, other_lists=others,
                         groups=list_groups(banlist, cards))
        points = fmt.options("points-cap")
        if points is not None:
            points_list = store.in_effect(points["lists"], as_of, lookup)
            if not points_list.is_points_list:  # no card would cost a point: every deck under the cap
                raise DataError(f"format {fmt.id}: points-cap: the {points_list.format.upper()} lists give no "
                                "points; name a folder of points lists (genesys, ocg-genesys)")
            found.update(points_list=points_list, points=list_points(points_list, cards))
        pool = fmt.options("card-pool") or {}
        if pool.get("whitelist"):
            whitelist = store.in_effect(pool["whitelist"], as_of, lookup)
            allowed, stand_ins = whitelist_pool(whitelist, cards)
            found.update(whitelist=whitelist, allowed=allowed, stand_ins=stand_ins)
        cutoffs = [d for d in (pool.get("released_by"), *(lst.released_by for lst in (
            found.get("banlist"), found.get("points_list"), found.get("whitelist")) if lst is not None)) if d]
        if cutoffs:
            found["released_by"] = min(cutoffs)
        dated = ([options["lists"], *(options.get("also") or ())] if options is not None and not options.get("in_force_on")
                 else [])
        dated += [points["lists"]] if points is not None else []
        found["stale"] = tuple(filter(None, (staleness(store, folder, as_of) for folder in dated)))
        return cls(fmt, cards, as_of, region, **found)

    @property
    def title(self) -> str:
        return self.format.title

    def options(self, rule_id: str) -> Mapping:
        """A rule's options in this format (empty when the rule is off)."""
        return self.format.rules.get(rule_id) or _OFF

    def enabled(self, rule_id: str) -> bool:
        return self.format.rules.get(rule_id) is not None

    def size_range(self, section: str) -> tuple[int, int | None]:
        options = self.options(_SIZE_RULES[section])
        return options.get("min", 0), options.get("max")

    @property
    def copies(self) -> int:
        return self.options("copy-limit").get("max", 3)

    @property
    def points_cap(self) -> int | None:
        return self.options("points-cap").get("cap")

    @property
    def lists(self) -> tuple[Banlist, ...]:
        """Every list the regulation applies, the main Forbidden & Limited list first."""
        found: list[Banlist] = []
        for lst in (self.banlist, *self.other_lists, self.points_list, self.whitelist):
            if lst is not None and all(lst is not seen for seen in found):
                found.append(lst)
        return tuple(found)

    @property
    def list_name(self) -> str | None:
        """The list a deck is judged by, as reports name it: the Forbidden & Limited list, else the points list."""
        lst = self.banlist or self.points_list
        return lst.name if lst is not None else None

    def effective(self, banlist: Banlist) -> date:
        """A list's effective date in the regulation's region."""
        return banlist.effective_in(self.region)

    def report_lists(self) -> dict:
        """The lists this regulation applies, for the report's header: the F&L list (its effective date in the
        region), the further lists whose stricter statuses apply, the points list and cap, the card pool."""

        def one(lst: Banlist) -> dict:
            return {"name": lst.name, "effective": self.effective(lst).isoformat()}

        out: dict = {"region": self.region or self.format.region, "chosen_region": self.region,
                     "banlist": one(self.banlist) if self.banlist is not None else None,
                     "also": [one(lst) for lst in self.other_lists]}
        if self.points_list is not None:
            out["points"] = {**one(self.points_list), "cap": self.points_cap}
        if self.whitelist is not None and self.whitelist is not self.banlist:
            out["pool"] = one(self.whitelist)
        return out

    def memo(self, rule_id: str) -> dict:
        """A rule's own memo for this regulation (e.g. card-pool's verdict per passcode)."""
        memo = self._memo.get(rule_id)
        if memo is None:
            memo = self._memo[rule_id] = {}
        return memo
