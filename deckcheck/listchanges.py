"""What a list says of each card, and what changed between two lists: for ``banlists diff`` and ``card --history``.

A status is one of ``forbidden``, ``limited``, ``semi_limited``, ``unlimited`` (a Forbidden &
Limited list), ``not_in_pool`` (not on a whitelist: GOAT, Speed Duel), ``in_pool`` (on a whitelist that
limits nothing, a card pool such as GOAT's, whose format takes the limits from another list), ``limited_1``…``limited_3``
(Speed Duel's groups) or ``points:N`` (a points list: Genesys). Statuses are per name group, as
the rules read the lists (``regulation.list_limits``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Card

from .banlists import GROUP_STATUSES, GROUP_TITLES, Banlist
from .regulation import list_groups, list_limits, list_points, whitelist_pool

UNLIMITED, NOT_IN_POOL, IN_POOL, NOT_RELEASED = "unlimited", "not_in_pool", "in_pool", "not_released"
_BY_LIMIT = {0: "forbidden", 1: "limited", 2: "semi_limited"}
# from the most to the least restrictive: what "stricter" means
ORDER = ("not_released", "forbidden", "not_in_pool", "limited", "limited_1", "semi_limited", "limited_2", "limited_3",
         "in_pool", "unlimited")
TITLES = {"forbidden": "Forbidden", "limited": "Limited", "semi_limited": "Semi-Limited", "unlimited": "Unlimited",
          NOT_IN_POOL: "not in the pool", IN_POOL: "in the pool", NOT_RELEASED: "not released yet",
          **{status: GROUP_TITLES[n] for status, n in GROUP_STATUSES.items()}}


def title(status: str) -> str:
    if status.startswith("points:"):
        n = int(status[7:])
        return f"{n} point{'s' if n != 1 else ''}"
    return TITLES.get(status, status)


def default_status(banlist: Banlist) -> str:
    """The status of a card the list does not name."""
    if banlist.is_points_list:
        return "points:0"
    return NOT_IN_POOL if banlist.whitelist else UNLIMITED


def statuses(banlist: Banlist, cards) -> dict[int, str]:
    """Name group → its status on ``banlist``, for every group the list names."""
    found: dict[int, str] = {}
    if banlist.is_points_list:
        for passcode, points in list_points(banlist, cards).items():
            group = cards.group_of(passcode)
            if group is not None and points:
                found[group] = f"points:{max(points, int(found.get(group, 'points:0')[7:]))}"
        return found
    limited = {group: f"limited_{n}" for group, n in list_groups(banlist, cards).items()}
    limited.update((group, _BY_LIMIT[limit]) for group, limit in list_limits(banlist, cards)[0].items())
    if banlist.whitelist:  # the cards it allows (a whitelist allows cards, not name groups: see status_of); a pool
        allowed, _ = whitelist_pool(banlist, cards)  # that limits nothing (GOAT's) leaves the limits to another
        in_pool = UNLIMITED if limited else IN_POOL  # list: "Unlimited" there would read as the card's verdict
        found.update((group, in_pool) for group in map(cards.group_of, allowed) if group is not None)
    found.update(limited)
    return found


def status_of(banlist: Banlist, card, cards, memo: dict | None = None) -> str:
    """A card's status on ``banlist`` (``not_released`` before its first release in the list's pool)."""
    released = card.ocg_date if banlist.format.startswith("ocg") else card.tcg_date
    if released and released > banlist.effective.isoformat():
        return NOT_RELEASED
    if banlist.whitelist and card.passcode not in _memo(memo, ("pool", banlist.name), lambda: whitelist_pool(banlist, cards)[0]):
        return NOT_IN_POOL
    table = _memo(memo, banlist.name, lambda: statuses(banlist, cards))
    return table.get(card.group, default_status(banlist))


def _memo(memo: dict | None, key, make):
    if memo is None:
        return make()
    if key not in memo:
        memo[key] = make()
    return memo[key]


@dataclass
class Change:
    group: int
    card: Card  # the card the group is named after
    old: str
    new: str

    @property
    def stricter(self) -> bool:
        return _rank(self.new) < _rank(self.old)

    def to_json(self) -> dict:
        return {"card": {"name": self.card.name, "passcode": self.card.passcode}, "old": self.old, "new": self.new}


def _rank(status: str) -> int:
    if status.startswith("points:"):
        return -int(status[7:])  # more points is stricter
    return ORDER.index(status) if status in ORDER else len(ORDER)


def changes(old: Banlist, new: Banlist, cards) -> list[Change]:
    """Every name group whose status differs between ``old`` and ``new``: the stricter changes first, then by name."""
    before, after = statuses(old, cards), statuses(new, cards)
    default_before, default_after = default_status(old), default_status(new)
    found = []
    for group in before.keys() | after.keys():
        was, now = before.get(group, default_before), after.get(group, default_after)
        card = cards.by_passcode(group)
        if was != now and card is not None:
            found.append(Change(group, card, was, now))
    found.sort(key=lambda c: (_rank(c.new), _rank(c.old), c.card.name))
    return found
