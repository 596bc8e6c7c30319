"""A textbook DLX: the baseline the engine's speed is measured against.

Knuth's DLX1 translated plainly: a straightforward flat-array DLX with
minimum-remaining-values item choice. Per
puzzle it links the items still open and the options still possible (of the
reduction :func:`~sudoku_dlx.kinds.solver.exact_cover` lists) in Knuth's layout: each
option's nodes between two spacer nodes, whose ``top`` is zero or negative.
``cover``/``hide``/``uncover``/``unhide`` are four small functions, and the
iterative search walks the item list at every level (up to the first item with
one option or none). None of the engine's speed-ups: no prebuilt links, no
notes of low items, no node tuples. Counts tries and guesses as
:mod:`sudoku_dlx.dlx` does.
"""

from __future__ import annotations

from ..dlx import SearchStats
from ..kinds.grid import Puzzle
from ..kinds.solver import exact_cover

__all__ = ["textbook_solutions"]


def textbook_solutions(puzzle: Puzzle, limit: int = 0) -> tuple[list[tuple[int, ...]], SearchStats]:
    """The completions of ``puzzle`` (at most ``limit``; 0: all) and the search statistics."""
    n = puzzle.n
    digits = puzzle.digits
    reduction = exact_cover(puzzle.shape)  # only its list of each option's items is used
    items_of = reduction.options
    done = {item for cell, digit in enumerate(digits) if digit for item in items_of[cell * n + digit - 1]}
    header: dict[int, int] = {}  # item -> its header node 1..count
    for item in range(reduction.n_items):
        if item not in done:
            header[item] = len(header) + 1
    count = len(header)
    llink = [count, *range(count)]
    rlink = [*range(1, count + 1), 0]
    top = [0] * (count + 2)  # the headers, then the first spacer
    ulink = list(range(count + 2))
    dlink = list(range(count + 2))
    size = [0] * (count + 1)
    placements = []  # option number -> (cell, digit)
    for cell, digit in enumerate(digits):
        if digit:
            continue
        for d in range(n):
            option_items = items_of[cell * n + d]
            if any(item in done for item in option_items):
                continue
            first = len(top)
            for item in option_items:
                h = header[item]
                x = len(top)
                top.append(h)
                ulink.append(ulink[h])
                dlink.append(h)
                dlink[ulink[h]] = x
                ulink[h] = x
                size[h] += 1
            placements.append((cell, d + 1))
            dlink[first - 1] = len(top) - 1  # the spacer before: down to this option's last node
            top.append(-len(placements))  # the spacer after: up to this option's first node
            ulink.append(first)
            dlink.append(0)

    def hide(p: int) -> None:
        q = p + 1
        while q != p:
            x = top[q]
            u, d = ulink[q], dlink[q]
            if x <= 0:
                q = u
            else:
                dlink[u] = d
                ulink[d] = u
                size[x] -= 1
                q += 1

    def unhide(p: int) -> None:
        q = p - 1
        while q != p:
            x = top[q]
            u, d = ulink[q], dlink[q]
            if x <= 0:
                q = d
            else:
                dlink[u] = q
                ulink[d] = q
                size[x] += 1
                q -= 1

    def cover(i: int) -> None:
        p = dlink[i]
        while p != i:
            hide(p)
            p = dlink[p]
        left, right = llink[i], rlink[i]
        rlink[left] = right
        llink[right] = left

    def uncover(i: int) -> None:
        left, right = llink[i], rlink[i]
        rlink[left] = i
        llink[right] = i
        p = ulink[i]
        while p != i:
            unhide(p)
            p = ulink[p]

    def cover_others(x: int) -> None:
        p = x + 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = ulink[p]
            else:
                cover(j)
                p += 1

    def uncover_others(x: int) -> None:
        p = x - 1
        while p != x:
            j = top[p]
            if j <= 0:
                p = dlink[p]
            else:
                uncover(j)
                p -= 1

    def option_of(x: int) -> int:
        while top[x] > 0:
            x += 1
        return -top[x] - 1

    stats = SearchStats()
    found: list[tuple[int, ...]] = []
    items: list[int] = []  # the item chosen at each level
    chosen: list[int] = []  # the node of the option tried at each level
    while True:
        if rlink[0] == 0:
            solution = list(digits)
            for x in chosen:
                cell, digit = placements[option_of(x)]
                solution[cell] = digit
            found.append(tuple(solution))
            stats.solutions += 1
            if limit and len(found) >= limit:
                return found, stats
        else:
            best, i, p = n + 1, 0, rlink[0]
            while p:
                if size[p] < best:
                    best, i = size[p], p
                    if best < 2:
                        break
                p = rlink[p]
            if best:
                stats.guesses += best > 1
                cover(i)
                x = dlink[i]
                items.append(i)
                chosen.append(x)
                stats.tries += 1
                cover_others(x)
                continue
        # Back up to the deepest level with an option left to try.
        while chosen:
            x, i = chosen.pop(), items[-1]
            uncover_others(x)
            x = dlink[x]
            if x != i:
                chosen.append(x)
                stats.tries += 1
                cover_others(x)
                break
            uncover(i)
            items.pop()
        else:
            return found, stats
