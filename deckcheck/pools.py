"""Card pools kept apart from the card index: which cards a game or a region has (Master Duel, the
Simplified Chinese OCG), each a small data file ``deckcheck/data/pools/<id>.json`` built by
``tools/build_data/regional.py`` with its source recorded.

A pool file: ``{"id", "title", "generated_by", "source": {repository, commit, date, path, rule},
"notes": [...], "count": N, "passcodes": [first, then the difference to the one before, ...]}``
— the cards' own passcodes, sorted, written as differences (the file stays small). A card is in
the pool when its own passcode is (every artwork of a card is the card).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .errors import DataError
from .paths import DATA_DIR

POOLS_DIR = DATA_DIR / "pools"
MAX_POOL_BYTES = 1 << 20


@dataclass(frozen=True)
class Pool:
    id: str
    title: str  # "Master Duel"
    source: dict
    notes: tuple[str, ...]
    passcodes: frozenset[int]
    path: Path

    def __contains__(self, passcode: int) -> bool:
        return passcode in self.passcodes

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "cards": len(self.passcodes), "source": self.source,
                "notes": list(self.notes), "path": str(self.path)}


_loaded: dict[str, Pool] = {}


def pool_ids(folder: Path = POOLS_DIR) -> list[str]:
    try:
        return sorted(p.stem for p in folder.glob("*.json"))
    except OSError:
        return []


def load_pool(pool_id: str, folder: Path = POOLS_DIR) -> Pool:
    """The pool ``pool_id`` (loaded once); DataError naming the file when it is missing or damaged."""
    found = _loaded.get(pool_id)
    if found is not None and found.path.parent == folder:
        return found
    path = folder / f"{pool_id}.json"
    try:
        data = path.read_bytes()
        if len(data) > MAX_POOL_BYTES:
            raise ValueError(f"over {MAX_POOL_BYTES // 1024} KB")
        document = json.loads(data)
        deltas = document["passcodes"]
        if not isinstance(deltas, list) or not all(isinstance(d, int) and not isinstance(d, bool) and d > 0
                                                   for d in deltas):
            raise ValueError("passcodes is not a list of positive differences")
        passcodes, total = [], 0
        for delta in deltas:
            total += delta
            passcodes.append(total)
        if document.get("count") not in (None, len(passcodes)):
            raise ValueError(f"count {document.get('count')} ≠ {len(passcodes)} passcodes")
        pool = Pool(str(document.get("id") or pool_id), str(document.get("title") or pool_id),
                    dict(document.get("source") or {}), tuple(str(n) for n in document.get("notes") or ()),
                    frozenset(passcodes), path)
    except FileNotFoundError:
        raise DataError(f"{path}: the {pool_id} card pool is not installed; reinstall deckcheck") from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise DataError(f"{path}: the {pool_id} card pool is unreadable: {exc}") from None
    _loaded[pool_id] = pool
    return pool


def pool_file_text(pool_id: str, title: str, source: dict, notes: list[str], passcodes: list[int],
                   generated_by: str) -> str:
    """A pool file, as ``load_pool`` reads it (the build writes it)."""
    ordered = sorted(set(passcodes))
    deltas = [b - a for a, b in zip([0, *ordered], ordered)]
    head = {"id": pool_id, "title": title, "generated_by": generated_by, "source": source, "notes": notes,
            "count": len(ordered)}
    text = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    return text + ',\n "passcodes": [' + ",".join(map(str, deltas)) + "]\n}\n"
