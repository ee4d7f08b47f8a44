"""Fault injection: `deckcheck update` killed (SIGKILL) or out of disk space at each write step.

The real `deckcheck update` runs in a subprocess against the fake API on 127.0.0.1, inside a small
wrapper that interposes on the ``os`` functions that change the data directory (``open`` for
writing, ``fsync``, ``replace``, ``rename``, ``mkdir``, ``unlink``, ``rmdir``, ``link``). At
the first such step everything has been downloaded and checked; from there the wrapper forks one
run per fault point: run *k* is SIGKILLed just before its *k*-th write step (or gets ENOSPC
from it), so each fault point costs a fork, not a download. After each run the data in use
(the card file and every downloaded list, and a check's verdict) must be exactly the old set or
exactly the new set, and a later update must repair whatever was left behind.

Linux only (the wrapper reads ``/proc/self/fd`` and forks).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck import datastore
from deckcheck.banlists import bundled_banlists_dir
from deckcheck.checker import Checker, Selection
from deckcheck.parsers import parse_deck

from .fixtures.update import fakeapi as F
from .fixtures.update.harness import TODAY, env, install_baseline, standard_body_with  # noqa: F401

pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the fault wrapper needs fork and /proc"),
              pytest.mark.slow]

SECOND_CARD = 98765433
NEW_DECK = ("#main\n" + "\n".join(str(p) for p in [F.NEW_CARD] * 3 + [SECOND_CARD] * 3 + [14558127] * 3 + [49238328] * 3)
            + "\n#extra\n!side\n").encode()  # by passcode: judged without reading every name

WRAPPER = r'''
import errno, os, signal, sys

DATA = os.path.abspath(os.environ["FAULT_DATA"])
MODE = os.environ["FAULT_MODE"]
OUT = os.environ["FAULT_OUT"]
commands = os.fdopen(int(os.environ["FAULT_CMD_FD"]), "r")
events = os.fdopen(int(os.environ["FAULT_EVENT_FD"]), "w")
real = {name: getattr(os, name) for name in ("open", "fsync", "replace", "rename", "mkdir", "unlink", "remove",
                                             "rmdir", "link")}
run = {"step": 0, "target": None, "serving": False}


def tell(line):
    events.write(line + "\n")
    events.flush()


def inside(path, dir_fd=None, root_too=False):
    if dir_fd is not None:
        return True
    if isinstance(path, int):
        try:
            path = os.readlink(f"/proc/self/fd/{path}")
        except OSError:
            return False
    path = os.path.abspath(os.fsdecode(path))
    if path == DATA:
        return root_too
    return path.startswith(DATA + os.sep) and os.path.basename(path) != ".update.lock"


def serve():
    """Everything is downloaded and checked: fork one run per command, wait for it, report."""
    while True:
        words = commands.readline().split()
        if not words or words[0] == "quit":
            os._exit(0)
        target = int(words[1])
        pid = os.fork()
        if pid == 0:
            for fd, name in ((1, "stdout"), (2, "stderr")):
                out = real["open"](os.path.join(OUT, f"{name}-{target}"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                os.dup2(out, fd)
            run["target"] = target or None
            return
        _, status = os.waitpid(pid, 0)
        tell(f"{target} {os.waitstatus_to_exitcode(status)}")


def step():
    if not run["serving"]:
        run["serving"] = True
        tell("ready")
        serve()
    run["step"] += 1
    if run["step"] == run["target"]:
        os.close(real["open"](os.path.join(OUT, f"reached-{run['target']}"), os.O_WRONLY | os.O_CREAT, 0o644))
        if MODE == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        raise OSError(errno.ENOSPC, "No space left on device")


def fake_open(path, flags, mode=0o777, *, dir_fd=None):
    if flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR | os.O_TRUNC) and inside(path, dir_fd):
        step()
    return real["open"](path, flags, mode, dir_fd=dir_fd)


def fake_fsync(fd):
    if inside(fd, root_too=True):
        step()
    return real["fsync"](fd)


def changes(name, paths):
    def fake(*args, **kwargs):
        if any(inside(a, kwargs.get("dir_fd") or kwargs.get("src_dir_fd")) for a in args[:paths]):
            step()
        return real[name](*args, **kwargs)
    return fake


os.open, os.fsync = fake_open, fake_fsync
for name, paths in (("replace", 2), ("rename", 2), ("link", 2), ("mkdir", 1), ("unlink", 1), ("remove", 1),
                    ("rmdir", 1)):
    setattr(os, name, changes(name, paths))
sys.argv = ["deckcheck", *sys.argv[1:]]
from deckcheck.cli import main
main()
'''


class Faults:
    """One wrapper process: it downloads once, then runs the install phase once per fault point."""

    def __init__(self, env, mode: str, args: list[str]):
        self.env = env
        self.out = env.tmp / f"faults-{mode}"
        self.out.mkdir()
        cmd_r, self.cmd_w = os.pipe()
        self.event_r, event_w = os.pipe()
        variables = {**env.env, "FAULT_DATA": str(env.data_dir), "FAULT_MODE": mode, "FAULT_OUT": str(self.out),
                     "FAULT_CMD_FD": str(cmd_r), "FAULT_EVENT_FD": str(event_w)}
        self.proc = subprocess.Popen([sys.executable, "-c", WRAPPER, "update", "--cards-url", env.api, "--lists-url",
                                      env.lists, "--retries", "0", *args], cwd=F.REPO, env=variables,
                                     pass_fds=(cmd_r, event_w), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        os.close(cmd_r)
        os.close(event_w)
        self.events = os.fdopen(self.event_r, "r")
        self.commands = os.fdopen(self.cmd_w, "w")
        ready = self.events.readline().strip()
        assert ready == "ready", (ready, self.proc.communicate(timeout=60))

    def run(self, target: int) -> tuple[int, bool, str]:
        """Run the install phase with a fault at write step ``target`` (0: none): exit code, whether
        the fault point was reached, stderr."""
        self.commands.write(f"run {target}\n")
        self.commands.flush()
        reported, code = self.events.readline().split()
        assert int(reported) == target
        stderr = (self.out / f"stderr-{target}").read_text()
        return int(code), (self.out / f"reached-{target}").exists(), stderr

    def close(self) -> None:
        try:
            self.commands.write("quit\n")
            self.commands.close()
        except OSError:
            pass
        self.proc.wait(timeout=60)
        self.events.close()


def restore(env, pristine: Path | None) -> None:
    """The data directory as ``pristine`` (None: empty, as the first update found it)."""
    if env.data_dir.exists():
        shutil.rmtree(env.data_dir)
    if pristine is None:
        env.data_dir.mkdir()
    else:
        shutil.copytree(pristine, env.data_dir, symlinks=True)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def in_use(env) -> tuple:
    """The data a command would judge with now: card file, downloaded lists, and a check's verdict."""
    datastore.forget_state()
    cards = datastore.load_cards()
    info = datastore.cards_info(cards)
    store = datastore.load_store()
    lists = {}
    if store.roots[0] != bundled_banlists_dir():
        lists = {f"{f.format}/{f.path.name}": sha(f.path) for f in store.files() if store.roots[0] in f.path.parents}
    result = Checker(cards, store, Selection(format="tcg"), today=TODAY).check_parsed(parse_deck(NEW_DECK, "d.ydk"))
    verdict = (result.legal, tuple(sorted((p.rule, p.message) for p in result.problems)))
    return (sha(Path(info["path"])) if info["origin"] != "bundled" else "bundled", tuple(sorted(lists.items())), verdict)


def cli_in_use(env) -> tuple:
    """The same through the real command line: `deckcheck data -o json` and `deckcheck check -o json`."""
    deck = env.tmp / "new.ydk"
    deck.write_bytes(NEW_DECK)
    data = env.cli("data", "-o", "json")
    check = env.cli("check", str(deck), "-o", "json", "--as-of", TODAY.isoformat())
    assert data.returncode == 0 and check.returncode in (0, 1), (data.stderr, check.stderr)
    doc = json.loads(data.stdout)
    cards = doc["cards"]
    [deck_report] = json.loads(check.stdout)["decks"]
    newest = {f: (b["name"], b["origin"]) for f, b in doc["banlists"]["newest"].items()}
    return (sha(Path(cards["path"])) if cards["origin"] != "bundled" else "bundled", newest,
            deck_report["legal"], sorted(p["rule"] for p in deck_report["problems"]))


def litter(env) -> list[str]:
    return [str(p.relative_to(env.data_dir)) for p in env.data_dir.rglob("*")
            if p.name.endswith(".tmp") or p.name.startswith(".new-")]


def new_data(env, lists_only: bool = False) -> None:
    """What the server offers now: a new database version with one more card, and a new TCG list
    (``lists_only``: with the cards installed already)."""
    extra = F.new_card(TODAY.isoformat(), id=SECOND_CARD, name="Deckcheck Test Wyrm",
                       card_images=[{"id": SECOND_CARD}], misc_info=[{"formats": ["TCG", "OCG"], "konami_id": 99002,
                                                                       "tcg_date": TODAY.isoformat(),
                                                                       "ocg_date": TODAY.isoformat()}])
    env.serve(version="148.0", body=standard_body_with([extra]))
    add = {F.NEW_KONAMI: 1} if lists_only else {F.NEW_KONAMI: 1, 99002: 0}
    env.server.set("/lists/tcg/current.vector.json", F.Reply(body=F.vector("tcg", TODAY.isoformat(), add)))


def inject(env, mode: str, args: list[str], pristine: Path | None, repair: tuple[str, ...] = ("middle",)) -> dict:
    """A fault at every write step in turn; returns what was seen. ``repair``: which of the states a
    fault left ("middle": halfway through writing the generation; "last": all written but the switch)
    a real, uninterrupted `deckcheck update` then repairs."""
    restore(env, pristine)
    old = in_use(env)
    old_cli = cli_in_use(env)
    faults = Faults(env, mode, args)
    kept: list[tuple[int, Path]] = []
    try:
        code, reached, stderr = faults.run(0)
        assert code == 0 and not reached, stderr
        new = in_use(env)
        new_cli = cli_in_use(env)
        assert new != old and new_cli != old_cli
        seen = {"old": [], "new": []}
        target = 0
        while True:
            target += 1
            kept_as = env.tmp / f"{mode}-at-{target - 1}"
            env.data_dir.rename(kept_as)  # what the previous fault left, kept for the repairs below
            kept.append((target - 1, kept_as))
            restore(env, pristine)
            code, reached, stderr = faults.run(target)
            if not reached:  # past the last write step: the run completed
                assert code == 0 and in_use(env) == new, stderr
                break
            now = in_use(env)
            assert now in (old, new), f"write step {target}: a mix of the old and the new data"
            which = "old" if now == old else "new"
            seen[which].append(target)
            if mode == "kill":
                assert code == -9
            else:  # the message is true: a failure says the data is unchanged, and it is
                assert (code, which) in ((2, "old"), (0, "new")), (target, code, which, stderr)
                if code == 2:
                    lines = stderr.strip().splitlines()
                    assert len(lines) == 1 and "No space left on device" in lines[0]
                    assert lines[0].endswith("the installed data is unchanged")
                    assert not litter(env), litter(env)  # a failed update cleans up after itself
    finally:
        faults.close()
    total = target - 1
    assert total >= 10 and seen["old"] and seen["new"], seen
    switch = seen["new"][0]
    if mode == "kill":  # (a disk-full error the updater may ignore, as in a folder's fsync, still ends in new)
        assert seen["old"] == list(range(1, switch))  # one switch: old until it, new after it
        assert switch == total  # the switch (state.json's rename) is the last write but its folder's fsync
    chosen = {{"middle": total // 2, "last": switch - 1}[which] for which in repair}
    for target, copy in kept:
        if target not in chosen:
            continue
        restore(env, copy)
        assert cli_in_use(env) in (old_cli, new_cli), f"write step {target}: the command line sees a mix"
        proc = env.cli_update("--retries", "0", *args)
        assert proc.returncode == 0, (target, proc.stderr)
        assert in_use(env) == new and not litter(env), (target, litter(env))
        generations = sorted(p.name for p in (env.data_dir / "generations").iterdir())
        assert len(generations) <= 2, generations
    print(f"{mode} {args}: {total} write steps, the switch at {switch}, repaired after {sorted(chosen)}")
    return {"steps": total, "switch": switch}


@pytest.fixture
def baseline(env):
    install_baseline(env)
    pristine = env.tmp / "pristine"
    shutil.copytree(env.data_dir, pristine)
    new_data(env)
    return pristine


def test_killed_at_each_write_step_of_an_update(env, baseline):
    inject(env, "kill", [], baseline, repair=("middle", "last"))


def test_killed_at_each_write_step_of_the_first_update(env):
    new_data(env)
    inject(env, "kill", [], None)


def test_killed_at_each_write_step_of_a_lists_only_update(env, baseline):
    new_data(env, lists_only=True)
    inject(env, "kill", ["--only", "lists"], baseline)


def test_disk_full_at_each_write_step_keeps_the_old_data_and_says_so(env, baseline):
    inject(env, "enospc", [], baseline, repair=())


def _can_mount_tmpfs(where: Path) -> bool:
    where.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)], capture_output=True)
    if proc.returncode != 0:
        return False
    subprocess.run(["umount", str(where)], check=True)
    return True


def test_a_really_full_disk(env, baseline):
    """A small tmpfs as the data directory, with room for nothing, for half of what the update
    writes, for all of it but the last pages, and for more than enough."""
    if not _can_mount_tmpfs(env.tmp / "probe"):
        pytest.skip("mounting a tmpfs needs root and mount(8)")
    restore(env, baseline)
    old = in_use(env)
    assert env.cli_update("--retries", "0").returncode == 0  # once outside the tmpfs: what does it write?
    new = in_use(env)
    page = os.statvfs(env.tmp).f_frsize or 4096
    generation = env.data_dir / "generations" / str(json.loads((env.data_dir / "state.json").read_text())["generation"])
    written = [p.stat().st_size for p in generation.rglob("*") if p.is_file()]
    need = sum(-(-size // page) * page for size in written + [(env.data_dir / "state.json").stat().st_size])
    restore(env, None)
    pristine_size = sum(p.stat().st_size for p in baseline.rglob("*") if p.is_file())
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={4 * (pristine_size + need)}", "tmpfs", str(env.data_dir)],
                   check=True)
    outcomes = []
    try:
        for room in (0, need // 2, need - 2 * page, need - page, need + 64 * page):
            for child in env.data_dir.iterdir():
                shutil.rmtree(child) if child.is_dir() else child.unlink()
            shutil.copytree(baseline, env.data_dir, dirs_exist_ok=True)
            stat = os.statvfs(env.data_dir)
            filler = env.data_dir / "filler"
            filler.write_bytes(b"\0" * max(0, stat.f_bavail * stat.f_frsize - room))
            proc = env.cli_update("--retries", "0")
            now = in_use(env)
            if proc.returncode == 2:
                assert "No space left on device" in proc.stderr and "the installed data is unchanged" in proc.stderr
                assert now == old, room
                assert not litter(env), litter(env)
            else:
                assert proc.returncode == 0, proc.stderr
                assert now == new, room
            outcomes.append(proc.returncode)
            filler.unlink()
    finally:
        subprocess.run(["umount", str(env.data_dir)], check=False)
    assert outcomes[0] == 2 and outcomes[-1] == 0, outcomes
