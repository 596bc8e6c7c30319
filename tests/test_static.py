"""The static checks pass: mypy on the package and ESLint on the JavaScript, each printing
what it found when it fails.

mypy's settings are pyproject.toml's [tool.mypy], ESLint's eslint.config.js; both are pinned
(requirements-dev.txt, package.json) and run from the repository's root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.external

ROOT = Path(__file__).resolve().parents[1]
ESLINT = ROOT / "node_modules" / ".bin" / "eslint"


def _run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=600)


def test_mypy_finds_no_type_error():
    done = _run([sys.executable, "-m", "mypy"])
    assert done.returncode == 0, f"mypy found problems (python3 -m mypy):\n{done.stdout}{done.stderr}"
    assert "Success: no issues found" in done.stdout


def test_eslint_finds_no_problem():
    assert ESLINT.exists(), "ESLint is not installed: python3 build.py runs npm ci, which installs it"
    done = _run([str(ESLINT), "--max-warnings", "0", "."])
    assert done.returncode == 0, f"ESLint found problems (node_modules/.bin/eslint .):\n{done.stdout}{done.stderr}"
