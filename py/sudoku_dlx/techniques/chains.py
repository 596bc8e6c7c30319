"""Chains: the techniques that follow implications from candidate to candidate.

The links, terms and propagation they follow are
:mod:`~sudoku_dlx.techniques.links`'s; the deductions of forcing chains and
nishio are :mod:`~sudoku_dlx.techniques.forcing`'s.

Scores follow Sudoku Explainer (SE) 1.2.1: a base per kind plus
:func:`~sudoku_dlx.techniques.links.length_bonus` of the chain's term count (for several chains, the sum of
their terms): X-cycles 6.5, forcing X-chains 6.6, forcing chains of cells and
units (AICs, XY-chains among them) and their loops 7.0, nishio 7.5, multiple
forcing chains 8.0. The X-chains of two and three strong links take the scores
of SukakuExplainer, which rated our SE reference set: skyscraper 4.0,
two-string kite 4.1, turbot fish 4.2, and 5.4-5.6 for three links. Remote
pairs and XY-chains, HoDoKu's techniques, score as the forcing chains SE
finds them as. Each technique returns its lowest-scoring step, with
everything its pattern eliminates; of the chains of that score, the one that
places most, then eliminates most, as HoDoKu chooses. Search is iterative (no
recursion) and works for every grid size.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, permutations

from .als import almost_locked_sets
from .position import Position, Link, Step, base_score, cells_of, digits_of
from .forcing import contradiction, found_step, lower, multiple
from .links import Links, Outcome, assumptions, chain_score, conclusion, links_of, term_text, possible, propagate

__all__ = [
    "empty_rectangle",
    "forcing_chain",
    "forcing_chains",
    "forcing_x_chain",
    "grouped_aic",
    "nishio",
    "remote_pairs",
    "turbot_fish",
    "x_chain",
    "xy_chain",
]


#: The most cells of an ALS whose candidates are terms of grouped AICs: with up to 8, the
#: grouped AIC search took 3.5 times as long on the hardest puzzles, and found no more of
#: HoDoKu's library's grouped loops.
ALS_TERM_CELLS = 4


class _GroupLinks:
    """The links of :class:`Links` (of units and cells) and of *groups*: a
    digit's candidates in two cells or more where a box meets a row or a
    column, or in an almost locked set (ALS, :mod:`~sudoku_dlx.techniques.als`),
    as one term (on: the digit is in one of them). Group terms come after the
    candidates': ``(cells * n + group) * 2 + on``. An ALS of two to :data:`ALS_TERM_CELLS`
    cells links the groups of any two of its digits strongly: without one it is
    locked and holds the other (HoDoKu's ALS terms)."""

    x = y = True

    def __init__(self, position: Position) -> None:
        self.position = position
        self.n = n = position.n
        self.plain = links_of(position)
        self.base = position.shape.cells * n
        self.groups: list[tuple[tuple[int, ...], int]] = []
        self.index: dict[tuple[frozenset[int], int], int] = {}
        for d0 in range(n):
            for box in position.boxes:
                for kind in (0, 1):
                    lines: dict[int, list[int]] = {}
                    for x in position.units[box]:
                        if position.candidates[x] >> d0 & 1:
                            lines.setdefault(position.units_of[x][kind], []).append(x)
                    for places in lines.values():
                        for size in range(2, len(places) + 1):
                            for cells in combinations(places, size):
                                self._add(cells, d0)
        #: the off-term of an ALS's places of a digit -> the on-terms of its others' (keys)
        self._als: dict[int, dict[int, None]] = {}
        #: an ALS's link (off-term, on-term) -> an ALS that makes it
        self.als_of: dict[tuple[int, int], object] = {}
        for als in almost_locked_sets(position):
            if 1 < len(als.cells) <= ALS_TERM_CELLS:
                terms = [self._add(tuple(cells_of(where)), d0) for d0, where in als.where.items()]
                for a, b in permutations(terms, 2):
                    self._als.setdefault(a << 1, {})[(b << 1) | 1] = None
                    self.als_of.setdefault((a << 1, (b << 1) | 1), als)
        self._seen = [set.intersection(*(set(position.peers[x]) for x in cells)) - set(cells) for cells, _ in self.groups]
        self._of_digit: list[list[int]] = [[] for _ in range(n)]
        for g, (_, d0) in enumerate(self.groups):
            self._of_digit[d0].append(g)
        self._static: dict[int, list[int]] = {}
        self.memo: dict = {}  # what the chain searches keep about these links

    def _add(self, cells: tuple[int, ...], d0: int) -> int:
        """The index of the term of ``cells`` (a candidate's or a group's) for digit ``d0``,
        a new group if there is none."""
        if len(cells) == 1:
            return cells[0] * self.n + d0
        if (frozenset(cells), d0) not in self.index:
            self.index[frozenset(cells), d0] = len(self.groups)
            self.groups.append((cells, d0))
        return self.base + self.index[frozenset(cells), d0]

    def members(self, term: int) -> tuple[tuple[int, ...], int]:
        """The cells of a term and its digit, 0-based."""
        index = term >> 1
        if index < self.base:
            return (index // self.n,), index % self.n
        return self.groups[index - self.base]

    def text(self, term: int) -> str:
        cells, d0 = self.members(term)
        if len(cells) == 1:
            return term_text(self.position, term)
        names = " ".join(self.position.name(x) for x in cells)
        return f"{{{names}}}{'=' if term & 1 else '<>'}{self.position.symbol(d0 + 1)}"

    def _group(self, cells, d0: int, on: int) -> int | None:
        found = self.index.get((frozenset(cells), d0))
        return None if found is None else ((self.base + found) << 1) | on

    def static(self, term: int) -> list[int]:
        """The terms ``term`` implies (remembered)."""
        found = self._static.get(term)
        if found is None:
            found = self._static[term] = self._implied(term)
        return found

    def _implied(self, term: int) -> list[int]:
        position, n = self.position, self.n
        cells, d0 = self.members(term)
        found = list(self.plain.static(term)) if len(cells) == 1 else []
        if term & 1:
            seen = set(position.peers[cells[0]]) if len(cells) == 1 else self._seen[(term >> 1) - self.base]
            if len(cells) > 1:
                found += [(y * n + d0) << 1 for y in sorted(seen) if position.candidates[y] >> d0 & 1]
            found += [(self.base + g) << 1 for g in self._of_digit[d0] if seen.issuperset(self.groups[g][0])]
            return found
        found += [new for new in self._als.get(term, ()) if new not in found]
        units = set(position.units_of[cells[0]]).intersection(*(position.units_of[x] for x in cells[1:]))
        for unit in sorted(units):
            rest = [x for x in position.places(unit, d0 + 1) if x not in cells]
            if len(rest) == 1 and len(cells) > 1:
                found.append(((rest[0] * n + d0) << 1) | 1)
            elif len(rest) > 1:
                group = self._group(rest, d0, 1)
                if group is not None:
                    found.append(group)
        return found


def group_links_of(position: Position) -> _GroupLinks:
    """The links of ``position`` with groups, shared while the position stays the same."""
    memo = position.search.memo
    if memo.get("group links key") != tuple(position.candidates):
        memo["group links key"] = tuple(position.candidates)
        memo["group links"] = _GroupLinks(position)
    return memo["group links"]


def _starts(position: Position, links, digits: list[int] | None) -> list[int]:
    """The off-terms a chain may start from: every candidate's (of ``digits``, if
    given) and every group's."""
    starts = [on ^ 1 for on in assumptions(position, digits)]
    groups = getattr(links, "groups", ())
    base = position.shape.cells * position.n
    return starts + [(base + g) << 1 for g, (_, d0) in enumerate(groups) if digits is None or d0 + 1 in digits]


def _bits(found) -> int:
    """A set of indexes (of candidates, ``cell * n + digit - 1``, or of terms) as one integer's bits."""
    mask = 0
    for x in found:
        mask |= 1 << x
    return mask


def _offs(links, term: int) -> int:
    """The terms (``term >> 1``: candidates, then groups) that on-term ``term``
    turns off, as bits: the candidates it eliminates, and the groups it empties.
    Weak links go both ways, so they are also the starts of chains whose first
    on-term would turn off ``term`` (remembered in ``links.memo``)."""
    key = "off", term
    found = links.memo.get(key)
    if found is None:
        found = links.memo[key] = _bits(new >> 1 for new in links.static(term) if not new & 1)
    return found


def _meets(links, z: int) -> int:
    """The starts ``a`` (as :func:`_offs` bits) of the AICs ending at on-term ``z``
    that eliminate something: a candidate turned off both by ``a``'s on-term
    and by ``z`` (remembered)."""
    key = "meets", z
    found = links.memo.get(key)
    if found is None:
        found = 0
        ends = _offs(links, z) & ((1 << links.position.shape.cells * links.n) - 1)
        while ends:
            low = ends & -ends
            found |= _offs(links, ((low.bit_length() - 1) << 1) | 1)
            ends ^= low
        links.memo[key] = found
    return found


def _reached(links, start: int, depth: int) -> dict[int, tuple[int, ...]]:
    """The first parents of every term ``start`` implies within ``depth`` links
    (breadth first: each term's path back is a shortest one)."""
    parents: dict[int, tuple[int, ...]] = {start: ()}
    level = [start]
    for _ in range(depth):
        following = []
        for term in level:
            for new in links.static(term):
                if new not in parents:
                    parents[new] = (term,)
                    following.append(new)
        level = following
    return parents


def one_digit(technique: Callable[[Position, list[int]], Step | None]) -> Callable[[Position], Step | None]:
    """A technique that looks at each digit alone, searching only the digits whose
    places changed since it last found nothing (see :meth:`Search.digits`)."""
    def search(position: Position) -> Step | None:
        step = technique(position, position.search.digits(position, technique.__name__))
        if step is None:
            position.search.nothing(position, technique.__name__)
        return step
    search.__name__, search.__qualname__, search.__doc__ = technique.__name__, technique.__qualname__, technique.__doc__
    search.__module__ = technique.__module__
    return search


def _weak(position: Position, links, term: int) -> set[int]:
    """The candidates (``cell * n + digit - 1``) that cannot be true with ``term``
    on: its digit in the cells that see all its cells, and the other digits of
    its cell if it is one."""
    n = position.n
    cells, d0 = links.members(term)
    seen = set(position.peers[cells[0]]).intersection(*(position.peers[x] for x in cells[1:])) - set(cells)
    found = {y * n + d0 for y in seen if position.candidates[y] >> d0 & 1}
    if len(cells) == 1:
        found.update(cells[0] * n + e0 for e0 in range(n) if position.candidates[cells[0]] >> e0 & 1 and e0 != d0)
    return found


def _loop_removals(position: Position, links, loop: list[int]) -> set[int]:
    """What a continuous loop eliminates: ``loop`` alternates off and on terms
    from its first (off) to its last (on), which is weakly linked to the first.
    Every weak link of the loop then holds exactly one of its ends, so the other
    candidates of its cell, or of its digit in the units of all its cells, go;
    an ALS the loop passes through holds exactly one of the two digits it links,
    so its other digits are locked in it and leave every cell that sees all of
    an ALS's places of one (HoDoKu's rule)."""
    n = position.n
    weak = [(a, b) for a, b in zip(loop, loop[1:]) if not b & 1] + [(loop[-1], loop[0])]
    found: set[int] = set()
    for a, b in weak:
        (cells_a, d0), (cells_b, e0) = links.members(a), links.members(b)
        if cells_a == cells_b:
            x = cells_a[0]
            found.update(x * n + f0 for f0 in range(n) if position.candidates[x] >> f0 & 1 and f0 not in (d0, e0))
        else:
            both = cells_a + cells_b
            for unit in set(position.units_of[both[0]]).intersection(*(position.units_of[x] for x in both[1:])):
                found.update(z * n + d0 for z in position.units[unit] if z not in both and position.candidates[z] >> d0 & 1)
    for a, b in zip(loop, loop[1:]):
        als = getattr(links, "als_of", {}).get((a, b))
        if als is not None:  # exactly one of its two linked digits is in it: it holds all its others
            linked = (links.members(a)[1], links.members(b)[1])
            for d0, sees in als.sees.items():
                if d0 not in linked:
                    found.update(y * n + d0 for y in cells_of(sees) if position.candidates[y] >> d0 & 1)
    return found - {x * n + links.members(term)[1] for term in loop for x in links.members(term)[0]}


def _single_chain(
    position: Position, links: Links | _GroupLinks, score: Callable[[list[int]], float], deepest: Callable[[float], float],
    loop: float | None = None, digits: list[int] | None = None, closed: bool = True,
) -> Step | None:
    """The lowest-scoring chain of ``links`` from a candidate to its opposite
    (on to off eliminates it, off to on places it), of candidates of ``digits``
    (None: all), and of those the one that places most, then eliminates most
    (HoDoKu's choice), then the shortest and the first found. ``score`` scores
    a chain by its terms, target included, and ``deepest`` says how many terms
    a chain may have to score at most a given score. The step takes all that
    the chain proves (see :func:`_chain_step`), and its score is the one the
    choice compares: a continuous loop scores ``loop`` + its own length when
    that is lower, as SE takes the easiest of its chains and cycles (``closed``
    False: no loops and no placements, only what both ends of an AIC see).

    Every such chain is an AIC from an off-term ``a`` to an on-term ``z`` (what
    it proves depends on ``a`` and ``z`` alone, and a loop's on its links): all
    the starts are followed at once, a level of links at a time, each term
    keeping the starts that reach it as the bits of an integer; each pair of a
    level that proves something is scored on a shortest path between them. Once
    a step of at most ``position.search.enough`` is found, its level ends the search
    (unless every step is asked for: then every level is searched)."""
    n = position.n
    cells = position.shape.cells * n  # terms >> 1 below this are candidates, the rest groups
    reach = {a: 1 << (a >> 1) for a in _starts(position, links, digits)}  # term -> the starts that reach it
    frontier = dict(reach)
    paths: dict[int, tuple[int, dict[int, tuple[int, ...]]]] = {}  # start -> (depth, parents)
    best, best_key = None, None
    longest = limit = deepest(float("inf"))
    level = 0
    while frontier and level + 1 <= limit:
        for z in sorted(frontier):
            if not z & 1:
                continue
            single = z >> 1 < cells
            pairs = frontier[z] & (_meets(links, z) | (1 << (z >> 1) if single and closed else 0))
            while pairs:
                low = pairs & -pairs
                pairs ^= low
                a = (low.bit_length() - 1) << 1
                if z == a ^ 1 and not (single and closed):
                    continue  # a group's, or no placements asked
                if paths.get(a, (-1,))[0] < level:
                    paths[a] = level, _reached(links, a, level)
                path = Outcome(paths[a][1]).path(z)
                if z != a ^ 1:
                    targets = _offs(links, a | 1) & _offs(links, z) & ((1 << cells) - 1)
                    if not targets:
                        continue
                    inside = _bits(x * n + links.members(term)[1] for term in path for x in links.members(term)[0])
                    shown = targets & ~inside or targets  # a target off the chain, if any, shows best
                    t = (((shown & -shown).bit_length() - 1) << 1) | 1
                    path = [t, *path, t ^ 1]
                if len(path) > longest or score(path) == float("inf"):
                    continue
                step = _chain_step(position, links, path, score(path), loop, closed)
                if not step.eliminations and not step.placements:
                    continue  # a loop whose ends see only its own candidates
                key = (step.score, -len(step.placements), -len(step.eliminations), len(path))
                if best_key is None or key < best_key:
                    best, best_key = step, key
                position.search.found(step)
                if position.search.every is not None and step.technique.endswith("nice loop"):
                    position.search.found(_chain_step(position, links, path, score(path), closed=False))  # its AIC
        if best is not None and position.search.every is None:
            if best.score <= position.search.enough:
                break
            limit = min(limit, deepest(best.score))
        following: dict[int, int] = {}
        for term, sources in frontier.items():
            for new in links.static(term):
                following[new] = following.get(new, 0) | sources
        frontier = {}
        for term, sources in following.items():
            sources &= ~reach.get(term, 0)
            if sources:
                frontier[term] = sources
                reach[term] = reach.get(term, 0) | sources
        level += 1
    return best


def _chain_step(
    position: Position, links, path: list[int], score: float, loop: float | None = None, closed: bool = True,
) -> Step:
    """The step of a chain from a candidate to its opposite. From on to off, the
    chain between (from the second term, off, to the last but one, on) proves
    that one of its ends is true, so every candidate weakly linked to both ends
    goes, the first one among them; if the ends are themselves weakly linked,
    the chain closes a continuous nice loop (:func:`_loop_removals`), scored
    ``loop`` + the loop's length when that is lower (SE's cycles), unless not ``closed``."""
    n = position.n
    name = _chain_name(position, links, path)
    digit = position.symbol(links.members(path[0])[1] + 1)
    on = f" on {digit}" if name.endswith("X-chain") else ""
    grouped = "Grouped " if name.startswith("Grouped") else ""
    chain = " -> ".join(links.text(term) for term in path)
    if path[0] & 1:
        a, z = path[1] | 1, path[-2]
        removed = _weak(position, links, a) & _weak(position, links, z)
        if closed and _weak_between(position, links, a, z):
            removed |= _loop_removals(position, links, path[1:-1])
            removed -= {x * n + links.members(term)[1] for term in path[1:-1] for x in links.members(term)[0]}
            name = "Grouped continuous nice loop" if grouped else "Continuous nice loop"
            if loop is not None:
                score = min(score, chain_score(loop, len(path) - 2))
            chain = " -> ".join(links.text(term) for term in path[1:-1] + [path[1]])
        eliminations = tuple(sorted((x // n, x % n + 1) for x in removed))
        ends = f"{links.text(a)} or {links.text(z)}"
        text = f"{name}{on}: {chain}, so {ends}: {position.removal(eliminations)}."
        placements: tuple[tuple[int, int], ...] = ()
    else:
        placements, eliminations, words = conclusion(position, [path[-1]])
        text = f"{name}{on}: {chain}, so {words}."
    draw = [(links.members(a), links.members(b), bool(b & 1)) for a, b in zip(path, path[1:])]
    drawn = tuple(Link((ca[0], da + 1), (cb[0], db + 1), strong, (ca, cb) if len(ca) + len(cb) > 2 else ())
                  for (ca, da), (cb, db), strong in draw)
    cells = tuple(dict.fromkeys(x for term in path for x in links.members(term)[0]))
    return Step(name, score, text, placements, eliminations, cells, (), drawn)


def _weak_between(position: Position, links, a: int, z: int) -> bool:
    """Whether the on-terms ``a`` and ``z`` cannot both hold (an AIC of them closes a loop)."""
    (cells_a, d0), (cells_z, e0) = links.members(a), links.members(z)
    if d0 != e0:
        return len(cells_a) == len(cells_z) == 1 and cells_a == cells_z
    return not set(cells_a) & set(cells_z) and all(y in position.peers[x] for x in cells_a for y in cells_z)


def _within(base: float) -> Callable[[float], float]:
    """How many terms a chain scored ``base`` + length may have to score at most a given score."""
    def deepest(score: float) -> float:
        if score == float("inf"):
            return score
        terms = 1
        while chain_score(base, terms + 1) <= score:
            terms += 1
        return terms
    return deepest


def _chain_name(position: Position, links, path: list[int]) -> str:
    """X-chain (one digit), XY-chain (every strong link inside a cell) or AIC
    (alternating inference chain); grouped if a term is a group of cells."""
    members = [links.members(term) for term in path]
    grouped = "Grouped " if any(len(cells) > 1 for cells, _ in members) else ""
    if len({d0 for _, d0 in members}) == 1:
        return f"{grouped}X-chain"
    strong = [(a, b) for a, b, term in zip(members, members[1:], path[1:]) if term & 1]
    if not grouped and all(a[0] == b[0] for a, b in strong):
        return "XY-chain"
    return f"{grouped}AIC"


def _link_kinds(position: Position, pairs) -> tuple[bool, int]:
    """Whether some strong link of cell ``pairs`` needs a box, and how many kinds
    of line (rows, columns) the others lie in (a line is preferred to a box)."""
    box, lines = False, set()
    for a, b in pairs:
        if a // position.n == b // position.n:
            lines.add(0)
        elif a % position.n == b % position.n:
            lines.add(1)
        else:
            box = True
    return box, len(lines)


def _kinds_bonus(box: bool, lines: int, links: int) -> float:
    """SukakuExplainer's addition for the kinds of strong links: none for lines of
    one kind (skyscrapers); for two links 0.1 for a row and a column (kite),
    0.2 with a box (turbot fish); for three, 0.2 for both kinds of line (kite),
    else 0.1 (turbot fish)."""
    if not box and lines == 1:
        return 0.0
    if links == 2:
        return 0.2 if box else 0.1
    return 0.2 if lines == 2 else 0.1


def three_links(position: Position, pairs) -> float:
    """SukakuExplainer's score of an X-chain of three strong links (cell ``pairs``): the
    X-chain's base and the kinds' bonus."""
    return round(base_score("X-chain") + _kinds_bonus(*_link_kinds(position, pairs), 3), 1)


def forcing_x_base() -> float:
    """SE's base of a forcing X-chain: 0.1 above the X-cycle's, the registry's base of both."""
    return round(base_score("Forcing X-chain, X-cycle") + 0.1, 1)


def _x_chain_score(position: Position, path: list[int]) -> float:
    """The score of an X-chain of three strong links that eliminates, else infinity."""
    n = position.n
    strong = [((a >> 1) // n, (b >> 1) // n) for a, b in zip(path, path[1:]) if b & 1]
    return float("inf") if path[-1] & 1 or len(strong) != 3 else three_links(position, strong)


@one_digit
def x_chain(position: Position, digits: list[int]) -> Step | None:
    """The lowest-scoring X-chain of three strong links: one digit's places,
    linked strongly in units and weakly between units, from a candidate to its
    removal (two are a :func:`turbot_fish`). SukakuExplainer's three
    strong-linked fish: 5.4-5.6 by the kinds of unit of the strong links."""
    return _single_chain(
        position, links_of(position, y=False), lambda path: _x_chain_score(position, path),
        lambda score: 8, digits=digits,
    )


@one_digit
def forcing_x_chain(position: Position, digits: list[int]) -> Step | None:
    """The shortest X-chain of any other length, from a candidate to its
    opposite (on to off eliminates it, off to on places it): SE's forcing
    X-chain, 6.6 + length, up to the 14 terms that score below 7.0 (longer ones
    are :func:`forcing_chain`'s); a continuous loop (SE's X-cycle) 6.5 + length."""
    chain, loop = forcing_x_base(), base_score("Forcing X-chain, X-cycle")
    forcing, below = _within(chain), round(base_score("AIC, XY-chain, nice loop") - 0.1, 1)
    return _single_chain(
        position, links_of(position, y=False), lambda path: chain_score(chain, len(path)),
        lambda score: forcing(min(score, below)),
        loop=loop, digits=digits,
    )


def xy_chain(position: Position) -> Step | None:
    """An XY-chain as HoDoKu finds it, before the other AICs: cells of two
    candidates, each strong link inside a cell and each weak link between
    cells on one digit; every cell that sees both ends loses the digit that
    starts and ends it. No loops or placements (those are
    :func:`forcing_chain`'s). Scored as SE's forcing chain it is: 7.0 + length."""
    base = base_score("XY-chain")
    return _single_chain(position, links_of(position, x=False), lambda path: chain_score(base, len(path)), _within(base),
                         closed=False)


def remote_pairs(position: Position) -> Step | None:
    """Cells of the same two candidates, each seeing the next: their digits
    alternate along the chain, so a cell that sees two of them an odd number of
    links apart (three or more: one is a naked pair) sees both digits and loses
    them. One step for each cluster (every cell of the pair reached so), the one
    that eliminates most; scored as the XY-chain of the longest link needed,
    7.0 + length, as SE finds it. HoDoKu tries them before the XY-chains."""
    best = None
    pairs: dict[int, list[int]] = {}
    for x in position.blanks():
        if position.candidates[x].bit_count() == 2:
            pairs.setdefault(position.candidates[x], []).append(x)
    for mask, cells in sorted(pairs.items()):
        done: set[int] = set()
        for root in cells:
            if root in done:
                continue
            cluster = _cluster(position, root, cells)
            done.update(cluster)
            step = _remote_pairs_step(position, mask, cluster)
            if step and (best is None or (step.score, -len(step.eliminations)) < (best.score, -len(best.eliminations))):
                best = step
    return best


def _cluster(position: Position, root: int, cells: list[int]) -> dict[int, int | None]:
    """The cells of ``cells`` that ``root`` reaches through cells that see each
    other, breadth first from the first of them with fewest such neighbours
    (a chain's end), each with the cell it was reached from."""
    reached = {root}
    todo = [root]
    for x in todo:
        for y in cells:
            if y not in reached and y in position.peers[x]:
                reached.add(y)
                todo.append(y)
    start = min(todo, key=lambda x: sum(y in position.peers[x] for y in todo))
    parent: dict[int, int | None] = {start: None}
    order = [start]
    for x in order:
        for y in todo:
            if y not in parent and y in position.peers[x]:
                parent[y] = x
                order.append(y)
    return parent


def _remote_pairs_step(position: Position, mask: int, parent: dict[int, int | None]) -> Step | None:
    cells = list(parent)
    if len(cells) < 4:
        return None
    distance = {}
    for source in cells:
        distance[source, source] = 0
        todo = [source]
        for x in todo:
            for y in cells:
                if (source, y) not in distance and y in position.peers[x]:
                    distance[source, y] = distance[source, x] + 1
                    todo.append(y)
    eliminations, longest = [], 0
    for y in position.blanks():
        if y in parent or not position.candidates[y] & mask:
            continue
        seen = [x for x in cells if x in position.peers[y]]
        apart = [distance[a, b] for a, b in combinations(seen, 2) if distance[a, b] % 2 and distance[a, b] >= 3]
        if apart:
            longest = max(longest, min(apart))
            eliminations += [(y, d) for d in digits_of(position.candidates[y] & mask)]
    if not eliminations:
        return None
    a, b = digits_of(mask)
    links: list[Link] = []
    on: dict[int, int] = {}
    for x, before in parent.items():
        on[x] = b if before is None else a + b - on[before]
        if before is not None:
            links.append(Link((before, on[before]), (x, on[before]), False))
        links.append(Link((x, a + b - on[x]), (x, on[x]), True))
    pair = f"{position.symbol(a)}/{position.symbol(b)}"
    names = ", ".join(position.name(x) for x in cells)
    text = (f"Remote pairs on {pair}: {names} hold only {position.symbol(a)} and {position.symbol(b)}, each after the "
            f"first seeing one before it, so their digits alternate; a cell that sees two of them an odd number of "
            f"links apart sees both digits: {position.removal(eliminations)}.")
    # the XY-chain of the longest link: its cells' terms and the eliminated candidate's two
    return Step("Remote pairs", chain_score(base_score("Remote pairs"), 2 * (longest + 1) + 2), text, (),
                tuple(eliminations), tuple(cells), (), tuple(links))


def forcing_chain(position: Position) -> Step | None:
    """Shortest forcing chain (an AIC) of links of units and of cells, named an
    XY-chain when every strong link is in a cell of two candidates: SE's forcing
    chain, 7.0 + length (SE has no forcing chains of cell links alone), and its
    continuous loops (SE's cycles) 7.0 + the loop's length."""
    base = base_score("AIC, XY-chain, nice loop")
    return _single_chain(position, links_of(position), lambda path: chain_score(base, len(path)), _within(base), loop=base)


def grouped_aic(position: Position) -> Step | None:
    """The shortest AIC (or continuous nice loop) that needs a group: a digit's
    candidates where a box meets a row or a column, taken as one term (see
    :class:`_GroupLinks`). HoDoKu ranks grouped nice loops after the others:
    7.1 + length."""
    links, base = group_links_of(position), base_score("Grouped AIC")

    def score(path: list[int]) -> float:
        grouped = any(term >> 1 >= links.base for term in path)
        return chain_score(base, len(path)) if grouped else float("inf")

    return _single_chain(position, links, score, _within(base), loop=base)


@one_digit
def turbot_fish(position: Position, digits: list[int]) -> Step | None:
    """Two strong links of one digit whose near ends see each other: a far end
    holds the digit, so no cell seeing both far ends can. Both links in rows or
    both in columns: skyscraper (4.0); a row and a column: two-string kite
    (4.1); with a box: turbot fish (4.2). These are SukakuExplainer's scores,
    which the SE ratings of our reference set use; SE 1.2.1 finds them as
    6-term forcing X-chains, 6.6."""
    peers = position.peers
    found = []
    for digit in digits:
        pairs = position.strong_links(digit)
        for i, (unit1, a1, b1) in enumerate(pairs):
            for unit2, a2, b2 in pairs[i + 1:]:
                for near1, far1 in ((a1, b1), (b1, a1)):
                    for near2, far2 in ((a2, b2), (b2, a2)):
                        if len({near1, far1, near2, far2}) < 4 or near2 not in peers[near1]:
                            continue
                        targets = [
                            x for x in peers[far1] & peers[far2] if position.has(x, digit) and x not in (near1, near2)
                        ]
                        if targets:
                            found.append(_turbot_step(position, digit, (far1, near1, near2, far2), (unit1, unit2), targets))
    if position.search.every is not None:
        for step in found:
            position.search.found(step)
            merged = _same_box(position, step, found)
            if merged is not step:
                position.search.found(merged)
        return None
    if not found:
        return None
    best = min(found, key=lambda step: step.score)
    return _same_box(position, best, found)


def _same_box(position: Position, best: Step, found: list[Step]) -> Step:
    """``best`` and the other patterns of its digit between the same two near
    cells, as one step: two two-string kites crossed through the same two cells
    of a box make HoDoKu's dual two-string kite."""
    digit = best.eliminations[0][1]
    near = set(best.cells[1:3])
    same = [step for step in found if step.eliminations[0][1] == digit and set(step.cells[1:3]) == near]
    eliminations = tuple(sorted({e for step in same for e in step.eliminations}))
    if eliminations == best.eliminations:
        return best
    kites = sum(step.technique == "Two-string kite" for step in same)
    name = "Dual two-string kite" if kites > 1 else best.technique
    parts = "; ".join(step.text.split(": ", 1)[1].rsplit(", so ", 1)[0] for step in same)
    text = f"{name}: {parts}; so: {position.removal(eliminations)}."
    return Step(name, max(step.score for step in same), text, (), eliminations,
                tuple(dict.fromkeys(x for step in same for x in step.cells)),
                tuple(dict.fromkeys(u for step in same for u in step.units)),
                tuple(dict.fromkeys(link for step in same for link in step.links)))


def _turbot_step(position: Position, digit: int, cells: tuple[int, ...], units: tuple[int, int], targets: list[int]) -> Step:
    box, lines = _link_kinds(position, [cells[:2], cells[2:]])
    bonus = _kinds_bonus(box, lines, 2)
    name = ("Skyscraper", "Two-string kite", "Turbot fish")[round(bonus * 10)]
    eliminations = tuple((x, digit) for x in sorted(targets))
    far1, near1, near2, far2 = (position.name(x) for x in cells)
    d = position.symbol(digit)
    text = (
        f"{name} on {d}: {far1}={d} or {near1}={d} ({position.unit_name(units[0])}), "
        f"{near2}={d} or {far2}={d} ({position.unit_name(units[1])}), and {near1} sees {near2}, "
        f"so {far1} or {far2} is {d}: {position.removal(eliminations)}."
    )
    strong = (True, False, True)
    links = tuple(Link((a, digit), (b, digit), kind) for a, b, kind in zip(cells, cells[1:], strong))
    return Step(name, round(base_score("Skyscraper, two-string kite, turbot fish") + bonus, 1), text, (), eliminations,
                cells, units, links)


@one_digit
def empty_rectangle(position: Position, digits: list[int]) -> Step | None:
    """A box whose places of a digit all lie in one row and one column of it
    (the *empty rectangle* is the rest of the box), and a strong link of the
    digit in a column (or row) outside the box with one end in that row (or
    column): the cell where the link's other end meets the box's column (or
    row) loses the digit, for with it the box would have no place left. Every
    strong link that works with the same box, row and column makes one step
    (HoDoKu's dual empty rectangles). HoDoKu ranks it with the turbot fish: 4.2."""
    n = position.n
    units_of, box_of = position.units_of, position.shape.box_of
    for digit in digits:
        links = position.strong_links(digit)
        for box in position.boxes:
            places = position.places(box, digit)
            if len(places) < 2:
                continue
            box_rows = {units_of[x][0] for x in position.units[box]}
            box_cols = {units_of[x][1] for x in position.units[box]}
            for row in sorted(box_rows):
                for col in sorted(box_cols):
                    if any(units_of[x][0] != row and units_of[x][1] != col for x in places):
                        continue
                    found = []
                    for unit, a, b in links:
                        for near, far in ((a, b), (b, a)):
                            if box_of[near] == box - 2 * n or box_of[far] == box - 2 * n:
                                continue
                            if n <= unit < 2 * n and units_of[near][0] == row and units_of[far][0] not in box_rows:
                                target = units_of[far][0] * n + col - n
                            elif unit < n and units_of[near][1] == col and units_of[far][1] not in box_cols:
                                target = row * n + units_of[far][1] - n
                            else:
                                continue
                            if position.has(target, digit) and box_of[target] != box - 2 * n:
                                found.append((target, (unit, near, far)))
                    if found:
                        step = _empty_rectangle_step(position, digit, box, row, col, places, found)
                        if position.search.found(step):
                            return step
    return None


def _empty_rectangle_step(position: Position, digit: int, box: int, row: int, col: int, places, found) -> Step:
    d = position.symbol(digit)
    eliminations = tuple(sorted({(target, digit) for target, _ in found}))
    strong = list(dict.fromkeys(link for _, link in found))
    pairs = "; ".join(f"{position.name(near)}={d} or {position.name(far)}={d} ({position.unit_name(unit)})"
                      for unit, near, far in strong)
    text = (f"Empty rectangle on {d}: in {position.unit_name(box)} the {d} is only in {position.unit_name(row)} or "
            f"{position.unit_name(col)}; {pairs}; a {d} where the far end meets the box's row or column would "
            f"leave the box none: {position.removal(eliminations)}.")
    cells = tuple(dict.fromkeys([*places] + [x for _, near, far in strong for x in (near, far)]))
    links = tuple(Link((near, digit), (far, digit), True) for _, near, far in strong)
    return Step("Empty rectangle", base_score("Empty rectangle"), text, (), eliminations, cells, (box, row, col), links)


@one_digit
def nishio(position: Position, digits: list[int]) -> Step | None:
    """Assume a digit in a cell and follow that digit alone (its eliminations
    and the hidden singles they leave); reaching a contradiction proves the
    assumption false. SE nishio forcing chains: 7.5 + length of both chains."""
    links, base = links_of(position, y=False), base_score("Nishio forcing chain")
    best = None
    for on in assumptions(position, digits):
        for start in (on, on ^ 1):
            if possible(position, start):
                best = lower(best, contradiction(propagate(links, start, dynamic=True), start, base))
                if best and best.score <= position.search.enough:
                    return found_step(position, best, "Nishio forcing chain")
    return None if best is None else found_step(position, best, "Nishio forcing chain")


def forcing_chains(position: Position) -> Step | None:
    """Cell or unit forcing chains on static links: SE multiple forcing chains,
    8.0 + length of all the chains."""
    links = links_of(position)
    outcomes: dict[int, Outcome] = {}

    def outcome(start: int) -> Outcome:
        if start not in outcomes:
            outcomes[start] = propagate(links, start, False)
        return outcomes[start]

    found = multiple(position, base_score("Forcing chains"), outcome, False)
    return None if found is None else found_step(position, found, "Forcing chains")


