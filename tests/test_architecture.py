"""The package's import graph: no circles, nothing imported from a higher layer, no private names
imported across modules (the layers are those of docs/architecture.md)."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "xlsolver"

#: Layer of each top-level module or subpackage: a module may import from its own layer and lower ones.
LAYERS = {
    "base": 0,
    "pictures": 1, "engine": 1,
    "counting": 2, "geometry": 2,
    "families": 3,
    "cli": 4, "workbook": 4, "excel": 4,
    "__init__": 5, "__main__": 5, "launch": 5,
}


def modules() -> dict[str, Path]:
    return {".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts): path
            for path in PACKAGE.rglob("*.py")}


def imports(name: str, path: Path) -> list[tuple[str, list[str], int]]:
    """(imported module, names taken from it, line) for every import in the file, lazy ones included."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((target, [a.name for a in node.names], node.lineno))
        elif isinstance(node, ast.Import):
            found += [(a.name, [], node.lineno) for a in node.names]
    return [(t, n, line) for t, n, line in found if t == "xlsolver" or t.startswith("xlsolver.")]


def layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS[parts[1] if len(parts) > 1 else "__init__"]


def test_every_module_has_a_layer():
    assert all(layer(name) is not None for name in modules())


def test_no_import_runs_back_up_to_a_higher_layer():
    wrong = []
    for name, path in modules().items():
        for target, _, line in imports(name, path):
            if target != "xlsolver" and layer(target) > layer(name):
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}")
    assert wrong == []


def test_no_private_name_is_imported_across_modules():
    wrong = []
    known = modules()
    for name, path in known.items():
        for target, names, line in imports(name, path):
            for imported in names:
                private = imported.startswith("_") and not imported.endswith("__")
                if private and f"{target}.{imported}" not in known:
                    wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}.{imported}")
    assert wrong == []


def test_no_import_circles():
    known = modules()
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for target, names, _ in imports(name, path):
            for candidate in [f"{target}.{n}" for n in names] + [target]:
                if candidate in known and candidate != name and not name.startswith(candidate + "."):
                    graph[name].add(candidate)
                    break
    state: dict[str, int] = {}
    cycles = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(trail[trail.index(nxt):] + [nxt] if nxt in trail else [node, nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert cycles == []


#: How a count is made: the entry point ``counting.py`` chooses among these; a family only says what to count.
HOW_TO_COUNT = {"xlsolver.counting.parallel", "xlsolver.counting.cluster", "xlsolver.engine.memo"}
COUNTERS_OF = {"symmetry": ("count",), "engine": ("count_by", "counter", "memo")}


def test_families_say_what_to_count_not_how():
    """No family imports the split counters, the memoised counter or symmetry's counters, nor calls them."""
    wrong = []
    for name, path in modules().items():
        if not name.startswith("xlsolver.families"):
            continue
        for target, names, line in imports(name, path):
            if {target, *(f"{target}.{n}" for n in names)} & HOW_TO_COUNT or \
                    (target == "xlsolver.counting.symmetry" and any(n.startswith("count") for n in names)):
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {target} {names}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                    node.attr.startswith(COUNTERS_OF.get(node.value.id, ())):
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} uses {node.value.id}.{node.attr}")
    assert wrong == []


#: Private attributes of objects that are not xlsolver's: openpyxl's worksheet keeps its cells in ``_cells``;
#: and a NamedTuple's public methods, named with a leading underscore so as not to clash with its fields.
NOT_OURS = {"_cells", "_replace", "_asdict", "_fields"}


def test_no_private_attribute_of_another_object_is_used():
    """``x._name`` only on ``self`` or ``cls``: a private method is its own class's (a count once reached
    into a Search's ``_memo_count`` from outside)."""
    wrong = []
    for path in modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                    node.attr.startswith("_") and not node.attr.endswith("__") and \
                    node.value.id not in ("self", "cls", "os", "sys") and node.attr not in NOT_OURS:
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} uses {node.value.id}.{node.attr}")
    assert wrong == []
