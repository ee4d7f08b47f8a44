"""The reviewed corrections (deckcheck/data/corrections.yaml, shared with deckcheck update): status fixes applied
to the lists, reported beside what the sources said, and checked to still apply."""

from __future__ import annotations

from deckcheck import corrections

from .common import REPO, STATUS_KEYS, OfficialList

CORRECTIONS_FILE = REPO / "deckcheck" / "data" / "corrections.yaml"


def load_corrections():
    return corrections.load(CORRECTIONS_FILE)


class CorrectionsMixin:
    """The corrections part of konami.BanlistBuilder."""

    def entries(self, lst: OfficialList) -> list[dict]:
        """The list as shipped: the scraped entries with the corrections file's status fixes applied."""
        out = {e["passcode"] or ("konami", e["konami_id"]): e for e in self.scraped_entries(lst)}
        for fix in self.corrections.statuses_for(lst.fmt, lst.name):
            passcode = self.cards.main.owner.get(fix.passcode)
            if passcode is None:
                raise SystemExit(f"corrections.yaml: {fix.card} {fix.passcode} is no card of the index")
            card = self.cards.main.cards[passcode]
            if fix.count is None:
                out.pop(passcode, None)
            else:
                out[passcode] = {"name": card.name, "passcode": passcode, "konami_id": fix.konami_id or card.konami_id,
                                 "status": fix.count}
        return sorted(out.values(), key=lambda e: (e["name"].casefold(), e["name"], e["passcode"] or 0))

    def report_fixes(self, lst: OfficialList, fixes, raw_edopro: list[str] | None, raw_history: list[str]) -> None:
        """What the scrape said, what EDOPro and YGOJSON say, and what corrections.yaml made of it."""
        edopro = "(EDOPro has no list of it)" if raw_edopro is None else f"from EDOPro's list in {len(raw_edopro)}"
        self.report.add("list statuses", f"{lst.name}: the scraped vector differs {edopro} and from YGOJSON's history "
                                         f"in {len(raw_history)} place(s):")
        raw_edopro = raw_edopro or []
        for line in sorted(set(raw_edopro) | set(raw_history)):
            self.report.add("list statuses", f"    {line}")
        for fix in fixes:
            self.report.add("list statuses", f"    corrected (corrections.yaml): {fix.card} {fix.passcode} "
                                             f"{fix.was} → {fix.status}")

    def check_corrections_match(self, lists: list[OfficialList]) -> None:
        """Every correction names a list that is built, and a status correction still changes the scrape."""
        names = {(lst.fmt, lst.name.casefold()): lst for lst in lists}
        for fix in self.corrections.dates:
            if (fix.format, fix.list.casefold()) not in names:
                raise SystemExit(f"corrections.yaml: list_dates names {fix.list!r}, which the build does not make "
                                 f"(filed {fix.filed}) — correct the entry")
        for fix in self.corrections.statuses:
            lst = names.get((fix.format, fix.list.casefold()))
            if lst is None:
                raise SystemExit(f"corrections.yaml: list_statuses names {fix.list!r}, which the build does not make")
            scraped = {e["passcode"]: e["status"] for e in self.scraped_entries(lst)}
            passcode = self.cards.main.owner.get(fix.passcode)
            if STATUS_KEYS.get(scraped.get(passcode), "unlimited") == fix.status:
                self.report.add("list statuses", f"{lst.name}: corrections.yaml sets {fix.card} {fix.status}, which "
                                                 "the scrape now says too — the correction can go")
            elif STATUS_KEYS.get(scraped.get(passcode), "unlimited") != fix.was:
                self.report.add("list statuses", f"LOUD: {lst.name}: corrections.yaml expects the scrape to say "
                                                 f"{fix.card} {fix.was}; it says "
                                                 f"{STATUS_KEYS.get(scraped.get(passcode), 'unlimited')}")
