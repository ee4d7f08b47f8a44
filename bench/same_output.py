"""Prove that a change leaves every report byte for byte as it was: run the JSON (and text) report
of `deckcheck check` over folders of decklists in every built-in format, in one process and with
the process pool, and save the outputs, or compare them with outputs saved before the change.

    python bench/same_output.py save BASE DIR...      # before the change (e.g. on main)
    python bench/same_output.py compare BASE DIR...   # after: exits 1 on the first difference

The check date is fixed (--as-of), so outputs do not depend on the day. Run both with the same
data (no `deckcheck update` in between).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
AS_OF = "2026-11-30"


def runs(folders: list[str]):
    """(name, command) of every report compared."""
    base = [sys.executable, "-m", "deckcheck", "check", *folders, "--as-of", AS_OF]
    sys.path.insert(0, str(REPO))
    from deckcheck.formats import FormatStore

    for format_id in FormatStore().builtin_ids():
        yield f"{format_id}-json-1", [*base, "--format", format_id, "-o", "json", "--jobs", "1"]
        yield f"{format_id}-json-pool", [*base, "--format", format_id, "-o", "json", "--jobs", "2"]
    for output in ("text", "csv", "junit", "sarif", "github"):
        yield f"tcg-{output}", [*base, "-o", output]
    yield "tcg-text-quiet", [*base, "-o", "text", "--quiet"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("save", "compare"))
    parser.add_argument("base", type=Path, help="folder of saved outputs")
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args()
    args.base.mkdir(parents=True, exist_ok=True)
    different = 0
    for name, cmd in runs(args.folders):
        out = subprocess.run(cmd, cwd=REPO, capture_output=True, env={**os.environ, "COLUMNS": "120"})
        got = out.stdout + f"\nexit {out.returncode}\n".encode() + out.stderr
        saved = args.base / f"{name}.out"
        if args.action == "save":
            saved.write_bytes(got)
            print(f"saved    {name}: {len(got):,} bytes")
        elif saved.read_bytes() == got:
            print(f"same     {name}: {len(got):,} bytes")
        else:
            different += 1
            print(f"DIFFERS  {name}: {saved}")
    sys.exit(1 if different else 0)


if __name__ == "__main__":
    main()
