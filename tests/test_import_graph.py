"""No import circle between the files of a package, read from the source (ast), not at runtime.

Every ``import`` statement counts wherever it stands — at the top, inside a function, under
``if TYPE_CHECKING:`` — because each one ties the two files together for a reader and for
the type checker, and a deferred import is usually a circle being hidden.

Importing ``a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py`` first, so it is an edge to
each of them too — except to the importing file's own packages, which are already being
initialised when it runs (a sibling import inside a package is not an import of the
package). :func:`import_graph` and :func:`find_cycle` are reusable for any package of the
repository. The same tests hold ``game/`` to its shape: no circle, no screen importing
another screen (:func:`scene_modules`), no file over :data:`MAX_LINES` lines.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_names(package: str, root: Path = ROOT) -> dict[str, Path]:
    """Every module of ``package`` (a top-level folder of ``root``) by dotted name; a
    package's ``__init__.py`` is named as the package."""
    out: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _ancestors(name: str) -> Iterator[str]:
    parts = name.split(".")
    for n in range(1, len(parts)):
        yield ".".join(parts[:n])


def _imported(
    tree: ast.AST, importer: str, is_package: bool, modules: Mapping[str, Path]
) -> Iterator[str]:
    """The modules of ``modules`` that ``tree`` names in an import: ``from m import x`` names
    the submodule ``m.x`` if there is one, else ``m`` (x is a name defined in it)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = importer.split(".")
                drop = node.level - 1 if is_package else node.level
                base = base[: len(base) - drop] if drop else base
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                yield sub if sub in modules else module


def import_graph(package: str, root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports (see the module docstring)."""
    modules = module_names(package, root)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        own = set(_ancestors(name)) | ({name} if is_package else set())
        targets: set[str] = set()
        for imported in _imported(tree, name, is_package, modules):
            if imported not in modules:
                continue  # outside the package
            targets.add(imported)
            targets.update(a for a in _ancestors(imported) if a in modules and a not in own)
        targets.discard(name)
        graph[name] = targets
    return graph


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One import circle as ``[a, b, ..., a]``, or None if the graph has none."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_find_cycle_finds_a_circle_and_only_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"a"}}) == ["a", "a"]


def test_import_graph_counts_parent_packages_and_deferred_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from pkg.sub.inner import X\n")
    (pkg / "sub" / "inner.py").write_text("from pkg.sub import other\nX = 1\n")
    (pkg / "sub" / "other.py").write_text("")
    (pkg / "outer.py").write_text("def f():\n    from pkg.sub.inner import X\n    return X\n")
    (pkg / "rel.py").write_text("from . import outer\nfrom .sub import other\n")
    graph = import_graph("pkg", tmp_path)
    assert graph["pkg.outer"] == {"pkg.sub", "pkg.sub.inner"}  # the package runs first
    assert graph["pkg.sub.inner"] == {"pkg.sub.other"}  # its own package is not an edge
    assert graph["pkg.rel"] == {"pkg.outer", "pkg.sub", "pkg.sub.other"}
    assert find_cycle(graph) is None
    (pkg / "sub" / "other.py").write_text("if False:\n    import pkg.outer\n")
    assert find_cycle(import_graph("pkg", tmp_path)) == [
        "pkg.outer",
        "pkg.sub",
        "pkg.sub.inner",
        "pkg.sub.other",
        "pkg.outer",
    ]


def test_engine_has_no_import_circle() -> None:
    graph = import_graph("engine")
    assert "engine.round.state" in graph and "engine.scoring" in graph
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


# --- game/ -------------------------------------------------------------------------------

MAX_LINES = 900  # a file longer than this holds more than one idea: split it


def scene_modules(package: str, root: Path = ROOT, base: str = "Scene") -> set[str]:
    """The modules of ``package`` that define a screen: a class deriving (by name, through
    any chain inside the package) from ``base`` that no other class derives from. The modules
    of base classes (``Scene``, ``MenuScene``) are the framework, not screens."""
    bases_of: dict[str, tuple[str, list[str]]] = {}
    for name, path in module_names(package, root).items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                names = [
                    b.id if isinstance(b, ast.Name) else b.attr
                    for b in node.bases
                    if isinstance(b, ast.Name | ast.Attribute)
                ]
                bases_of[node.name] = (name, names)
    scenes = {base}
    grew = True
    while grew:
        grew = False
        for cls, (_, names) in bases_of.items():
            if cls not in scenes and scenes.intersection(names):
                scenes.add(cls)
                grew = True
    derived_from = {b for cls, (_, names) in bases_of.items() if cls in scenes for b in names}
    return {bases_of[c][0] for c in scenes - derived_from if c in bases_of}


def test_scene_modules_are_the_screens_not_their_bases(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "base.py").write_text("class Scene:\n    pass\n")
    (pkg / "menu_base.py").write_text("from pkg.base import Scene\nclass MenuScene(Scene): ...\n")
    (pkg / "shop.py").write_text(
        "from pkg import menu_base\nclass Shop(menu_base.MenuScene): ...\n"
    )
    (pkg / "table.py").write_text("from pkg.base import Scene\nclass Table(Scene): ...\n")
    (pkg / "model.py").write_text("class Model: ...\n")
    assert scene_modules("pkg", tmp_path) == {"pkg.shop", "pkg.table"}


def test_game_has_no_import_circle() -> None:
    graph = import_graph("game")
    assert "game.table.scene" in graph and "game.nav" in graph
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_no_scene_module_imports_another() -> None:
    """Screens reach each other through the navigator (game/nav.py), never by import."""
    graph = import_graph("game")
    scenes = scene_modules("game")
    assert {"game.table.scene", "game.scenes.menu", "game.scenes.settlement"} <= scenes
    assert "game.scenes.menu_base" not in scenes and "game.nav" not in scenes
    wrong = {m: sorted(graph[m] & scenes) for m in sorted(scenes) if graph[m] & scenes}
    assert not wrong, wrong


def test_no_file_of_game_is_over_900_lines() -> None:
    long = {
        name: n
        for name, path in module_names("game").items()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, long
