"""inexact-name: a card written by a short form or a loose spelling that names exactly one card.

Players write the names they say: "3 Ash Blossom", "2 Nibiru", "Called by", "droll lock bird",
"Imperm". When every word of such a name appears, in order, in one card's name and in no other
card's, deckcheck reads it as that card and warns, naming the card it chose: a decklist handed in at
an event must give the full official name (Konami Tournament Policy, decklists), and the warning's
fix is that name (``deckcheck convert`` writes the official names). A name that matches two cards or
more ("Veiler": Effect Veiler, Extra Veiler) stays an ``unknown-card`` error with suggestions.

Source: the card index's official English names (yaml-yugi).

PASS:
    main: [3 Ash Blossom & Joyous Spring]

FAIL:
    main: [3 Ash Blossom]
"""

from __future__ import annotations

from ..model import WARNING
from ..resolve import INEXACT_NAME_RULE
from ._common import found_when_read

ID = INEXACT_NAME_RULE
SEVERITY = WARNING
SUMMARY = "A card written by a short form or loose spelling that names exactly one card."
ENABLED = True
OPTIONS: dict = {}

check = found_when_read(ID)
