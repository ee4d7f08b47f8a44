"""The JSON of `side` and `match` keeps its published contract (schemas/side.schema.json)."""

from __future__ import annotations

import json

import jsonschema
import pytest

from .conftest import REPO
from .inprocess import deckcheck

SIDE = REPO / "sample_decks" / "side"
SCHEMA = json.loads((REPO / "schemas" / "side.schema.json").read_text(encoding="utf-8"))


def run_json(*args: str) -> tuple[int, dict]:
    proc = deckcheck(*args, "--output-format", "json")
    return proc.returncode, json.loads(proc.stdout)


@pytest.mark.parametrize("sided,legal", [("duel2-sided.yaml", True), ("duel2-extra-to-main.yaml", False)])
def test_side_json_validates(sided, legal):
    code, doc = run_json("side", str(SIDE / "registered.ydk"), str(SIDE / sided))
    jsonschema.validate(doc, SCHEMA)
    assert doc["legal"] is legal and code == (0 if legal else 1)


def test_match_json_validates():
    duels = [SIDE / "registered.ydk", SIDE / "duel2-sided.yaml", SIDE / "duel3-sided.ydk"]
    code, doc = run_json("match", str(SIDE / "registered.ydk"), *map(str, duels))
    jsonschema.validate(doc, SCHEMA)
    assert [d["duel"] for d in doc["duels"]] == [1, 2, 3] and doc["legal"] is True and code == 0


def test_schema_rejects_a_report_missing_its_swaps():
    code, doc = run_json("side", str(SIDE / "registered.ydk"), str(SIDE / "duel2-sided.yaml"))
    del doc["swaps"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, SCHEMA)
