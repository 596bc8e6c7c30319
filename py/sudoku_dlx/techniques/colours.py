"""Colouring: one digit's strong links coloured in two colours, alternately.

A *cluster* is a set of a digit's places joined by strong links (units where
the digit has two places); colour them alternately and exactly one colour of
each cluster holds the digit. Simple colouring reasons within one cluster,
multi-colours across two (HoDoKu's ColoringSolver).

Simple colouring is scored as the X-chain that proves it (SE has no colouring):
the shortest path of the cluster behind the step, ``2k`` cells long, is an
X-chain of ``k`` strong links (every other link of the path, the rest taken as
weak): SukakuExplainer's 5.4-5.6 for three or fewer (fewer are turbot fish,
found before), else SE's forcing X-chain of ``2k + 2`` terms (6.6 + length).
A wrap is scored as SE's forcing X-chain from one of the two cells of one colour
that see each other, along the path to the other, back to its own removal.

Both offer every step they weigh through :meth:`Search.found` (HoDoKu's "all
steps", :meth:`Technique.every`): each cluster's wrap and trap, each pair of
clusters' multi-colours.
"""

from __future__ import annotations

from collections import deque

from .position import Position, Link, Step, base_score
from .chains import forcing_x_base, one_digit, three_links
from .links import chain_score

__all__ = ["Cluster", "clusters", "multi_colours", "simple_colouring"]


class Cluster:
    """A cluster of ``digit``: its cells' ``colour`` (0 or 1), the strong links
    between them (``links``: cell -> linked cells), and its two ``colours`` (cells)."""

    def __init__(self, digit: int, colour: dict[int, int], links: dict[int, list[int]]) -> None:
        self.digit, self.colour, self.links = digit, colour, links
        self.colours = tuple([x for x in colour if colour[x] == c] for c in (0, 1))

    def path(self, a: int, b: int) -> list[int]:
        """The shortest path of strong links from ``a`` to ``b``, both in the cluster."""
        parent = {a: a}
        queue = deque([a])
        while queue:
            x = queue.popleft()
            if x == b:
                break
            for y in self.links[x]:
                if y not in parent:
                    parent[y] = x
                    queue.append(y)
        found = [b]
        while found[-1] != a:
            found.append(parent[found[-1]])
        return found[::-1]

    def strong(self) -> tuple[Link, ...]:
        """Its strong links, to draw."""
        d = self.digit
        return tuple(Link((a, d), (b, d), True) for a in self.links for b in self.links[a] if a < b)


def clusters(position: Position, digit: int) -> list[Cluster]:
    """The clusters of ``digit``'s strong links (two cells at least)."""
    links: dict[int, list[int]] = {}
    for _, a, b in position.strong_links(digit):
        for x, y in ((a, b), (b, a)):
            if y not in links.setdefault(x, []):
                links[x].append(y)
    found, done = [], set()
    for root in sorted(links):
        if root in done:
            continue
        colour = {root: 0}
        order = [root]
        for x in order:
            for y in links[x]:
                if y not in colour:
                    colour[y] = 1 - colour[x]
                    order.append(y)
        done.update(order)
        found.append(Cluster(digit, colour, {x: links[x] for x in order}))
    return found


def _sees(position: Position, x: int, cells) -> list[int]:
    """The cells of ``cells`` that ``x`` sees."""
    return [y for y in cells if y in position.peers[x]]


def _chain_score(position: Position, path: list[int]) -> float:
    """The score of the X-chain along a cluster's ``path`` (see the module docstring):
    its strong links are every other one, from the first."""
    strong = list(zip(path[::2], path[1::2]))
    if len(strong) <= 3:
        return three_links(position, strong)
    return chain_score(forcing_x_base(), 2 * len(strong) + 2)


def _names(position: Position, cells) -> str:
    """A colour's cells, as a group: ``{r1c1 r5c5}``."""
    return "{" + " ".join(position.name(x) for x in sorted(cells)) + "}"


def _wrap(position: Position, cluster: Cluster) -> Step | None:
    """A colour with two cells that see each other is false: all its cells lose the digit."""
    false, paths = [], []
    for side in cluster.colours:
        clash = [(a, b) for a in side for b in _sees(position, a, side) if a < b]
        if clash:
            false += side
            paths += [cluster.path(a, b) + [a] for a, b in clash]
    if not false:
        return None
    shortest = min(paths, key=len)
    score = chain_score(forcing_x_base(), len(shortest))
    d = position.symbol(cluster.digit)
    eliminations = tuple(sorted((x, cluster.digit) for x in false))
    a, b = shortest[0], shortest[-2]
    text = (f"Colour wrap on {d}: {_names(position, cluster.colours[0])} and {_names(position, cluster.colours[1])} "
            f"alternate along strong links; {position.name(a)} and {position.name(b)} have one colour and see each "
            f"other, so that colour is false: {position.removal(eliminations)}.")
    return Step("Simple colouring", score, text, (), eliminations, tuple(cluster.colour), (), cluster.strong())


def _trap(position: Position, cluster: Cluster) -> Step | None:
    """One colour is true: the digit's other places that see both colours lose it."""
    digit, colour = cluster.digit, cluster.colour
    score, eliminations = float("inf"), []
    for x in range(position.shape.cells):
        if x in colour or not position.has(x, digit):
            continue
        seen = _sees(position, x, cluster.colours[0]), _sees(position, x, cluster.colours[1])
        if seen[0] and seen[1]:
            eliminations.append((x, digit))
            score = min(score, min(_chain_score(position, cluster.path(a, b)) for a in seen[0] for b in seen[1]))
    if not eliminations:
        return None
    d = position.symbol(digit)
    text = (f"Colour trap on {d}: {_names(position, cluster.colours[0])} and {_names(position, cluster.colours[1])} "
            f"alternate along strong links, so one colour is {d}, and the cells that see both lose it: "
            f"{position.removal(eliminations)}.")
    return Step("Simple colouring", score, text, (), tuple(eliminations), tuple(colour), (), cluster.strong())


def _best(position: Position, steps) -> Step | None:
    """The lowest-scoring step, of those the most eliminations; each is offered
    when every step is asked for (:meth:`Search.found`)."""
    steps = [step for step in steps if step]
    for step in steps:
        position.search.found(step)
    return min(steps, key=lambda step: (step.score, -len(step.eliminations)), default=None)


@one_digit
def simple_colouring(position: Position, digits: list[int]) -> Step | None:
    """A cluster's colour wrap (two cells of one colour see each other: that colour
    goes), else its colour trap (cells that see both colours lose the digit); the
    lowest-scoring of every digit's clusters, scored as the shortest X-chain behind it.
    When every step is asked for, a cluster's trap comes with its wrap."""
    every = position.search.every is not None
    return _best(position, (step for digit in digits for cluster in clusters(position, digit)
                         for step in ((_wrap(position, cluster), _trap(position, cluster)) if every
                                      else (_wrap(position, cluster) or _trap(position, cluster),))))


def _multi(position: Position, one: Cluster, two: Cluster):
    """The steps of ``one`` with ``two``: a colour of ``one`` that sees both colours
    of ``two`` is false (HoDoKu's type 2); a colour of ``one`` that sees one of
    ``two`` is not true with it, so one of their opposites is, and the cells that
    see both opposites lose the digit (type 1)."""
    digit = one.digit
    d = position.symbol(digit)
    cells, strong = tuple(one.colour) + tuple(two.colour), one.strong() + two.strong()
    sees = [[any(_sees(position, x, side) for x in mine) for side in two.colours] for mine in one.colours]
    false = [c for c in (0, 1) if all(sees[c])]
    if false:
        eliminations = tuple(sorted((x, digit) for c in false for x in one.colours[c]))
        text = (f"Multi-colours on {d}: {_names(position, one.colours[false[0]])} sees both colours "
                f"{_names(position, two.colours[0])} and {_names(position, two.colours[1])} of another cluster, one of "
                f"which is {d}, so it is not: {position.removal(eliminations)}.")
        yield Step("Multi-colours", base_score("Multi-colours"), text, (), eliminations, cells, (), strong)
    clashes = [(c, e) for c in (0, 1) for e in (0, 1) if sees[c][e]]
    removed: set[int] = set()
    for c, e in clashes:
        mine, theirs = one.colours[1 - c], two.colours[1 - e]
        removed.update(x for x in range(position.shape.cells) if position.has(x, digit)
                       and _sees(position, x, mine) and _sees(position, x, theirs))
    if removed:
        eliminations = tuple(sorted((x, digit) for x in removed))
        clauses = "; ".join(
            f"{_names(position, one.colours[c])} sees {_names(position, two.colours[e])}, so not both are {d}: "
            f"{_names(position, one.colours[1 - c])} or {_names(position, two.colours[1 - e])} is"
            for c, e in clashes)
        text = (f"Multi-colours on {d}: {clauses}; the cells that see both of such a pair lose it: "
                f"{position.removal(eliminations)}.")
        yield Step("Multi-colours", base_score("Multi-colours"), text, (), eliminations, cells, (), strong)


@one_digit
def multi_colours(position: Position, digits: list[int]) -> Step | None:
    """Two clusters of a digit (see :func:`_multi`): of all their steps, the one
    with the most eliminations (each offered when every step is asked for).
    HoDoKu ranks it after simple colouring: 5.4."""
    steps = []
    for digit in digits:
        found = clusters(position, digit)
        steps += [step for one in found for two in found if one is not two for step in _multi(position, one, two)]
    return _best(position, steps)
