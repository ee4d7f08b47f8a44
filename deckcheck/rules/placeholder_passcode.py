"""placeholder-passcode: a prerelease placeholder passcode that has an official one now.

Simulators give cards announced in Japan a temporary id (100xxxxxx, 101xxxxxx) and later
change it to the printed passcode. deckcheck reads the old id as the official card (EDOPro's
own mapping) and warns, so the file can be fixed before the client stops reading it.

Source: ProjectIgnis DeltaBagooska mappings.json.

PASS:
    main: [1607603]

FAIL:
    main: [101204083]
"""

from __future__ import annotations

from ..model import WARNING
from ._common import found_when_read
from ..resolve import PLACEHOLDER_RULE

ID = PLACEHOLDER_RULE
SEVERITY = WARNING
SUMMARY = "A prerelease placeholder passcode was read as the official card."
ENABLED = True
OPTIONS: dict = {}

check = found_when_read(ID)
