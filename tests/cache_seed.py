"""The user cache a test session starts with: what any session builds from the shipped files (the name tables of
both games, every shipped list and format parsed), built once in pytest's cache and copied into each session's
own cache folder (each xdist worker's), rather than built again by each worker (about 6 s of CPU each).

A seed is made by a new process with the session's settings (an empty data folder: the shipped files), for one
state of the code and the shipped files (their sizes and times): any change makes a new one. Without pytest's
cache (-p no:cacheprovider, as .ci/run), or without fcntl, a session starts with an empty cache, as before.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

BUILD = """
from deckcheck.banlists import BanlistStore
from deckcheck.datastore import open_cards
from deckcheck.formats import FormatStore

cards = open_cards()
for index in (cards, cards.rush):
    if index is not None:
        index.prepare_name_tables()
BanlistStore().all()
formats = FormatStore(None)
for format_id in formats.builtin_ids():
    formats.get(format_id)
"""


def _state() -> str:
    """The code and shipped files a seed was built from (paths, sizes and modification times)."""
    digest = hashlib.sha256(sys.version.encode())
    for folder in ("deckcheck", "banlists", "schemas"):
        for path in sorted((REPO / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                st = path.stat()
                digest.update(f"{path.relative_to(REPO)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:20]


def seed(config, env: dict[str, str]) -> Path | None:
    """The folder of cache entries to start a session with (built when there is none for this state), or None."""
    cache = getattr(config, "cache", None)
    try:
        import fcntl
    except ImportError:
        return None
    if cache is None:
        return None
    root = Path(cache.mkdir("deckcheck-user-cache"))
    made = root / _state()
    with open(root / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one xdist worker builds it, the others wait for it
        if (made / ".complete").is_file():
            return made
        for old in root.iterdir():
            if old.is_dir():
                shutil.rmtree(old, ignore_errors=True)
        proc = subprocess.run([sys.executable, "-c", BUILD], cwd=REPO, capture_output=True,
                              env={**os.environ, **env, "DECKCHECK_CACHE_DIR": str(made)})
        if proc.returncode != 0:  # the tests meet the same failure, and say more
            shutil.rmtree(made, ignore_errors=True)
            return None
        (made / ".complete").touch()
        return made


def copy_seed(made: Path | None, cache_dir: Path) -> None:
    if made is not None:
        shutil.copytree(made, cache_dir, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".complete"))
