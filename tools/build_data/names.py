"""names.jsonl's rows: the card names in other languages (yaml-yugi) and EDOPro's names where they are not Konami's."""

from __future__ import annotations

import re
from collections import defaultdict

from deckcheck.folding import normalize_name

from .cards import Builder
from .common import Report, clean_name
from .edopro import read_cdb
from .yaml_yugi import yaml_yugi_password

# yaml-yugi's name keys, as names.jsonl columns; "ja-kana" is the reading its ruby markup gives the Japanese name,
# "edopro" the name EDOPro's cdb gives a card where it differs from Konami's (an old fan translation)
NAME_LANGUAGES = ("de", "fr", "it", "es", "pt", "ja", "ja-kana", "ko", "zh-TW", "zh-CN", "edopro")
RUBY = re.compile(r"<ruby>(.*?)<rt>(.*?)</rt></ruby>", re.S)


def printed_and_read(marked: str) -> tuple[str, str | None]:
    """A yaml-yugi name as printed (ruby markup stripped: the text under the ruby) and as read (the ruby
    text in its place), the reading only if the name has ruby. Japanese and Korean names have ruby."""
    printed = clean_name(RUBY.sub(lambda m: m.group(1), marked))
    reading = clean_name(RUBY.sub(lambda m: m.group(2), marked))
    if any(tag in printed for tag in ("<ruby", "<rt", "</")):  # markup left over: never ship it
        raise ValueError(f"unexpected markup in a name: {marked!r}")
    return printed, reading if reading != printed else None


def build_names(b: Builder, report: Report) -> list[list]:
    """names.jsonl rows: [passcode, konami_id, one name per NAME_LANGUAGES column or null], by passcode.

    A yaml-yugi card is joined to the index by Konami ID, else by password. EDOPro names are the cdb's
    texts.name where it differs from the index's name beyond case, punctuation and spacing."""
    by_konami = {c.konami_id: c for c in b.main.cards.values() if c.konami_id}
    names: dict[int, dict[str, str]] = defaultdict(dict)
    unjoined = []
    for y in b.yy:
        card = by_konami.get(y.get("konami_id"))
        if card is None and (pw := yaml_yugi_password(y)):
            card = b.main.resolve(pw)
        if card is None:
            unjoined.append(f"{y.get('konami_id')} {y['name'].get('en')!r}")
            continue
        row = names[card.passcode]
        for lang in ("de", "fr", "it", "es", "pt", "ja", "ko", "zh-TW", "zh-CN"):
            if y["name"].get(lang):
                row[lang], reading = printed_and_read(y["name"][lang])
                if reading and lang == "ja":
                    row["ja-kana"] = reading
    for r in read_cdb(b.shared / "edopro" / "cards.reconstructed.cdb").values():
        card = b.main.resolve(r.id)
        if card is not None and r.name and normalize_name(r.name) != normalize_name(card.name):
            names[card.passcode]["edopro"] = r.name
    rows = []
    for passcode in sorted(names):
        row = names[passcode]
        rows.append([passcode, b.main.cards[passcode].konami_id, *(row.get(lang) for lang in NAME_LANGUAGES)])
    section = "names in languages"
    for lang in NAME_LANGUAGES:
        report.add(section, f"{lang}: {sum(1 for row in names.values() if lang in row):,} cards")
    report.examples(section, "EDOPro names that are not Konami's (accepted with a warning)",
                    [f"{p} {names[p]['edopro']!r} = {b.main.cards[p].name!r}" for p in sorted(names) if "edopro" in names[p]],
                    limit=40)
    report.examples(section, "yaml-yugi cards not in the index (their names are not shipped)", sorted(unjoined))
    return rows
