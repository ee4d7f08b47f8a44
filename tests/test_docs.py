"""The documentation as a newcomer reads it (issue 25, item 16): a short README for users, with an index
of docs/ where every document is reachable and every link resolves; the internals in docs/development.md."""

from __future__ import annotations

import re

from .conftest import REPO


def test_the_readme_is_for_users_and_every_document_is_reachable_from_it():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.split()) <= 3000  # was 11,000 words
    assert "## Documentation" in readme and "## Quick start" in readme and "## Common tasks" in readme
    internals = [word for word in ("writev", "fork pool", "inode", "mmap") if word in readme.lower()]
    assert internals == []  # docs/development.md has them
    seen, todo = set(), [REPO / "README.md"]
    while todo:
        page = todo.pop()
        for target in re.findall(r"\]\(([^)#\s:]+\.md)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            path = (page.parent / target).resolve()
            assert path.is_file(), f"{page.name} links to {target}, which is not there"
            if path not in seen:
                seen.add(path)
                todo.append(path)
    unreachable = sorted(p.name for p in (REPO / "docs").glob("*.md") if p.resolve() not in seen)
    assert unreachable == []
