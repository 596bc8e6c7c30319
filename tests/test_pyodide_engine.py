"""sudoku_dlx.web inside real Pyodide under Node, installed from the plain wheel with micropip.

The pinned npm package, run by Node; the wheel is the plain one, installed
from the plain wheel build.py makes, with micropip, as anyone adding the package to
their own Pyodide app would (the page's own way is test_pyodide_compiled.py's)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import build
import pytest
from conftest import is_solution, lines
from sudoku_dlx import web
from sudoku_dlx.kinds.grid import BOX_SHAPES

pytestmark = pytest.mark.external

ROOT = Path(__file__).resolve().parents[1]

# Lower than any search depth below: a recursive search would raise RecursionError
# here, and in a browser worker it would crash the whole worker.
RECURSION_LIMIT = 120
KAGGLE = "9x9/kaggle_sample300.tsv"

CASES = {
    "norvig_hardest": lines("9x9/norvig_hardest.txt", 3),
    "vukr_16x16": lines("16x16/vukr_16x16_first100.txt", 2),
    "vukr_16x16_solutions": lines("16x16/vukr_16x16_first100.solutions.txt", 2),
    "kaggle": [row.split("\t")[0] for row in lines(KAGGLE, 2, start=298)],
    "kaggle_solutions": [row.split("\t")[1] for row in lines(KAGGLE, 2, start=298)],
    "multi": lines("9x9/serg_multi_first20.txt", 2),
    "six": [row.split("\t")[0] for row in lines("6x6/sukaku6x6explainer_readme_examples.tsv", 1)],
    # a variant link (Rangsk's "Peak Sudoku": little killers and a V) and its published solution
    "variant": [row.split("\t")[1] for row in lines("links/rangsk_fpuzzles.tsv", 40) if row.startswith('"Peak Sudoku"')],
    "variant_solution": [row.split("\t")[2] for row in lines("links/rangsk_fpuzzles.tsv", 40)
                         if row.startswith('"Peak Sudoku"')],
}

PROGRAM = """
import json, sys
from sudoku_dlx import web
cases = json.loads(CASES)
out = {name: [web.solve(p) for p in cases[name]] for name in ("norvig_hardest", "vukr_16x16", "kaggle", "multi", "six")}
out["parsed"] = web.parse_puzzle("1 2 | . .\\n. . | 1 2\\n-----+----\\n2 1 | . .\\n. . | 2 1")
out["bad"] = web.parse_puzzle("12x" + "." * 78)
out["clash"] = web.solve("11" + "." * 79)
sys.setrecursionlimit(RECURSION_LIMIT)
out["deep"] = web.solve("." * 256, limit=1)
out["rated"] = [web.rate(p) for p in cases["norvig_hardest"]]
out["hint"] = web.hint(cases["kaggle"][0], "", [""] * 81)
out["graded"] = web.generate(seed=7, difficulty="Hard")
out["variant"] = web.solve("fpuzzles" + cases["variant"][0])
out["variant_hint"] = web.hint("fpuzzles" + cases["variant"][0])
out["version"] = sys.version
json.dumps(out)
"""


@pytest.fixture(scope="module")
def pyodide_results() -> dict:
    build.build()
    code = PROGRAM.replace("CASES", repr(json.dumps(CASES))).replace("RECURSION_LIMIT", str(RECURSION_LIMIT))
    run = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(build.PYODIDE_NPM),
         str(build.WORK / build.MICROPIP), str(build.WORK / build.project_wheel()[0])],
        input=code, capture_output=True, text=True, timeout=300, check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def solves(solution: str, puzzle: str) -> bool:
    return is_solution(solution, puzzle, BOX_SHAPES[int(len(puzzle) ** 0.5)])


def test_runs_in_pyodide_python(pyodide_results):
    assert pyodide_results["version"].startswith("3.14")


def test_hardest_9x9_are_unique_and_solved(pyodide_results):
    for puzzle, result in zip(CASES["norvig_hardest"], pyodide_results["norvig_hardest"]):
        assert result["status"] == "unique", puzzle
        assert solves(result["solutions"][0], puzzle)
        assert result["nodes"] > 0 and result["guesses"] >= 0


def test_known_solutions_match(pyodide_results):
    for kind in ("kaggle", "vukr_16x16"):
        for expected, result in zip(CASES[f"{kind}_solutions"], pyodide_results[kind]):
            assert result["status"] == "unique"
            assert result["solutions"] == [expected]


def test_multiple_solutions_are_reported(pyodide_results):
    for puzzle, result in zip(CASES["multi"], pyodide_results["multi"]):
        assert result["status"] == "multiple"
        assert len(result["solutions"]) == 2 and result["solutions"][0] != result["solutions"][1]
        assert all(solves(s, puzzle) for s in result["solutions"])


def test_six_by_six(pyodide_results):
    (result,) = pyodide_results["six"]
    assert result["size"] == 6 and result["status"] == "unique"
    assert solves(result["solutions"][0], CASES["six"][0])


def test_errors_are_values_naming_where(pyodide_results):
    assert pyodide_results["parsed"]["puzzle"] == "12....1221....21" and pyodide_results["parsed"]["size"] == 4
    bad = pyodide_results["bad"]
    assert "'x'" in bad["error"] and "r1c3" in bad["error"] and bad["cells"] == [2]
    clash = pyodide_results["clash"]
    assert clash["status"] == "invalid" and clash["error"] == "the givens clash: r1c1 and r1c2 both have 1"
    assert clash["cells"] == [0, 1]


def test_deep_search_is_iterative(pyodide_results):
    deep = pyodide_results["deep"]
    assert deep["nodes"] >= 256 > RECURSION_LIMIT
    assert solves(deep["solutions"][0], "." * 256)


def test_rating_hint_and_graded_generation_match_cpython(pyodide_results):
    """The logical solver is deterministic: the browser's Python gives CPython's answers."""
    for text, rated in zip(CASES["norvig_hardest"], pyodide_results["rated"]):
        here = web.rate(text)
        assert {k: rated[k] for k in ("score", "grade", "hardest", "steps", "path")} == \
            {k: here[k] for k in ("score", "grade", "hardest", "steps", "path")}
    assert pyodide_results["hint"] == web.hint(CASES["kaggle"][0], "", [""] * 81)
    graded, here = pyodide_results["graded"], web.generate(seed=7, difficulty="Hard")
    assert graded["grade"] == "Hard" and graded["puzzle"] == here["puzzle"] and graded["seed"] == here["seed"]


def test_a_variant_link_solves_and_hints_as_in_cpython(pyodide_results):
    link = "fpuzzles" + CASES["variant"][0]
    solved, here = pyodide_results["variant"], web.solve(link)
    assert solved["status"] == "unique" and solved["kind"] == "variant"
    assert solved["solutions"] == here["solutions"] == CASES["variant_solution"]
    assert pyodide_results["variant_hint"] == web.hint(link)
