"""deckcheck benchmarks: ratios against baselines measured in the same run, never absolute times.

    python bench/bench.py                        # all but real (which needs a folder of decklists)
    python bench/bench.py cold batch             # some
    python bench/bench.py real --corpus DIR      # a folder of real decklists against ydeck (needs node and npm)

cold    `deckcheck check one.ydk --output-format json` in a new process, against
        `python -c "import typer, rich.console"` (median of --runs each, interleaved). Target ≤ 1.3×.
batch   checking 1,000 YDK files in one process (data loading included), against reading the
        same files and parsing their lines into integers. Target ≤ 5×.
names   `deckcheck check deck.txt --output-format json` in a new process, the deck a text decklist by
        card names (the 40-card Main, 15 Extra and 15 Side of sample_decks/tcg/branded-despia.ydk),
        against the same check of that YDK (medians of --runs, interleaved). Target ≤ 2×. The
        same list by German names is shown too (it reads the names of other languages).
corpus  `deckcheck check DIR --output-format json` end to end over 5,000 decklists, against a
        minimal script that reads the files and parses their passcodes (both new processes,
        interleaved, medians of --runs). Target ≤ 3×. Peak memory: the process's max RSS (exact,
        from the kernel). Target < 120 MB.
text    the text report of the 5,000 decklists against their JSON report (new processes,
        interleaved, medians). Target ≤ 1.5×.
genesys the 5,000 decklists made Genesys decks (Link and Pendulum Monsters and cards with points
        swapped for other cards) checked with --format genesys, against the same files checked as TCG
        decks. Target ≤ 1.2×. The same TCG decks checked as Genesys decks (every one illegal) are shown too.
real    `deckcheck check DIR --output-format json --format tcg` over a folder of real decklists
        (--corpus DIR, *.ydk under it; default ../shared/bench/decks, 2,000 distinct real decklists)
        against ydeck (npm, the validator of the Emcee tournament bot, installed once into
        ~/.cache/deckcheck-bench and run by bench/ydeck_check.js: one card index and allow vector,
        then every file validated) and against the read-and-parse floor (the minimal reader of
        corpus). New processes, alternating, medians of --runs, of the time and of the CPU time
        (user + system: what a busy machine changes least). Targets: ≤ 1.0× ydeck at lower peak
        memory (each one's max RSS).
real20k the same over 20,000 distinct decklists made from the real ones (make_distinct_corpus: each a
        real file with one to three passcodes swapped), to show how both scale.
devices what each speed device of deckcheck/fast/ buys: the command of real over --corpus with the
        device turned off (DECKCHECK_NO_FAST=name) against all of them on, and with none
        (DECKCHECK_NO_FAST=1). New processes, alternating, medians of the time and the CPU time.

sheet   `deckcheck decklist deck.ydk -o sheet.pdf` (a 40-card deck, deckcheck's own sheet) in a new process,
        against the cold check above (medians of --runs, interleaved). Target < 1 s, and the ratio shows
        what drawing a PDF adds to a check.
sheets  `deckcheck decklist DIR --merge -o all.pdf` over 500 decklists (one PDF of 500 sheets, sorted by
        last name), against the same check of DIR as JSON (both new processes, medians of --runs).
        Target < 30 s.

Decklists are made from the real decks in sample_decks/ that are legal in the TCG (see
make_corpus), with a fixed seed: most stay legal, about one in ten is not.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def real_decks() -> tuple[list[dict[str, list[int]]], set[int]]:
    """The sample decks (YDK and YAML) that are legal in the TCG today, as passcodes per section,
    and the passcodes on today's list (not to be swapped in, so variants stay mostly legal)."""
    from deckcheck.checker import Checker, Selection
    from deckcheck.datastore import load_cards, load_store
    from deckcheck.parsers import read_deck
    from deckcheck.resolve import resolve

    checker = Checker(load_cards(), load_store(), Selection(format="tcg"))
    regulation = checker.regulation()
    decks = []
    for path in sorted((REPO / "sample_decks").rglob("*")):
        if path.suffix not in (".ydk", ".yaml") or not checker.check_path(path).legal:
            continue
        sections: dict[str, list[int]] = {"main": [], "extra": [], "side": []}
        for entry in resolve(read_deck(path), regulation.cards).entries:
            sections[entry.section].extend([entry.card.passcode] * entry.count)
        decks.append(sections)
    if not decks:
        sys.exit("bench: no legal TCG decks in sample_decks/")
    listed = {p for p in regulation.cards._main.passcodes if regulation.cards.group_of(p) in regulation.limits}
    return decks, listed


def make_corpus(folder: Path, count: int, seed: int = 2026) -> list[Path]:
    """``count`` YDK files: real decks with a few cards swapped for unlisted cards of the same
    section from other real decks (never past 3 copies); about one in ten gets one more card
    (often a 4th copy), so some are illegal, as in a real pile of submissions."""
    rng = random.Random(seed)
    decks, listed = real_decks()
    pool = {s: sorted({c for d in decks for c in d[s]} - listed) for s in ("main", "extra", "side")}
    paths = []
    for i in range(count):
        base = rng.choice(decks)
        sections = {s: list(cards) for s, cards in base.items()}
        copies = {}
        for cards in sections.values():
            for c in cards:
                copies[c] = copies.get(c, 0) + 1
        for s, cards in sections.items():
            for _ in range(rng.randint(0, 6)):
                if not cards:
                    break
                new = rng.choice(pool[s])
                if copies.get(new, 0) < 3:
                    at = rng.randrange(len(cards))
                    copies[cards[at]] -= 1
                    cards[at] = new
                    copies[new] = copies.get(new, 0) + 1
        if rng.random() < 0.1:
            sections["main"].append(rng.choice(sections["main"]))
        lines = ["#created by bench", "#main", *map(str, sections["main"]), "#extra", *map(str, sections["extra"]),
                 "!side", *map(str, sections["side"])]
        path = folder / f"{i // 500:02d}" / f"deck{i:05d}.ydk"
        path.parent.mkdir(exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def deckcheck_command() -> list[str]:
    """This checkout's deckcheck: ``python -m deckcheck`` run in the checkout, with the real interpreter (not a
    pyenv shim, which costs about 50 ms a start). The ``deckcheck`` script beside the interpreter would run
    whatever checkout is installed (an editable install of another worktree), not this one."""
    return [sys.executable, "-m", "deckcheck"]


def timed(cmd: list[str], cwd: Path = REPO) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def bench_cold(runs: int) -> tuple[float, float]:
    deck = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"
    baseline_cmd = [sys.executable, "-c", "import typer, rich.console"]
    check_cmd = [*deckcheck_command(), "check", str(deck), "--output-format", "json"]
    timed(baseline_cmd), timed(check_cmd)  # warm the file cache
    base, ours = [], []
    for _ in range(runs):
        base.append(timed(baseline_cmd))
        ours.append(timed(check_cmd))
    return statistics.median(base), statistics.median(ours)


def bench_sheet(runs: int) -> tuple[float, float]:
    deck = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"
    with tempfile.TemporaryDirectory() as tmp:
        check_cmd = [*deckcheck_command(), "check", str(deck), "--output-format", "json"]
        sheet_cmd = [*deckcheck_command(), "decklist", str(deck), "-o", str(Path(tmp) / "sheet.pdf"),
                     "--player", "Jane Doe", "--konami-id", "0012345678", "--event", "Bench", "--date", "2026-06-14"]
        timed(check_cmd), timed(sheet_cmd)
        base, ours = [], []
        for _ in range(runs):
            base.append(timed(check_cmd))
            ours.append(timed(sheet_cmd))
    return statistics.median(base), statistics.median(ours)


def bench_sheets(runs: int) -> tuple[float, float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "decks"
        folder.mkdir()
        make_corpus(folder, 500)
        out = Path(tmp) / "all.pdf"
        check_cmd = [*deckcheck_command(), "check", str(folder), "--output-format", "json"]
        sheet_cmd = [*deckcheck_command(), "decklist", str(folder), "--merge", "-o", str(out), "--event", "Bench"]
        base, ours = [], []
        for _ in range(runs):
            base.append(timed(check_cmd))
            ours.append(timed(sheet_cmd))
        size = out.stat().st_size if out.exists() else 0
    return statistics.median(base), statistics.median(ours), size


def text_decklist(lang: str = "en") -> str:
    """branded-despia.ydk as a text decklist by name ("3 Fallen of Albaz"), grouped as a site exports it."""
    from deckcheck.datastore import open_cards
    from deckcheck.parsers import read_deck

    cards = open_cards()
    deck = read_deck(REPO / "sample_decks" / "tcg" / "branded-despia.ydk")
    lines = []
    for section, title in (("main", "Main Deck"), ("extra", "Extra Deck"), ("side", "Side Deck")):
        counts: dict[int, int] = {}
        for entry in deck.entries:
            if entry.section == section:
                counts[entry.passcode] = counts.get(entry.passcode, 0) + entry.count
        lines.append(f"{title} ({sum(counts.values())})")
        for passcode, count in counts.items():
            card = cards.by_passcode(passcode)
            name = card.name if lang == "en" else cards.other_names.name_of(card.passcode, lang)
            lines.append(f"{count} {name}")
    return "\n".join(lines) + "\n"


def bench_names(runs: int) -> tuple[float, float, float]:
    """Medians of (the YDK check, the same deck by English names, by German names), each a new process."""
    with tempfile.TemporaryDirectory() as tmp:
        english, german = Path(tmp) / "deck.txt", Path(tmp) / "deck-de.txt"
        english.write_text(text_decklist(), encoding="utf-8")
        german.write_text(text_decklist("de"), encoding="utf-8")
        ydk = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"
        commands = [[*deckcheck_command(), "check", str(path), "--output-format", "json"] for path in (ydk, english, german)]
        for cmd in commands:  # warm the file cache; each must be the legal deck
            out = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
            if out.returncode != 0:
                sys.exit(f"bench: {cmd[-3]} is not legal: {out.stdout[-500:]}")
        times: list[list[float]] = [[], [], []]
        for _ in range(runs):
            for i, cmd in enumerate(commands):
                times[i].append(timed(cmd))
        return tuple(statistics.median(t) for t in times)


def parse_ints_baseline(paths: list[Path]) -> int:
    total = 0
    for path in paths:
        with open(path, "rb") as f:
            for line in f.read().decode("utf-8").splitlines():
                line = line.strip()
                if line.isdigit():
                    total += int(line)
    return total


def check_in_process(paths: list[Path]) -> int:
    from deckcheck.checker import Checker, Selection
    from deckcheck.datastore import load_cards, load_store

    checker = Checker(load_cards(), load_store(), Selection())
    return sum(1 for p in paths if checker.check_path(p, str(p)).legal)


def bench_batch(runs: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        paths = make_corpus(Path(tmp), 1000)
        base, ours = [], []
        for _ in range(runs):
            t = time.perf_counter(); parse_ints_baseline(paths); base.append(time.perf_counter() - t)
            for mod in [m for m in sys.modules if m.startswith("deckcheck")]:
                del sys.modules[mod]  # a fresh load of data every run
            t = time.perf_counter(); check_in_process(paths); ours.append(time.perf_counter() - t)
        return statistics.median(base), statistics.median(ours)


MINIMAL_READER = """
import os, sys
total = 0
for root, dirs, files in os.walk(sys.argv[1]):
    for name in files:
        if name.endswith(".ydk"):
            with open(os.path.join(root, name), "rb") as f:
                for line in f.read().decode("utf-8").splitlines():
                    if line.strip().isdigit():
                        total += int(line)
print(total)
"""


def _tree_rss_kb(pid: int) -> int:
    """Resident memory of a process and all its descendants (Linux /proc), in KB; 0 elsewhere."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/status") as f:
                total += next((int(line.split()[1]) for line in f if line.startswith("VmRSS:")), 0)
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo.extend(int(c) for c in f.read().split())
        except (OSError, ValueError):
            continue
    return total


# Started by a small process of its own: a child's max RSS counts the memory of the process it was forked
# from until it runs the command (this benchmark's own, with the card data loaded, would be counted).
_OWN_PEAK = ("import os, sys\npid = os.fork()\nif pid == 0:\n    os.execvp(sys.argv[1], sys.argv[1:])\n"
             "print(os.wait4(pid, 0)[2].ru_maxrss)")


def own_peak_mb(cmd: list[str], env: dict | None = None) -> float:
    """The max RSS of the process ``cmd`` starts (workers not included), exact, from the kernel (wait4)."""
    out = subprocess.run([sys.executable, "-S", "-c", _OWN_PEAK, *cmd], cwd=REPO, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, env=env, text=True).stdout
    return int(out.split()[-1]) / 1024


def run_measured(cmd: list[str], env: dict | None = None) -> tuple[float, float, float, float]:
    """(seconds, max RSS of the process itself in MB, peak RSS of its whole process tree in MB, CPU seconds).

    The tree's peak is sampled every 2 ms from /proc (child processes included); the process's own
    peak is exact (``own_peak_mb``: one more run). CPU: user + system time of the process and its children.
    """
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    tree_peak = 0
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if sys.platform.startswith("linux"):
            tree_peak = max(tree_peak, _tree_rss_kb(proc.pid))
        time.sleep(0.002)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    own_peak = own_peak_mb(cmd, env)
    return elapsed, own_peak, max(tree_peak / 1024, own_peak), usage.ru_utime + usage.ru_stime


def bench_corpus(runs: int) -> tuple[float, float, float, float]:
    """Medians of (baseline s, deckcheck s), the peak of deckcheck's MB, and the share of decks that were legal
    (how realistic the corpus is)."""
    with tempfile.TemporaryDirectory() as tmp:
        make_corpus(Path(tmp), 5000)
        base_cmd = [sys.executable, "-c", MINIMAL_READER, tmp]
        check_cmd = [*deckcheck_command(), "check", tmp, "--output-format", "json"]
        timed(base_cmd), timed(check_cmd)  # warm the file cache for both
        base, ours, own = [], [], []
        for _ in range(runs):  # interleaved, so a slow moment of the machine hits both
            base.append(timed(base_cmd))
            seconds, own_mb, _tree_mb, _cpu = run_measured(check_cmd)
            ours.append(seconds)
            own.append(own_mb)
        import json

        out = subprocess.run(check_cmd, cwd=REPO, capture_output=True, text=True).stdout
        summary = json.loads(out)["summary"]
        legal = summary["legal"] / summary["decks"]
        return statistics.median(base), statistics.median(ours), max(own), legal


def alternate(commands: dict[str, list[str]], runs: int, env: dict | None = None,
              envs: dict[str, dict] | None = None) -> dict[str, dict]:
    """Run each command ``runs`` times, one of each in turn (a slow moment of a shared machine hits all of
    them), after one warm-up run each: per command the median seconds and CPU seconds, and the peaks of its own
    and its process tree's resident memory (MB). ``env``: the environment of the commands; ``envs``: of each
    command by name, instead."""
    def env_of(name: str) -> dict | None:
        return envs[name] if envs is not None else env

    for name, cmd in commands.items():
        subprocess.run(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env_of(name))
    found: dict[str, dict] = {name: {"s": [], "cpu": [], "own": 0.0, "tree": 0.0} for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            seconds, own, tree, cpu = run_measured(cmd, env_of(name))
            found[name]["s"].append(seconds)
            found[name]["cpu"].append(cpu)
            found[name]["own"] = max(found[name]["own"], own)
            found[name]["tree"] = max(found[name]["tree"], tree)
    for values in found.values():
        values["median"] = statistics.median(values["s"])
        values["cpu_median"] = statistics.median(values["cpu"])
    return found


def bench_text(runs: int) -> dict[str, dict]:
    with tempfile.TemporaryDirectory() as tmp:
        make_corpus(Path(tmp), 5000)
        check = [*deckcheck_command(), "check", tmp, "--output-format"]
        return alternate({"json": [*check, "json"], "text": [*check, "text"]}, runs)


def make_genesys_corpus(folder: Path, count: int) -> None:
    """The decklists of ``make_corpus`` as Genesys decks: every card the Genesys format bans by type or
    gives points taken out (the rules' own verdicts: banned_type.allows, the regulation's points), and the
    Main Deck filled up again to 40 with cards Genesys allows at no points, at most 3 copies of a name."""
    from deckcheck.checker import Checker, Selection
    from deckcheck.datastore import load_cards, load_store
    from deckcheck.rules import banned_type

    make_corpus(folder, count)
    regulation = Checker(load_cards(), load_store(), Selection(format="genesys")).regulation()
    cards = regulation.cards

    def allowed(passcode: int) -> bool:
        card = cards.by_passcode(passcode)
        return (card is not None and banned_type.allows(card, "main", regulation)
                and not regulation.points.get(card.passcode))

    decks = {}
    for path in sorted(folder.rglob("*.ydk")):
        sections: dict[str, list[int]] = {}
        marker = None
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.isdigit():
                sections.setdefault(marker, []).append(int(line))
            elif line.startswith(("#main", "#extra", "!side")):
                marker = line
        decks[path] = sections
    from deckcheck.rules import card_pool

    fill = [c.passcode for c in cards.cards() if c.kind == "main" and c.passcode == c.group and allowed(c.passcode)
            and card_pool.allows(c, "main", regulation)][:300]  # Main Deck cards Genesys allows at no points
    for path, sections in decks.items():
        kept = {marker: [p for p in passcodes if allowed(p)] for marker, passcodes in sections.items()}
        copies: dict[int, int] = {}
        for passcodes in kept.values():
            for p in passcodes:
                copies[cards.group_of(p)] = copies.get(cards.group_of(p), 0) + 1
        main = kept.setdefault("#main", [])
        for p in fill:
            if len(main) >= max(40, len(sections.get("#main", ()))):
                break
            while copies.get(cards.group_of(p), 0) < 3 and len(main) < 40:
                main.append(p)
                copies[cards.group_of(p)] = copies.get(cards.group_of(p), 0) + 1
        lines = ["#created by bench"]
        for marker in ("#main", "#extra", "!side"):
            lines += [marker, *map(str, kept.get(marker, ()))]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def bench_genesys(runs: int) -> tuple[dict[str, dict], float]:
    """Medians of the Genesys decks as Genesys and as TCG decks, and of the TCG decks as Genesys decks."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as tcg_tmp:
        make_genesys_corpus(Path(tmp), 5000)
        check = [*deckcheck_command(), "check", tmp, "--output-format", "json", "--format"]
        found = alternate({"genesys": [*check, "genesys"], "tcg": [*check, "tcg"]}, runs)
        out = subprocess.run([*check, "genesys"], cwd=REPO, capture_output=True, text=True).stdout
        import json

        summary = json.loads(out)["summary"]
        make_corpus(Path(tcg_tmp), 5000)
        as_tcg = [*deckcheck_command(), "check", tcg_tmp, "--output-format", "json", "--format"]
        found.update({f"tcg decks as {k}": v for k, v in alternate(
            {"genesys": [*as_tcg, "genesys"], "tcg": [*as_tcg, "tcg"]}, runs).items()})
        return found, summary["legal"] / summary["decks"]


def ydeck_cards(target: Path) -> None:
    """The card index ydeck_check.js reads: every passcode of deckcheck's card index with its name, type,
    alias (the card an alternate artwork or a "treated as" card counts as) and the copies the TCG list in
    force allows (0 for a card outside the TCG card pool), as the Emcee bot builds its allow vector."""
    import json

    from deckcheck.checker import Checker, Selection
    from deckcheck.datastore import load_cards, load_store
    from deckcheck.rules.card_pool import why_not_legal

    regulation = Checker(load_cards(), load_store(), Selection(format="tcg")).regulation()
    rows = []
    for card in regulation.cards.cards():
        limit = 0 if why_not_legal(card, regulation) else regulation.limits.get(card.group, 3)
        for passcode in card.passcodes:
            alias = card.passcode if passcode != card.passcode else (card.group if card.group != card.passcode else 0)
            rows.append([passcode, card.name, card.type, alias, limit, card.origin == "prerelease"])
    target.write_text(json.dumps(rows), encoding="utf-8")


YDECK = "ydeck@0.2.10"
YDECK_DIR = Path.home() / ".cache" / "deckcheck-bench" / YDECK  # kept between runs: npm install takes seconds


def install_ydeck() -> Path:
    """npm's ydeck (for this benchmark only; the product never needs Node), installed once: its node_modules."""
    modules = YDECK_DIR / "node_modules"
    if not (modules / "ydeck" / "package.json").is_file():
        subprocess.run(["npm", "install", "--prefix", str(YDECK_DIR), "--no-audit", "--no-fund", "--no-save", YDECK],
                       check=True, stdout=subprocess.DEVNULL)
    return modules


SHARED_DECKS = REPO.parent / "shared" / "bench" / "decks"  # 2,000 distinct real decklists (see its SOURCES.md)


def make_distinct_corpus(source: Path, folder: Path, count: int, seed: int = 2026) -> int:
    """``count`` YDK files, every one different, made from the real decklists under ``source``: each a real
    file with one to three of its passcode lines swapped for passcodes of the same section of other real
    decks, its other lines (comments, markers, names) kept. Returns how many real files it was made from."""
    rng = random.Random(seed)
    files = sorted(source.rglob("*.ydk"))
    texts = [path.read_bytes().decode("utf-8", "surrogateescape").splitlines() for path in files]
    pool: dict[str, list[str]] = {}
    for lines in texts:
        section = "#main"
        for line in lines:
            if line.startswith(("#main", "#extra", "!side")):
                section = line.strip()
            elif line.strip().isdigit():
                pool.setdefault(section, []).append(line.strip())
    seen: set[int] = set()
    made = 0
    while made < count:
        lines = list(rng.choice(texts))
        section, at = "#main", []
        for i, line in enumerate(lines):
            if line.startswith(("#main", "#extra", "!side")):
                section = line.strip()
            elif line.strip().isdigit():
                at.append((i, section))
        for i, section in rng.sample(at, min(len(at), rng.randint(1, 3))):
            lines[i] = rng.choice(pool.get(section) or pool["#main"])
        data = ("\n".join(lines) + "\n").encode("utf-8", "surrogateescape")
        if hash(data) in seen:
            continue
        seen.add(hash(data))
        path = folder / f"{made // 1000:02d}" / f"deck{made:05d}.ydk"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
        made += 1
    return len(files)


def bench_real(corpus: Path, runs: int) -> tuple[dict[str, dict], dict, int]:
    """Medians and memory peaks of deckcheck, ydeck and the floor over the decklists under ``corpus``;
    deckcheck's summary; ydeck's legal decks."""
    import json

    with tempfile.TemporaryDirectory() as tmp:
        modules = install_ydeck()
        cards = Path(tmp) / "cards.json"
        ydeck_cards(cards)
        commands = {
            "deckcheck": real_command(corpus),
            "ydeck": ["node", str(REPO / "bench" / "ydeck_check.js"), str(cards), str(corpus)],
            "floor": [sys.executable, "-c", MINIMAL_READER, str(corpus)],
        }
        env = {**os.environ, "NODE_PATH": str(modules)}
        found = alternate(commands, runs, env)
        summary = json.loads(subprocess.run(commands["deckcheck"], cwd=REPO, capture_output=True, text=True).stdout)["summary"]
        ydeck_out = subprocess.run(commands["ydeck"], cwd=REPO, capture_output=True, text=True, env=env).stdout
        ydeck_legal = json.loads(ydeck_out.splitlines()[-1])["legal"]
        return found, summary, ydeck_legal


def real_command(corpus: Path) -> list[str]:
    return [*deckcheck_command(), "check", str(corpus), "--output-format", "json", "--format", "tcg"]


def report_real(corpus: Path, described, runs: int) -> None:
    before = load()
    found, summary, ydeck_legal = bench_real(corpus, runs)
    ours, ydeck, floor = (found[k]["median"] for k in ("deckcheck", "ydeck", "floor"))
    ours_cpu, ydeck_cpu = found["deckcheck"]["cpu_median"], found["ydeck"]["cpu_median"]
    print(f"real    {summary['decks']:,} decks: {described} ({summary['legal'] / summary['decks']:.0%} legal; "
          f"ydeck: {ydeck_legal / summary['decks']:.0%})")
    print(f"        deckcheck {ours * 1000:7.1f} ms  ydeck {ydeck * 1000:7.1f} ms  ratio {ours / ydeck:5.2f}×  (target ≤ 1.0×);"
          f"  floor {floor * 1000:7.1f} ms  ratio {ours / floor:5.2f}×")
    print(f"        CPU time: deckcheck {ours_cpu * 1000:7.1f} ms  ydeck {ydeck_cpu * 1000:7.1f} ms  ratio "
          f"{ours_cpu / ydeck_cpu:5.2f}×")
    print(f"        peak RSS: deckcheck {found['deckcheck']['own']:.0f} MB, ydeck {found['ydeck']['own']:.0f} MB "
          f"(target: below ydeck's)")
    for name, values in found.items():
        print(f"        runs: {name} {', '.join(f'{s * 1000:.0f}' for s in values['s'])} ms")
    print(f"        {before} before, {load()} after")


def report_devices(corpus: Path, runs: int) -> None:
    """What each device of deckcheck/fast/ buys on ``corpus``: the command with it off against all on."""
    from deckcheck.fast import DEVICES

    before = load()
    base = {k: v for k, v in os.environ.items() if k != "DECKCHECK_NO_FAST"}
    envs = {"all on": base, **{f"without {d}": {**base, "DECKCHECK_NO_FAST": d} for d in DEVICES},
            "none": {**base, "DECKCHECK_NO_FAST": "1"}}
    found = alternate({name: real_command(corpus) for name in envs}, runs, envs=envs)
    on = found["all on"]
    print(f"devices {corpus} (-o json --format tcg), medians of {runs}:")
    for name, values in found.items():
        print(f"        {name:24s} {values['median'] * 1000:7.1f} ms ({values['median'] / on['median']:5.2f}×)  CPU "
              f"{values['cpu_median'] * 1000:7.1f} ms ({values['cpu_median'] / on['cpu_median']:5.2f}×)")
    print(f"        {before} before, {load()} after")


def load() -> str:
    if not hasattr(os, "getloadavg"):
        return "load average unknown"
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def compile_package() -> None:
    """Byte-compile deckcheck as `pip install` does, so no run pays for compiling sources.

    (PYTHONDONTWRITEBYTECODE is set on some machines, which would otherwise make every run
    of a source checkout compile every module again.)
    """
    import compileall

    compileall.compile_dir(str(REPO / "deckcheck"), quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    names = ["cold", "batch", "names", "corpus", "text", "genesys", "sheet", "sheets", "real", "real20k", "devices"]
    parser.add_argument("which", nargs="*", metavar="|".join(names), help="which benchmarks (default: all but real; "
                        "with --corpus, real too)")
    parser.add_argument("--runs", type=int, default=0, help="repetitions (default: 15 cold, 5 batch, 15 names, "
                        "5 corpus, text, genesys and real, 9 devices and sheet, 3 sheets)")
    parser.add_argument("--corpus", type=Path, default=SHARED_DECKS, help="a folder of real decklists, for real, "
                        "real20k and devices (default: ../shared/bench/decks)")
    args = parser.parse_args()
    which = args.which or names[:-3] + (["real"] if args.corpus.is_dir() else [])
    unknown = set(which) - set(names)
    if unknown:
        parser.error(f"unknown benchmark: {', '.join(sorted(unknown))}")
    if {"real", "real20k", "devices"} & set(which) and not args.corpus.is_dir():
        parser.error(f"real needs --corpus DIR, a folder of decklists ({args.corpus} is none)")
    compile_package()
    print(f"python {sys.version.split()[0]} · {os.cpu_count()} cores · deckcheck via {' '.join(deckcheck_command())}")
    if "cold" in which:
        base, ours = bench_cold(args.runs or 15)
        print(f"cold    baseline {base * 1000:7.1f} ms  deckcheck {ours * 1000:7.1f} ms  ratio {ours / base:5.2f}×  (target ≤ 1.2×)"
              f"  · {load()}")
    if "batch" in which:
        base, ours = bench_batch(args.runs or 5)
        print(f"batch   baseline {base * 1000:7.1f} ms  deckcheck {ours * 1000:7.1f} ms  ratio {ours / base:5.2f}×  (target ≤ 5×, 1,000 YDK)")
    if "names" in which:
        ydk, english, german = bench_names(args.runs or 15)
        print(f"names   YDK {ydk * 1000:7.1f} ms  text by names {english * 1000:7.1f} ms  ratio {english / ydk:5.2f}×  "
              f"(target ≤ 2×);  by German names {german * 1000:7.1f} ms  ratio {german / ydk:5.2f}×")
    if "corpus" in which:
        before = load()
        base, ours, own, legal = bench_corpus(args.runs or 5)
        print(f"corpus  baseline {base * 1000:7.1f} ms  deckcheck {ours * 1000:7.1f} ms  ratio {ours / base:5.2f}×  (target ≤ 3×, 5,000 decks, "
              f"{legal:.0%} legal)  peak RSS {own:.0f} MB (target < 120 MB)")
        print(f"        {before} before, {load()} after")
    if "text" in which:
        found = bench_text(args.runs or 5)
        json_s, text_s = found["json"]["median"], found["text"]["median"]
        print(f"text    JSON report {json_s * 1000:7.1f} ms  text report {text_s * 1000:7.1f} ms  ratio "
              f"{text_s / json_s:5.2f}×  (target ≤ 1.5×, 5,000 decks)  · {load()}")
    if "genesys" in which:
        found, legal = bench_genesys(args.runs or 5)
        gen, tcg = found["genesys"]["median"], found["tcg"]["median"]
        gen_tcg, tcg_tcg = found["tcg decks as genesys"]["median"], found["tcg decks as tcg"]["median"]
        print(f"genesys as Genesys {gen * 1000:7.1f} ms  as TCG {tcg * 1000:7.1f} ms  ratio {gen / tcg:5.2f}×  "
              f"(target ≤ 1.2×, 5,000 Genesys decks, {legal:.0%} legal in Genesys)  · {load()}")
        print(f"        TCG decks as Genesys {gen_tcg * 1000:7.1f} ms  as TCG {tcg_tcg * 1000:7.1f} ms  ratio "
              f"{gen_tcg / tcg_tcg:5.2f}×  (every one illegal in Genesys)")
    if "real" in which:
        report_real(args.corpus, args.corpus, args.runs or 5)
    if "real20k" in which:
        with tempfile.TemporaryDirectory() as tmp:
            made_from = make_distinct_corpus(args.corpus, Path(tmp), 20_000)
            report_real(Path(tmp), f"20,000 distinct decklists made from the {made_from:,} under {args.corpus}",
                        args.runs or 5)
    if "devices" in which:
        report_devices(args.corpus, args.runs or 9)
    if "sheet" in which:
        base, ours = bench_sheet(args.runs or 9)
        print(f"sheet   check {base * 1000:7.1f} ms  decklist {ours * 1000:7.1f} ms  ratio {ours / base:5.2f}×  "
              f"(target < 1 s, a 40-card deck)")
    if "sheets" in which:
        base, ours, size = bench_sheets(args.runs or 3)
        print(f"sheets  check {base:6.2f} s  decklist --merge {ours:6.2f} s  ratio {ours / base:5.2f}×  (target < 30 s, "
              f"500 decks, a PDF of {size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
