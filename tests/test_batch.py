"""Batches: mixed trees with bad files, one process or several (same results, same order),
worst-first text, --quiet, --output written in one step, --jobs."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
    results, formats = batch.check_files(checker, found, jobs=1)
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
    for jobs in (1, 2):  # in this process, and in a forked worker's share
        results, _ = batch.check_files(checker, found, jobs=jobs, min_pool_files=0)
        assert len(results) == len(found)
        failed = results[1]
        assert failed.path == victim and [p.rule for p in failed.problems] == ["unreadable"]
        assert "ValueError: boom" in failed.problems[0].message
        assert results[0].problems == real(found[0].path, found[0].shown)[0][0].problems


def test_single_and_multi_process_results_are_identical(tree, checker, monkeypatch):
    found = find_decklists([tree]).sources
    found = found * 6  # enough chunks for both processes to take some
    one = batch.check_files(checker, found, jobs=1)
    from_workers = []
    real_unpack = batch._unpack
    monkeypatch.setattr(batch, "_unpack", lambda item: from_workers.append(1) or real_unpack(item))
    seen = []
    two = batch.check_files(checker, found, jobs=2, min_pool_files=0, progress=seen.append)
    three = batch.check_files(checker, found, jobs=3, min_pool_files=0)
    assert as_json(*one) == as_json(*two) == as_json(*three)
    assert [r.path for r in two[0]] == [s.shown for s in found]
    assert sum(seen) == len(found)
    assert from_workers  # the workers did check decks (their first chunks are queued before this process starts)


def test_lines_made_by_the_workers_are_the_lines_the_report_would_make(tree, checker, monkeypatch):
    """With ``render``, each process makes the JSON lines of the decks it checked (forked workers use the
    main process's data): the same lines as rendering every result afterwards, and the same report."""
    import json

    found = find_decklists([tree]).sources
    found = found * 6
    plain = batch.check_files(checker, found, jobs=1)
    from_workers = []
    real_unpack = batch._unpack
    monkeypatch.setattr(batch, "_unpack", lambda item: from_workers.append(1) or real_unpack(item))
    pooled = batch.check_files(checker, found, jobs=2, min_pool_files=0, render=json_report.deck_line_pieces)
    assert from_workers and any(r.rendered is not None for r in pooled[0])
    for result in pooled[0]:
        if result.rendered is not None:
            assert "".join(result.rendered) == json_report.deck_line(result, pooled[1].get(result.path))
    assert [json.loads(json_report.deck_line(r, plain[1].get(r.path))) for r in plain[0]] == [
        json.loads("".join(r.rendered) if r.rendered else json_report.deck_line(r, pooled[1].get(r.path))) for r in pooled[0]]


def test_the_pool_is_used_only_where_it_pays(monkeypatch):
    cores = batch.available_cores()
    monkeypatch.setattr(batch, "spare_cores", lambda: cores)  # an idle machine
    assert batch.plan_jobs(10, None) == 1
    assert batch.plan_jobs(10, 2) == 2
    assert batch.plan_jobs(1, 4) == 1
    assert batch.plan_jobs(batch.POOL_MIN_FILES, None) == min(cores, 2)
    assert batch.plan_jobs(100_000, None) == cores
    monkeypatch.setattr(batch, "spare_cores", lambda: 1)  # other work keeps the other cores busy
    assert batch.plan_jobs(100_000, None) == 1
    assert batch.plan_jobs(100_000, 2) == 2  # unless asked for


def test_spare_cores_are_counted_from_the_processes_ready_to_run():
    assert 1 <= batch.spare_cores() <= batch.available_cores()


def test_a_pool_that_cannot_start_falls_back_to_one_process(tree, checker, monkeypatch, capsys):
    found = find_decklists([tree / "samples"]).sources
    expected = as_json(*batch.check_files(checker, found, jobs=1))

    def no_processes():
        raise OSError("no semaphores here")

    monkeypatch.setattr(os, "fork", no_processes)  # where workers are forked (Linux)
    notes: list[str] = []
    assert as_json(*batch.check_files(checker, found, jobs=2, min_pool_files=0, note=notes.append)) == expected
    assert "worker processes unavailable (OSError: no semaphores here)" in notes[0]
    monkeypatch.setattr(batch, "_forks", lambda: False)  # where they are spawned
    monkeypatch.setattr(batch, "_pool_context", no_processes)
    assert as_json(*batch.check_files(checker, found, jobs=2, min_pool_files=0, note=notes.append)) == expected
    assert "worker processes unavailable (OSError: no semaphores here)" in notes[1]
    assert capsys.readouterr().err == ""  # the library prints nothing: the caller is told


@pytest.mark.parametrize("when", ["at once", "after a task"])
def test_workers_that_die_leave_their_decks_to_this_process(tree, checker, monkeypatch, capsys, when):
    found = find_decklists([tree / "samples"]).sources
    found = found * 10
    expected = as_json(*batch.check_files(checker, found, jobs=1))
    if when == "at once":
        monkeypatch.setattr(batch, "_serve", lambda pool, tasks, answers: os._exit(3))
    else:  # its first task answered, the next ones taken and lost with it
        real_read = batch._read_message
        calls = []

        def read_then_die(fd):
            if calls:
                os._exit(3)
            calls.append(fd)
            return real_read(fd)

        monkeypatch.setattr(batch, "_read_message", read_then_die)  # only the worker reads tasks
    notes: list[str] = []
    assert as_json(*batch.check_files(checker, found, jobs=2, min_pool_files=0, note=notes.append)) == expected
    assert "worker processes unavailable (ChildProcessError: a worker process ended with status" in notes[0]


def test_workers_judge_with_the_same_date_as_the_main_process(tree, cards, store):
    checker = Checker(cards, store, Selection(as_of=None), today=date(2024, 4, 18))
    found = find_decklists([tree / "samples"]).sources
    found = found * 4
    one = batch.check_files(checker, found, jobs=1)
    two = batch.check_files(checker, found, jobs=2, min_pool_files=0)
    assert as_json(*one) == as_json(*two)
    assert {f[1] for f in two[1].values()} >= {"2024.01 TCG"}


def test_windows_of_files_and_decklists_given_as_data_give_the_one_process_results(tree, checker, monkeypatch):
    """The pool reads a window of files at a time (here 5): copies across windows, decklists given as data
    (standard input, ydke links) and files never to be opened keep their places and verdicts."""
    given = [Source(None, "-", LEGAL_YDK.read_bytes()), Source(None, "ydke://AAAA!!!", b"ydke://!!!")]
    found = find_decklists([tree, *given]).sources
    found = found * 3
    one = batch.check_files(checker, found, jobs=1)
    monkeypatch.setattr(batch, "WINDOW_FILES", 5)
    two = batch.check_files(checker, found, jobs=2, min_pool_files=0)
    assert as_json(*one) == as_json(*two)
    assert {"-", "ydke://AAAA!!!"} <= {r.path for r in two[0]} and any(r.unreadable for r in two[0])


def test_a_data_error_in_a_worker_ends_the_batch_as_it_would_here(tree, checker, monkeypatch):
    from deckcheck.errors import DataError

    found = find_decklists([tree / "samples"]).sources
    main_process = os.getpid()
    real = checker.check_decks

    def broken_in_workers(*args):
        if os.getpid() != main_process:
            raise DataError("lists.json: the list is damaged")
        return real(*args)

    monkeypatch.setattr(checker, "check_decks", broken_in_workers)
    with pytest.raises(DataError, match="the list is damaged"):
        batch.check_files(checker, found * 4, jobs=2, min_pool_files=0)
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)  # no worker left behind


def test_worst_first_order(tree, checker):
    found = find_decklists([tree / "samples", tree / "bad" / "binary.ydk"]).sources
    results, _ = batch.check_files(checker, found, jobs=1)
    ordered = worst_first(results)
    assert ordered[0].unreadable
    errors = [sum(p.severity == "error" for p in r.problems) for r in ordered[1:]]
    assert errors == sorted(errors, reverse=True)
    assert ordered[-1].legal and not ordered[-1].problems


def test_json_fast_path_matches_the_plain_encoder(tree, checker):
    found = find_decklists([tree]).sources
    results, formats = batch.check_files(checker, found, jobs=1)
    assert json_report.FAST_PROBLEMS
    for r in results:
        plain = json.dumps(json_report.deck_json(r, formats.get(r.path)), ensure_ascii=False)
        assert json_report.deck_line(r, formats.get(r.path)) == plain


def test_summary_card_entries_are_what_the_plain_encoder_writes(tree, checker):
    from deckcheck.model import CardRef
    from deckcheck.report import CardCount

    found = find_decklists([tree]).sources
    results, formats = batch.check_files(checker, found, jobs=1)
    run = Run(results, "tcg", "TCG", {}, TODAY, {}, formats)
    counts = [c for c in run.card_counts() if c.card is not None]
    counts += [CardCount("unknown-card", "unknown-card", "error", CardRef(None, 12), None, 3, 2),
               CardCount("banlist", "Forbidden", "warning", CardRef('Maxx "C" é\u202e\\', None), "x", 1, 1)]
    assert len(counts) > 10 and json_report.FAST_CARD_ENTRIES
    for count in counts:
        assert json_report.card_entry(count) == json.dumps(json_report.card_json(count), ensure_ascii=False)
    written = json.loads(json_report.render(run))["summary"]
    assert written == json_report.summary_json(run) and written["cards"]


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


def test_cli_jobs_2_gives_the_same_report(tree):
    _, one = _json(run_cli("check", str(tree), "-o", "json", "--jobs", "1"))
    _, two = _json(run_cli("check", str(tree), "-o", "json", "--jobs", "2"))
    assert one == two


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


def test_pool_with_spawned_workers_gives_the_same_results(tree, checker, monkeypatch, capsys):
    """Where fork is not available (Windows, macOS), workers start afresh: all they need pickles."""
    import multiprocessing

    found = find_decklists([tree / "samples"]).sources
    found = found * 40
    expected = as_json(*batch.check_files(checker, found, jobs=1))
    monkeypatch.setattr(batch, "_forks", lambda: False)
    monkeypatch.setattr(batch, "_pool_context", lambda: multiprocessing.get_context("spawn"))
    from_workers = []
    real_unpack = batch._unpack
    monkeypatch.setattr(batch, "_unpack", lambda item: from_workers.append(1) or real_unpack(item))
    assert as_json(*batch.check_files(checker, found, jobs=2)) == expected
    assert "unavailable" not in capsys.readouterr().err
    assert from_workers  # a spawned worker checked some of the decks


def test_files_of_the_same_contents_get_their_verdict_under_their_own_paths(tmp_path, cards, store):
    """Deck repositories hold many copies of one file: a YDK file whose bytes were checked before (plain or not)
    gets that verdict (and its JSON body, and its share of the summary) under its own path, exactly what a
    checker that never saw it reports; a file of other contents, or the same bytes read as another input
    format, is judged on its own."""
    legal = LEGAL_YDK.read_bytes()
    assert legal.index(b"#extra") > 0
    illegal = legal.replace(b"#extra", b"23434538\n#extra", 1)  # Maxx "C": Forbidden
    by_names = illegal.replace(b"#extra", b"3 Effect Veiler\n#extra", 1)  # not plain: a line by name, with a warning
    files = {"a.ydk": illegal, "b/copy.ydk": illegal, "c.ydk": legal, "d/again.ydk": illegal, "e.ydk": legal,
             "f.ydk": by_names, "g/copy.ydk": by_names}
    for name, data in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    found = [Source(tmp_path / name, name) for name in files]
    results, formats = batch.check_files(Checker(cards, store, Selection(), today=TODAY), found, jobs=1)
    assert [r.path for r in results] == list(files)
    alone = [Checker(cards, store, Selection(), today=TODAY).check_decks(s.path, s.shown)[0][0] for s in found]
    assert as_json(results, formats) == as_json(alone, formats)
    assert [p.rule for p in results[0].problems] == ["banlist"] and results[2].legal
    assert results[1].problems is results[0].problems  # remembered, not judged again
    assert results[6].problems is results[5].problems and {p.rule for p in results[5].problems} >= {"banlist", "syntax"}
    separate = [r.moved(r.path) for r in alone]
    for r, own in zip(separate, alone):
        r.problems = list(own.problems)
    shared = Run(results, "tcg", "TCG Advanced", {"name": "2026.05 TCG"}, TODAY, {})
    apart = Run(separate, "tcg", "TCG Advanced", {"name": "2026.05 TCG"}, TODAY, {})
    assert json_report.summary_json(shared) == json_report.summary_json(apart)
    assert json_report.summary_json(shared)["rules"][0]["decks"] == 5  # banlist: the five files with Maxx "C"
    assert json.loads(json_report.render(shared)) == json.loads(json_report.render(apart))
    as_text = tmp_path / "copy.txt"
    as_text.write_bytes(illegal)
    checker = Checker(cards, store, Selection(), today=TODAY)
    checker.check_decks(tmp_path / "a.ydk", "a.ydk")
    read_as_text = checker.check_decks(as_text, "copy.txt")[0][0]
    assert read_as_text.problems is not results[0].problems


def test_copies_of_a_file_a_worker_checked_share_its_problems(tmp_path, cards, store, monkeypatch):
    """The first file of each contents is checked (by a worker or here); its copies get that verdict under
    their own paths in this process: they share one problems list (as in one process), and the report is the
    one process's."""
    illegal = LEGAL_YDK.read_bytes().replace(b"#extra", b"23434538\n#extra", 1)
    for i in range(40):
        (tmp_path / f"copy{i:02}.ydk").write_bytes(illegal if i % 2 else LEGAL_YDK.read_bytes())
    found = [Source(tmp_path / f"copy{i:02}.ydk", f"copy{i:02}.ydk") for i in range(40)]
    unpacked = []
    real_unpack = batch._unpack
    monkeypatch.setattr(batch, "_unpack", lambda item: unpacked.append(real_unpack(item)) or unpacked[-1])
    checker = Checker(cards, store, Selection(), today=TODAY)
    pooled, formats = batch.check_files(checker, found, jobs=2, min_pool_files=0, render=json_report.deck_line_pieces)
    alone, alone_formats = batch.check_files(Checker(cards, store, Selection(), today=TODAY), found, jobs=1)
    assert as_json(pooled, formats) == as_json(alone, alone_formats)
    assert [r.path for r, _fmt in unpacked] == ["copy00.ydk", "copy01.ydk"]  # the worker had both contents
    copies = [r for r in pooled if not r.legal]
    assert len(copies) == 20 and len({id(r.problems) for r in copies}) == 1
    assert len({id(r.rendered[1]) for r in copies}) == 1  # and the rest of their JSON line
    assert ["".join(r.rendered) for r in pooled] == [json_report.deck_line(r, formats[r.path]) for r in alone]


def test_the_report_on_a_pipe_is_the_report_written_to_a_file(tmp_path, tree):
    """Standard output as a pipe gets UTF-8 written straight to its descriptor (report/output.py), a thousand
    pieces a call: the same bytes as --output, for copies of a file too and for names that are not ASCII."""
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


_POOL_FILES = sorted(p for p in (*FIXTURES.glob("*.y*"), *SAMPLES.rglob("*.y*")) if p.is_file())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picks=st.lists(st.integers(0, len(_POOL_FILES) + 1), min_size=2, max_size=40),
       window=st.integers(1, 12), task=st.integers(1, 5), ahead=st.integers(1, 3))
def test_the_fork_pool_gives_the_one_process_results_however_it_hands_out_the_files(
        tmp_path_factory, cards, store, monkeypatch, picks, window, task, ahead):
    """Any sequence of files (copies near and far, unreadable files, a decklist given as data) in windows and
    tasks of any size: the pool's report is the one process's, in the same order, every file counted once."""
    folder = tmp_path_factory.mktemp("pool")
    stdin = Source(None, "-", LEGAL_YDK.read_bytes())
    found = []
    for n, pick in enumerate(picks):
        if pick == len(_POOL_FILES):
            found.append(stdin)
        elif pick == len(_POOL_FILES) + 1:
            found.append(Source(folder / f"missing{n}.ydk", f"missing{n}.ydk"))
        else:
            source = _POOL_FILES[pick]
            copy = folder / f"{n}{source.suffix}"
            shutil.copyfile(source, copy)
            found.append(Source(copy, f"{n}{source.suffix}"))
    alone = batch.check_files(Checker(cards, store, Selection(), today=TODAY), found, jobs=1)
    for name, value in (("WINDOW_FILES", window), ("TASK_FILES", task), ("TASKS_AHEAD", ahead),
                        ("TASKS_AHEAD_AT_THE_END", ahead), ("LOOK_EVERY", 3)):
        monkeypatch.setattr(batch, name, value)
    seen: list[int] = []
    pooled = batch.check_files(Checker(cards, store, Selection(), today=TODAY), found, jobs=2,
                               min_pool_files=0, progress=seen.append, render=json_report.deck_line_pieces)
    assert as_json(*pooled) == as_json(*alone)
    assert ["".join(r.rendered) for r in pooled[0]] == [json_report.deck_line(r, alone[1].get(r.path)) for r in alone[0]]
    assert sum(seen) == len(found)
