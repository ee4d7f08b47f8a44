"""The wheel carries the lists, card index and schemas, and an installed copy finds them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .conftest import REPO


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(REPO)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    (path,) = out.glob("deckcheck-*.whl")
    return path


def test_wheel_contains_every_list_the_index_and_schemas(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f"deckcheck/banlists/{p.parent.name}/{p.name}" for p in (REPO / "banlists").glob("*/*.yaml")}
    assert shipped and shipped <= names
    assert {"deckcheck/data/cards.jsonl", "deckcheck/data/other_cards.jsonl", "deckcheck/data/rush_cards.jsonl",
            "deckcheck/data/rush_names.jsonl"} <= names
    assert {"deckcheck/schemas/yaml-deck.schema.json", "deckcheck/schemas/report.schema.json"} <= names
    assert not any(n.startswith(("tests/", "shared/")) for n in names)


def test_installed_copy_checks_decks_with_its_own_data(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)  # a pure-Python wheel installs by unpacking
    env = {**os.environ, "PYTHONPATH": str(site), "DECKCHECK_NO_CACHE": "1"}
    deck = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"
    proc = subprocess.run(
        [sys.executable, "-m", "deckcheck", "check", str(deck), "--output-format", "json"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["decks"][0]["legal"] is True
    assert Path(doc["data"]["banlist"]["path"]).is_relative_to(site / "deckcheck" / "banlists")
