"""Exact cover by Knuth's Algorithm X with sparse sets ("dancing cells").

The same problems and solutions as :mod:`sudoku_dlx.dlx` (items, primary and
secondary, options, covering), with the lists of links replaced by sparse sets,
after Knuth's "dancing cells" (his 2023 Christmas lecture).

Data structure
--------------
A *sparse set* holds some of a fixed universe of elements in the first places
of an array, with a second array telling where each element sits. Removing an
element swaps it with the last one in the set and shortens the set by one;
the removed element now sits just past the end. Growing the set by one again
brings back the element removed last, so removals are undone by counting
alone, in reverse order, without moving anything.

* ``cell`` holds every item's set of options, item after item: item ``t``'s
  live options are the nodes (one per option and item) in
  ``cell[start[t]:start[t] + size[t]]``; ``loc[x]`` is where node ``x`` sits in
  ``cell``, ``item[x]`` its item, ``rest[x]`` the other nodes of its option and
  ``rest_items[x]`` their items.
* ``active[:n_active]`` is the sparse set of the primary items still to cover
  (``where[i]``: item ``i``'s place in it).

Covering item ``i`` takes it out of ``active`` and every option in its set out
of the sets of that option's other items (a swap each); uncovering only
lengthens those sets again (``size[t] += 1``) and ``active`` (``n_active += 1``):
the sets come back with their members in another order, which is all the
search needs. The search is iterative and chooses the item as dancing links
does (the primary item with the fewest options: one that a cover just left with
one or none, else the lowest numbered by a walk of ``active``), so it visits the
same nodes, give or take the order of ties. It counts its work in a
:class:`~sudoku_dlx.dlx.SearchStats` as dancing links does: ``updates`` are the
options taken out of an item's set (a node unlinked, in dancing links).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from .dlx import SearchStats

__all__ = ["ExactCells"]


class ExactCells:
    """An exact-cover problem searched with sparse sets: add options, then :meth:`search`.

    >>> ec = ExactCells(3)
    >>> ec.add_options([[0, 1], [2], [0], [1, 2]])
    >>> sorted(sorted(s) for s in ec.search())
    [[0, 1], [2, 3]]
    """

    def __init__(self, n_primary: int, n_secondary: int = 0) -> None:
        if n_primary < 0 or n_secondary < 0:
            raise ValueError("item counts must not be negative")
        self.n_primary = n_primary
        self.n_items = n_primary + n_secondary
        self.options: list[tuple[int, ...]] = []
        self.item: list[int] = []  # per node
        self.option_of: list[int] = []
        self.rest: list[tuple[int, ...]] = []
        self.first: list[int] = []  # first node of each option
        self.built = False  # the sets are built by the first select or search
        self.selected_items: set[int] = set()
        # Items noted by cover as left with one option, or with none (checked before use).
        self.low: list[int] = []
        self.empty: list[int] = []
        self.stats = SearchStats()

    def add_option(self, items: Iterable[int]) -> int:
        """Add an option made of distinct item numbers (0-based); return its number."""
        self.add_options([items])
        return len(self.options) - 1

    def add_options(self, options: Iterable[Iterable[int]]) -> None:
        """Add many options at once; not after the first :meth:`select` or :meth:`search`."""
        if self.built:
            raise ValueError("a problem takes no more options once selected from or searched")
        n = self.n_items
        for items in options:
            items = tuple(items)
            if len(set(items)) != len(items) or (items and not 0 <= min(items) <= max(items) < n):
                raise ValueError(f"option {items} must name distinct items in 0..{n - 1}")
            number, first = len(self.options), len(self.item)
            self.options.append(items)
            self.first.append(first)
            nodes = tuple(range(first, first + len(items)))
            self.item.extend(items)
            self.option_of.extend([number] * len(items))
            self.rest.extend(nodes[k + 1:] + nodes[:k] for k in range(len(items)))

    def _build(self) -> None:
        """The sets: each item's nodes in ``cell``, in the order of the options."""
        if self.built:
            return
        self.built = True
        self.size = [0] * self.n_items
        for t in self.item:
            self.size[t] += 1
        self.start, at = [], 0
        for count in self.size:
            self.start.append(at)
            at += count
        self.cell = [0] * len(self.item)
        self.loc = [0] * len(self.item)
        filled = self.start.copy()
        for x, t in enumerate(self.item):
            self.cell[filled[t]] = x
            self.loc[x] = filled[t]
            filled[t] += 1
        self.rest_items = [tuple(self.item[q] for q in others) for others in self.rest]
        self.active = list(range(self.n_primary))
        self.where = list(range(self.n_primary))
        self.n_active = self.n_primary
    def _cover(self, i: int) -> int:
        """Take item ``i`` out of ``active`` (if primary) and each of its options out of
        the other items' sets; return how many options left a set. Items left with
        one option are noted in ``low``, with none in ``empty``."""
        item, rest, cell, loc, start, size = self.item, self.rest, self.cell, self.loc, self.start, self.size
        note_low, note_empty = self.low.append, self.empty.append
        if i < self.n_primary:
            self._deactivate(i)
        updates = 0
        for p in cell[start[i]:start[i] + size[i]]:
            others = rest[p]
            for q in others:
                t = item[q]
                s = size[t] - 1
                size[t] = s
                if s < 2:
                    if s:
                        note_low(t)
                    else:
                        note_empty(t)
                e = start[t] + s
                at = loc[q]
                if at != e:
                    y = cell[e]
                    cell[e] = q
                    cell[at] = y
                    loc[q] = e
                    loc[y] = at
            updates += len(others)
        return updates

    def _deactivate(self, i: int) -> None:
        active, where = self.active, self.where
        last = self.n_active - 1
        at, j = where[i], active[last]
        active[last], active[at] = i, j
        where[i], where[j] = last, at
        self.n_active = last

    def select(self, options: Iterable[int]) -> None:
        """Cover the items of ``options`` before searching, as if chosen (givens, say).

        Solutions found later leave selected options out. Raises ``ValueError`` if
        an option shares an item with one selected before."""
        self._build()
        for option in options:
            if not 0 <= option < len(self.first):
                raise ValueError(f"there is no option {option}")
            items = self.options[option]
            if any(t in self.selected_items for t in items):
                raise ValueError(f"option {option} shares an item with a selected option")
            self.selected_items.update(items)
            for t in items:
                self.stats.updates += self._cover(t)

    def search(self, limit: int = 0, stop: Callable[[SearchStats], bool] | None = None) -> Iterator[list[int]]:
        """Yield solutions as lists of option numbers, at most ``limit`` (0: all).

        ``stop`` is asked at each guess, with the statistics so far, whether to end
        the search there; if it says so, ``stats.stopped`` is set. The sets are
        restored when the generator finishes, stops or is closed."""
        self._build()
        stats = self.stats
        option_of, cell, start, size = self.option_of, self.cell, self.start, self.size
        rest_items, active, where, low, empty = self.rest_items, self.active, self.where, self.low, self.empty
        cover, n_primary = self._cover, self.n_primary

        def uncover(i: int) -> None:
            for p in cell[start[i]:start[i] + size[i]]:
                for t in rest_items[p]:
                    size[t] += 1
            if i < n_primary:
                self.n_active += 1

        updates = tried = 0
        frames: list[list] = []  # per level: [item, its option nodes, index of the next one to try]
        chosen: list[int] = []
        try:
            while True:
                n_active = self.n_active
                if not n_active:
                    stats.solutions += 1
                    yield [option_of[x] for x in chosen]
                    if limit and stats.solutions >= limit:
                        return
                else:
                    # The primary item with the fewest options: one just left with none
                    # or one if there is one, else by a walk (ties: the lowest number).
                    best = 2
                    while empty:
                        j = empty.pop()
                        if not size[j] and j < n_primary and where[j] < n_active:
                            i, best = j, 0
                            break
                    else:
                        while low:
                            j = low.pop()
                            if size[j] == 1 and j < n_primary and where[j] < n_active:
                                i, best = j, 1
                                break
                    if best == 2:
                        i = active[0]
                        best = size[i]
                        if best > 1:
                            for j in active[1:n_active]:
                                s = size[j]
                                if s < best or s == best and j < i:
                                    i, best = j, s
                                    if s < 2:
                                        break
                    if best:
                        if best > 1:
                            stats.guesses += 1
                            if stop is not None and stop(stats):
                                stats.stopped = True
                                return
                        updates += cover(i)
                        frames.append([i, cell[start[i]:start[i] + size[i]], 0])
                        chosen.append(0)
                # Advance to the next option at the deepest level that has one.
                while frames:
                    frame = frames[-1]
                    i, nodes, k = frame
                    if k:
                        for t in reversed(rest_items[nodes[k - 1]]):
                            uncover(t)
                    if k < len(nodes):
                        x = nodes[k]
                        frame[2] = k + 1
                        chosen[-1] = x
                        for t in rest_items[x]:
                            updates += cover(t)
                        tried += 1
                        break
                    uncover(i)
                    frames.pop()
                    chosen.pop()
                else:
                    return
        finally:
            stats.updates += updates
            stats.tries += tried
            while frames:
                i, nodes, k = frames.pop()
                if k:
                    for t in reversed(rest_items[nodes[k - 1]]):
                        uncover(t)
                uncover(i)
