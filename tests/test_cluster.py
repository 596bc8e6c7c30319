"""``--scheduler`` on Dask: rate, generate, bench and a count through a real ``dask scheduler``
and two ``dask worker`` processes started here on 127.0.0.1, and through a LocalCluster
(``local:2``), give the records of one process; a worker killed mid-run changes nothing;
``--resume`` goes on after Ctrl+C; without Dask, ``--scheduler`` says how to install it."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import lines
from sudoku_dlx.cli import main
from sudoku_dlx.kinds.read import read_texts, stream_texts

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
#: One of the forum's hardest (a second or more to rate), six of Norvig's top95, a bad line.
PUZZLES = [*lines("9x9/forum_hardest_1106.txt", 1), *lines("9x9/norvig_top95.txt", 6), "12345"]
#: Seconds any wait on a condition may take before the test fails (the machine may be loaded).
PATIENCE = 180
#: The fields that differ between two runs of the same work: times, and how it was spread.
TIMES = {"ms", "mean_ms", "median_ms", "min_ms", "max_ms", "total_s", "time_vs_first", "jobs", "updates"}


def until(condition: Callable[[], object], what: str) -> None:
    """Wait until ``condition()`` holds (polling), or fail saying ``what`` did not happen."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {PATIENCE} s"
        time.sleep(0.02)


def records(path: Path) -> list[dict]:
    """The JSON records of a file, without their times."""
    found = [json.loads(line) for line in path.read_text().splitlines()]
    return [{key: value for key, value in record.items() if key not in TIMES} for record in found]


def written(path: Path) -> int:
    return path.read_text().count("\n") if path.exists() else 0


def sudoku_dlx(*args: str, **popen) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "sudoku_dlx", *args], env=ENV, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)


def finished(process: subprocess.Popen) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=PATIENCE)
    return process.returncode, out, err


@dataclass
class Cluster:
    """A scheduler and its workers, each a process of ``dask``."""

    file: Path  # the scheduler file
    address: str
    workers: dict[str, subprocess.Popen]  # by the worker's address


def scheduler_address(file: Path) -> str:
    """The address a scheduler file holds; "" while it is not there or half written."""
    try:
        return json.loads(file.read_text())["address"]
    except (OSError, ValueError, KeyError):
        return ""


@contextmanager
def dask_cluster(folder: Path, workers: int = 2) -> Iterator[Cluster]:
    """``dask scheduler`` on a free port of 127.0.0.1 and ``workers`` ``dask worker`` processes
    of one thread each (no nanny, so that killing one kills the worker), all ended at the end."""
    from distributed import Client

    dask = shutil.which("dask", path=os.path.dirname(sys.executable)) or "dask"
    file = folder / "scheduler.json"
    started: list[subprocess.Popen] = []
    logs = folder / "logs"
    logs.mkdir()

    def start(name: str, *args: str) -> subprocess.Popen:
        with open(logs / f"{name}.txt", "w") as log:
            started.append(subprocess.Popen([dask, *args], env=ENV, cwd=folder, stdout=log, stderr=log))
        return started[-1]

    try:
        start("scheduler", "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
              "--scheduler-file", str(file))
        until(lambda: scheduler_address(file), "the scheduler's file")
        address = scheduler_address(file)
        processes = [start(f"worker{k}", "worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard",
                           "--host", "127.0.0.1", "--name", f"worker{k}") for k in range(workers)]
        with Client(address, timeout=PATIENCE) as client:
            client.wait_for_workers(workers, timeout=PATIENCE)
            names = {info["name"]: worker for worker, info in client.scheduler_info()["workers"].items()}
        yield Cluster(file, address, {names[f"worker{k}"]: p for k, p in enumerate(processes)})
    except BaseException:
        for path in sorted(logs.iterdir()):
            print(f"--- {path.name}\n{path.read_text()}")
        raise
    finally:
        for process in started:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory) -> Iterator[Cluster]:
    with dask_cluster(tmp_path_factory.mktemp("dask")) as started:
        yield started


@pytest.fixture(scope="module")
def hard(tmp_path_factory) -> Path:
    """The file of PUZZLES."""
    path = tmp_path_factory.mktemp("puzzles") / "puzzles.txt"
    path.write_text("\n".join(PUZZLES) + "\n")
    return path


@pytest.fixture(scope="module")
def puzzles(tmp_path_factory) -> Path:
    """The file of PUZZLES but the hard one (their records are ``rated[1:]``)."""
    path = tmp_path_factory.mktemp("puzzles") / "puzzles.txt"
    path.write_text("\n".join(PUZZLES[1:]) + "\n")
    return path


@pytest.fixture(scope="module")
def rated(hard, tmp_path_factory) -> list[dict]:
    """The records of ``rate --json`` of PUZZLES in this process, as one process writes them."""
    path = tmp_path_factory.mktemp("rated") / "rated.jsonl"
    assert main(["rate", str(hard), "--json", "--output", str(path)]) == 1  # the bad line
    return records(path)


@pytest.mark.slow
def test_rate_generate_count_and_bench_on_a_scheduler_with_two_workers(cluster, puzzles, rated, tmp_path):
    out = tmp_path / "rated.jsonl"
    code, _, err = finished(sudoku_dlx("rate", str(puzzles), "--json", "--output", str(out),
                                       "--scheduler", cluster.address))
    assert code == 1 and records(out) == rated[1:], err
    assert [r["status"] for r in rated] == ["rated"] * 7 + ["invalid"]
    assert f"rate: {len(PUZZLES) - 1} in " in err and "on 2 worker threads" in err

    for command in (["generate", "--size", "4", "--count", "5", "--seed", "3", "--json"],
                    ["queens", "8", "--json"],
                    ["bench", str(puzzles), "--solver", "dlx,textbook", "--json"]):
        alone, shared = tmp_path / "alone.txt", tmp_path / "shared.txt"
        code, out_text, err = finished(sudoku_dlx(*command))
        alone.write_text(out_text)
        assert code == 0, err
        code, out_text, err = finished(sudoku_dlx(*command, "--scheduler", str(cluster.file)))
        shared.write_text(out_text)
        assert code == 0, err
        assert records(shared) == records(alone), command
    assert len(records(shared)) == 2 and records(shared)[0]["invalid"] == 1
    assert json.loads(shared.read_text().splitlines()[0])["puzzles"] == len(PUZZLES) - 1


def test_a_count_takes_its_parts_in_the_search_order(capsys):
    """``--jobs`` (and ``--scheduler``, through the same code) keep one process's solutions in its order."""
    found = []
    for jobs in ("1", "2"):
        assert main(["langford", "7", "--json", "--jobs", jobs]) == 0
        found.append(json.loads(capsys.readouterr().out)["found"])
    assert len(found[0]) == 26 and found[1] == found[0]


@pytest.mark.slow
def test_a_worker_killed_mid_run_changes_nothing(hard, rated, tmp_path):
    """The first batch (the hard puzzle, alone: the first batches hold one puzzle) is killed with
    its worker before it is written; the scheduler runs it again on the other worker."""
    from distributed import Client

    with dask_cluster(tmp_path) as cluster, Client(cluster.address, timeout=PATIENCE) as client:
        out = tmp_path / "rated.jsonl"
        run = sudoku_dlx("rate", str(hard), "--json", "--output", str(out), "--scheduler", cluster.address)
        busy: list[str] = []

        def first_batch_running() -> bool:
            busy[:] = [worker for worker, keys in client.processing().items()
                       if any(str(key).endswith("-0") for key in keys)]
            return bool(busy) or run.poll() is not None

        until(first_batch_running, "the first batch running on a worker")
        assert run.poll() is None and written(out) == 0
        cluster.workers[busy[0]].kill()
        code, _, err = finished(run)
        assert code == 1 and records(out) == rated, err
        assert len(client.nthreads()) == 1


@pytest.mark.slow
def test_resume_after_ctrl_c(cluster, puzzles, rated, tmp_path):
    """Three puzzles on standard input, then Ctrl+C while the run waits for more; --resume
    with the file of the same puzzles and more writes the rest, once each."""
    out = tmp_path / "rated.jsonl"
    run = sudoku_dlx("rate", "-", "--json", "--output", str(out), "--scheduler", cluster.address,
                     stdin=subprocess.PIPE)
    assert run.stdin is not None
    run.stdin.write("\n".join(PUZZLES[1:4]) + "\n\n")  # the blank line ends the block: no more is awaited
    run.stdin.flush()
    until(lambda: written(out) == 3, "three records written")
    run.send_signal(signal.SIGINT)
    code, _, err = finished(run)
    assert code == 130 and "--resume goes on" in err, err
    assert records(out) == rated[1:4]
    code, _, err = finished(sudoku_dlx("rate", str(puzzles), "--json", "--output", str(out), "--resume",
                                       "--scheduler", cluster.address))
    assert code == 1 and records(out) == rated[1:], err


@pytest.mark.slow
def test_a_local_cluster(puzzles, rated, tmp_path):
    out = tmp_path / "rated.jsonl"
    code, _, err = finished(sudoku_dlx("rate", str(puzzles), "--json", "--output", str(out), "--scheduler", "local:2"))
    assert code == 1 and records(out) == rated[1:], err
    code, text, err = finished(sudoku_dlx("pentomino", "5x5", "--pieces", "FLPUX", "--raw", "--scheduler", "local:2"))
    assert code == 0, err
    assert "8 solutions (" in text and "2 Dask worker threads" in text


def test_resume_without_a_scheduler(puzzles, tmp_path, capsys):
    """--resume counts the whole records, drops a line cut short, and writes the rest once."""
    source = puzzles
    whole, out = tmp_path / "whole.jsonl", tmp_path / "rated.jsonl"
    assert main(["rate", str(source), "--json", "--output", str(whole)]) == 1
    kept = whole.read_text().splitlines(keepends=True)
    out.write_text("".join(kept[:4]) + kept[4][:30])
    assert main(["rate", str(source), "--json", "--output", str(out), "--resume"]) == 1
    assert records(out) == records(whole)
    assert capsys.readouterr().err.endswith(f"3 records written to {out} after the 4 it held\n")
    out.write_text("".join(kept) * 2)
    assert main(["rate", str(source), "--json", "--output", str(out), "--resume"]) == 2
    assert "holds 14 records, more than the puzzles of the source" in capsys.readouterr().err
    assert main(["rate", str(source), "--output", str(out), "--resume"]) == 2
    assert main(["generate", "--count", "2", "--json", "--output", str(out), "--resume"]) == 2
    assert "generate --resume needs --seed S" in capsys.readouterr().err


def test_without_dask_the_scheduler_says_how_to_install_it():
    """Dask hidden from the import system: one line, exit 2, nothing started."""
    hide = "import sys; sys.modules.update(dask=None, distributed=None); from sudoku_dlx.cli import main; "
    for command in (["rate", PUZZLES[1]], ["queens", "6"], ["generate", "--count", "2"],
                    ["bench", "tests/data/9x9/norvig_hardest.txt"]):
        done = subprocess.run([sys.executable, "-c", hide + f"sys.exit(main({[*command, '--scheduler', 'local:2']!r}))"],
                              env=ENV, cwd=ROOT, capture_output=True, text=True, timeout=PATIENCE)
        assert (done.returncode, done.stdout) == (2, ""), command
        assert done.stderr == ("error: --scheduler runs on Dask's distributed scheduler, which is not installed: "
                               "pip install 'sudoku-dlx[cluster]'\n")


def test_a_scheduler_that_cannot_be_reached_is_a_usage_error(tmp_path, capsys):
    """Nothing is started for a bad address, a missing scheduler file, or --jobs beside --scheduler."""
    with pytest.raises(SystemExit) as stop:
        main(["queens", "4", "--scheduler", "local:0"])
    assert stop.value.code == 2 and "local:N takes a number of processes, 1 to 64, not '0'" in capsys.readouterr().err
    assert main(["queens", "4", "--scheduler", "nowhere"]) == 2
    assert capsys.readouterr().err == "error: --scheduler nowhere: missing port number in address 'nowhere'\n"
    missing = tmp_path / "scheduler.json"
    assert main(["rate", PUZZLES[1], "--scheduler", str(missing)]) == 2
    assert f"no scheduler file named {str(missing)!r}" in capsys.readouterr().err
    assert main(["queens", "4", "--jobs", "2", "--scheduler", "local:2"]) == 2
    assert "--jobs and --scheduler: choose one" in capsys.readouterr().err


def test_the_stream_reader_reads_as_the_whole_text_does():
    """stream_texts gives read_texts's puzzles a block at a time, and reads a long block line by line."""
    for path in [*sorted((ROOT / "docs" / "examples").glob("*.txt")), *sorted((ROOT / "tests" / "data").glob("*/*.t*"))]:
        text = path.read_text(encoding="utf-8")
        assert list(stream_texts(text.splitlines(keepends=True))) == read_texts(text), path

    read = []

    def long_file() -> Iterator[str]:
        yield "puzzle\tnote\n"  # a .tsv's header
        for number in range(10_000):
            read.append(number)
            yield PUZZLES[1] + "\n"
    texts = stream_texts(long_file())
    assert [next(texts) for _ in range(100)] == [PUZZLES[1]] * 100
    assert len(read) <= 200  # read as they come (a block is held at most BLOCK_LINES lines), not held whole
