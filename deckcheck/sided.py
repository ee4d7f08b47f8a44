"""The plain data of side decking, shared by ``side.py`` and the side rules (``side_rules/``).

A sided deck next to its registered deck (``SidedDeck``), tallied by printed card: an alternate
artwork is the same card (``card.passcode``); a card only *treated as* another name is a
different card on the decklist. ``SideContext`` is what the side rules are judged with.
"""

from __future__ import annotations

from .model import EXTRA, MAIN, SECTION_TITLES, SECTIONS, SIDE, CardRef, DeckEntry, ResolvedDeck

NOWHERE = None  # the source of a card that is not registered, the target of a registered card that is gone


def card_key(entry: DeckEntry):
    """Card identity for siding: the printed card, all its artworks; an unknown card as written."""
    if entry.card is not None:
        return entry.card.passcode
    if entry.passcode is not None:
        return ("passcode", entry.passcode)
    return ("name", (entry.name or entry.text or "").strip())


def name_key(entry: DeckEntry):
    """Card identity for ``diff``: the printed name (alternate artworks share it); unknown cards as written."""
    if entry.card is not None:
        return entry.card.name
    return card_key(entry)


class Tally:
    """The copies of each card of one deck, per section, with its entries in file order."""

    def __init__(self, deck: ResolvedDeck, key=card_key):
        self.counts: dict[object, dict[str, int]] = {}
        self.entries: dict[object, list[DeckEntry]] = {}
        for entry in deck.entries:
            k = key(entry)
            counts = self.counts.setdefault(k, {MAIN: 0, EXTRA: 0, SIDE: 0})
            counts[entry.section] += entry.count
            self.entries.setdefault(k, []).append(entry)

    def count(self, key, section: str) -> int:
        counts = self.counts.get(key)
        return counts[section] if counts else 0

    def total(self, key) -> int:
        counts = self.counts.get(key)
        return sum(counts.values()) if counts else 0

    def in_section(self, key, section: str) -> list[DeckEntry]:
        return [e for e in self.entries.get(key, ()) if e.section == section]

    def by_section(self, key) -> str:
        """ "2 Main, 1 Side" """
        counts = self.counts.get(key) or {}
        return ", ".join(f"{n} {SECTION_TITLES[s]}" for s, n in counts.items() if n) or "none"


class Move:
    """Copies of one card that changed section: side → main, main → side, not registered → main…"""

    __slots__ = ("key", "card", "count", "source", "target")

    def __init__(self, key, card: CardRef, count: int, source: str | None, target: str | None):
        self.key = key
        self.card = card
        self.count = count
        self.source = source  # a section, or NOWHERE: the card is not in the registered deck
        self.target = target  # a section, or NOWHERE: the registered card is missing

    @property
    def is_in(self) -> bool:
        """Into the deck played (Main or Extra), or a card from outside the registered deck."""
        return self.source is NOWHERE or self.target in (MAIN, EXTRA)

    def say(self) -> str:
        source = self.source or "not registered"
        target = self.target or "missing"
        return f"{self.count} {name_of(self.card)} ({source} → {target})"

    def to_json(self) -> dict:
        return {"card": self.card.to_json(), "count": self.count, "from": self.source, "to": self.target}


def name_of(ref: CardRef) -> str:
    return ref.name or (str(ref.passcode) if ref.passcode is not None else "?")


def say_swaps(moves: list[Move]) -> str:
    """The swap as a person says it: "in: 2 Ghost Belle & Haunted Mansion (side → main); out: …"."""
    ins = [m.say() for m in moves if m.is_in]
    outs = [m.say() for m in moves if not m.is_in]
    parts = []
    if ins:
        parts.append("in: " + ", ".join(ins))
    if outs:
        parts.append("out: " + ", ".join(outs))
    return "; ".join(parts) or "none (the registered deck)"


class SidedDeck:
    """A sided deck next to its registered deck: what side rules read (``check(deck, context)``)."""

    def __init__(self, registered: ResolvedDeck, sided: ResolvedDeck):
        self.registered = registered
        self.sided = sided
        self.before = Tally(registered)
        self.after = Tally(sided)
        keys = list(self.before.counts) + [k for k in self.after.counts if k not in self.before.counts]
        self.keys = keys  # registered cards first, then new ones, in file order
        self.moves = [m for k in keys for m in self._moves(k)]

    def ref(self, key) -> CardRef:
        """The card as the sided deck names it (else as registered)."""
        entries = self.after.entries.get(key) or self.before.entries[key]
        return entries[0].ref()

    def size_change(self, section: str) -> int:
        return self.sided.sizes[section] - self.registered.sizes[section]

    def _moves(self, key) -> list[Move]:
        """Pair the sections a card left with the sections it entered; the Side Deck is preferred."""
        delta = {s: self.after.count(key, s) - self.before.count(key, s) for s in SECTIONS}
        sources: list[list] = [[s, -delta[s]] for s in (SIDE, MAIN, EXTRA) if delta[s] < 0]  # [section, copies left]
        ref = self.ref(key)
        moves = []
        for target in (MAIN, EXTRA, SIDE):
            need = delta[target]
            for source in sources:
                if need <= 0:
                    break
                n = min(need, source[1])
                if n:
                    moves.append(Move(key, ref, n, source[0], target))
                    source[1] -= n
                    need -= n
            if need > 0:
                moves.append(Move(key, ref, need, NOWHERE, target))
        moves.extend(Move(key, ref, left, source, NOWHERE) for source, left in sources if left)
        return moves


class SideContext:
    """What side rules are judged with."""

    def __init__(self, cards, must_be_registered: bool = False, why_registered: str = ""):
        self.cards = cards
        self.must_be_registered = must_be_registered  # Duel 1, or the Duel after a pre-game Game Loss in Duel 1
        self.why_registered = why_registered  # said in not-registered-deck problems
