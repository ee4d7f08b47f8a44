"""inexact-name: a card written by a short form or a misspelling that names exactly one card.

Players write the names they say, and mistype them: "3 Ash Blossom", "2 Nibiru", "Called by", "droll
lock bird", "Imperm"; "Snake-Eye Oaak", "Called by teh Grave", "Ash Blosom". deckcheck reads such a
name as the one card it stands for and warns, naming the card it chose and what was written: a
decklist handed in at an event must give the full official name (Konami Tournament Policy,
decklists), and the warning's fix is that name (``deckcheck convert --fix`` writes the official names
back into the file).

- A short form: every word of it appears, in order, in one card's name and in no other card's
  (English names; at least 4 letters), and it is no misspelling of another card's name ("Trion" is
  Triple Star Trion's last word and a letter off Trigon: not read).
- A misspelling: at most 2 edits from one card's name (an edit: a letter added, dropped or changed,
  or two letters side by side swapped), with 6 letters or more of the name for each edit, while
  every other card's name is at least 2 edits further; or, when no whole name is that close, the
  same of the start of a card's English name, if that start is a short form of the card ("Ash
  Blosom"). A name in plain ASCII is compared with the English names first (and the other game's),
  as "did you mean" does, then, when none is near, with the names of the other languages in the
  Latin script ("Topf der Gierr"); a name with accents with both; a name in Japanese, Korean or
  Chinese with the names in its script only, never with an English name.

Anything that two cards or more may be meant by stays an ``unknown-card`` error with suggestions:
"Veiler" (Effect Veiler, Extra Veiler), "Harpie Lady 4" (a letter off Harpie Lady 1, 2 and 3),
"Monster Reborne" (a letter off Monster Reborn and Monster Rebone). Measured on every deck card's
English name with a generated typo (a letter added, dropped, changed or swapped): 13,388 of 13,892
read as their card (96%), none as another; on a fifth of the names in each of the ten other
languages, none as another either (tests/test_what_players_write.py).

Source: the card index's official English names (yaml-yugi) and names.jsonl's names in other languages.

PASS:
    main: [3 Ash Blossom & Joyous Spring]

FAIL:
    main: [3 Ash Blossom]

FAIL:
    main: [1 Snake-Eye Oaak]
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
