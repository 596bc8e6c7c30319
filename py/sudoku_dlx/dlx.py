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
after ``x``, and ``back[x]`` the same reversed: walking ``rest`` hides the
option, walking ``back`` restores it.

The search is iterative (an explicit stack of levels, no recursion) so it runs
within the small stack of Python in a browser. It chooses the primary item with
the fewest remaining options (minimum remaining values). Covering notes every
item whose count falls below two, so the common forced choice (an item with one
option left, or none: a dead end) is found without walking the item list; the
walk happens only when every item has two or more options. Options of the
chosen item can be tried in a seeded random order (for generating), and every
event (choose, try, undo, back up, dead end, solution) can be reported to a
``trace`` function (for showing the search event by event).

What makes it fast in Python: the links are plain lists of ints read through
local variables; ``rest``/``back`` tuples turn the inner loops into ``for``
loops over tuples; a problem can be built once and copied (only the links are
copied) and its fixed choices made with :meth:`ExactCover.select`. A long
search (once it has made :data:`NODES_SWITCH` link updates per node) moves to
one object per index with the same links as attributes, which CPython reads and
writes about a quarter faster than list items; building them costs too much for
a short search such as a sudoku's.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

__all__ = ["ExactCover", "SearchStats"]

#: A search moves to node objects (:meth:`ExactCover._search_nodes`) once it has made this
#: many link updates per node of the problem: building the objects then costs a few
#: percent of the search so far, and each update after it about a quarter less.
NODES_SWITCH = 100


@dataclass
class SearchStats:
    """What a search did.

    ``tries``: options tried; ``updates``: link updates made by cover;
    ``guesses``: levels whose chosen item had two or more options;
    ``solutions``: solutions visited; ``stopped``: the ``stop`` test ended the search.
    ``nodes`` is ``tries`` under the name it was published with.
    """

    tries: int = 0
    updates: int = 0
    guesses: int = 0
    solutions: int = 0
    stopped: bool = False

    @property
    def nodes(self) -> int:
        return self.tries

    @nodes.setter
    def nodes(self, tries: int) -> None:
        self.tries = tries


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
        self.back: list[tuple[int, ...]] = [()] * (n + 1)  # rest, reversed
        self.option_of: list[int] = [-1] * (n + 1)
        self.options: list[tuple[int, ...]] = []
        self.first: list[int] = []  # first node of each option
        self.selected_items: set[int] = set()
        self.shared = False  # True once copy() has shared the options
        # Items noted by cover as left with one option, or with none (they may be
        # out of date: the search checks an item before it takes it).
        self.low: list[int] = []
        self.empty: list[int] = []
        self.stats = SearchStats()

    def add_option(self, items: Iterable[int]) -> int:
        """Add an option made of distinct item numbers (0-based); return its number.

        The search chooses options through their primary items: an option of
        secondary items only is never part of a solution."""
        self.add_options([items])
        return len(self.options) - 1

    def add_options(self, options: Iterable[Iterable[int]]) -> None:
        """Add many options at once (the fast way to build a problem)."""
        if self.shared:
            raise ValueError("a problem that shares its options with a copy cannot take more")
        up, down, top, size = self.up, self.down, self.top, self.size
        rest, back, option_of, n = self.rest, self.back, self.option_of, self.n_items
        for items in options:
            items = tuple(items)
            if len(set(items)) != len(items) or (items and not 0 <= min(items) <= max(items) < n):
                raise ValueError(f"option {items} must name distinct items in 0..{n - 1}")
            number = len(self.options)
            self.options.append(items)
            first = len(top)
            self.first.append(first)
            nodes = tuple(range(first, first + len(items)))
            for x, item in zip(nodes, items):
                header = item + 1
                last = up[header]
                up.append(last)
                down.append(header)
                down[last] = x
                up[header] = x
                top.append(header)
                size[header] += 1
                rest.append(nodes[x - first + 1:] + nodes[:x - first])
                back.append(rest[-1][::-1])
                option_of.append(number)
        self.left.extend(range(len(self.left), len(top)))  # nodes have no horizontal item links
        self.right.extend(range(len(self.right), len(top)))

    def copy(self) -> ExactCover:
        """An independent problem in the same state, sharing the options (cheap:
        only the links are copied). Neither may add options afterwards."""
        twin = ExactCover.__new__(ExactCover)
        twin.__dict__.update(self.__dict__)
        for name in ("up", "down", "size", "left", "right", "selected_items", "low", "empty"):
            setattr(twin, name, getattr(self, name).copy())
        twin.stats = SearchStats()
        self.shared = twin.shared = True
        return twin

    def select(self, options: Iterable[int]) -> None:
        """Cover the items of ``options`` before searching, as if chosen (givens, say).

        Solutions found later leave selected options out. Raises ``ValueError`` if
        an option shares an item with one selected before.
        """
        up, down, top, rest, first = self.up, self.down, self.top, self.rest, self.first
        selected = self.selected_items
        cover = self._cover_function()
        for option in options:
            if not 0 <= option < len(first):
                raise ValueError(f"there is no option {option}")
            nodes = (first[option], *rest[first[option]])
            if any(top[x] in selected or down[up[x]] != x for x in nodes):
                raise ValueError(f"option {option} shares an item with a selected option")
            selected.update(top[x] for x in nodes)
            self.stats.updates += cover(nodes)

    def live(self, option: int) -> bool:
        """Whether ``option`` is still in the problem: not selected, not hidden by a
        selected one, not excluded."""
        up, down, top, first = self.up, self.down, self.top, self.first
        return all(top[x] not in self.selected_items and down[up[x]] == x
                   for x in (first[option], *self.rest[first[option]]))

    def exclude(self, options: Iterable[int]) -> None:
        """Take ``options`` out of the problem for good: no solution found later
        contains them (a digit ruled out in a cell, say). Raises ``ValueError`` for
        an option that is selected, hidden by a selected one or already excluded."""
        hide = self._hide_function()
        for option in options:
            if not 0 <= option < len(self.first):
                raise ValueError(f"there is no option {option}")
            if not self.live(option):
                raise ValueError(f"option {option} is no longer in the problem")
            self.stats.updates += sum(map(len, hide([option])))

    def open_items(self) -> dict[int, int]:
        """The primary items still to cover (0-based), each with its number of options left."""
        right, size = self.right, self.size
        counts = {}
        i = right[0]
        while i:
            counts[i - 1] = size[i]
            i = right[i]
        return counts

    def _cover_function(self) -> Callable[[tuple[int, ...]], int]:
        """``cover(nodes)``: cover the item of each node (a header is its own item's
        node), hiding every option that contains it; returns the link updates.
        Items left with one option are noted in ``low``, with none in ``empty``."""
        up, down, top, size, rest = self.up, self.down, self.top, self.size, self.rest
        left, right = self.left, self.right
        note_low, note_empty = self.low.append, self.empty.append

        def cover(nodes: tuple[int, ...]) -> int:
            updates = 0
            for x in nodes:
                i = top[x]
                p = down[i]
                while p != i:
                    others = rest[p]
                    for q in others:
                        u = up[q]
                        d = down[q]
                        down[u] = d
                        up[d] = u
                        t = top[q]
                        s = size[t] - 1
                        size[t] = s
                        if s < 2:
                            if s:
                                note_low(t)
                            else:
                                note_empty(t)
                    updates += len(others)
                    p = down[p]
                right[left[i]] = right[i]
                left[right[i]] = left[i]
            return updates

        return cover

    def _uncover_function(self) -> Callable[[tuple[int, ...]], None]:
        """``uncover(nodes)``: undo ``cover`` of the same nodes given in reverse order."""
        up, down, top, size, back = self.up, self.down, self.top, self.size, self.back
        left, right = self.left, self.right

        def uncover(nodes: tuple[int, ...]) -> None:
            for x in nodes:
                i = top[x]
                right[left[i]] = i
                left[right[i]] = i
                p = up[i]
                while p != i:
                    for q in back[p]:
                        up[down[q]] = q
                        down[up[q]] = q
                        size[top[q]] += 1
                    p = up[p]

        return uncover

    def _hide_function(self) -> Callable[[Iterable[int]], list[tuple[int, ...]]]:
        """``hide(options)``: take those of ``options`` still in the problem out of
        their items' lists, where no search sees them; returns their nodes, for
        ``reveal``."""
        up, down, top, size, rest, first = self.up, self.down, self.top, self.size, self.rest, self.first
        left, right, n_primary = self.left, self.right, self.n_primary
        note_low, note_empty = self.low.append, self.empty.append

        def hide(options: Iterable[int]) -> list[tuple[int, ...]]:
            # An option out of the problem has at most one node still linked (a cover
            # unlinks all of an option's nodes but the covered item's; a hide, all), so
            # its first two nodes tell; an option of one node, its item's header.
            hidden = []
            for option in options:
                x = first[option]
                others = rest[x]
                if down[up[x]] != x:
                    continue
                if others:
                    y = others[0]
                    if down[up[y]] != y:
                        continue
                elif top[x] <= n_primary and right[left[top[x]]] != top[x]:
                    continue
                nodes = (x, *others)
                for x in nodes:
                    u, d = up[x], down[x]
                    down[u] = d
                    up[d] = u
                    t = top[x]
                    s = size[t] - 1
                    size[t] = s
                    if s < 2:
                        (note_low if s else note_empty)(t)
                hidden.append(nodes)
            return hidden

        return hide

    def _reveal_function(self) -> Callable[[list[tuple[int, ...]]], None]:
        """``reveal(hidden)``: undo ``hide``, which returned ``hidden``."""
        up, down, top, size = self.up, self.down, self.top, self.size

        def reveal(hidden: list[tuple[int, ...]]) -> None:
            for nodes in reversed(hidden):
                for x in reversed(nodes):
                    up[down[x]] = x
                    down[up[x]] = x
                    size[top[x]] += 1

        return reveal

    def search(
        self,
        limit: int = 0,
        rng: random.Random | None = None,
        stop: Callable[[SearchStats], bool] | None = None,
        trace: Callable[[str, int, tuple[int, ...]], object] | None = None,
        prune: Callable[[list[int]], Iterable[int]] | None = None,
        learn: bool = False,
    ) -> Iterator[list[int]]:
        """Yield solutions as lists of option numbers, at most ``limit`` (0: all).

        With ``rng`` the options of each chosen item are tried in random order.
        ``stop`` is asked at each guess, with the statistics so far, whether to
        end the search there (a time or guess budget); if it says so,
        ``stats.stopped`` is set. ``self.stats`` counts the work. The links are
        fully restored when the generator finishes, stops or is closed.

        ``trace(event, item, options)`` is told every event, with 0-based numbers:
        ``choose`` an item and its options in the order they will be tried (one
        option: a forced choice); ``try`` or ``undo`` an option of that item;
        ``back up`` from an item with no option left to try; ``dead end`` at an item
        with no option at all; ``solution`` (item -1) with the options chosen.

        ``prune(chosen)`` is the caller's own reasoning, for rules exact cover cannot
        state (bounds that chains of signs set, say): it is asked before each guess
        that follows a guess, with the options chosen so far (their numbers, as in
        a solution), and returns options in no solution that holds those; the ones
        still in the problem are hidden until the search backs up past that point,
        and the search chooses its item again. (Before the first guess, the caller
        can :meth:`exclude` what its reasoning rules out.)

        With ``learn``, each item weighs one plus the dead ends met at it so far, and
        among the items with two or more options the search chooses the one with the
        fewest per weight (constraint programming's "dom/wdeg"): it turns to where the
        puzzle has failed before, which cuts the long tails of searches whose ``prune``
        finds the dead ends (a generated 13x13 futoshiki: 58,059 guesses to 186).
        """
        stats = self.stats
        down, size, rest, back = self.down, self.size, self.rest, self.back
        left, right = self.left, self.right
        option_of, n_primary = self.option_of, self.n_primary
        low, empty = self.low, self.empty
        cover, uncover = self._cover_function(), self._uncover_function()
        updates = tried = 0
        # One frame per level: [item, its option nodes, index of the next one to try,
        # the nodes of the options prune hid after that try].
        frames: list[list] = []
        chosen: list[int] = []
        hide, reveal = self._hide_function(), self._reveal_function()
        ask = False  # a guess was tried since prune last spoke
        pruning = prune is not None
        # A long search moves to node objects once its updates outweigh building them.
        switch_at = NODES_SWITCH * len(self.top) if trace is None and prune is None and not learn else sys.maxsize
        weight = [1] * len(size) if learn else None  # each item's, with learn
        try:
            while True:
                if updates > switch_at:
                    yield from self._search_nodes(frames, chosen, limit, rng, stop)
                    return
                i = right[0]
                if i == 0:
                    stats.solutions += 1
                    if trace is not None:
                        trace("solution", -1, tuple(option_of[x] for x in chosen))
                    yield [option_of[x] for x in chosen]
                    if limit and stats.solutions >= limit:
                        return
                else:
                    # Choose the primary item with the fewest options (MRV; with learn,
                    # per weight): one just left with none or one if there is one, else by a walk.
                    best = 2
                    while empty:
                        j = empty.pop()
                        if not size[j] and j <= n_primary and right[left[j]] == j:
                            i, best = j, 0
                            break
                    else:
                        while low:
                            j = low.pop()
                            if size[j] == 1 and j <= n_primary and right[left[j]] == j:
                                i, best = j, 1
                                break
                    if best == 2 and weight is not None:
                        best = size[i]
                        per_weight = best / weight[i]
                        j = right[i]
                        while j and best > 1:
                            count = size[j]
                            if count < 2 or count / weight[j] < per_weight:
                                i, best, per_weight = j, count, count / weight[j]
                            j = right[j]
                    elif best == 2:
                        best = size[i]
                        j = right[i]
                        while j and best > 1:
                            if size[j] < best:
                                i, best = j, size[j]
                            j = right[j]
                    if ask and best > 1 and prune is not None:
                        ask = False
                        hidden = hide(prune([option_of[x] for x in chosen]))
                        if hidden:
                            frames[-1][3].extend(hidden)
                            continue
                    if best:
                        if best > 1:
                            stats.guesses += 1
                            if stop is not None and stop(stats):
                                stats.stopped = True
                                return
                        updates += cover((i,))
                        nodes = []
                        x = down[i]
                        while x != i:
                            nodes.append(x)
                            x = down[x]
                        if best > 1 and rng is not None:
                            rng.shuffle(nodes)
                        frames.append([i, nodes, 0, []])
                        chosen.append(0)
                        if trace is not None:
                            trace("choose", i - 1, tuple(option_of[x] for x in nodes))
                    else:
                        if weight is not None:
                            weight[i] += 1
                        if trace is not None:
                            trace("dead end", i - 1, ())
                # Advance to the next option at the deepest level that has one.
                while frames:
                    frame = frames[-1]
                    i, nodes, k, hidden = frame
                    if hidden:
                        reveal(hidden)
                        hidden.clear()
                    if k:
                        uncover(back[nodes[k - 1]])
                        if trace is not None:
                            trace("undo", i - 1, (option_of[nodes[k - 1]],))
                    if k < len(nodes):
                        x = nodes[k]
                        frame[2] = k + 1
                        chosen[-1] = x
                        updates += cover(rest[x])
                        tried += 1
                        if pruning and len(nodes) > 1:
                            ask = True
                        if trace is not None:
                            trace("try", i - 1, (option_of[x],))
                        break
                    uncover((i,))
                    if trace is not None:
                        trace("back up", i - 1, ())
                    frames.pop()
                    chosen.pop()
                else:
                    return
        finally:
            stats.updates += updates
            stats.tries += tried
            # Closed early (limit reached or caller stopped): undo every level.
            while frames:
                i, nodes, k, hidden = frames.pop()
                reveal(hidden)
                if k:
                    uncover(back[nodes[k - 1]])
                uncover((i,))

    def _search_nodes(self, frames: list[list], chosen: list[int], limit: int, rng: random.Random | None,
                      stop: Callable[[SearchStats], bool] | None) -> Iterator[list[int]]:
        """:meth:`search` (without ``trace``) continued from its ``frames`` and ``chosen``
        (taken over: both are empty when it ends) on :class:`_Node` objects, the same search with
        the same choices, statistics and solutions. CPython reads and writes an
        object's slots faster than it indexes a list, and a long search spends its
        time in those reads and writes. The links are written back to the lists once
        the search has undone every level."""
        stats = self.stats
        objs = _nodes(self)
        root, n_primary = objs[0], self.n_primary
        frames[:] = [[objs[i], [objs[x] for x in nodes], k] for i, nodes, k, _ in frames]
        level, stack = [objs[x] for x in chosen], frames
        chosen.clear()
        low, empty = [objs[j] for j in self.low], [objs[j] for j in self.empty]
        note_low, note_empty = low.append, empty.append

        def cover(nodes: tuple[_Node, ...]) -> int:
            updates = 0
            for x in nodes:
                i = x.item
                p = i.down
                while p is not i:
                    others = p.rest
                    for q in others:
                        u = q.up
                        d = q.down
                        u.down = d
                        d.up = u
                        t = q.item
                        s = t.size - 1
                        t.size = s
                        if s < 2:
                            if s:
                                note_low(t)
                            else:
                                note_empty(t)
                    updates += len(others)
                    p = p.down
                left, right = i.left, i.right
                left.right = right
                right.left = left
            return updates

        def uncover(nodes: tuple[_Node, ...]) -> None:
            for x in nodes:
                i = x.item
                i.left.right = i
                i.right.left = i
                p = i.up
                while p is not i:
                    for q in p.back:
                        q.down.up = q
                        q.up.down = q
                        q.item.size += 1
                    p = p.up

        updates = tried = 0
        try:
            while True:
                i = root.right
                if i is root:
                    stats.solutions += 1
                    yield [x.option for x in level]
                    if limit and stats.solutions >= limit:
                        return
                else:
                    best = 2
                    while empty:
                        j = empty.pop()
                        if not j.size and j.index <= n_primary and j.left.right is j:
                            i, best = j, 0
                            break
                    else:
                        while low:
                            j = low.pop()
                            if j.size == 1 and j.index <= n_primary and j.left.right is j:
                                i, best = j, 1
                                break
                    if best == 2:
                        best = i.size
                        j = i.right
                        while j is not root and best > 1:
                            if j.size < best:
                                i, best = j, j.size
                            j = j.right
                    if best:
                        if best > 1:
                            stats.guesses += 1
                            if stop is not None and stop(stats):
                                stats.stopped = True
                                return
                        updates += cover((i,))
                        nodes = []
                        x = i.down
                        while x is not i:
                            nodes.append(x)
                            x = x.down
                        if best > 1 and rng is not None:
                            rng.shuffle(nodes)
                        stack.append([i, nodes, 0])
                        level.append(root)
                while stack:
                    frame = stack[-1]
                    i, nodes, k = frame
                    if k:
                        uncover(nodes[k - 1].back)
                    if k < len(nodes):
                        x = nodes[k]
                        frame[2] = k + 1
                        level[-1] = x
                        updates += cover(x.rest)
                        tried += 1
                        break
                    uncover((i,))
                    stack.pop()
                    level.pop()
                else:
                    return
        finally:
            stats.updates += updates
            stats.tries += tried
            while stack:
                i, nodes, k = stack.pop()
                if k:
                    uncover(nodes[k - 1].back)
                uncover((i,))
            up, down, size, left, right = self.up, self.down, self.size, self.left, self.right
            for k, x in enumerate(objs):
                up[k] = x.up.index
                down[k] = x.down.index
            for k in range(self.n_items + 1):
                x = objs[k]
                size[k], left[k], right[k] = x.size, x.left.index, x.right.index
            self.low[:] = [j.index for j in low]
            self.empty[:] = [j.index for j in empty]


class _Node:
    """One index of :class:`ExactCover`'s lists as an object, for :meth:`ExactCover._search_nodes`:
    its links (``up``, ``down``, ``left``, ``right``: other nodes), ``item`` (its item's
    header), ``size`` (a header's), ``rest``/``back`` (as the lists', of nodes),
    ``option`` and ``index`` (its index in the lists)."""

    __slots__ = ("up", "down", "left", "right", "item", "size", "rest", "back", "option", "index")
    up: _Node
    down: _Node
    left: _Node
    right: _Node
    item: _Node
    size: int
    rest: tuple[_Node, ...]
    back: tuple[_Node, ...]
    option: int
    index: int


def _nodes(ec: ExactCover) -> list[_Node]:
    """The objects of every index of ``ec``'s lists, linked as the lists are now."""
    objs = [_Node() for _ in ec.top]
    at = objs.__getitem__
    for k, x, u, d, t, r, b, o in zip(range(len(objs)), objs, ec.up, ec.down, ec.top, ec.rest, ec.back,
                                      ec.option_of):
        x.up, x.down, x.item, x.option, x.index = objs[u], objs[d], objs[t], o, k
        x.rest, x.back = tuple(map(at, r)), tuple(map(at, b))
    for i in range(ec.n_items + 1):
        x = objs[i]
        x.size, x.left, x.right = ec.size[i], objs[ec.left[i]], objs[ec.right[i]]
    return objs
