"""unreadable: the file is not a decklist at all.

Binary files, HTML pages, RDF/XML, text that is not UTF-8 (UTF-16 with a BOM is read),
empty files, YAML that is not a deckcheck decklist. The parser says why. A file with this
problem gets no other: nothing in it can be judged.

Source: deckcheck's own input contract.

PASS:
    main: [Pot of Duality]

FAIL:
    - just a list, not a decklist
"""

from __future__ import annotations

from ..model import ERROR
from ._common import found_when_read

ID = "unreadable"
SEVERITY = ERROR
SUMMARY = "The file is not a decklist deckcheck can read."
ENABLED = True
OPTIONS: dict = {}

check = found_when_read(ID)
