"""The regulation: a format applied on one date, with the data it needs. The rules read only it.

Built once per format and check date (``Regulation.build``) and shared by every deck judged
with it: the rules in force and their options, the section size ranges, the copy limit, the
Forbidden & Limited list in force and the copies it allows per name group, the card pool.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from types import ModuleType

from .banlists import STATUS_LIMITS, Banlist, BanlistStore, ListEntry
from .carddb import CardIndex, DataError
from .formats import Format
from .model import EXTRA, MAIN, SIDE

_SIZE_RULES = {MAIN: "main-size", EXTRA: "extra-size", SIDE: "side-size"}
_OFF: Mapping = {}


def list_limits(banlist: Banlist, cards: CardIndex) -> tuple[dict[int, int], list[ListEntry]]:
    """Max copies per name group on ``banlist`` (the strictest entry of a group wins) and the
    entries that match no card. A list entry on one artwork applies to the whole name group."""
    limits: dict[int, int] = {}
    unmatched: list[ListEntry] = []
    for entry in banlist.entries:
        group = cards.group_of(entry.passcode) if entry.passcode is not None else None
        if group is None and entry.name:
            found = cards.by_name(entry.name)
            group = found[0].group if len(found) == 1 else None
        if group is None:
            unmatched.append(entry)
            continue
        limit = STATUS_LIMITS[entry.status]
        if limits.get(group, 3) > limit:
            limits[group] = limit
    return limits, unmatched


class Regulation:
    """What a deck is judged by: ``Regulation.build(format, cards, lists, as_of)``."""

    def __init__(self, fmt: Format, cards: CardIndex, as_of: date, region: str | None,
                 banlist: Banlist | None, limits: dict[int, int]):
        from .rules import RULES

        self.format = fmt
        self.cards = cards
        self.as_of = as_of
        self.region = region
        self.banlist = banlist
        self.limits = limits  # name group → the most copies the list in force allows
        self.rules: tuple[tuple[ModuleType, Mapping], ...] = tuple(
            (rule, fmt.rules[rule.ID]) for rule in RULES if fmt.rules.get(rule.ID) is not None
        )
        self._memo: dict[str, dict] = {}

    @classmethod
    def build(cls, fmt: Format, cards: CardIndex, store: BanlistStore, as_of: date, region: str | None = None,
              banlist: Banlist | None = None) -> "Regulation":
        """The format on ``as_of``: the list in force then (or ``banlist``, a list chosen by name)."""
        options = fmt.options("banlist")
        if options is None:
            banlist = None
        elif banlist is None:
            banlist = store.in_effect(options["lists"], as_of, region)
        elif banlist.format != options["lists"]:
            raise DataError(f"list {banlist.name!r} is one of the {banlist.format.upper()} lists; format {fmt.id} "
                            f"uses the {options['lists'].upper()} lists")
        limits = list_limits(banlist, cards)[0] if banlist is not None else {}
        return cls(fmt, cards, as_of, region, banlist, limits)

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

    def memo(self, rule_id: str) -> dict:
        """A rule's own memo for this regulation (e.g. card-pool's verdict per passcode)."""
        memo = self._memo.get(rule_id)
        if memo is None:
            memo = self._memo[rule_id] = {}
        return memo

    def describe(self) -> dict:
        """The regulation as reports state it."""
        return {
            "id": self.format.id,
            "title": self.format.title,
            "banlist": self.banlist.name if self.banlist else None,
            "effective": self.banlist.effective_in(self.region).isoformat() if self.banlist else None,
            "as_of": self.as_of.isoformat(),
        }
