"""The command line's work on Dask's distributed scheduler (``--scheduler``): a cluster of
many machines, or ``local:N`` processes of this one.

:func:`session` connects to a scheduler (or starts a local cluster); :func:`ordered` maps a
function over a stream of items there, in batches sized to take about
:data:`BATCH_SECONDS` each (the scheduler spends a few milliseconds a task), and yields the
results in the items' order as they finish, with progress and a summary on standard error.
The items are read and the results written as a stream: at most :data:`HELD` batches per
worker thread are out at once. Each task is pure (the same batch gives the same results) and
has its own key: a task that raises is tried :data:`RETRIES` times more, and the scheduler
runs the tasks of a worker that dies again elsewhere, so a fault changes no result.

This is the one module that imports Dask, and only the command line imports it, when
``--scheduler`` is given: the package itself stays standard library only (and runs in
Pyodide). ``pip install 'sudoku-dlx[cluster]'`` adds Dask; every worker needs sudoku-dlx
installed (the same version), since the tasks call its functions.
"""

from __future__ import annotations

import os
import queue
import sys
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from distributed import Client, KilledWorker, LocalCluster, wait

__all__ = ["BATCH_SECONDS", "HELD", "RETRIES", "ordered", "run_batch", "session", "threads"]

#: The seconds of work a batch aims at: long beside the scheduler's milliseconds a task.
BATCH_SECONDS = 1.0
#: The most items in a batch.
BATCH_MAX = 10_000
#: Batches running or queued per worker thread, so that none waits for work.
RUNNING = 2
#: Batches out at once per worker thread, running or done but not yet written (results are
#: written in the items' order: a slow batch holds back the ones after it).
HELD = 8
#: How many more times a task that raised is tried.
RETRIES = 2
#: Seconds between two progress lines.
PROGRESS_SECONDS = 10.0
#: Seconds to wait for a scheduler to answer.
CONNECT_SECONDS = 30


@contextmanager
def session(address: str) -> Iterator[Client]:
    """A client of the scheduler at ``address`` (``tcp://host:port``, or a scheduler file
    ending in ``.json`` as ``dask scheduler --scheduler-file`` writes it), or of a local
    cluster of N worker processes of one thread each for ``local:N``; closed at the end.
    OSError when there is no such file, or no scheduler answers."""
    if address.startswith("local:"):
        n = int(address.removeprefix("local:"))
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            yield client
        return
    if address.endswith(".json") and not os.path.isfile(address):
        raise FileNotFoundError(f"no scheduler file named {address!r} (dask scheduler --scheduler-file writes it)")
    where = {"scheduler_file": address} if address.endswith(".json") else {"address": address}
    try:
        client = Client(**where, timeout=CONNECT_SECONDS)
    except ValueError as error:  # an address Dask cannot read
        raise OSError(f"--scheduler {address}: {error}") from None
    with client:
        yield client


def threads(client: Client) -> int:
    """The worker threads of the cluster, once it has a worker (said on standard error while it has none)."""
    if not client.nthreads():
        print("waiting for a Dask worker to join the scheduler ...", file=sys.stderr, flush=True)
        client.wait_for_workers(1)
    return sum(client.nthreads().values())


def run_batch(function: Callable, batch: list, args: tuple) -> tuple[float, list]:
    """One task: ``function(item, *args)`` for each item of ``batch``, and the seconds it took."""
    began = time.perf_counter()
    results = [function(item, *args) for item in batch]
    return time.perf_counter() - began, results


class _Feed:
    """The items, read in a thread of their own (reading may wait, on standard input say)
    into a bounded queue, so that results are written while the next items are awaited."""

    END = object()

    def __init__(self, items: Iterable, most: int) -> None:
        self.queue: queue.Queue = queue.Queue(most)
        self.ended = False
        threading.Thread(target=self._read, args=(items,), daemon=True).start()

    def _read(self, items: Iterable) -> None:
        try:
            for item in items:
                self.queue.put((item, None))
            self.queue.put((self.END, None))
        except BaseException as error:  # raised again by take(), in the thread that takes
            self.queue.put((self.END, error))

    def take(self, most: int, wait: bool) -> list:
        """Up to ``most`` items there now (waiting for the first if ``wait``); [] at the end."""
        batch: list = []
        while not self.ended and len(batch) < most:
            try:
                item, error = self.queue.get(block=wait and not batch)
            except queue.Empty:
                break
            if error is not None:
                raise error
            if item is self.END:
                self.ended = True
            else:
                batch.append(item)
        return batch


def ordered(client: Client, function: Callable, items: Iterable, args: tuple = (), noun: str = "items") -> Iterator[Any]:
    """``function(item, *args)`` for each item, run on the cluster in batches and yielded in
    the items' order as they finish. ``function`` must be importable where the workers run
    (a module's top-level function) and pure. Progress on standard error every
    :data:`PROGRESS_SECONDS`, and a summary (items, seconds, the work's seconds summed over
    the tasks, batches) at the end."""
    width = threads(client)
    run = uuid.uuid4().hex[:12]
    feed = _Feed(items, BATCH_MAX * width)
    out: deque = deque()  # the batches submitted and not yet yielded, in order
    size, batches, done, busy = 1, 0, 0, 0.0
    began = shown = time.perf_counter()
    try:
        while True:
            while out and out[0].done():
                try:
                    seconds, results = out.popleft().result()
                except KilledWorker as error:  # its workers died too often (allowed-failures): it may be the cause
                    raise OSError(f"{noun}: Dask gave up on a batch that killed its workers ({error})") from None
                busy += seconds
                done += len(results)
                size = max(1, min(BATCH_MAX, round(BATCH_SECONDS * done / busy))) if busy else BATCH_MAX
                yield from results
            running = sum(not future.done() for future in out)
            while running < RUNNING * width and len(out) < HELD * width:
                batch = feed.take(size, wait=not out)
                if not batch:
                    break
                out.append(client.submit(run_batch, function, batch, args, key=f"{noun}-{run}-{batches}",
                                         retries=RETRIES))
                batches += 1
                running += 1
            if not out:
                break
            try:
                wait([future for future in out if not future.done()], timeout=PROGRESS_SECONDS,
                     return_when="FIRST_COMPLETED")
            except TimeoutError:
                pass
            if time.perf_counter() - shown >= PROGRESS_SECONDS:
                shown = time.perf_counter()
                print(f"{noun}: {done:,} done, {running} batches running on {threads(client)} worker threads, "
                      f"{shown - began:.0f} s", file=sys.stderr, flush=True)
    finally:
        client.cancel(list(out))
    print(f"{noun}: {done:,} in {time.perf_counter() - began:.1f} s on {width} worker threads "
          f"({busy:.1f} s of work in {batches} batches)", file=sys.stderr, flush=True)
