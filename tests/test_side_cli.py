"""`deckcheck side`, `match` and `diff` as users run them: real processes, the sample decks, exit codes, JSON."""

from __future__ import annotations

import json
import subprocess

import pytest

from .conftest import REPO
from .inprocess import deckcheck

SIDE = REPO / "sample_decks" / "side"
REGISTERED = str(SIDE / "registered.ydk")
DUEL2 = str(SIDE / "duel2-sided.yaml")  # legal: 2 Ghost Belle and Knightmare Unicorn in
DUEL3 = str(SIDE / "duel3-sided.ydk")  # legal: 3 Nibiru in, 3 Forbidden Droplet out, an alternate-art Ash Blossom
EXTRA_TO_MAIN = str(SIDE / "duel2-extra-to-main.yaml")  # illegal: Main 41, Extra 14

PROBLEM_KEYS = {"rule", "severity", "message", "section", "line", "card", "fix"}


def run(*args: str) -> subprocess.CompletedProcess:
    return deckcheck(*args, env={"NO_COLOR": "1", "COLUMNS": "200"})


def run_json(*args: str) -> tuple[int, dict]:
    proc = run(*args, "--output-format", "json")
    # nothing on stderr but the note that the shipped lists may be old (test_staleness checks it)
    others = [line for line in proc.stderr.splitlines() if not line.startswith("deckcheck: note: the newest ")]
    assert "Traceback" not in proc.stderr and not others, proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def test_side_legal_text_shows_the_swap():
    proc = run("side", REGISTERED, DUEL2)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "✓ LEGAL" in out and "ILLEGAL" not in out
    swaps = [line.split() for line in out.splitlines() if line.split()[:1] in (["in"], ["out"])]
    assert [(s[0], s[1], s[-2], s[-1]) for s in swaps] == [
        ("in", "2", "Side", "Main"), ("in", "1", "Side", "Extra"), ("out", "1", "Main", "Side"),
        ("out", "1", "Main", "Side"), ("out", "1", "Extra", "Side")]
    assert "Copies" in out and "From" in out  # the swap table, the cards named once
    assert out.count("Ghost Belle & Haunted Mansion") == 1
    assert "\x1b[" not in out


def test_side_illegal_text_shows_problems_with_fixes():
    proc = run("side", REGISTERED, EXTRA_TO_MAIN)
    assert proc.returncode == 1
    out = proc.stdout
    assert "✗ ILLEGAL" in out and "main-size-changed" in out and "extra-size-changed" in out
    assert "move 1 card from the Main Deck to the Side Deck" in out


def test_side_json_contract():
    code, doc = run_json("side", REGISTERED, DUEL3)
    assert code == 0
    assert doc["registered"] == REGISTERED and doc["sided"] == DUEL3 and doc["legal"] is True
    assert doc["problems"] == []
    assert doc["swaps"] == {
        "in": [{"card": {"name": "Nibiru, the Primal Being", "passcode": 27204311}, "count": 3, "from": "side", "to": "main"}],
        "out": [{"card": {"name": "Forbidden Droplet", "passcode": 24299458}, "count": 3, "from": "main", "to": "side"}],
    }
    code, doc = run_json("side", REGISTERED, EXTRA_TO_MAIN)
    assert code == 1 and doc["legal"] is False
    assert {p["rule"] for p in doc["problems"]} == {"main-size-changed", "extra-size-changed"}
    for problem in doc["problems"]:
        assert set(problem) == PROBLEM_KEYS and problem["fix"]


def test_side_with_a_brand_new_card_points_at_the_line(tmp_path):
    sided = tmp_path / "sided.ydk"
    text = (SIDE / "registered.ydk").read_text(encoding="utf-8")
    sided.write_text(text.replace("24224830\n", "35261759\n", 1), encoding="utf-8")  # Called by the Grave → Pot of Desires
    code, doc = run_json("side", REGISTERED, str(sided))
    assert code == 1
    new = next(p for p in doc["problems"] if p["card"]["name"] == "Pot of Desires")
    lines = sided.read_text(encoding="utf-8").splitlines()
    assert new["rule"] == "card-not-registered" and lines[new["line"] - 1] == "35261759"
    assert doc["swaps"]["in"][0]["from"] is None and doc["swaps"]["out"][0]["to"] is None


def test_match_with_a_game_loss():
    code, doc = run_json("match", REGISTERED, REGISTERED, DUEL2, DUEL3, "--game-loss-before", "1")
    assert code == 1 and doc["legal"] is False and doc["game_loss_before"] == [1]
    assert [d["legal"] for d in doc["duels"]] == [True, False, True]
    assert [d["must_be_registered"] for d in doc["duels"]] == [True, True, False]
    assert {p["rule"] for p in doc["duels"][1]["problems"]} == {"not-registered-deck"}
    for duel in doc["duels"]:
        assert {"duel", "registered", "sided", "legal", "swaps", "problems"} <= set(duel)
        for problem in duel["problems"]:
            assert set(problem) == PROBLEM_KEYS


def test_match_legal_in_text():
    proc = run("match", REGISTERED, REGISTERED, DUEL2, DUEL3)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Duel 1 (must be the registered deck)" in proc.stdout and "Duel 3 (sided)" in proc.stdout
    assert "Match: every Duel legal (3)" in proc.stdout


def test_match_duel_1_sided():
    proc = run("match", REGISTERED, DUEL2, DUEL3)
    assert proc.returncode == 1
    assert "not-registered-deck" in proc.stdout and "Match: not legal (Duel 1)" in proc.stdout


def test_legacy_side_rule():
    code, doc = run_json("side", REGISTERED, REGISTERED, "--side-rule", "legacy")
    assert code == 0 and doc["legal"] is True  # 15 cards in the Side Deck


def test_legacy_side_rule_rejects_seven(tmp_path):
    registered = tmp_path / "registered.yaml"
    registered.write_text(
        "main: [40 Pot of Duality]\nside: [3 Effect Veiler, 3 Ghost Belle & Haunted Mansion, 1 Dominus Impulse]\n",
        encoding="utf-8",
    )
    code, doc = run_json("side", str(registered), str(registered), "--side-rule", "legacy")
    assert code == 1
    registered_rules = {p["rule"] for p in doc["registered_check"]["problems"]}
    assert "side-size" in registered_rules  # the registered deck is judged with the legacy rule
    assert "copy-limit" in registered_rules and doc["registered_check"]["legal"] is False  # 40 Pot of Duality


def test_diff():
    code, doc = run_json("diff", REGISTERED, DUEL3)
    assert code == 1 and doc["same"] is False
    assert doc["sections"]["extra"] == []
    assert [(r["card"]["name"], r["a"], r["b"]) for r in doc["sections"]["main"]] == [
        ("Forbidden Droplet", 3, 0),
        ("Nibiru, the Primal Being", 0, 3),
    ]
    proc = run("diff", REGISTERED, REGISTERED)
    assert proc.returncode == 0 and "Same cards in every section" in proc.stdout
    proc = run("diff", REGISTERED, DUEL2)
    assert proc.returncode == 1 and "Ghost Belle & Haunted Mansion" in proc.stdout


@pytest.mark.parametrize(
    "args,message",
    [
        (["side", REGISTERED, "no/such/file.ydk"], "no such file"),
        (["side", "no/such/registered.ydk", DUEL2], "no such file"),
        (["side", REGISTERED, str(SIDE)], "is a directory"),
        (["side", REGISTERED, DUEL2, "--side-rule", "goat"], "goat"),
        (["side", REGISTERED, DUEL2, "--as-of", "2024-13-01"], "not a date"),
        (["side", REGISTERED, DUEL2, "--banlist", "1999.01 TCG"], "no list named"),
        (["match", REGISTERED, DUEL2, "--game-loss-before", "3"], "Duels 1 to 1"),
        (["diff", REGISTERED, "no/such/file.ydk"], "no such file"),
    ],
)
def test_usage_errors_exit_2_with_one_line(args, message):
    proc = run(*args)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert message in proc.stderr and "Traceback" not in proc.stderr


def test_unreadable_sided_deck_exits_1(tmp_path):
    bad = tmp_path / "sided.ydk"
    bad.write_bytes(b"\x00\x01\x02binary")
    code, doc = run_json("side", REGISTERED, str(bad))
    assert code == 1 and [p["rule"] for p in doc["problems"]] == ["unreadable"]
    proc = run("side", REGISTERED, str(bad))
    assert proc.returncode == 1 and "UNREADABLE" in proc.stdout
    proc = run("diff", REGISTERED, str(bad))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
