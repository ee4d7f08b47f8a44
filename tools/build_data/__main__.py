"""python -m tools.build_data [--shared ../shared/data] [--out-dir .]"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import __doc__ as DOC
from .card_facts import build as build_card_facts
from .cards import build_cards
from .common import BABELCDB, LIMIT_REGULATION, REPO, REPORT_FILE, YAML_YUGI, YGOJSON, Report, check_provenance
from .formats import FormatListBuilder
from .konami import BanlistBuilder
from .write import GENERATED_BY_LINE, NAMES_FILE, write_index, write_names
from .names import build_names
from .rush import build_rush
from .regional import build as build_regional

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=DOC.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared" / "data",
                        help="the shared data snapshot (default: ../shared/data beside the repository)")
    parser.add_argument("--out-dir", type=Path, default=REPO,
                        help="where deckcheck/data/ and banlists/ are written (default: the repository root)")
    args = parser.parse_args(argv)
    shared, out_dir = args.shared.resolve(), args.out_dir.resolve()
    if not (shared / "PROVENANCE.md").is_file():
        parser.error(f"{shared} is not the shared data directory (no PROVENANCE.md)")
    report = Report()
    check_provenance(shared, report)

    cards = build_cards(shared, report)
    main_path = out_dir / "deckcheck" / "data" / "cards.jsonl"
    other_path = out_dir / "deckcheck" / "data" / "other_cards.jsonl"
    write_index(main_path, cards.document(cards.main, cards.sources(), placeholders=True))
    write_index(other_path, cards.document(cards.other, [
        {**BABELCDB, "used_for": "Rush Duel and unofficial (anime, video game, pre-errata, GOAT, hidden) rows",
         "files": "edopro/cdb/cards-rush.cdb, prerelease-cards-rush.cdb, cards-unofficial.cdb, "
                  "cards-skills-unofficial.cdb, goat-entries.cdb, hidden rows of cards-skills.cdb"}], placeholders=False))

    banlists = BanlistBuilder(shared, cards, report)
    written = banlists.build(out_dir)
    formats = FormatListBuilder(shared, banlists, report)
    written += formats.build(out_dir)
    written += build_rush(shared, out_dir, report)  # the Rush index, names and lists (rush.py)
    written += build_regional(shared, out_dir, report)  # Master Duel, OCG AE / CN lists; the card pools
    build_card_facts(shared, out_dir, report)  # race, attribute, level, archetypes, products: deckcheck/data/card_facts.jsonl
    removed = []
    for path in sorted((out_dir / "banlists").glob("*/*.yaml")):  # generated lists no longer made (or moved)
        if path not in written and GENERATED_BY_LINE in path.read_text(encoding="utf-8").split("\n", 1)[0]:
            path.unlink()
            removed.append(str(path.relative_to(out_dir)))

    for path in (main_path, other_path):
        report.add("files", f"{path.relative_to(out_dir)}: {path.stat().st_size:,} bytes")
    report.add("files", f"{len(written)} list files under banlists/")
    write_names(out_dir / NAMES_FILE, build_names(cards, report), report)
    summarize(report, banlists, formats)
    text = report.text()
    report_path = out_dir / REPORT_FILE
    report_path.write_text(text, encoding="utf-8", newline="\n")
    print(text, end="")
    for rel in removed:
        print(f"removed {rel} (no longer generated)")
    print(f"report written to {report_path}")
    return 0


def summarize(report: Report, banlists: BanlistBuilder, formats: FormatListBuilder) -> None:
    """The report's first section: what was corrected and resolved, and whether anything needs a person."""
    fixes = banlists.corrections
    loud = sum(1 for lines in report.sections.values() for line in lines if "LOUD" in line)

    def add(line: str) -> None:
        report.add("summary", line)

    add("sources: " + "; ".join(f"{s['repository']} {s['commit'][:12]} ({s['date']})"
                                for s in (BABELCDB, YAML_YUGI, YGOJSON, LIMIT_REGULATION)))
    add(f"corrections.yaml: {len(fixes.dates)} list date(s), {len(fixes.statuses)} card status(es), applied to the "
        "lists (and by deckcheck update)")
    add(f"list statuses: the Konami vectors against EDOPro's lists and YGOJSON's history — "
        f"{report.count('list statuses', '    corrected')} corrected, the rest below")
    add(f"list dates: {len(fixes.dates)} list(s) dated by corrections.yaml, {len(banlists.agreeing)} as filed upstream; "
        "each checked against the day YGOJSON dates the list's changes")
    outvoted = next((line for line in report.sections.get("availability", []) if line.startswith("yaml-yugi's")), "")
    add(f"availability: {outvoted or 'yaml-yugi never outvoted'}")
    for line in report.sections.get("release dates", []):
        if line.startswith(("TCG dates", "OCG dates")) and line.rstrip().split(": ")[-1].isdigit():
            add(f"release dates: {line}")
    add(f"ids that are not alternate artworks: {report.count('ids that are not alternate artworks')} finding(s)")
    add(f"other formats' lists: {'; '.join(formats.summary)} — sections genesys, goat, speed")
    add(f"needs review (lines marked LOUD): {loud}")


if __name__ == "__main__":
    sys.exit(main())
