"""The page's Python as its worker boots it (in the pinned Pyodide under Node): the
standard library and the wheel that build.py precompiled to bytecode."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import build
import pytest
from sudoku_dlx.worker import import_all

pytestmark = pytest.mark.external

ROOT = Path(__file__).resolve().parents[1]
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

# Imports every module of the package as the worker does, then tells where each module
# came from, and whether each package module's .pyc was made from exactly the source
# beside it.
PROGRAM = """
import importlib.util, json, sys
import sudoku_dlx
from sudoku_dlx.worker import import_all
names = import_all()
import colorsys  # not imported by the page: still there, as source
try:
    import unittest  # a part the page never runs (build.mjs's UNUSED): left out
    left_out = False
except ModuleNotFoundError:
    left_out = True
stdlib = sys.modules["json"].__file__.rsplit("/", 2)[0] + "/"
# Frozen modules (in the interpreter itself) name a .py file they were never read from.
files = {name: m.__file__ for name, m in sys.modules.items()
         if getattr(m, "__file__", None) and getattr(m.__spec__, "origin", None) != "frozen"}

def pyc_matches_source(module):
    with open(module.__cached__, "rb") as pyc, open(module.__file__, "rb") as source:
        return pyc.read()[8:16] == importlib.util.source_hash(source.read())

json.dumps({
    "names": names,
    "stdlib": {name: path for name, path in files.items() if path.startswith(stdlib)},
    "cached": {name: pyc_matches_source(sys.modules[name]) for name in ["sudoku_dlx", *names]},
    "solved": sudoku_dlx.web.solve(PUZZLE)["status"],
    "left_out": left_out,
})
""".replace("PUZZLE", repr(PUZZLE))


@pytest.fixture(scope="module")
def imported() -> dict:
    build.build()
    run = subprocess.run(["node", str(ROOT / "tests" / "pyodide_compiled.mjs"), str(build.VENDOR)],
                         input=PROGRAM, capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def test_every_module_of_the_package_imports(imported):
    here = import_all()
    assert imported["names"] == here and len(here) > 10
    assert imported["solved"] == "unique"


def test_the_standard_library_the_page_imports_is_precompiled(imported):
    stdlib = imported["stdlib"]
    assert {"json", "inspect", "random", "dataclasses", "argparse"} <= set(stdlib)
    from_source = sorted(name for name, path in stdlib.items() if not path.endswith(".pyc"))
    assert from_source == ["colorsys"], from_source  # the test's own import, after the page's
    assert imported["left_out"] and "unittest" not in stdlib


def test_the_wheel_carries_bytecode_of_its_own_sources(imported):
    assert imported["cached"] and all(imported["cached"].values()), imported["cached"]
