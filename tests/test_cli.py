"""The command line as users and CI run it: real files, exit codes, JSON contract (in this process; real
processes where pipes are tested)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from .conftest import REPO, TODAY
from .inprocess import deckcheck

SAMPLES = REPO / "sample_decks"
LEGAL_YDK = SAMPLES / "tcg" / "branded-despia.ydk"
ILLEGAL_YAML = SAMPLES / "tcg" / "snake-eye-illegal.yaml"


def run(*args: str, cwd: Path = REPO, env: dict | None = None) -> subprocess.CompletedProcess:
    return deckcheck(*args, cwd=cwd, env={"NO_COLOR": "1", "COLUMNS": "200", **(env or {})})


def in_force(store, day: date, folders=("tcg", "ocg")) -> set[str]:
    return {store.in_effect(fmt, day).name for fmt in folders}


def run_json(*args: str) -> tuple[int, dict]:
    proc = run(*args, "--output-format", "json")
    assert "Traceback" not in proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def test_legal_deck_exits_0():
    code, doc = run_json("check", str(LEGAL_YDK))
    assert code == 0
    assert doc["decks"][0]["legal"] is True
    assert doc["decks"][0]["sections"] == {"main": 40, "extra": 15, "side": 15}


def test_json_contract(store):
    code, doc = run_json("check", str(LEGAL_YDK), str(ILLEGAL_YAML))
    assert code == 1
    assert doc["tool"]["name"] == "deckcheck" and doc["tool"]["version"]
    assert set(doc["format"]) >= {"id", "banlist", "effective", "as_of"}
    assert doc["format"]["id"] == "tcg"
    as_of = date.fromisoformat(doc["format"]["as_of"])  # no --as-of: the day it runs
    assert abs(as_of - date.today()) <= timedelta(days=1)
    assert doc["format"]["banlist"] == store.in_effect("tcg", as_of).name
    assert doc["data"]["cards"]["sources"] and doc["data"]["banlist"]["name"] == doc["format"]["banlist"]
    assert [d["path"] for d in doc["decks"]] == [str(LEGAL_YDK), str(ILLEGAL_YAML)]
    assert {k: doc["summary"][k] for k in ("decks", "legal", "illegal", "unreadable")} == {
        "decks": 2, "legal": 1, "illegal": 1, "unreadable": 0
    }
    illegal = doc["decks"][1]
    rules = {p["rule"] for p in illegal["problems"]}
    assert {"banlist", "copy-limit", "wrong-section", "card-pool", "unknown-card"} <= rules
    for problem in illegal["problems"]:
        assert set(problem) == {"rule", "severity", "message", "section", "line", "card", "fix"}
        assert problem["severity"] in ("error", "warning")
        assert problem["line"] is None or isinstance(problem["line"], int)
        assert problem["card"] is None or set(problem["card"]) == {"name", "passcode"}


def test_json_schema_of_output_validates():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((REPO / "schemas" / "report.schema.json").read_text(encoding="utf-8"))
    _, doc = run_json("check", str(SAMPLES))
    jsonschema.validate(doc, schema)


def test_directory_is_searched_recursively_and_paths_are_as_found():
    code, doc = run_json("check", "sample_decks")
    assert code == 1
    paths = [d["path"] for d in doc["decks"]]
    assert all(p.startswith("sample_decks") for p in paths)
    assert os.path.join("sample_decks", "tcg", "branded-despia.ydk") in paths
    assert len(paths) == len(set(paths)) >= 4


def test_text_output_has_verdict_table_and_fix():
    proc = run("check", str(ILLEGAL_YAML), "--as-of", TODAY.isoformat())
    assert proc.returncode == 1
    out = proc.stdout
    assert "ILLEGAL" in out and "2026.05 TCG" in out and f"as of {TODAY.isoformat()}" in out
    assert "Original Sinful Spoils - Snake-Eye" in out and "Forbidden" in out
    # the card is named once: beside the problem, not again in the message and the fix
    assert "I:P Masquerena (65741786)" in out and "is an Extra Deck monster" in out
    assert "move 1 copy from Main to Extra" in out and "move 1 copy of I:P Masquerena" not in out
    assert "\x1b[" not in out  # no colour when not a TTY


def test_sample_ocg_deck_is_legal_in_ocg():
    code, doc = run_json("check", str(SAMPLES / "ocg" / "snake-eye-ocg.yaml"))
    assert doc["decks"][0]["problems"] == [] and code == 0
    assert doc["decks"][0]["format"] == "ocg"


def test_as_of_picks_older_list_and_reports_it():
    code, doc = run_json("check", str(LEGAL_YDK), "--as-of", "2024-04-18")
    assert doc["format"]["banlist"] == "2024.01 TCG" and doc["format"]["as_of"] == "2024-04-18"


def test_banlist_by_name():
    code, doc = run_json("check", str(LEGAL_YDK), "--banlist", "2025.04 TCG")
    assert doc["format"]["banlist"] == "2025.04 TCG"


@pytest.mark.parametrize(
    "args,message",
    [
        (["check", "sample_decks", "--banlist", "1999.01 TCG"], "no list named"),
        (["check", "sample_decks", "--as-of", "2024-13-01"], "not a date"),
        (["check", "sample_decks", "--as-of", "1990-01-01"], "no TCG list was in effect"),
        (["check", "sample_decks", "--format", "rusj"], "rusj"),
        (["check", "sample_decks", "--format", "ocg", "--banlist", "2026.05 TCG"], "TCG list"),
        (["check", "no/such/file.ydk"], "no such file"),
        (["card", "blue ayes"], "did you mean"),  # several names are close (one close name is shown: test_conventions)
    ],
)
def test_usage_and_data_errors_exit_2_with_one_line(args, message):
    proc = run(*args)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_empty_directory_is_an_error(tmp_path):
    proc = run("check", str(tmp_path))
    assert proc.returncode == 2 and "no decklists" in proc.stderr


def test_unreadable_file_does_not_stop_the_batch(tmp_path):
    (tmp_path / "a.ydk").write_bytes(b"\x00\x01\x02binary")
    (tmp_path / "b.ydk").write_bytes(LEGAL_YDK.read_bytes())
    (tmp_path / "c.yaml").write_text("<html><body>404</body></html>", encoding="utf-8")
    (tmp_path / "d.ydk").write_text("<html><body>404</body></html>", encoding="utf-8")
    code, doc = run_json("check", str(tmp_path))
    assert code == 1
    by_name = {Path(d["path"]).name: d for d in doc["decks"]}
    assert [p["rule"] for p in by_name["a.ydk"]["problems"]] == ["unreadable"]
    assert by_name["b.ydk"]["legal"] is True
    assert [p["rule"] for p in by_name["d.ydk"]["problems"]] == ["unreadable"]
    # a YAML file with no main/extra/side key found in a folder is no decklist: skipped, and said so
    assert "c.yaml" not in by_name and [Path(p).name for p in doc["summary"]["skipped_files"]] == ["c.yaml"]
    assert doc["summary"]["skipped"] == 1 and doc["summary"]["unreadable"] == 2 and doc["summary"]["illegal"] == 0
    # named on the command line, it is read (and is not a decklist)
    code, doc = run_json("check", str(tmp_path / "c.yaml"))
    assert code == 1 and doc["decks"][0]["problems"][0]["rule"] == "unreadable" and doc["summary"]["skipped"] == 0


def test_missing_extra_marker_is_reported():
    code, doc = run_json("check", str(SAMPLES / "tcg" / "branded-no-extra-marker.ydk"))
    assert code == 1
    (problem,) = doc["decks"][0]["problems"]  # one cause, one problem: not one per Extra Deck monster
    assert problem["rule"] == "wrong-section" and problem["severity"] == "error" and problem["section"] == "main"
    assert problem["line"] == 44 and problem["fix"] == "add a line #extra before line 44"
    assert "no #extra line" in problem["message"] and "lines 44–58" in problem["message"]
    assert "15 Extra Deck monsters" in problem["message"] and "Mirrorjade the Iceblade Dragon" in problem["message"]


def test_card_command_shows_passcodes_kind_and_status(store):
    proc = run("card", "Monster Reborn", "--output-format", "json")
    assert proc.returncode == 0
    (card,) = json.loads(proc.stdout)
    tcg, ocg = (store.in_effect(fmt, date.today()).name for fmt in ("tcg", "ocg"))  # the lists in force as it runs
    assert card["passcode"] == 83764718 and 83764719 in card["passcodes"]
    assert card["kind"] == "main" and {tcg, ocg} <= set(card["status"]) and card["status"][tcg] == "Limited"
    text = run("card", "83764719").stdout
    assert "Monster Reborn" in text and "Limited" in text
    (ocg_only,) = json.loads(run("card", "Dark Tyranno", "--output-format", "json").stdout)
    assert ocg_only["status"][tcg].startswith("not legal: OCG-only")
    assert ocg_only["status"][ocg] == "Unlimited"


def test_banlists_command_lists_every_list(store):
    proc = run("banlists", "--output-format", "json")
    lists = json.loads(proc.stdout)
    names = [b["name"] for b in lists]
    assert "2020.01 TCG" in names and "2026.05 TCG" in names and "2026.07 OCG" in names
    assert {b["name"] for b in lists if b["in_force"]} == in_force(store, date.today(), store.formats())  # as it runs
    by_name = {b["name"]: b for b in lists}
    assert by_name["2026.08.04 Genesys"]["kind"] == "points" and by_name["2026.08.04 Genesys"]["entries"]["points"] == 704
    assert by_name["2005.04 GOAT"]["kind"] == "whitelist" and by_name["2005.04 GOAT"]["entries"]["unlimited"] > 1600
    assert by_name["2025.07 Speed Duel"]["entries"]["limited_1"] == 10
    assert "2002.05 TCG" in names and "1999.08 TCG" not in names  # the TCG's own lists, from 2002
    text = run("banlists").stdout
    assert "2026.08.04 Genesys" in text and "points" in text and "pool" in text


def test_rules_command_lists_every_rule_id():
    out = run("rules").stdout
    for rule_id in ("unreadable", "syntax", "unknown-card", "not-a-deck-card", "main-size", "extra-size",
                    "side-size", "wrong-section", "copy-limit", "banlist", "card-pool", "side-size-changed",
                    "main-size-changed", "extra-size-changed", "card-not-registered", "not-registered-deck"):
        assert rule_id in out
    listed = json.loads(run("rules", "--output-format", "json").stdout)
    assert {(r["id"], r["command"]) for r in listed} >= {("wrong-section", "check"), ("wrong-section", "side")}
    assert all(r["summary"] and "PASS:" in r["doc"] and "FAIL:" in r["doc"] for r in listed)


def test_data_command_names_sources():
    proc = run("data", "--output-format", "json")
    doc = json.loads(proc.stdout)
    repos = " ".join(s["repository"] for s in doc["cards"]["sources"])
    assert "BabelCDB" in repos and "yaml-yugi" in repos
    assert doc["banlists"]["newest"]["tcg"]["name"] == "2026.05 TCG"


def test_version():
    proc = run("--version")
    assert proc.returncode == 0 and proc.stdout.startswith("deckcheck ")


def test_a_closed_pipe_keeps_the_verdict_and_prints_no_error(tmp_path):
    for i in range(150):  # a report far larger than a pipe's buffer
        (tmp_path / f"deck{i}.yaml").write_bytes(ILLEGAL_YAML.read_bytes())
    proc = subprocess.Popen(
        [sys.executable, "-m", "deckcheck", "check", str(tmp_path), "--output-format", "json", "--jobs", "1"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "NO_COLOR": "1"},
    )
    proc.stdout.read(10)
    proc.stdout.close()  # like `| head -c 10`
    stderr = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1
    assert stderr == ""


@pytest.mark.parametrize("args", [["--help"], ["check", "--help"], ["side", "-h"]])
def test_help_read_in_part_still_exits_0(args):
    """`deckcheck check --help | head -1`: rich meets the closed pipe and would exit 1; help was given."""
    proc = subprocess.Popen([sys.executable, "-m", "deckcheck", *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80"})
    proc.stdout.read(1)
    proc.stdout.close()
    stderr = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert stderr == ""


def test_a_check_imports_only_the_check_command_and_the_help_lists_every_command_in_order():
    """A run of one command imports that command's module alone (cli.load_commands); the help, whatever modules
    a process imported before and in whatever order, lists every command in the order of cli.MODULES."""
    check = ("import sys\nsys.argv = ['deckcheck', 'check', sys.argv[1], '--output-format', 'json']\n"
             "from deckcheck.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith('deckcheck.cli.')), file=sys.stderr)\n")
    proc = subprocess.run([sys.executable, "-c", check, str(LEGAL_YDK)], capture_output=True, text=True, cwd=REPO,
                          timeout=120)
    assert proc.stderr.splitlines()[-1] == "['deckcheck.cli.check', 'deckcheck.cli.common']", proc.stderr
    shuffled = ("import deckcheck.cli.event, deckcheck.cli.side, deckcheck.cli.check\nfrom deckcheck import cli\n"
                "app = cli.load_commands()\nprint([cli._name_of(c) for c in app.registered_commands])\n"
                "print([g.name for g in app.registered_groups])\n"
                "print(all(cli.COMMAND_MODULE[cli._name_of(c)] == c.callback.__module__.rsplit('.', 1)[1] "
                "for c in app.registered_commands))\n")
    proc = subprocess.run([sys.executable, "-c", shuffled], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert proc.stdout.splitlines() == [
        "['check', 'convert', 'decklist', 'card', 'rules', 'data', 'show', 'side', 'match', 'diff', 'team', 'update', "
        "'fingerprint', 'verify', 'event']", "['banlists', 'formats']", "True"], proc.stderr
