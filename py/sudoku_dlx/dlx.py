"""Exact cover by Knuth's Algorithm X with dancing links (DLX).

Glossary
--------
item
    Something to be covered. *Primary* items must be covered exactly once;
    *secondary* items at most once (as the diagonals in N-queens).
option
    A set of items. A solution is a set of options that covers every primary
    item exactly once and no secondary item twice.
node
    One (option, item) pair: a 1 in the 0/1 matrix. Options are stored as runs of
    consecutive nodes.
cover, uncover
    Covering an item removes it from the list of items still to cover and hides
    every option that contains it from the other items' lists. Uncovering undoes
    exactly that, in reverse order, which the links make possible.

Data structure
--------------
Everything lives in flat lists of integers, and a pointer is an index into them,
as in Knuth's DLX1. Index 0 is the root; indices ``1..n_items`` are the item
headers; nodes follow. For every index ``x``:

* ``up[x]``, ``down[x]``: the vertical circular list of an item (header included);
* ``top[x]``: the item a node belongs to (a header points to itself);
* ``left[x]``, ``right[x]``: the horizontal list of the primary items still to
  cover, through the root (secondary items link only to themselves);
* ``size[i]``: how many options item ``i`` still has.

``rest[x]`` is the tuple of the other nodes of ``x``'s option in cyclic order
after ``x``; walking it forwards hides the option and backwards restores it.

The search is iterative (an explicit stack of levels, no recursion) so it runs
within the small stack of Python in a browser. It chooses the primary item with
the fewest remaining options (minimum remaining values) and can visit the
options of that item in a seeded random order.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

__all__ = ["ExactCover", "SearchStats"]


@dataclass
class SearchStats:
    """What a search did.

    ``nodes``: options tried; ``updates``: link updates made by cover;
    ``guesses``: levels whose chosen item had two or more options;
    ``solutions``: solutions visited.
    """

    nodes: int = 0
    updates: int = 0
    guesses: int = 0
    solutions: int = 0


class ExactCover:
    """An exact-cover problem: add options, then :meth:`search`.

    >>> ec = ExactCover(3)
    >>> for option in ([0, 1], [2], [0], [1, 2]):
    ...     _ = ec.add_option(option)
    >>> sorted(sorted(s) for s in ec.search())
    [[0, 1], [2, 3]]
    """

    def __init__(self, n_primary: int, n_secondary: int = 0) -> None:
        if n_primary < 0 or n_secondary < 0:
            raise ValueError("item counts must not be negative")
        n = n_primary + n_secondary
        self.n_primary = n_primary
        self.n_items = n
        headers = range(n + 1)
        self.up = list(headers)
        self.down = list(headers)
        self.top = list(headers)
        self.size = [0] * (n + 1)
        self.left = list(headers)
        self.right = list(headers)
        # The primary items form a circular list through the root 0.
        for i in range(n_primary + 1):
            self.left[i] = i - 1 if i else n_primary
            self.right[i] = i + 1 if i < n_primary else 0
        self.rest: list[tuple[int, ...]] = [()] * (n + 1)
        self.option_of: list[int] = [-1] * (n + 1)
        self.options: list[tuple[int, ...]] = []
        self.stats = SearchStats()

    def add_option(self, items: Iterable[int]) -> int:
        """Add an option made of distinct item numbers (0-based); return its number."""
        items = tuple(items)
        if len(set(items)) != len(items):
            raise ValueError(f"option {items} names an item twice")
        for item in items:
            if not 0 <= item < self.n_items:
                raise ValueError(f"item {item} is out of range 0..{self.n_items - 1}")
        number = len(self.options)
        self.options.append(items)
        up, down, top, size = self.up, self.down, self.top, self.size
        first = len(top)
        nodes = range(first, first + len(items))
        for x, item in zip(nodes, items):
            header = item + 1
            last = up[header]
            up.append(last)
            down.append(header)
            down[last] = x
            up[header] = x
            top.append(header)
            size[header] += 1
            self.option_of.append(number)
        self.left.extend(nodes)  # unused for nodes; keeps every list the same length
        self.right.extend(nodes)
        for k in range(len(items)):
            self.rest.append(tuple(nodes[k + 1:]) + tuple(nodes[:k]))
        return number

    def _cover(self, i: int) -> None:
        up, down, top, size, rest = self.up, self.down, self.top, self.size, self.rest
        p = down[i]
        while p != i:
            for q in rest[p]:
                u = up[q]
                d = down[q]
                down[u] = d
                up[d] = u
                size[top[q]] -= 1
            self.stats.updates += len(rest[p])
            p = down[p]
        left, right = self.left, self.right
        right[left[i]] = right[i]
        left[right[i]] = left[i]

    def _uncover(self, i: int) -> None:
        up, down, top, size, rest = self.up, self.down, self.top, self.size, self.rest
        left, right = self.left, self.right
        right[left[i]] = i
        left[right[i]] = i
        p = up[i]
        while p != i:
            for q in reversed(rest[p]):
                up[down[q]] = q
                down[up[q]] = q
                size[top[q]] += 1
            p = up[p]

    def search(self, limit: int = 0, rng: random.Random | None = None) -> Iterator[list[int]]:
        """Yield solutions as lists of option numbers, at most ``limit`` (0: all).

        With ``rng`` the options of each chosen item are tried in random order.
        ``self.stats`` counts the work. The links are fully restored when the
        generator finishes or is closed.
        """
        stats = self.stats
        up, down, top, size, rest = self.up, self.down, self.top, self.size, self.rest
        right = self.right
        option_of = self.option_of
        cover, uncover = self._cover, self._uncover
        # One frame per level: [item, candidate nodes, index of the next one].
        frames: list[list] = []
        chosen: list[int] = []
        try:
            while True:
                # Choose the primary item with the fewest options (MRV).
                i = right[0]
                if i == 0:
                    stats.solutions += 1
                    yield [option_of[x] for x in chosen]
                    if limit and stats.solutions >= limit:
                        return
                else:
                    best = size[i]
                    j = right[i]
                    while j and best > 1:
                        if size[j] < best:
                            i, best = j, size[j]
                        j = right[j]
                    if best:
                        cover(i)
                        nodes = []
                        x = down[i]
                        while x != i:
                            nodes.append(x)
                            x = down[x]
                        if best > 1:
                            stats.guesses += 1
                            if rng is not None:
                                rng.shuffle(nodes)
                        frames.append([i, nodes, 0])
                        chosen.append(0)
                # Advance to the next option at the deepest level that has one.
                while frames:
                    frame = frames[-1]
                    i, nodes, k = frame
                    if k:
                        for q in reversed(rest[nodes[k - 1]]):
                            uncover(top[q])
                    if k < len(nodes):
                        x = nodes[k]
                        frame[2] = k + 1
                        chosen[-1] = x
                        for q in rest[x]:
                            cover(top[q])
                        stats.nodes += 1
                        break
                    uncover(i)
                    frames.pop()
                    chosen.pop()
                else:
                    return
        finally:
            # Closed early (limit reached or caller stopped): undo every level.
            while frames:
                i, nodes, k = frames.pop()
                if k:
                    for q in reversed(rest[nodes[k - 1]]):
                        uncover(top[q])
                uncover(i)
