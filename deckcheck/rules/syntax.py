"""syntax: a line or entry that could not be read as written.

In a YDK file a line that is skipped or guessed (text where a passcode should be, `#side`
for `!side`, `#EXTRA` for `#extra`, a line that is not UTF-8 text) is a warning: the deck is
read as the player wrote it, and the warning says how EDOPro and YGOPro would read it
instead. MDPro3's own sections (`#pickup`, `#case`, …) are read silently, with one note
(severity info) per file. A missing `#extra` line is not a syntax problem: the Extra Deck
monsters are then in the Main Deck (see wrong-section). In a YAML decklist an entry that
breaks the schema (schemas/yaml-deck.schema.json) is an error.

Source: deckcheck's input formats (README, "Decklist formats").

PASS:
    main: [3 Pot of Duality]

FAIL:
    main: [0 Pot of Duality]
"""

from __future__ import annotations

from ..model import WARNING
from ._common import found_when_read

ID = "syntax"
SEVERITY = WARNING  # error in YAML decklists
SUMMARY = "A line or entry that could not be read as written."
ENABLED = True
OPTIONS: dict = {}

check = found_when_read(ID)
