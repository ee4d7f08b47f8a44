"""The speed devices (deckcheck/fast/): each gives what the plain path gives, and deckcheck without the folder
gives the same reports. Real decklists (sample_decks/, tests/fixtures/decks/ and the bad files of a batch), the
real card data; real processes where standard output itself is what is tested."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck import batch, fast
from deckcheck.checker import Checker, Selection
from deckcheck.files import find_decklists
from deckcheck.model import CardRef
from deckcheck.report import CardCount, Run, json_report
from deckcheck.report.escape import json_safe

from .conftest import REPO, TODAY
from .inprocess import deckcheck
from .test_batch import LEGAL_YDK, mixed_tree

UNSAFE_NAME = "Ｍａｘｘ «Ｃ» ✓ \u202e##[deck.ydk"  # not ASCII, a bidi control and a workflow command's start


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    root = mixed_tree(tmp_path_factory.mktemp("fast"))
    shutil.copy(LEGAL_YDK, root / UNSAFE_NAME)
    (root / os.fsdecode(b"not-utf8-\xff.ydk")).write_bytes(LEGAL_YDK.read_bytes())  # its path as a "uri" too
    return root


@pytest.fixture(scope="module")
def checked(tree, cards, store):
    return batch.check_files(Checker(cards, store, Selection(), today=TODAY), find_decklists([tree]).sources)


def test_devices_are_turned_off_by_the_environment(monkeypatch):
    monkeypatch.delenv("DECKCHECK_NO_FAST", raising=False)
    assert json_report._templates() is not None and not any(fast.turned_off(name) for name in fast.DEVICES)
    monkeypatch.setenv("DECKCHECK_NO_FAST", "writev,json_lines")
    assert fast.turned_off("json_lines") and json_report._templates() is None
    monkeypatch.setenv("DECKCHECK_NO_FAST", "writev")
    assert not fast.turned_off("json_lines")
    monkeypatch.setenv("DECKCHECK_NO_FAST", "1")
    assert all(fast.turned_off(name) for name in fast.DEVICES)


def test_json_lines_write_what_the_plain_encoder_writes(checked):
    lines = json_report._templates()
    assert lines is not None
    results, formats = checked
    assert any(json_report.path_uri(r.path) for r in results) and any(r.player for r in results)
    for r in results:
        plain = json_safe(json.dumps(json_report.deck_json(r, formats.get(r.path)), ensure_ascii=False))
        assert json_report.deck_line(r, formats.get(r.path), lines) == json_report.deck_line(r, formats.get(r.path)) == plain


def test_summary_card_entries_are_what_the_plain_encoder_writes(checked):
    lines = json_report._templates()
    results, formats = checked
    run = Run(results, "tcg", "TCG", {}, TODAY, {}, formats)
    counts = [c for c in run.card_counts() if c.card is not None]
    counts += [CardCount("unknown-card", "unknown-card", "error", CardRef(None, 12), None, 3, 2),
               CardCount("banlist", "Forbidden", "warning", CardRef('Maxx "C" é\u202e\\', None), "x", 1, 1)]
    assert len(counts) > 10
    for count in counts:
        assert lines.card_entry(count) == json.dumps(json_report.card_json(count), ensure_ascii=False)
    written = json.loads(json_report.render(run))["summary"]
    assert written == json_report.summary_json(run) and written["cards"]


def test_the_collector_is_as_it_was_after_a_batch():
    import gc

    from deckcheck.fast import collector

    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        with collector.paused():
            assert not gc.isenabled() and gc.get_freeze_count() > 0
        assert gc.isenabled() is enabled
        assert gc.get_freeze_count() == 0  # a bot's results, dropped, are freed by the collector as before
    gc.enable()


@pytest.mark.parametrize("output", ["json", "text", "csv"])
def test_every_report_is_the_same_without_the_devices(tree, output):
    args = ["check", str(tree), "sample_decks", "-o", output, "--as-of", "2026-11-30"]
    env = {"NO_COLOR": "1", "COLUMNS": "120", "GITHUB_ACTIONS": None}
    fast_run = deckcheck(*args, env={**env, "DECKCHECK_NO_FAST": None}, text=False)
    plain_run = deckcheck(*args, env={**env, "DECKCHECK_NO_FAST": "1"}, text=False)
    assert fast_run.returncode == plain_run.returncode == 1
    assert fast_run.stdout == plain_run.stdout and fast_run.stderr == plain_run.stderr
    assert UNSAFE_NAME.encode()[:10] in fast_run.stdout


@pytest.mark.slow  # a copy of the package without fast/, run as a process (its own caches built anew)
def test_deckcheck_without_its_fast_folder_gives_the_same_report(tmp_path):
    """The folder deleted: deckcheck (a copy of the package without fast/) gives the report byte for byte."""
    copy = tmp_path / "deckcheck"
    copy.mkdir()
    for entry in (REPO / "deckcheck").iterdir():
        if entry.name not in ("fast", "__pycache__"):
            (copy / entry.name).symlink_to(entry)
    for folder in ("banlists", "schemas"):
        (tmp_path / folder).symlink_to(REPO / folder)
    env = {**os.environ, "NO_COLOR": "1"}  # the session's cache: the copy's data files are other paths, cached apart
    env.pop("DECKCHECK_NO_FAST", None)
    env.pop("PYTHONPATH", None)
    command = ["-m", "deckcheck", "check", str(REPO / "sample_decks"), "-o", "json", "--as-of", "2026-11-30"]
    without = subprocess.run([sys.executable, "-c", "import deckcheck.fast", "x"], cwd=tmp_path, capture_output=True,
                             env=env)
    assert b"No module named 'deckcheck.fast'" in without.stderr
    plain = subprocess.run([sys.executable, *command], cwd=tmp_path, capture_output=True, env=env)
    with_fast = subprocess.run([sys.executable, *command], cwd=REPO, capture_output=True, env=env)
    assert plain.returncode == with_fast.returncode == 1, plain.stderr
    assert plain.stdout.replace(os.fsencode(tmp_path), os.fsencode(REPO)) == with_fast.stdout


# ---- the pool: forked processes, each on its share ---------------------------------------------------------

def _pids(items, tick):
    return [(item, os.getpid()) for item in items]


def test_the_pool_shares_the_items_among_processes_and_keeps_their_order():
    from deckcheck.fast import pool

    items = list(range(200))
    done = pool.in_processes(_pids, items, 2)
    assert [item for item, _pid in done] == items
    pids = {pid for _item, pid in done}
    assert os.getpid() in pids and len(pids) == 2  # a real second process did its share
    with pytest.raises(ChildProcessError):  # and was reaped
        os.waitpid(-1, os.WNOHANG)


def _dies_in_a_child(parent: int):
    def work(items, tick):
        if os.getpid() != parent:
            os._exit(9)  # killed, out of memory: the child is gone without a word
        return [(item, os.getpid()) for item in items]
    return work


def test_a_child_that_dies_costs_only_time():
    from deckcheck.fast import pool

    items = list(range(100))
    done = pool.in_processes(_dies_in_a_child(os.getpid()), items, 2)
    assert done == [(item, os.getpid()) for item in items]  # its share done here, in order


def test_what_a_child_raises_is_raised_as_one_process_raises_it():
    from deckcheck.errors import DataError
    from deckcheck.fast import pool

    def work(items, tick):
        if 150 in items:  # in the second process's share (runs of 16 dealt in turn: 144–159 is the second's)
            raise DataError("a list deckcheck cannot load")
        return list(items)

    with pytest.raises(DataError, match="cannot load"):
        pool.in_processes(work, list(range(200)), 2)
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)


def test_progress_counts_every_item_of_every_process_once():
    from deckcheck.fast import pool

    told = []

    def work(items, tick):
        for start in range(0, len(items), 7):
            tick(len(items[start:start + 7]))
        return list(items)

    assert pool.in_processes(work, list(range(300)), 2, told.append) == list(range(300))
    assert sum(told) == 300


WHEN_TO_FORK = """
import os, threading
from deckcheck.fast import pool

cores = len(os.sched_getaffinity(0))
assert threading.active_count() == 1
assert pool.processes_for(2000, None) == min(cores, 2000 // pool.RUN)
assert pool.processes_for(2000, 1) == 1
assert pool.processes_for(pool.MIN_ITEMS - 1, None) == 1
assert pool.processes_for(pool.MIN_ITEMS, 64) == min(cores, pool.MIN_ITEMS // pool.RUN)
waiting = threading.Event()
other = threading.Thread(target=waiting.wait)
other.start()
assert pool.processes_for(2000, None) == 1  # a bot serving from threads: never forked
waiting.set()
other.join()
print("ok")
"""


def test_one_process_where_a_fork_is_unsafe_or_does_not_pay():
    """In a process of its own: this one may hold other tests' threads (a fake server), which is the point."""
    proc = subprocess.run([sys.executable, "-c", WHEN_TO_FORK], cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout == "ok\n", proc.stderr


def test_results_cross_a_pipe_as_they_are(checked):
    import pickle

    results, _formats = checked
    back = pickle.loads(pickle.dumps(results, protocol=pickle.HIGHEST_PROTOCOL))
    assert [json_report.deck_json(r, None) for r in back] == [json_report.deck_json(r, None) for r in results]
    assert repr(back) == repr(results) and any(p.card is not None for r in back for p in r.problems)


def test_the_pool_gives_what_one_process_gives(tree):
    """Real processes: a test process may hold other tests' threads, and then never forks."""
    command = [sys.executable, "-m", "deckcheck", "check", str(tree), "sample_decks", "-o", "json", "--as-of",
               "2026-11-30"]
    env = {k: v for k, v in os.environ.items() if k != "DECKCHECK_NO_FAST"}
    pooled = subprocess.run([*command, "--jobs", "2"], cwd=REPO, capture_output=True, env=env)
    alone = subprocess.run([*command, "--jobs", "1"], cwd=REPO, capture_output=True, env=env)
    assert pooled.returncode == alone.returncode == 1, pooled.stderr
    assert pooled.stdout == alone.stdout and pooled.stderr == alone.stderr
    assert len(json.loads(pooled.stdout)["decks"]) >= 64  # enough decklists for the pool to be used


def test_every_kind_of_result_comes_back_from_a_child(tree, cards, store, monkeypatch):
    """Real results, problems left out of a long list (limits.Omitted, a Problem made otherwise) among them,
    arrive from the child as they were made there: a payload that failed to unpickle would have the share
    silently checked again here (the same report, twice the time: as it was for Omitted)."""
    from deckcheck.fast import pool
    from deckcheck.limits import Omitted

    monkeypatch.setenv("DECKCHECK_MAX_PROBLEMS", "1")
    checker = Checker(cards, store, Selection(), today=TODAY)
    sources = find_decklists([tree]).sources * 2

    def work(part, tick):
        return [(os.getpid(), batch.check_source(checker, source)) for source in part]

    done = pool.in_processes(work, sources, 2)
    assert len({pid for pid, _checked in done}) == 2
    here = [batch.check_source(checker, source) for source in sources]
    assert repr([checked for _pid, checked in done]) == repr(here)
    assert any(isinstance(p, Omitted) for pid, checked in done if pid != os.getpid()
               for result, _judged in checked for p in result.problems)
