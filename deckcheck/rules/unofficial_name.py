"""unofficial-name: a card written by EDOPro's own name for it, where Konami's name differs.

EDOPro's card database still carries old fan translations for some cards (the Adamancipators
were "Adamatia" before their TCG release). deckcheck reads such a name as the card it stands
for, and warns: a decklist handed in at an event must give the official name.

Source: ProjectIgnis BabelCDB `texts.name`, compared with Konami's names (yaml-yugi).

PASS:
    main: [Adamancipator Seeker]

FAIL:
    main: [Adamatia Seeker]
"""

from __future__ import annotations

from ..model import WARNING
from ._common import found_when_read
from ..resolve import UNOFFICIAL_NAME_RULE

ID = UNOFFICIAL_NAME_RULE
SEVERITY = WARNING
SUMMARY = "A card written by EDOPro's name for it, not the official one."
ENABLED = True
OPTIONS: dict = {}

check = found_when_read(ID)
