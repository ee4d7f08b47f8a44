"""What every part of the build shares: the source snapshots, the report, the card records, small readers."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # run from elsewhere than the repository root
    sys.path.insert(0, str(REPO))

from deckcheck.cardtypes import kind_of  # noqa: E402

GENERATED_BY = "tools/build_data.py"  # the label the shipped files carry (kept from the one-file tool: same bytes)
REPORT_FILE = Path("deckcheck") / "data" / "build-report.txt"

# Source snapshots (full commits as recorded in shared/data/PROVENANCE.md; checked against it at build time).
BABELCDB = {"id": "babelcdb", "repository": "ProjectIgnis/BabelCDB (+ Delta repos)",
            "commit": "503822eef8347d81b028b3ae6bbbd2f478926e71", "date": "2026-08-22"}
DELTA_BAGOOSKA = {"id": "deltabagooska", "repository": "ProjectIgnis/DeltaBagooska",
                  "commit": "750806e49f1706b9110df39e20be76e635c4a6c9", "date": "2026-08-22"}
YAML_YUGI = {"id": "yaml-yugi", "repository": "DawnbrandBots/yaml-yugi",
             "commit": "346997050053921374228bd381a085703001a64d", "date": "2026-08-22"}
YGOJSON = {"id": "ygojson", "repository": "iconmaster5326/YGOJSON (branch v1/individual)",
           "commit": "14e3ec20b4593cb5f6b9f19d67833c09e4aa1b69", "date": "2025-11-15"}
LIMIT_REGULATION = {"repository": "DawnbrandBots/yaml-yugi-limit-regulation",
                    "commit": "be1c8e923109420f444f1760aadd562aa8c2ee41", "date": "2026-08-22"}
LFLISTS_REPOSITORY = "ProjectIgnis/LFLists"
FORMAT_LIBRARY = {"repository": "danielmcnelis/formatlibrary", "path": "libs/components/src/data/banlists.json",
                  "commit": "2d33231a84f1a6bc672763d59b5a092890873af9", "date": "2026-08-21"}

OT_OCG, OT_TCG, OT_HIDDEN = 0x1, 0x2, 0x1000
PLACEHOLDER_MIN = 100_000_000

STATUS_KEYS = {0: "forbidden", 1: "limited", 2: "semi_limited"}
STATUS_WORDS = {0: "Forbidden", 1: "Limited", 2: "Semi-Limited", 3: "Unlimited", None: "Unlimited"}


# --------------------------------------------------------------------------------------------- report


class Report:
    """The build report: sections of lines, written beside the data (REPORT_FILE) and printed.

    Disagreements between the sources come first, each with what was decided and why; then counts, then
    what each source contributed. Deterministic: a rebuild from the same snapshot gives the same text.
    """

    ORDER = ("summary", "WARNINGS", "LOUD: unmappable list entries", "list statuses", "list dates", "availability",
             "ids that are not alternate artworks", "release dates", "counts", "lists")

    def __init__(self) -> None:
        self.sections: dict[str, list[str]] = {}

    def add(self, section: str, line: str) -> None:
        self.sections.setdefault(section, []).append(line)

    def examples(self, section: str, head: str, items: list[str], limit: int = 8) -> None:
        self.add(section, f"{head}: {len(items)}")
        for item in items[:limit]:
            self.add(section, f"    {item}")
        if len(items) > limit:
            self.add(section, f"    … and {len(items) - limit} more")

    def count(self, section: str, prefix: str = "") -> int:
        return sum(1 for line in self.sections.get(section, []) if line.startswith(prefix))

    def text(self) -> str:
        names = [s for s in self.ORDER if s in self.sections] + [s for s in self.sections if s not in self.ORDER]
        out = ["# deckcheck data build report — written by tools/build_data.py with the data it describes.",
               "# Review its diff with the data's: every disagreement between the sources, and what was decided."]
        for section in names:
            out.append(f"\n== {section}")
            out += [f"  {line}" for line in self.sections[section]]
        return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------- the records


@dataclass
class Card:
    passcode: int
    name: str
    type: int
    origin: str
    tcg: int = 0
    ocg: int = 0
    konami_id: int | None = None
    tcg_date: str | None = None
    ocg_date: str | None = None
    group: int | None = None
    alt_passcodes: set[int] = field(default_factory=set)
    level: int | None = None  # a monster's Level, Rank or Link Rating

    @property
    def kind(self) -> str:
        return kind_of(self.type)

    def row(self) -> list:
        return [self.passcode, self.name, self.kind, self.type, self.tcg, self.ocg, self.origin,
                self.konami_id, self.tcg_date, self.ocg_date, self.group, sorted(self.alt_passcodes), self.level]


@dataclass(frozen=True)
class CdbRow:
    """The facts of one card of an EDOPro database (edopro.read_cdb)."""

    id: int
    ot: int
    alias: int
    type: int
    name: str
    source: str
    level: int | None = None  # a monster's Level, Rank or Link Rating (the low byte of datas.level)


@dataclass
class OfficialList:
    """One of Konami's dated lists as the build reads it (konami.official_lists), before it is written."""

    fmt: str
    effective: str
    upstream_path: str
    regulation: dict[str, int]  # Konami ID (str) or, for OCG lists before 2021, English name -> 0/1/2
    by_name: bool = False
    notes: list[str] = field(default_factory=list)
    effective_by_region: dict[str, str] = field(default_factory=dict)
    origin: str = "konami"  # or "history": made from YGOJSON's TCG history (tcg_history_lists)

    @property
    def name(self) -> str:
        return f"{self.effective[:4]}.{self.effective[5:7]} {self.fmt.upper()}"


class Index:
    """Cards of one output file, with a passcode → canonical passcode map over alternate passcodes."""

    def __init__(self) -> None:
        self.cards: dict[int, Card] = {}
        self.owner: dict[int, int] = {}  # every passcode (own and alternate) -> canonical passcode

    def add(self, card: Card) -> Card:
        assert card.passcode not in self.owner, card.passcode
        self.cards[card.passcode] = card
        self.owner[card.passcode] = card.passcode
        return card

    def add_alt(self, canonical: int, passcode: int) -> None:
        assert passcode not in self.owner, passcode
        self.cards[canonical].alt_passcodes.add(passcode)
        self.owner[passcode] = canonical

    def resolve(self, passcode: int) -> Card | None:
        canonical = self.owner.get(passcode)
        return self.cards[canonical] if canonical is not None else None


def clean_name(name: str) -> str:
    return " ".join(name.replace("\u00a0", " ").split())


def read_jsonl(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_json(path: Path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def check_provenance(shared: Path, report: Report) -> None:
    text = (shared / "PROVENANCE.md").read_text(encoding="utf-8")
    for source in (BABELCDB, DELTA_BAGOOSKA, YAML_YUGI, YGOJSON, LIMIT_REGULATION):
        if source["commit"] not in text:
            report.add("WARNINGS", f"commit {source['commit']} of {source['repository']} is not in PROVENANCE.md "
                                   "— the snapshot changed; update the source table in tools/build_data.py")
