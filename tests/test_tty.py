"""The terminal path, recorded from real pseudo-terminals (issue 12): stdout and stderr are each a pty of
80 columns, as in a terminal window, and deckcheck runs as a user starts it.

On a terminal: colour, the report laid out for the window's 80 columns, and a progress bar on
stderr only (never in the report) for a long run; NO_COLOR takes the colour away, CI and
--quiet the progress bar.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import time

import pytest

from .conftest import REPO

pty = pytest.importorskip("pty")
termios = pytest.importorskip("termios")
fcntl = pytest.importorskip("fcntl")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="records from Linux pseudo-terminals")

SGR = re.compile(r"\x1b\[([0-9;]*)m")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
COLOURS = re.compile(r"(?:^|;)(?:3[0-7]|9[0-7]|38)(?:;|$)")


def _terminal(columns: int = 80, rows: int = 24) -> tuple[int, int]:
    import struct

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    return master, slave


def run_in_terminals(args: list[str], env: dict[str, str], cwd, timeout: float = 120) -> tuple[int, str, str]:
    """Run deckcheck with stdout and stderr on two pseudo-terminals; what each showed, and the exit code."""
    out_master, out_slave = _terminal()
    err_master, err_slave = _terminal()
    proc = subprocess.Popen([sys.executable, "-m", "deckcheck", *args], stdin=subprocess.DEVNULL, stdout=out_slave,
                            stderr=err_slave, cwd=cwd, env=env, close_fds=True)
    os.close(out_slave)
    os.close(err_slave)
    got = {out_master: b"", err_master: b""}
    open_fds = set(got)
    deadline = time.monotonic() + timeout
    while open_fds and time.monotonic() < deadline:
        ready, _, _ = select.select(list(open_fds), [], [], 0.2)
        for fd in ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the other side is closed
                chunk = b""
            if chunk:
                got[fd] += chunk
            else:
                open_fds.discard(fd)
        if proc.poll() is not None and not ready:
            break
    code = proc.wait(timeout=10)
    for fd in got:
        os.close(fd)
    return code, got[out_master].decode("utf-8", "replace"), got[err_master].decode("utf-8", "replace")


def visible(text: str) -> str:
    return ANSI.sub("", text).replace("\r\n", "\n")


@pytest.fixture(scope="module")
def many_decks(tmp_path_factory):
    """Enough decks for a progress bar (100 files or more), a few of them illegal."""
    folder = tmp_path_factory.mktemp("tty") / "decks"
    folder.mkdir()
    legal = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"
    for i in range(110):
        shutil.copy(legal, folder / f"deck{i:03}.ydk")
    shutil.copy(REPO / "sample_decks" / "tcg" / "snake-eye-illegal.yaml", folder / "illegal.yaml")
    return folder


def user_env(**changes) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "CI", "COLUMNS", "LINES", "GITHUB_ACTIONS",
                                                            "FORCE_COLOR", "TERM")}
    env["TERM"] = "xterm-256color"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    env.update(changes)
    return env


def test_a_terminal_gets_colour_a_report_for_its_width_and_a_progress_bar_on_stderr(many_decks):
    code, out, err = run_in_terminals(["check", "decks"], user_env(), many_decks.parent)
    assert code == 1
    assert any(COLOURS.search(params) for params in SGR.findall(out)), "no colour on a terminal"
    shown = visible(out)
    assert "✗ ILLEGAL decks/illegal.yaml" in shown and "111 decks checked: 110 legal, 1 illegal" in shown
    assert max(len(line) for line in shown.splitlines()) <= 80  # laid out for the window
    assert re.search(r"^ +17  Main +banlist +Original Sinful", shown, re.M)  # one line a problem past 50 decks
    # the progress bar: on stderr, drawn and cleared; never in the report
    assert "checking" in visible(err) and "/111" in visible(err)
    assert "checking" not in shown and "\x1b[?25l" not in out


def test_no_color_takes_the_colour_away_and_keeps_the_layout(many_decks):
    code, out, err = run_in_terminals(["check", "decks"], user_env(NO_COLOR="1"), many_decks.parent)
    assert code == 1
    assert not any(COLOURS.search(params) for params in SGR.findall(out)), SGR.findall(out)[:10]
    shown = visible(out)
    assert max(len(line) for line in shown.splitlines()) <= 80
    assert re.search(r"^ +17  Main +banlist +Original Sinful", shown, re.M)
    assert "checking" in visible(err)  # NO_COLOR is about colour, not the progress bar


@pytest.mark.parametrize("changes,extra", [({"CI": "true"}, []), ({}, ["--quiet"])])
def test_no_progress_bar_in_ci_or_with_quiet(many_decks, changes, extra):
    code, out, err = run_in_terminals(["check", "decks", *extra], user_env(**changes), many_decks.parent)
    assert code == 1 and "checking" not in visible(err) and visible(err).strip() == ""
    assert "✗ ILLEGAL decks/illegal.yaml" in visible(out)


def test_a_pipe_from_a_terminal_session_is_not_wrapped(many_decks):
    # stdout to a pipe, stderr still a terminal (`deckcheck check … | less`): the report is not wrapped at all
    err_master, err_slave = _terminal()
    proc = subprocess.run([sys.executable, "-m", "deckcheck", "check", "decks/illegal.yaml"], stdout=subprocess.PIPE,
                          stderr=err_slave, cwd=many_decks.parent, env=user_env(), timeout=120)
    os.close(err_slave)
    os.close(err_master)
    out = proc.stdout.decode("utf-8")
    assert "\x1b[" not in out
    assert any(len(line) > 100 for line in out.splitlines())  # whole lines, for grep and the pager
    assert not [line for line in out.splitlines() if line != line.rstrip()]


def test_one_deck_on_a_terminal_is_stacked_for_its_80_columns(many_decks):
    code, out, err = run_in_terminals(["check", "decks/illegal.yaml"], user_env(), many_decks.parent)
    shown = visible(out)
    assert code == 1 and err == ""  # no progress bar for one file
    assert "  line 17, Main  banlist  Original Sinful Spoils - Snake-Eye (89023486)" in shown.splitlines()
    assert max(len(line) for line in shown.splitlines()) <= 80
    assert any(COLOURS.search(params) for params in SGR.findall(out))
