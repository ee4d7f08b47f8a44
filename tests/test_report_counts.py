"""Every report format tells the same counts as JSON, and carries the stale-list note (issue 25, items 1 and 3).

An organizer who opens only the HTML report, or imports only the CSV, must read the same verdict counts as
the JSON report and must learn that a newer list may be in force. The folder holds a legal deck, an
illegal one and three unreadable files: an unreadable file counted twice shows as a wrong (once, negative)
number of illegal decks.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from .conftest import REPO

SAMPLES = REPO / "sample_decks"
LATE = "2030-01-01"  # every TCG list deckcheck ships is stale by then
STALE_WORDS = "a newer list may be in force"


def deckcheck(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    from .inprocess import deckcheck as in_process

    return in_process(*args, cwd=cwd)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("counts") / "decks"
    root.mkdir()
    shutil.copy(SAMPLES / "tcg" / "branded-despia.ydk", root / "legal.ydk")
    shutil.copy(SAMPLES / "tcg" / "snake-eye-illegal.yaml", root / "illegal.yaml")
    (root / "binary.ydk").write_bytes(b"\x00\x01\x02\xff\xfe binary")
    (root / "link.ydk").write_text("ydke://!!!notbase64!\n", encoding="utf-8")
    (root / "broken.yaml").write_text("main:\n  - [unclosed\n", encoding="utf-8")
    return root


def report(folder: Path, fmt: str) -> str:
    proc = deckcheck("check", str(folder), "-o", fmt, "--as-of", LATE, "--jobs", "1")
    assert proc.returncode == 1, proc.stderr
    return proc.stdout


@pytest.fixture(scope="module")
def expected(folder) -> dict:
    summary = json.loads(report(folder, "json"))["summary"]
    counts = {key: summary[key] for key in ("decks", "legal", "illegal", "unreadable")}
    assert counts == {"decks": 5, "legal": 1, "illegal": 1, "unreadable": 3}  # the folder is what it says
    return counts


def text_counts(out: str) -> dict:
    last = [line for line in out.splitlines() if "decks checked" in line][-1]
    found = dict((word, int(n)) for n, word in re.findall(r"(\d+) (decks|legal|illegal|unreadable)", last))
    return {"decks": found["decks"], "legal": found.get("legal", 0), "illegal": found.get("illegal", 0),
            "unreadable": found.get("unreadable", 0)}


def csv_counts(out: str) -> dict:
    rows = [row for row in csv.DictReader(io.StringIO(out)) if row["path"]]
    statuses = [row["status"] for row in rows]
    return {"decks": len(rows), **{s: statuses.count(s) for s in ("legal", "illegal", "unreadable")}}


def html_counts(out: str) -> dict:
    tiles = dict((label, int(n)) for n, label in re.findall(r'<div class="card"><b>(-?\d+)</b>(\w+)</div>', out))
    return {key: tiles[key] for key in ("decks", "legal", "illegal", "unreadable")}


def junit_counts(out: str) -> dict:
    suites = ET.fromstring(out)
    tests, failures, errors = (int(suites.get(key)) for key in ("tests", "failures", "errors"))
    return {"decks": tests, "legal": tests - failures - errors, "illegal": failures, "unreadable": errors}


def sarif_counts(out: str) -> dict:
    """The run's summary, which its results must agree with: an unreadable file's result is the rule
    `unreadable`, an illegal deck's file has an error (a legal deck has no result to count)."""
    run = json.loads(out)["runs"][0]
    counts = {key: run["properties"]["summary"][key] for key in ("decks", "legal", "illegal", "unreadable")}
    files: dict[str, set] = {}
    for result in run["results"]:
        files.setdefault(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], set()).add(
            "unreadable" if result["ruleId"] == "unreadable" else result["level"])
    assert sum("unreadable" in found for found in files.values()) == counts["unreadable"]
    assert sum("error" in found and "unreadable" not in found for found in files.values()) == counts["illegal"]
    return counts


COUNTERS = {"text": text_counts, "github": text_counts, "csv": csv_counts, "html": html_counts,
            "junit": junit_counts, "sarif": sarif_counts}


@pytest.mark.parametrize("fmt", sorted(COUNTERS))
def test_every_report_counts_as_json_does(folder, expected, fmt):
    assert COUNTERS[fmt](report(folder, fmt)) == expected


@pytest.mark.parametrize("fmt", ["text", "json", "github", "csv", "html", "junit", "sarif"])
def test_every_report_carries_the_stale_list_note(folder, fmt):
    out = report(folder, fmt)
    if fmt == "json":  # data, not a sentence: the list, its date, its age and the usual gap
        assert [item["lists"] for item in json.loads(out)["format"]["stale"]] == ["tcg"]
    else:  # a report read alone (a file, a browser, a CI page) says it itself
        assert STALE_WORDS in out


def test_a_report_written_to_a_file_says_where_and_the_counts_on_stderr(folder, tmp_path):
    target = tmp_path / "report.html"
    proc = deckcheck("check", str(folder), "-o", "html", "--output", str(target), "--jobs", "1")
    assert proc.returncode == 1
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    lines = [line for line in proc.stderr.splitlines() if "report.html" in line]
    assert len(lines) == 1, proc.stderr
    assert "5 decks: 1 legal, 1 illegal, 3 unreadable" in lines[0]
