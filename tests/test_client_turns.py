"""static/client.js's boot turns (driven in Node, which has BroadcastChannel): clients
that ask at once boot one at a time, in the order they asked; one alone goes at once."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
import pytest

pytestmark = pytest.mark.external

ROOT = Path(__file__).resolve().parents[1]


def test_clients_boot_one_at_a_time_in_the_order_they_asked():
    run = subprocess.run(["node", str(ROOT / "tests" / "turns.mjs")], capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    log = json.loads(run.stdout)
    goes = [(name, booting) for event, name, booting in log if event == "go"]
    assert goes == [("a", 1), ("b", 1), ("c", 1), ("d", 1)]  # never two booting at once
    assert ["alone", "d", 1] in log
