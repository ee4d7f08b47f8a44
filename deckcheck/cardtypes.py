"""EDOPro/YGOPro `type` bit flags (PROVENANCE.md §1.4) and the card kind they make.

Used wherever a card's kind is derived: the build tool, the updater's API and cdb imports,
and `deckcheck card`.
"""

from __future__ import annotations

MONSTER, SPELL, TRAP = 0x1, 0x2, 0x4
NORMAL, EFFECT, FUSION, RITUAL = 0x10, 0x20, 0x40, 0x80
SPIRIT, UNION, GEMINI, TUNER, SYNCHRO, TOKEN = 0x200, 0x400, 0x800, 0x1000, 0x2000, 0x4000
QUICKPLAY, CONTINUOUS, EQUIP, FIELD, COUNTER = 0x10000, 0x20000, 0x40000, 0x80000, 0x100000
FLIP, TOON, XYZ, PENDULUM, SPSUMMON, LINK, SKILL = 0x200000, 0x400000, 0x800000, 0x1000000, 0x2000000, 0x4000000, 0x8000000
EXTRA_DECK = FUSION | SYNCHRO | XYZ | LINK


def kind_of(bits: int) -> str:
    """"skill", "token", "extra" (a Fusion, Synchro, Xyz or Link Monster) or "main"."""
    if bits & SKILL:
        return "skill"
    if bits & TOKEN:
        return "token"
    if bits & MONSTER and bits & EXTRA_DECK:
        return "extra"
    return "main"


def pools_of(kind: str) -> tuple[int, int]:
    """(tcg, ocg) of a card that is never a deck card: a Skill Card is printed for the TCG's Speed Duel
    products (a TCG card the Speed Duel pool takes), a token is in no pool."""
    return (1, 0) if kind == "skill" else (0, 0)
