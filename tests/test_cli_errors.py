"""Usage errors, as every other error of deckcheck: one line on stderr, exit 2, nothing on stdout."""

from __future__ import annotations


import pytest

from .inprocess import deckcheck

CASES = [
    (["check", "--bogus"], "No such option: --bogus", "deckcheck check --help"),
    (["side"], "Missing argument 'registered'", "deckcheck side --help"),
    (["check", "-o", "xml", "sample_decks"], "--output-format must be one of text, json, junit, sarif, github, csv",
     "deckcheck check --help"),
    (["nosuch"], "No such command 'nosuch'", "deckcheck --help"),
    (["check", "sample_decks", "--jobs", "-1"], "--jobs", "deckcheck check --help"),
    (["formats", "show"], "Missing argument 'FORMAT'", "deckcheck formats show --help"),
]


@pytest.mark.parametrize("args,needle,hint", CASES, ids=[" ".join(c[0]) for c in CASES])
def test_usage_errors_are_one_line(args, needle, hint):
    proc = deckcheck(*args, env={"COLUMNS": "80"})
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("deckcheck: error: ") and needle in lines[0] and lines[0].endswith(f"(see: {hint})")
