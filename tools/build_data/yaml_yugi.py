"""DawnbrandBots/yaml-yugi: Konami's English names, Konami IDs, availability (limit_regulation, set numbers), the
cards the cdb lacks (the names in other languages: names.py)."""

from __future__ import annotations

from deckcheck.cardtypes import (
    CONTINUOUS, COUNTER, EFFECT, EQUIP, FIELD, FLIP, FUSION, GEMINI, LINK, MONSTER, NORMAL, PENDULUM, QUICKPLAY,
    RITUAL, SPELL, SPIRIT, SPSUMMON, SYNCHRO, TOON, TRAP, TUNER, UNION, XYZ, EXTRA_DECK,
)

from .common import Card, CdbRow, Index, Report, clean_name

UNDERIVABLE_MASK = ~(SPSUMMON | 0x100)  # bits yaml-yugi cannot express: SPSUMMON, TRAPMONSTER
MONSTER_LINE_BITS = {"Normal": NORMAL, "Effect": EFFECT, "Fusion": FUSION, "Ritual": RITUAL, "Spirit": SPIRIT,
                     "Union": UNION, "Gemini": GEMINI, "Tuner": TUNER, "Synchro": SYNCHRO, "Flip": FLIP,
                     "Toon": TOON, "Xyz": XYZ, "Pendulum": PENDULUM, "Link": LINK}
PROPERTY_BITS = {"Normal": 0, "Quick-Play": QUICKPLAY, "Continuous": CONTINUOUS, "Equip": EQUIP,
                 "Field": FIELD, "Ritual": RITUAL, "Counter": COUNTER}

RELEASED = {"Unlimited": 1, "Forbidden": 1, "Limited": 1, "Semi-Limited": 1, "Not yet released": 0}


def yaml_yugi_level(y: dict) -> int | None:
    """A monster's Level, Rank or Link Rating (its number of Link Arrows) in yaml-yugi."""
    for key in ("level", "rank"):
        if isinstance(y.get(key), int) and not isinstance(y.get(key), bool):
            return y[key]
    arrows = y.get("link_arrows")
    return len(arrows) if isinstance(arrows, list) and arrows else None


def yaml_yugi_password(y: dict) -> int | None:
    """A yaml-yugi record's passcode: its password, or EDOPro's pseudo-passcode (`fake_password`)."""
    return y.get("password") or y.get("fake_password")


def yaml_yugi_type(y: dict) -> int:
    """Type bits derived from yaml-yugi's card_type / monster_type_line / property."""
    kind = y.get("card_type")
    if kind == "Monster":
        bits = MONSTER
        parts = [part.strip() for part in (y.get("monster_type_line") or "").split("/")[1:]]
        for part in parts:
            bits |= MONSTER_LINE_BITS.get(part, 0)
        # yaml-yugi leaves out "Effect" after an ability ("Rock / Spirit", "Plant / Tuner") and "Normal" on
        # plain monsters ("Beast-Warrior", "Machine / Pendulum"); it cannot tell Flip monsters apart
        if not bits & (NORMAL | EFFECT):
            if bits & (SPIRIT | UNION | GEMINI | TOON | FLIP) or (bits & TUNER and not bits & EXTRA_DECK):
                bits |= EFFECT
            elif not bits & (EXTRA_DECK | RITUAL | TUNER):
                bits |= NORMAL
        return bits
    bits = SPELL if kind == "Spell" else TRAP if kind == "Trap" else 0
    return bits | PROPERTY_BITS.get(y.get("property") or "Normal", 0)


def released(status) -> int | None:
    return RELEASED.get(status) if isinstance(status, str) else None


def lr_text(y: dict) -> str:
    lr = y.get("limit_regulation") or {}
    return f"limit_regulation tcg {lr.get('tcg')!r}, ocg {lr.get('ocg')!r}"


def set_prefixes(y: dict | None, region: str) -> set[str]:
    """The sets a yaml-yugi record is printed in for a region ("PP02" of PP02-EN001), announced numbers aside."""
    return {n.split("-")[0] for n in ((y or {}).get("sets") or {}).get(region, []) if "?" not in n}


class YamlYugiCards:
    """The card index's yaml-yugi part (a mixin of cards.Builder)."""

    report: Report
    main: Index
    cdb_ids: set[int]
    pool_evidence: dict[int, tuple[dict | None, int | None]]
    yy: list[dict]
    yy_by_password: dict[int, dict]
    yy_by_name: dict[str, list[dict]]

    # -- yaml-yugi: names, Konami IDs, TCG/OCG availability, and the cards the cdb lacks

    def apply_yaml_yugi(self, cdb_rows: dict[int, CdbRow]) -> None:
        section = "yaml-yugi"
        renamed, unmatched = [], []
        for card in self.main.cards.values():
            y = self.yy_by_password.get(card.passcode)
            if card.kind not in ("token", "skill"):
                self.pool_evidence[card.passcode] = (y, cdb_rows[card.passcode].ot)
            if y is None:
                unmatched.append(card)
                continue
            name = clean_name(y["name"]["en"])
            if name != card.name:
                renamed.append(f"{card.passcode}: cdb {card.name!r} → yaml-yugi {name!r}")
                card.name = name
            card.konami_id = y.get("konami_id")
        self.report.examples(section, "names where yaml-yugi (Konami's official English name) replaced the cdb's "
                                      "(stale fan translations, case, NBSP)", renamed, 12)
        unmatched_cards = [c for c in unmatched if c.kind != "token"]
        self.report.examples(section, "non-token cdb cards unknown to yaml-yugi (availability from the other sources)",
                             [f"{c.passcode} {c.name!r}" for c in unmatched_cards], 12)
        self._add_yaml_yugi_only()
        self._konami_by_name(unmatched_cards)

    def _add_yaml_yugi_only(self) -> None:
        section = "yaml-yugi"
        added, as_alt = [], []
        konami_owner = {c.konami_id: c for c in self.main.cards.values() if c.konami_id}
        for y in sorted(self.yy, key=lambda y: y.get("password") or 0):
            pw = y.get("password")
            if not pw or pw in self.main.owner:
                continue
            name = clean_name(y["name"]["en"])
            same = konami_owner.get(y.get("konami_id"))
            if same is not None and same.name == name:
                self.main.add_alt(same.passcode, pw)
                as_alt.append(f"{pw} → {same.passcode} {name!r}")
                continue
            card = Card(pw, name, yaml_yugi_type(y), "official", konami_id=y.get("konami_id"), level=yaml_yugi_level(y))
            self.pool_evidence[pw] = (y, None)
            self.main.add(card)
            added.append(f"{pw} {name!r}")
        self.report.examples(section, "official cards only in yaml-yugi, added with type bits derived from "
                                      "card_type/monster_type_line/property", added, 6)
        if as_alt:
            self.report.examples(section, "yaml-yugi passwords added as alternate passcodes (same Konami ID and name)", as_alt)
        # the derivation, checked on every card both sources know
        wrong = [f"{c.passcode} {c.name!r}: cdb {c.type:#x}, derived {yaml_yugi_type(y):#x}"
                 for c in self.main.cards.values() if c.passcode in self.cdb_ids and c.kind != "token"
                 and (y := self.yy_by_password.get(c.passcode)) and yaml_yugi_type(y) != c.type & UNDERIVABLE_MASK]
        self.report.examples(section, "type bits derived from yaml-yugi that disagree with the cdb (cdb kept; "
                                      "yaml-yugi's type line does not mark all Flip monsters)", wrong, 4)
        # Levels: Konami's database (yaml-yugi) where it gives one, else the cdb's
        levels = []
        for c in self.main.cards.values():
            y = self.yy_by_password.get(c.passcode)
            level = yaml_yugi_level(y) if y else None
            if level is not None and c.type & MONSTER:
                if c.level is not None and c.level != level:
                    levels.append(f"{c.passcode} {c.name!r}: cdb {c.level}, yaml-yugi {level}")
                c.level = level
        self.report.examples(section, "monster Levels (Ranks, Link Ratings) where yaml-yugi and the cdb differ "
                                      "(yaml-yugi kept)", levels, 4)

    def _konami_by_name(self, cards: list[Card]) -> None:
        """Cards with EDOPro-only passcodes: take the Konami ID of a password-less yaml-yugi record of the same name."""
        used = {c.konami_id for c in self.main.cards.values() if c.konami_id}
        for card in cards:
            if card.konami_id:
                continue
            ys = [y for y in self.yy_by_name.get(card.name, []) if not yaml_yugi_password(y)
                  and y.get("konami_id") and y["konami_id"] not in used]
            if len(ys) == 1:
                card.konami_id = ys[0]["konami_id"]
                used.add(card.konami_id)
                self.report.add("yaml-yugi", f"konami_id {card.konami_id} for {card.passcode} {card.name!r} from a "
                                             "password-less yaml-yugi record of the same name")
