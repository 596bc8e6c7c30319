"""The package's layout: no module imports another's private names, imports only run
down the floors, and no modules import each other (read from the sources with ``ast``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import build

PACKAGE = Path(__file__).resolve().parents[1] / "py" / "sudoku_dlx"

#: The floors, lowest first: a module imports modules of lower floors, or of its own folder
#: on its own floor (build.FLOORS, whence docs/how-it-works.md's table is written too).
FLOORS = [names for names, _ in build.FLOORS]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def is_package(name: str) -> bool:
    return (PACKAGE / Path(*name.split(".")) / "__init__.py").exists() if name else True


def imports(name: str) -> list[tuple[str, str, int, str]]:
    """``(module, name imported from it or "", line, local name)`` for every import of
    the package's own modules in module ``name`` (imports inside functions count too)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    here = name.split(".") if is_package(name) else name.split(".")[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - (node.level - 1)] if node.level > 1 else here
                module = ".".join([*base, *(node.module.split(".") if node.module else [])]).strip(".")
            elif node.module and node.module.split(".")[0] == "sudoku_dlx":
                module = node.module.removeprefix("sudoku_dlx").lstrip(".")
            else:
                continue
            for alias in node.names:
                child = f"{module}.{alias.name}".strip(".")
                if child in MODULES:  # ``from . import web`` imports a module
                    found.append((child, "", node.lineno, alias.asname or alias.name))
                else:
                    found.append((module, alias.name, node.lineno, alias.asname or alias.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "sudoku_dlx":
                    found.append((alias.name.removeprefix("sudoku_dlx").lstrip("."), "", node.lineno, ""))
    return found


def floor(name: str) -> tuple[int, str]:
    """The floor of a module and the name (module or folder) that puts it there."""
    best = None
    for level, names in enumerate(FLOORS):
        for prefix in names:
            if (name == prefix or name.startswith(prefix + ".")) and (best is None or len(prefix) > len(best[1])):
                best = level, prefix
    assert best is not None, f"{name} is on no floor: add it to FLOORS in build.py"
    return best


def test_every_module_is_on_a_floor():
    for name in MODULES:
        if name:
            floor(name)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_private_name_is_imported_from_another_module(name):
    for module, imported, line, _ in imports(name):
        assert not (imported.startswith("_") and not imported.startswith("__")), \
            f"{name}:{line} imports the private {imported} from {module or 'sudoku_dlx'}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_private_attribute_of_another_module_is_used(name):
    modules = {local for _, imported, _, local in imports(name) if not imported and local}
    for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
            assert not (node.attr.startswith("_") and not node.attr.startswith("__")), \
                f"{name}:{node.lineno} uses the private {node.value.id}.{node.attr}"


@pytest.mark.parametrize("name", sorted(name for name in MODULES if name))
def test_imports_run_down_the_floors(name):
    level, home = floor(name)
    for module, _, line, _ in imports(name):
        if not module:  # the package itself: only __main__ and the API above every floor
            raise AssertionError(f"{name}:{line} imports the package's public API; import the module that holds it")
        theirs, folder = floor(module)
        same_folder = module.rpartition(".")[0] == name.rpartition(".")[0] and theirs == level
        assert theirs < level or same_folder, \
            f"{name} (floor {level}, {home}) imports {module} (floor {theirs}, {folder}) at line {line}"


def test_the_engine_imports_nothing_of_the_package():
    assert imports("dlx") == [] and imports("kinds.kind") == []
    assert {module for module, *_ in imports("kinds.grid")} == {"kinds.kind"}


def test_only_the_command_line_and_the_worker_import_the_page_api():
    for name in MODULES:
        for module, _, line, _ in imports(name):
            if module == "cli":
                assert name == "__main__", f"{name}:{line} imports cli"
            if module in ("web", "worker"):
                assert name in ("cli", "worker"), f"{name}:{line} imports {module}"


def test_the_public_api_imports_no_command_line_or_page_code():
    imported = {module.split(".")[0] for module, _, _, _ in imports("")}
    assert imported <= {"dlx", "generator", "kinds", "rating", "techniques"}


def typing_lines(name: str) -> set[int]:
    """The lines of module ``name``'s imports under ``if TYPE_CHECKING:``, which never run."""
    lines = set()
    for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            lines |= {inner.lineno for statement in node.body for inner in ast.walk(statement)
                      if isinstance(inner, (ast.Import, ast.ImportFrom))}
    return lines


def import_graph() -> dict[str, set[str]]:
    """The modules each module imports when it runs (imports inside functions count too)."""
    graph = {}
    for name in MODULES:
        never = typing_lines(name)
        graph[name] = {module for module, _, line, _ in imports(name) if module in MODULES and line not in never}
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The cycles of an import graph, each as the modules on it: its strongly connected
    parts of more than one module, or one that imports itself (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        for other in graph[name]:
            if other not in index:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], index[other])
        if low[name] == index[name]:
            part = []
            while not part or part[-1] != name:
                part.append(stack.pop())
            if len(part) > 1 or name in graph[name]:
                cycles.append(sorted(part))

    for name in graph:
        if name not in index:
            visit(name)
    return cycles


def test_the_cycle_finder_finds_every_cycle_and_only_those():
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}, "e": {"a"}}) == [["a", "b", "c"], ["d"]]


def test_no_modules_import_each_other():
    assert import_cycles(import_graph()) == []
