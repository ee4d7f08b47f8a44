"""Batches: mixed trees with bad files (every file a result, in order), worst-first text, --quiet, --output
written in one step. (--jobs, the processes sharing a batch: tests/test_fast.py.)"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck import batch
from deckcheck.checker import Checker, Selection
from deckcheck.files import find_decklists
from deckcheck.model import Source
from deckcheck.report import Run, json_report, worst_first

from .conftest import REPO, TODAY
from .inprocess import deckcheck

SAMPLES = REPO / "sample_decks"
FIXTURES = REPO / "tests" / "fixtures" / "decks"
LEGAL_YDK = SAMPLES / "tcg" / "branded-despia.ydk"


def run_cli(*args: str, cwd: Path = REPO, env: dict | None = None) -> subprocess.CompletedProcess:
    return deckcheck(*args, cwd=cwd, env={"NO_COLOR": "1", "COLUMNS": "200", "GITHUB_ACTIONS": None, **(env or {})})


def mixed_tree(root: Path) -> Path:
    """Real decks, lenient-parser fixtures, invalid YAML decklists, and files that are no decklists."""
    tree = root / "event"
    shutil.copytree(SAMPLES, tree / "samples")
    shutil.copytree(FIXTURES, tree / "fixtures")
    bad = tree / "bad"
    bad.mkdir()
    (bad / "binary.ydk").write_bytes(b"\x00\x01\x02\xff\xfe binary")
    (bad / "page.yaml").write_text("<html><body>404 Not Found</body></html>\n", encoding="utf-8")
    (bad / "empty.ydk").write_bytes(b"")
    (bad / "list.yml").write_text("- just a list\n- not a deck\n", encoding="utf-8")
    (bad / "broken-link.ydk").symlink_to(bad / "gone.ydk")
    os.mkfifo(bad / "pipe.ydk")  # must never be opened: it would block the run
    (tree / ".git").mkdir()
    (tree / ".git" / "hidden.ydk").write_bytes(LEGAL_YDK.read_bytes())  # hidden folder: skipped
    (tree / ".pre-commit-config.yaml").write_text("repos: []\n", encoding="utf-8")  # hidden file: skipped
    (tree / "notes.txt").write_text("not a decklist, found in a folder: skipped\n", encoding="utf-8")
    return tree


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    return mixed_tree(tmp_path_factory.mktemp("batch"))


@pytest.fixture(scope="module")
def checker(cards, store) -> Checker:
    return Checker(cards, store, Selection(), today=TODAY)


def as_json(results, formats) -> list[dict]:
    return [json_report.deck_json(r, formats.get(r.path)) for r in results]


def test_files_are_found_in_a_stable_order_skipping_hidden_ones(tree):
    found = find_decklists([tree])
    skipped, special = found.skipped, {s.shown: s.problem for s in found.sources if s.problem}
    shown = [s.shown for s in found.sources]
    assert found.missing == []
    assert not any("/.git/" in p or p.endswith(".pre-commit-config.yaml") or p.endswith("notes.txt") for p in shown)
    # found in a folder and plainly no decklist: a .txt that is no decklist, YAML files with no main/extra/side key
    skipped_names = {Path(path).relative_to(tree).as_posix() for path in skipped}
    assert {"notes.txt", "bad/page.yaml", "bad/list.yml", "fixtures/invalid/not_a_mapping.yaml"} <= skipped_names
    assert "fixtures/invalid/capitalised_keys.yaml" not in skipped_names  # Main: is a deck with a mistake
    assert "fixtures/json_style.yaml" not in skipped_names  # {"name": …, "main": […]}
    assert not any(name.endswith(".ydk") for name in skipped_names)  # the text decklists of fixtures/ are in
    assert str(tree / "bad" / "pipe.ydk") in special and "pipe" in special[str(tree / "bad" / "pipe.ydk")]
    assert str(tree / "bad" / "broken-link.ydk") in shown
    # files of a folder by name, then its subfolders by name (what os.walk gives)
    walked = []
    for root, dirs, files in os.walk(tree):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        walked += [os.path.join(root, f) for f in sorted(files)
                   if f.lower().endswith((".ydk", ".ydke", ".yaml", ".yml", ".txt")) and not f.startswith(".")]
    assert any(p.endswith("/text/ygoprodeck.txt") for p in shown)
    assert shown == [path for path in walked if path not in skipped]


def test_exclude_globs(tree):
    found = find_decklists([tree], exclude=["fixtures/*", "*.yml"]).sources
    shown = [s.shown for s in found]
    assert shown and not any("/fixtures/" in p or p.endswith(".yml") for p in shown)


def test_a_mixed_batch_reports_every_bad_file_and_judges_the_rest(tree, checker):
    found = find_decklists([tree]).sources
    results, formats = batch.check_files(checker, found)
    assert [r.path for r in results] == [s.shown for s in found]
    by_name = {Path(r.path).relative_to(tree).as_posix(): r for r in results}
    for name in ("bad/binary.ydk", "bad/empty.ydk", "bad/broken-link.ydk", "bad/pipe.ydk"):
        assert [p.rule for p in by_name[name].problems] == ["unreadable"], name
    assert "named pipe" in by_name["bad/pipe.ydk"].problems[0].message
    assert "cannot read the file" in by_name["bad/broken-link.ydk"].problems[0].message
    assert by_name["samples/tcg/branded-despia.ydk"].legal
    assert not by_name["samples/tcg/snake-eye-illegal.yaml"].legal
    assert formats[str(tree / "samples" / "ocg" / "snake-eye-ocg.yaml")][0] == "ocg"


def test_an_exception_for_one_file_does_not_stop_the_batch(tree, checker, monkeypatch):
    found = find_decklists([tree / "samples"]).sources
    real = checker.check_decks
    victim = found[1].shown

    def flaky(path, shown=None, data=None, read=None):
        if shown == victim:
            raise ValueError("boom")
        return real(path, shown, data, read)

    monkeypatch.setattr(checker, "check_decks", flaky)
    monkeypatch.delenv("DECKCHECK_DEBUG", raising=False)
    results, _ = batch.check_files(checker, found)
    assert len(results) == len(found)
    failed = results[1]
    assert failed.path == victim and [p.rule for p in failed.problems] == ["unreadable"]
    assert "ValueError: boom" in failed.problems[0].message
    assert results[0].problems == real(found[0].path, found[0].shown)[0][0].problems


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_is_told_of_every_deck(tree, checker, monkeypatch, jobs):
    found = find_decklists([tree]).sources * 3
    monkeypatch.setattr(batch, "PROGRESS_EVERY", 7)
    seen: list[int] = []
    results, _ = batch.check_files(checker, found, progress=seen.append, jobs=jobs)
    assert sum(seen) == len(found) == len(results)
    if jobs == 1:
        assert max(seen) == 7
    else:  # this process's share every 7 decks, with what the other process told meanwhile
        assert len(seen) >= len(found) // 2 // 7


def test_decklists_given_as_data_and_files_never_opened_keep_their_places(tree, checker):
    given = [Source(None, "-", LEGAL_YDK.read_bytes()), Source(None, "ydke://AAAA!!!", b"ydke://!!!")]
    found = find_decklists([tree, *given]).sources
    results, formats = batch.check_files(checker, found)
    assert [r.path for r in results] == [s.shown for s in found]
    assert results[-2].legal and formats["-"][0] == "tcg" and any(r.unreadable for r in results)
    alone = [checker.check_decks(s.path, s.shown, s.data)[0][0] for s in found if s.problem is None]
    assert as_json(alone, formats) == as_json([r for r, s in zip(results, found) if s.problem is None], formats)


def test_a_data_error_ends_the_batch(tree, checker, monkeypatch):
    from deckcheck.errors import DataError

    found = find_decklists([tree / "samples"]).sources

    def broken(*args, **kwargs):
        raise DataError("lists.json: the list is damaged")

    monkeypatch.setattr(checker, "check_decks", broken)
    with pytest.raises(DataError, match="the list is damaged"):
        batch.check_files(checker, found)


def test_worst_first_order(tree, checker):
    found = find_decklists([tree / "samples", tree / "bad" / "binary.ydk"]).sources
    results, _ = batch.check_files(checker, found)
    ordered = worst_first(results)
    assert ordered[0].unreadable
    errors = [sum(p.severity == "error" for p in r.problems) for r in ordered[1:]]
    assert errors == sorted(errors, reverse=True)
    assert ordered[-1].legal and not ordered[-1].problems


def test_cli_batch_text_is_worst_first_with_a_summary_and_json_keeps_found_order(tree):
    proc = run_cli("check", str(tree))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    out = proc.stdout
    first_legal = out.index("✓ LEGAL")
    assert out.index("✗ UNREADABLE") < out.index("✗ ILLEGAL") < first_legal
    assert "Summary" in out and "Most common problems" in out and "unreadable" in out
    code, doc = _json(run_cli("check", str(tree), "-o", "json"))
    found = find_decklists([tree]).sources
    assert [d["path"] for d in doc["decks"]] == [s.shown for s in found]
    assert doc["summary"]["unreadable"] == sum(1 for d in doc["decks"] if d["problems"] and
                                               d["problems"][0]["rule"] == "unreadable")
    rules = doc["summary"]["rules"]
    assert rules and [r["decks"] for r in rules] == sorted((r["decks"] for r in rules), reverse=True)


def _json(proc) -> tuple[int, dict]:
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def test_cli_quiet_shows_only_decks_that_are_not_legal(tree):
    proc = run_cli("check", str(tree / "samples"), "--quiet")
    assert proc.returncode == 1
    assert "LEGAL " not in proc.stdout.replace("ILLEGAL", "") and "ILLEGAL" in proc.stdout
    assert "Summary" not in proc.stdout and "decks checked" in proc.stdout


def test_cli_output_file_is_written_in_one_step(tmp_path, tree):
    target = tmp_path / "reports" / "deckcheck.json"
    proc = run_cli("check", str(tree / "samples"), "-o", "json", "--output", str(target))
    assert proc.returncode == 1 and proc.stdout == ""
    doc = json.loads(target.read_text(encoding="utf-8"))
    assert doc["summary"]["decks"] == len(find_decklists([tree / "samples"]).sources)
    assert [p.name for p in target.parent.iterdir()] == ["deckcheck.json"]  # no temporary file left
    assert target.stat().st_mode & 0o777 == 0o666 & ~_umask()
    text = tmp_path / "report.txt"
    run_cli("check", str(LEGAL_YDK), "--output", str(text))
    assert "LEGAL" in text.read_text(encoding="utf-8") and "\x1b[" not in text.read_text(encoding="utf-8")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_cli_output_into_a_file_that_cannot_be_written_is_a_usage_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    proc = run_cli("check", str(LEGAL_YDK), "--output", str(blocker / "report.json"), "-o", "json")
    assert proc.returncode == 2 and "cannot write the report" in proc.stderr and "Traceback" not in proc.stderr


def test_progress_bar_never_reaches_machine_output(tree):
    # not a terminal here: no bar at all; on a terminal it goes to stderr (rich, transient)
    proc = run_cli("check", str(tree), "-o", "json")
    json.loads(proc.stdout)
    assert "checking" not in proc.stderr


def test_progress_bar_on_a_terminal_goes_to_stderr_only(tmp_path):
    import pty

    decks = tmp_path / "many"
    decks.mkdir()
    for i in range(120):
        shutil.copy(LEGAL_YDK, decks / f"deck{i:03d}.ydk")
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "GITHUB_ACTIONS", "NO_COLOR")}
    env.update(TERM="xterm", COLUMNS="100")
    proc = subprocess.Popen([sys.executable, "-m", "deckcheck", "check", str(decks), "-o", "json"], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    out, _ = proc.communicate(timeout=300)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert proc.returncode == 0
    assert json.loads(out)["summary"]["decks"] == 120  # stdout: the report alone
    assert b"checking" in seen and b"120" in seen  # the bar (with the number of files) was drawn on the terminal


def test_files_of_the_same_contents_get_their_verdict_under_their_own_paths(tmp_path, cards, store):
    """Deck repositories hold many copies of one file: each gets the verdict on its contents under its own path,
    exactly what a checker that never saw the others reports."""
    legal = LEGAL_YDK.read_bytes()
    illegal = legal.replace(b"#extra", b"23434538\n#extra", 1)  # Maxx "C": Forbidden
    by_names = illegal.replace(b"#extra", b"3 Effect Veiler\n#extra", 1)  # a line by name, with a warning
    files = {"a.ydk": illegal, "b/copy.ydk": illegal, "c.ydk": legal, "d/again.ydk": illegal, "e.ydk": legal,
             "f.ydk": by_names, "g/copy.ydk": by_names}
    for name, data in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    found = [Source(tmp_path / name, name) for name in files]
    results, formats = batch.check_files(Checker(cards, store, Selection(), today=TODAY), found)
    assert [r.path for r in results] == list(files)
    alone = [Checker(cards, store, Selection(), today=TODAY).check_decks(s.path, s.shown)[0][0] for s in found]
    assert as_json(results, formats) == as_json(alone, formats)
    assert [p.rule for p in results[0].problems] == ["banlist"] and results[2].legal
    assert {p.rule for p in results[5].problems} >= {"banlist", "syntax"}
    run = Run(results, "tcg", "TCG Advanced", {"name": "2026.05 TCG"}, TODAY, {})
    assert json_report.summary_json(run)["rules"][0]["decks"] == 5  # banlist: the five files with Maxx "C"


@pytest.mark.slow  # real processes writing into a real pipe
def test_the_report_on_a_pipe_is_the_report_written_to_a_file(tmp_path, tree):
    """Standard output as a pipe gets the same bytes as --output, for names that are not ASCII too."""
    decks = tmp_path / "decks"
    shutil.copytree(tree, decks, symlinks=True, ignore=shutil.ignore_patterns("pipe.ydk"))
    name = "Ｍａｘｘ «Ｃ» ✓ deck.ydk"
    for i in range(3):
        shutil.copy(LEGAL_YDK, decks / f"{i} {name}")
    target = tmp_path / "report.json"
    for fmt in ("json", "csv", "text"):
        env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}  # both real processes: a real pipe is tested
        env.pop("COLUMNS", None)  # a width given lays out the piped report only (pytest-xdist's workers set one)
        piped = subprocess.run([sys.executable, "-m", "deckcheck", "check", str(decks), "-o", fmt], cwd=REPO,
                               capture_output=True, env=env)
        proc = subprocess.run([sys.executable, "-m", "deckcheck", "check", str(decks), "-o", fmt, "--output", str(target)],
                              cwd=REPO, capture_output=True, text=True, env=env)
        assert proc.returncode == piped.returncode == 1, proc.stderr
        assert piped.stdout == target.read_bytes() and name.encode() in piped.stdout
