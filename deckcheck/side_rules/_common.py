"""Helpers shared by side rules: wording and where a sized section's cards went."""

from __future__ import annotations

from ..model import SECTIONS, SIDE, Problem
from ..rules._common import cards, section_title


def size_changed(deck, section: str, rule_id: str, severity: str, why: str) -> Problem | None:
    """The problem for a section whose size differs from the registered deck's, or None."""
    change = deck.size_change(section)
    if change == 0:
        return None
    title = f"{section_title(section)} Deck"
    registered = deck.registered.sizes[section]
    message = f"{title} has {cards(deck.sided.sizes[section])}; the registered {title} has {registered} ({why})"
    return Problem(rule_id, severity, message, section, None, None, _fix(deck, section, change, title, registered))


def _fix(deck, section: str, change: int, title: str, registered: int) -> str:
    """Undo the change: cards go back through the Side Deck, or out of / into the deck if they came from nowhere."""
    n = cards(abs(change))
    partners = [s for s in SECTIONS if s != section and deck.size_change(s) * change < 0]
    if not partners:
        move = f"take {n} out of the {title}" if change > 0 else f"put {n} back into the {title}"
    elif section == SIDE:
        other = f"{section_title(partners[0])} Deck"
        move = f"move {n} from the Side Deck to the {other}" if change > 0 else f"move {n} from the {other} to the Side Deck"
    else:  # Main and Extra trade only with the Side Deck, even when the other one is what changed
        move = f"move {n} from the {title} to the Side Deck" if change > 0 else f"move {n} from the Side Deck to the {title}"
    return f"{move}: it must have {cards(registered)}, as registered"
