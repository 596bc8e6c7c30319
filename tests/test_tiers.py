"""The test tiers hold what they say: tests/conftest.py marks `fast` every test that is not
`browser`, `external` or `slow`, refuses the browser fixture without the `browser` mark, and
fails a test that starts Node, Simon Tatham's programs, Playwright's driver or Dask's scheduler
and workers without its mark."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import program_mark

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("executable, mark", [
    ("/usr/lib/python3/site-packages/playwright/driver/node", "browser"),
    ("/usr/bin/chromium", "browser"),
    ("node", "external"),
    ("/usr/bin/npm", "external"),
    ("/usr/games/sgt-solo", "external"),
    ("/usr/local/bin/dask", "slow"),
    (sys.executable, None),
    ("/usr/bin/pdftoppm", None),
])
def test_each_program_needs_its_mark(executable, mark):
    assert program_mark(executable) == mark


@pytest.fixture
def inner(pytester):
    """A pytest run of its own with this repository's conftest (and the plugin it loads) and marks."""
    pytester.makeconftest((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"))
    pytester.makepyfile(pagekit=(ROOT / "tests" / "pagekit.py").read_text(encoding="utf-8"))
    pytester.makeini("[pytest]\nmarkers =\n    browser\n    external\n    slow\n    fast\n")
    return pytester


@pytest.mark.external
def test_a_test_that_runs_node_without_the_mark_fails_and_with_it_passes(inner):
    inner.makepyfile(test_node="""
        import subprocess, pytest
        def test_unmarked():
            subprocess.run(["node", "-e", ""], check=True)
        @pytest.mark.external
        def test_marked():
            subprocess.run(["node", "-e", ""], check=True)
    """)
    result = inner.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(["*test_unmarked started*without the marks*external*"])


def test_the_browser_fixture_without_the_mark_is_refused(inner):
    inner.makepyfile(test_page="""
        import pytest
        @pytest.fixture
        def browser():
            return None
        def test_page(browser):
            pass
    """)
    result = inner.runpytest_subprocess("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*browser fixture without the browser mark*test_page*"])


def test_the_fast_tier_is_what_is_left(inner):
    inner.makepyfile(test_tiers="""
        import pytest
        def test_plain():
            pass
        @pytest.mark.slow
        def test_slow():
            pass
        @pytest.mark.browser
        def test_browser():
            pass
    """)
    result = inner.runpytest_subprocess("-p", "no:cacheprovider", "-m", "fast", "-v")
    result.assert_outcomes(passed=1, deselected=2)
    result.stdout.fnmatch_lines(["*test_plain PASSED*"])


def test_the_slow_tests_run_first(inner):
    inner.makepyfile(test_order="""
        import pytest
        def test_first():
            pass
        @pytest.mark.slow
        def test_long():
            pass
        def test_last():
            pass
        @pytest.mark.slow
        def test_longer():
            pass
    """)
    result = inner.runpytest_subprocess("-p", "no:cacheprovider", "-v")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(["*test_long PASSED*", "*test_longer PASSED*", "*test_first PASSED*",
                                 "*test_last PASSED*"])


def test_a_test_that_opens_a_file_beside_the_repository_fails(inner):
    # The inner run's conftest takes the folder above its own as the repository's root.
    beside = inner.path.parent.parent / "beside.txt"
    beside.write_text("outside", encoding="utf-8")
    inner.makepyfile(test_open=f"""
        def test_beside():
            open({str(beside)!r}).close()
        def test_inside():
            open(__file__).close()
    """)
    result = inner.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(["*test_beside opened files outside the repository*beside.txt*"])
