"""The public Python API (deckcheck.api, re-exported by deckcheck): what a bot or a web service calls.

Real data, real files: a Session kept across a list installed into its data directory sees the new
list without being rebuilt; nothing is printed; the decklist given is not changed.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import timedelta

import pytest

import deckcheck
from deckcheck import clock
from deckcheck.checker import Checker, Selection
from deckcheck.parsers import parse_deck

from .conftest import REPO, TODAY

SNAKE_EYE = REPO / "sample_decks" / "tcg" / "snake-eye-illegal.yaml"
DESPIA = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"
FALLEN_OF_ALBAZ = 68468459  # three copies in branded-despia.ydk
NEWEST_BUNDLED_TCG = REPO / "banlists" / "tcg" / "2026-05-18.yaml"


def test_the_three_line_case_prints_nothing():
    """The README's promise: five problems, nothing on stderr, and typer/rich never imported."""
    code = ("import sys, deckcheck\n"
            f"r = deckcheck.check(open({str(SNAKE_EYE)!r}).read())\n"
            "print(r.legal, len(r.problems))\n"
            "print(sorted(m for m in ('typer', 'rich', 'click') if m in sys.modules))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["False 5", "[]"]
    assert proc.stderr == ""


def test_import_deckcheck_loads_nothing_else():
    code = "import sys, deckcheck; print(sorted(m for m in sys.modules if m.startswith('deckcheck')))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "['deckcheck', 'deckcheck.version']", proc.stdout


def test_check_gives_every_problem_with_its_rule_and_line():
    result = deckcheck.check(SNAKE_EYE.read_bytes(), as_of=TODAY, name="snake-eye.yaml")
    assert result.path == "snake-eye.yaml" and not result.legal
    assert [(p.rule, p.line) for p in result.problems] == [
        ("banlist", 17), ("wrong-section", 27), ("card-pool", 28), ("unknown-card", 29), ("copy-limit", 46)]


def test_the_public_names_are_all_there():
    for name in deckcheck.__all__:
        assert getattr(deckcheck, name) is not None, name
    assert issubclass(deckcheck.DataError, deckcheck.DeckcheckError)
    assert issubclass(deckcheck.ConfigError, deckcheck.UsageError)
    with pytest.raises(AttributeError):
        deckcheck.no_such_name  # noqa: B018


def test_errors_are_exceptions_of_deckcheck_errors():
    with pytest.raises(deckcheck.FormatError, match="unknown format 'nosuch'"):
        deckcheck.check(DESPIA.read_bytes(), format="nosuch")
    with pytest.raises(deckcheck.UsageError, match="is not a date"):
        deckcheck.check(DESPIA.read_bytes(), as_of="yesterday")
    with pytest.raises(deckcheck.UsageError, match="unknown input format"):
        deckcheck.check(DESPIA.read_bytes(), input_format="pdf")
    links = b"ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!\nydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!\n"
    with pytest.raises(deckcheck.UsageError, match="holds 2 decks"):
        deckcheck.check(links)
    assert len(deckcheck.Session().check_decks(links)) == 2


def test_the_parsed_deck_is_not_changed(cards, store):
    """A format the file declares that deckcheck does not know is a problem of the verdict, not of the input."""
    parsed = parse_deck(b"format: nosuch\nmain: [40 Pot of Duality]\n", "d.yaml")
    before = (parsed.format, list(parsed.problems))
    result = Checker(cards, store, Selection(), today=TODAY).check_parsed(parsed)
    assert [p.rule for p in result.problems].count("syntax") == 1
    assert (parsed.format, list(parsed.problems)) == before


def _install_list(data_dir, name: str, effective, forbidden: int) -> None:
    """What `deckcheck update` leaves: a generation with a list file, then state.json naming it."""
    text = NEWEST_BUNDLED_TCG.read_text(encoding="utf-8")
    text = re.sub(r'^name: .*$', f'name: "{name}"', text, count=1, flags=re.M)
    text = re.sub(r'^effective: .*$', f"effective: {effective.isoformat()}", text, count=1, flags=re.M)
    text = text.replace("forbidden:\n", f'forbidden:\n  - {{name: "Fallen of Albaz", passcode: {forbidden}}}\n', 1)
    folder = data_dir / "generations" / "1" / "banlists" / "tcg"
    folder.mkdir(parents=True)
    (folder / f"{effective.isoformat()}.yaml").write_text(text, encoding="utf-8")
    state = {"schema": 2, "generation": 1, "updated": "2026-06-01T00:00:00Z",
             "lists": {"source": {"name": "a test"}, "checked": None, "derived": []}}
    (data_dir / "state.json").write_text(json.dumps(state), encoding="utf-8")


def test_a_session_kept_by_a_bot_sees_a_list_installed_while_it_runs(tmp_path):
    session = deckcheck.Session(data_dir=tmp_path)
    deck = DESPIA.read_text(encoding="utf-8")
    before = session.check(deck, format="tcg")
    assert before.legal, before.problems
    effective = clock.today() - timedelta(days=1)  # in force today, newer than every bundled TCG list
    _install_list(tmp_path, "2099.01 TCG", effective, FALLEN_OF_ALBAZ)
    after = session.check(deck, format="tcg")
    assert not after.legal
    [problem] = after.problems
    assert problem.rule == "banlist" and "2099.01 TCG" in problem.message and problem.card.passcode == FALLEN_OF_ALBAZ
    run = session.check_paths([DESPIA], format="tcg", jobs=1)
    assert run.banlist["name"] == "2099.01 TCG" and run.data["banlist"]["origin"] == "downloaded"
    assert run.not_legal == 1 and session.warnings == []


def test_check_paths_gives_a_run_in_file_order_with_its_notices():
    session = deckcheck.Session()
    run = session.check_paths([REPO / "sample_decks"], as_of=TODAY, points_cap=50, jobs=1)
    assert len(run.results) == 8 and all(r.path.startswith(str(REPO / "sample_decks")) for r in run.results)
    assert run.not_legal == 2 and run.format_id == "tcg" and run.as_of == TODAY
    assert [n.split(":")[0] for n in run.notices] == ["warning"] and "--points-cap 50 was not applied" in run.notices[0]
    with pytest.raises(deckcheck.UsageError, match="no such file"):
        session.check_paths([REPO / "no-such-folder"])
    given = deckcheck.Source(None, "<pasted>", DESPIA.read_bytes())
    [result] = session.check_paths([given], as_of=TODAY).results
    assert result.path == "<pasted>" and result.legal


def test_the_readme_python_example_runs():
    """The README's "Python API" example, run as it is written there."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Python API", 1)[1].split("\n## ", 1)[0]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    proc = subprocess.run([sys.executable, "-c", example], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.splitlines()[0] == "False 5"
