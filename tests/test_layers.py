"""The package's layers (docs/dev/architecture.rst): each module imports only from its own
layer or the layers below it, and no two modules import each other, directly or round a loop.

Every import statement counts, wherever it stands: at the top, inside a function, or under
``if TYPE_CHECKING:`` (a type-only import still ties the modules together for a reader).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tavla

PACKAGE = Path(tavla.__file__).parent

# Bottom to top. A module's layer is its first name under tavla (a sub-package or module).
LAYERS = (
    {"errors", "_validate", "_progress", "_display", "_core", "_run_options", "_json"},
    {"board"},
    {"formats"},
    {"game"},
    {"eval"},
    {"engines"},
    {"sim"},
    {"env"},
    {"render"},
    {"replay"},
    {"analysis"},
    {"cli", "__main__"},
)


def module_name(path: Path) -> str:
    parts = ["tavla", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# The compiled core is known by its stub, which lists no imports of tavla.
MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
MODULES["tavla._core"] = PACKAGE / "_core.pyi"


def layer(module: str) -> int:
    top = module.split(".")[1]
    return next(index for index, names in enumerate(LAYERS) if top in names)


def imported_modules(module: str) -> set[str]:
    """The tavla modules that ``module`` imports: for ``from X import name``, X's
    ``name`` when that is a module, else X itself."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("tavla")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            elif (node.module or "").startswith("tavla"):
                source = str(node.module)
            else:
                continue
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in MODULES else source)
    return found - {module}


def dependencies(module: str) -> set[str]:
    """What importing ``module`` runs first: the modules it imports and, for a module in
    another package, that package's ``__init__`` too (its own package's is already running)."""
    result = set()
    for target in imported_modules(module):
        result.add(target)
        parts = target.split(".")
        for end in range(2, len(parts)):
            package = ".".join(parts[:end])
            if not (module + ".").startswith(package + ".") and package in MODULES:
                result.add(package)
    return result


GRAPH = {module: dependencies(module) for module in MODULES if module != "tavla"}


def test_the_walk_sees_the_package() -> None:
    assert {"tavla.board.position", "tavla.sim.playout", "tavla.cli.moves"} <= set(GRAPH)
    assert "tavla.board.position" in GRAPH["tavla.formats.gnubg"]
    assert "tavla._core" in GRAPH["tavla.board.position"]
    assert "tavla.sim.cluster" in GRAPH["tavla.sim.playout"]  # from . import cluster
    assert "tavla.board" in GRAPH["tavla.formats.gnubg"]  # the package's __init__ runs first


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_no_import_from_a_higher_layer(module: str) -> None:
    assert "tavla" not in GRAPH[module], f"{module} imports the whole package"
    upward = sorted(target for target in GRAPH[module] if layer(target) > layer(module))
    assert not upward, f"{module} (layer {layer(module)}) imports from above: {upward}"


def test_no_import_loop() -> None:
    loops = []
    state: dict[str, str] = {}  # "open" while on the path, "done" after

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for target in sorted(GRAPH.get(module, ())):
            if state.get(target) == "open":
                loops.append(" -> ".join([*path[path.index(target) :], target]))
            elif target not in state:
                visit(target, [*path, target])
        state[module] = "done"

    for module in sorted(GRAPH):
        if module not in state:
            visit(module, [module])
    assert not loops, "import loops:\n" + "\n".join(loops)
