"""Start-up: a command imports what it needs when it needs it (docs/architecture.md, "Start-up").

Each case runs a command in a fresh Python, as a user's shell does, and lists the modules it imported; no
test here measures time.  The cases name modules a command must not load, so a new top-level import of the
engine, numpy or the workbook package in a module the parser or a one-line solve loads fails here, whatever
the machine's speed.
"""
from __future__ import annotations

import importlib
import json
import os
import pkgutil
import subprocess
import sys

import pytest

from helpers import EXAMPLES, ROOT, STEP_CLOCK

#: Third-party packages a command may import only when it uses them.
HEAVY = {"numpy", "numba", "openpyxl", "xlsxwriter", "reportlab", "xlwings", "dask", "distributed"}

#: Runs ``xlsolver ARGS`` in this process (a fresh Python), then prints the modules it imported as JSON on
#: stderr's last line (stdout is the command's).  SystemExit (--version, --help) ends the command, not the run.
PROBE = """
import json, sys
from xlsolver.launch import main
sys.argv = ["xlsolver", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def imported(*args: str) -> set[str]:
    """The modules ``xlsolver ARGS`` imports, run in a fresh Python."""
    environment = {**os.environ, **STEP_CLOCK, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT,
                          env=environment, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def heavy(modules: set[str]) -> set[str]:
    """The packages of :data:`HEAVY` among ``modules``."""
    return {name.split(".")[0] for name in modules} & HEAVY


def of(modules: set[str], *packages: str) -> set[str]:
    """The modules among ``modules`` that are ``packages`` or inside them."""
    return {name for name in modules if any(name == p or name.startswith(p + ".") for p in packages)}


def test_import_xlsolver_loads_none_of_it_until_a_name_is_asked_for():
    probe = ("import sys, xlsolver; before = 'xlsolver.engine' in sys.modules; count = xlsolver.count; "
             "print(before, count.__module__, xlsolver.ExactCover.__name__)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.stdout.split() == ["False", "xlsolver.engine", "ExactCover"], done.stderr


def test_version_imports_the_parser_alone():
    modules = imported("--version")
    assert of(modules, "xlsolver") == {"xlsolver", "xlsolver.launch", "xlsolver.cli", "xlsolver.cli.parser"}
    assert heavy(modules) == set()


@pytest.mark.parametrize("args", [["--help"], ["solve", "--help"], ["klotski", "--help"]])
def test_help_loads_no_engine_numpy_workbook_nor_generator(args):
    modules = imported(*args)
    assert heavy(modules) == set()
    assert of(modules, "xlsolver.engine", "xlsolver.counting", "xlsolver.workbook", "multiprocessing") == set()
    assert of(modules, *(f"xlsolver.families.{name}" for name in
                         ("attempts", "grading", "booklet_maker", "batch", "solution_diagram"))) == set()


def test_a_one_line_solve_loads_the_engine_but_no_count_workbook_nor_generator():
    modules = imported("solve", str(EXAMPLES / "sudoku-inkala.txt"))
    assert "xlsolver.engine" in modules  # it searched
    assert heavy(modules) == set()
    assert of(modules, "xlsolver.counting", "xlsolver.workbook", "multiprocessing", "xml") == set()
    assert of(modules, *(f"xlsolver.families.{name}" for name in
                         ("generating", "attempts", "grading", "booklet_maker", "batch"))) == set()


def test_a_tiling_grid_of_no_named_family_loads_no_numpy_nor_sheet_layout_and_few_families():
    """An IQ Puzzler challenge, its family guessed: the first-item search runs in C on the standard library's
    arrays (numpy's import cost more than the whole search), the sheets' layout stays unread, and of the family
    modules only the tiling one taken: Klotski and Zen, which recognise grids, are asked only about grids their
    cards' patterns match."""
    modules = imported("solve", str(EXAMPLES / "iq-starter-1.txt"))
    assert "xlsolver.engine.fast" in modules  # it searched with the first-item search
    assert heavy(modules) == set()
    assert of(modules, "xlsolver.base.sheets", "xlsolver.workbook") == set()
    assert modules & FAMILY_MODULES == {"xlsolver.families.tiling"}


def test_choosing_the_first_item_search_in_c_prices_no_numpy():
    """Neither C search needs numpy, so a fresh process prices starting either at nothing (the choice of rule
    and code once added numpy's import to the first-item search's)."""
    probe = ("import json, sys; from xlsolver import engine; from xlsolver.engine import fast, fewest_native; "
             "print(json.dumps([fast.native() and fewest_native.ready(), engine.load_seconds(), 'numpy' in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    built, prices, numpy_loaded = json.loads(done.stdout)
    if not built:
        pytest.skip("the C searches were not built")
    assert prices == {"first": 0.0, "fewest": 0.0} and not numpy_loaded


def test_a_sudoku_collection_loads_no_geometry_nor_sheet_layout(tmp_path):
    """A list of sudokus (a puzzle a line) is solved without the lattices (built at import: a jigsaw's regions
    need them), the piece catalog or the workbook's sheet layout: every list pays for its start once."""
    listed = tmp_path / "two.txt"
    listed.write_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n" * 2,
                      encoding="utf-8")
    modules = imported("solve", str(listed), "--family", "sudoku", "--unique", "--json")
    assert "xlsolver.families.batch" in modules and "xlsolver.engine" in modules  # it solved them
    assert of(modules, "xlsolver.geometry", "xlsolver.base.sheets", "xlsolver.workbook", "xlsolver.counting") == set()
    assert heavy(modules) == set()
    lazy = {f"xlsolver.engine.{name}" for name in ("estimate", "memo", "order", "ordered", "multiplicity",
                                                     "multiplicity_native", "fast_fewest")}
    assert modules & lazy == set()  # a count's estimates and counters, the other engines: not a search's


def test_the_engines_by_name_are_imported_when_looked_up():
    """``engine.ENGINES`` names each engine without importing it; looked up, each is the module of that NAME."""
    from xlsolver import engine

    assert len(engine.ENGINES) == 8
    assert all(engine.ENGINES[name].NAME == name for name in engine.ENGINES)
    assert engine.memo.DEFAULT_MEMORY_MB == engine.DEFAULT_MEMORY_MB  # a lazy submodule is still an attribute


def test_counting_a_dlx_file_loads_no_workbook_generator_nor_pictures(tmp_path):
    problem = tmp_path / "small.dlx"
    problem.write_text("A B C | x\nA B\nC\nA x\nB C x\n", encoding="utf-8")
    modules = imported("count", str(problem), "--jobs", "1")
    assert "xlsolver.counting" in modules  # it counted
    assert heavy(modules) - {"numpy"} == set()  # numpy: the engine reads DLX text and runs its C search with it
    assert of(modules, "xlsolver.workbook", "xlsolver.pictures.svg", "xlsolver.pictures.booklet_pdf") == set()
    assert of(modules, *(f"xlsolver.families.{name}" for name in
                         ("generating", "attempts", "grading", "booklet_maker", "batch"))) == set()


def test_a_count_too_short_to_split_imports_no_multiprocessing_even_with_jobs(tmp_path):
    """--jobs 2 asks how many cores there are; a count estimated under SPLIT_ABOVE_SECONDS then runs here, and
    multiprocessing (with the pool's module) is not imported for it."""
    problem = tmp_path / "small.dlx"
    problem.write_text("A B C | x\nA B\nC\nA x\nB C x\n", encoding="utf-8")
    modules = imported("count", str(problem), "--jobs", "2")
    assert "xlsolver.counting" in modules  # it counted
    assert of(modules, "multiprocessing", "xlsolver.counting.parallel") == set()


#: The modules that declare a family (``FAMILY``), beside the shared ones of ``xlsolver.families``.
FAMILY_MODULES = {f"xlsolver.families.{name}" for name in
                  ("tiling", "calendar", "solid", "burrtools", "ghost_hunter", "roadblock", "klotski", "zen", "sudoku")}


def test_counting_a_dlx_file_imports_no_family_module(tmp_path):
    problem = tmp_path / "small.dlx"
    problem.write_text("A B C | x\nA B\nC\nA x\nB C x\n", encoding="utf-8")
    modules = imported("count", str(problem), "--jobs", "1")
    assert "xlsolver.counting" in modules  # it counted
    assert of(modules, *FAMILY_MODULES, "xlsolver.families.cover", "xlsolver.geometry") == set()
    # nor the types a family declares itself with, nor the pictures an answer may carry: their dataclasses, made
    # at import (Python 3.11 compiles each one's methods), were a tenth of a small count's instructions
    assert of(modules, "xlsolver.families.declaring", "xlsolver.base.frames") == set()


@pytest.mark.parametrize("args", [["solve", "--family", "sudoku"], ["solve", "--family", "sudoku", "--unique"]])
def test_a_sudoku_named_by_family_imports_the_sudoku_module_alone(args):
    modules = imported(*args, str(EXAMPLES / "sudoku-inkala.txt"))
    assert modules & FAMILY_MODULES == {"xlsolver.families.sudoku"}


def test_a_burrtools_file_imports_the_family_that_reads_it_alone():
    """The file's suffix names its family through the cards (``Card.reads``): no other family module is imported,
    nor a workbook."""
    modules = imported("solve", str(EXAMPLES / "soma.xmpuzzle"))
    assert modules & FAMILY_MODULES == {"xlsolver.families.burrtools"}
    assert heavy(modules) <= {"numpy"} and of(modules, "xlsolver.workbook", "multiprocessing") == set()


def test_help_imports_no_family_module():
    assert of(imported("--help"), *FAMILY_MODULES) == set()
    assert of(imported("count", "--help"), *FAMILY_MODULES) == set()
    assert imported("klotski", "--help") & FAMILY_MODULES == {"xlsolver.families.klotski"}  # its own commands


def test_the_registry_finds_every_family_that_importing_every_module_finds():
    """The registry lists the families from its index, importing none; importing every module of the package
    finds the same families, in the same modules."""
    from xlsolver import families

    found = {}
    for module in pkgutil.iter_modules(families.__path__):
        declared = getattr(importlib.import_module(f"xlsolver.families.{module.name}"), "FAMILY", None)
        if isinstance(declared, families.Family):
            found[declared.name] = module.name
    assert {card.name: card.module for card in families.cards().values()} == found
    assert set(FAMILY_MODULES) == {f"xlsolver.families.{name}" for name in found.values()}
    assert list(families.all_families()) == list(families.cards())


def test_the_index_of_families_is_written_from_their_declarations():
    """``families.index`` (the cards the parser reads) says what the ``FAMILY`` declarations say; after changing
    a family's name, title, order, count, command or settings, write it again with ``families.write_index()``."""
    from xlsolver import families
    from xlsolver.families import index

    assert open(index.__file__, encoding="utf-8").read() == families.index_source(), (
        'run: python -c "from xlsolver.families import write_index; write_index()"')
    for card in families.cards().values():
        family = families.get(card.name)
        assert (card.title, card.order, card.counts, card.command, card.settings) == (
            family.title, family.order, family.count is not None, family.command, family.settings)
