"""The table of rules: each found by its f-puzzles key, as a clue's (:data:`READERS`) or
as a key true of the whole grid (:data:`FLAGS`); :func:`rules_of` turns a link's clues and
flags into rules."""


from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from types import SimpleNamespace

from ..kinds.grid import InvalidPuzzleError
from .antiking import AntiKing
from .antiknight import AntiKnight
from .arrow import Arrow
from .base import Rule
from .betweenline import BetweenLine
from .clone import Clone
from .diagonal import Diagonal
from .entropic import EntropicLine
from .disjointgroups import DisjointGroups
from .extraregion import ExtraRegion
from .extremes import Extreme
from .indexer import ColumnIndexer
from .killercage import KillerCage
from .kropki import Dot, NoDot
from .littlekiller import LittleKiller
from .nonconsecutive import NonConsecutive
from .palindrome import Palindrome
from .parity import Parity
from .quadruple import Quadruple
from .regionsum import RegionSumLine
from .renban import Renban
from .sandwich import Sandwich
from .skyscraper import Skyscraper
from .thermometer import Thermometer
from .whispers import Whispers
from .xsum import XSum
from .xv import XV, NoXV

__all__ = ["FLAGS", "READERS", "rules_of"]

#: A clue's f-puzzles key -> its reader ``(clue, n) -> rules``.
READERS: dict[str, Callable[..., list[Rule]]] = {
    "killercage": KillerCage.read,
    "extraregion": ExtraRegion.read,
    "odd": partial(Parity.read, odd=True),
    "even": partial(Parity.read, odd=False),
    "minimum": partial(Extreme.read, least=True),
    "maximum": partial(Extreme.read, least=False),
    "thermometer": Thermometer.read,
    "arrow": Arrow.read,
    "difference": partial(Dot.read, white=True),
    "ratio": partial(Dot.read, white=False),
    "xv": XV.read,
    "littlekillersum": LittleKiller.read,
    "sandwichsum": Sandwich.read,
    "xsum": XSum.read,
    "skyscraper": Skyscraper.read,
    "palindrome": Palindrome.read,
    "renban": Renban.read,
    "whispers": Whispers.read,
    "betweenline": BetweenLine.read,
    "clone": Clone.read,
    "quadruple": Quadruple.read,
    "entropicline": EntropicLine.read,
    "columnindexer": ColumnIndexer.read,
    "regionsumline": RegionSumLine.read,  # with the boxes: see rules_of
}

#: A key true of the whole grid -> its rule ``(box rows and cols, the white dots' pairs) -> rule``.
FLAGS: dict[str, Callable[[tuple[int, int], frozenset[tuple[int, int]]], Rule]] = {
    "diagonal+": lambda box, white: Diagonal(rising=True),
    "diagonal-": lambda box, white: Diagonal(rising=False),
    "antiknight": lambda box, white: AntiKnight(),
    "antiking": lambda box, white: AntiKing(),
    "nonconsecutive": lambda box, white: NonConsecutive(white),
    "disjointgroups": lambda box, white: DisjointGroups(*box),
}


def rules_of(clues: Iterable, flags: Iterable[str], negative: Iterable[str], n: int,
             box: tuple[int, int] | None) -> tuple[Rule, ...]:
    """The rules of a link's ``clues`` (each with ``key``, ``cells``, ``lines``, ``value``,
    ``outside``, ``direction``), true ``flags`` and ``negative`` keys (f-puzzles':
    ``ratio``, ``difference`` for kropki, ``xv``), on an ``n`` by ``n`` grid with
    ``box``-shaped boxes (None: irregular regions). A key no rule reads raises
    :class:`InvalidPuzzleError` naming it."""
    clues, negative = list(clues), set(negative)
    unknown = sorted({clue.key for clue in clues if clue.key not in READERS} | set(flags) - set(FLAGS)
                     | negative - {"ratio", "difference", "xv"})
    if unknown:
        raise InvalidPuzzleError(f"this puzzle has rules the solver does not know: {', '.join(unknown)}")
    if "disjointgroups" in flags and box is None:
        raise InvalidPuzzleError("disjoint groups need a grid of boxes, and this one has irregular regions")
    rules: list[Rule] = []
    for clue in clues:
        if clue.key == "regionsumline":
            rules += RegionSumLine.read(clue, n, box)
        elif clue.key not in ("minimum", "maximum"):
            rules += READERS[clue.key](clue, n)
    for key in ("minimum", "maximum"):  # one rule of all the cells: a neighbour of the same mark is no bound
        marked = [x for clue in clues if clue.key == key for x in clue.cells]
        if marked:
            rules += READERS[key](SimpleNamespace(cells=tuple(marked)), n)
    white = frozenset((r.a, r.b) for r in rules if isinstance(r, Dot) and r.white)
    rules += [FLAGS[key](box, white) for key in sorted(flags)]  # type: ignore[arg-type]
    if negative & {"ratio", "difference"}:
        dotted = frozenset((r.a, r.b) for r in rules if isinstance(r, Dot))
        rules.append(NoDot(dotted, (1,) if "difference" in negative else (), (2,) if "ratio" in negative else ()))
    if "xv" in negative:
        rules.append(NoXV(frozenset((r.a, r.b) for r in rules if isinstance(r, XV))))
    return tuple(rules)
