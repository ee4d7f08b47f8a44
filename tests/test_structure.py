"""The shape of the code (issue 18): no import circle, lazy imports included.

Two modules that import each other, however indirectly and wherever the import stands (at the top of the
file or inside a function), are one module cut in two: neither can be understood, tested or moved
without the other, and a lazy import that closes the circle only hides it until the order of imports
changes. The graph is read from the source (``ast``), as the code stands, for deckcheck and the build tool.
"""

from __future__ import annotations

import ast
from pathlib import Path

from .conftest import REPO

PACKAGES = ("deckcheck", "tools")


def modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``root`` by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports, at the top or inside a function or a class.

    ``from P import x`` imports module ``P.x`` where there is one, else ``P``; a name outside ``known`` counts as
    its nearest enclosing module that is known (``deckcheck.rules.RULES`` is ``deckcheck.rules``). Importing a
    module of another package runs that package's ``__init__.py`` too: it counts as imported."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                targets.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    found = set()
    for target in targets:
        while target and target not in known:
            target = target.rpartition(".")[0]
        parts = target.split(".")
        for end in range(1, len(parts) + 1):  # the module and every package above it that ``name`` is not in
            module = ".".join(parts[:end])
            if module in known and module != name and not name.startswith(module + "."):
                found.add(module)
    return found


def import_graph(root: Path, packages=PACKAGES) -> dict[str, set[str]]:
    known: dict[str, Path] = {}
    for package in packages:
        known.update(modules(root, package))
    return {name: imported(name, path, known) for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def described(circle: list[str], graph: dict[str, set[str]]) -> str:
    inside = set(circle)
    arrows = [f"  {a} -> {b}" for a in circle for b in sorted(graph[a] & inside)]
    return f"a circle of {len(circle)} modules:\n" + "\n".join(arrows)


def test_no_module_imports_itself_through_others():
    graph = import_graph(REPO)
    assert "deckcheck.carddb" in graph and "tools.build_data" in graph  # the graph is read where it should be
    found = circles(graph)
    assert not found, "\n".join(described(circle, graph) for circle in found)


def test_a_lazy_import_that_closes_a_circle_is_found(tmp_path):
    """The finder itself: an import inside a function counts, a relative one is resolved, and importing a module
    of a package runs the package's __init__.py."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from .low import value\n")
    (package / "sub" / "low.py").write_text("def value():\n    from ..top import name\n    return name\n")
    (package / "top.py").write_text("from .sub import low\nname = 'top'\n")
    (package / "apart.py").write_text("from . import top\n")
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.top"] == {"pkg.sub", "pkg.sub.low"} and graph["pkg.sub.low"] == {"pkg.top"}
    assert circles(graph) == [["pkg.sub", "pkg.sub.low", "pkg.top"]]  # pkg.sub: its __init__.py runs
