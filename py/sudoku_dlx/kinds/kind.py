"""The kinds of puzzle, each a class that carries its facts, found by name in :data:`KIND`.

python-chess's ``variant.py`` is the model: code that needs to know what a kind has asks
its class (``KIND[name].cages``, ``KIND[name].extra_units(n)``) instead of comparing
names. A kind is a grid and the rules it adds, said as facts: boxes or irregular regions
(or neither: a Latin square), extra units of ``n`` cells (X's diagonals, windoku's
windows), killer cages, futoshiki signs. :mod:`sudoku_dlx.rules.kinds` turns those facts
into the variant rules (a diagonal, an extra region, a killer cage, a two-cell thermometer
per sign), so each kind is also a set of rules (docs/rules.md).
"""

from __future__ import annotations

from typing import ClassVar

__all__ = ["BOX_SHAPES", "KIND", "KINDS", "Kind"]

#: The box (rows, cols) of each size a grid of boxes takes.
BOX_SHAPES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}


class Kind:
    """A kind's facts; each subclass gives the ones that differ from classic sudoku's."""

    name: ClassVar[str] = "sudoku"
    #: What the kind is called in a sentence ("X sudoku") and with its article ("an X sudoku").
    title: ClassVar[str] = "sudoku"
    article: ClassVar[str] = "a sudoku"
    #: The sizes it takes (n).
    sizes: ClassVar[tuple[int, ...]] = tuple(BOX_SHAPES)
    #: Whether its regions are rectangular boxes, or irregular regions given with the puzzle.
    boxed: ClassVar[bool] = True
    irregular: ClassVar[bool] = False
    #: Killer cages (with sums) and futoshiki signs (one cell greater than its neighbour).
    cages: ClassVar[bool] = False
    signs: ClassVar[bool] = False
    #: The size ``generate`` makes when none is asked.
    natural_size: ClassVar[int] = 9
    #: Whether its givens may be laid out with a symmetry.
    symmetric: ClassVar[bool] = True
    #: Whether the solver narrows it with bounds before its search (kinds/solver.py's ``NARROWED``).
    narrowed: ClassVar[bool] = False
    #: Whether two digits swapped in a deadly pattern keep every rule (the uniqueness techniques).
    swappable: ClassVar[bool] = True
    #: Whether Simon Tatham's programs have a game ID for it.
    tatham: ClassVar[bool] = True
    #: f-puzzles' keys true of the whole grid that say its extra units (else they are written as extra regions).
    link_flags: ClassVar[tuple[str, ...]] = ()
    #: Its extra units in the words of the lab's labels (", diag and anti for the long diagonals"),
    #: of a reduction (", and on both long diagonals") and of where a cell's placement covers one more item.
    extra_labels: ClassVar[str] = ""
    extra_needed: ClassVar[str] = ""
    extra_where: ClassVar[str] = ""

    def extra_units(self, n: int) -> tuple[tuple[int, ...], ...]:
        """Its units beyond the rows, columns and regions: each holds every digit once."""
        return ()

    def extra_name(self, k: int) -> str:
        """Extra unit ``k`` by name: "the main diagonal", "window 2"."""
        raise IndexError(k)

    def extra_label(self, k: int) -> str:
        """Extra unit ``k``'s short label for the lab's items: "diag", "win2"."""
        raise IndexError(k)

    def extra_unit(self, k: int) -> tuple[str, int]:
        """What extra unit ``k`` is and its number (0 for a diagonal): ("main-diagonal", 0), ("window", 2)."""
        raise IndexError(k)

    @property
    def clued(self) -> bool:
        """Whether a puzzle of it has clues beyond its digits (regions, cages, signs), so
        that its text is a form of its own rather than a line of digits."""
        return self.irregular or self.cages or self.signs

    def __repr__(self) -> str:
        return f"<kind {self.name}>"


class X(Kind):
    name = "x"
    title = "X sudoku"
    article = "an X sudoku"
    sizes = tuple(n for n in BOX_SHAPES if n >= 4)
    swappable = False
    link_flags = ("diagonal+", "diagonal-")
    extra_labels = ", diag and anti for the long diagonals"
    extra_needed = ", and on both long diagonals"
    extra_where = "on a diagonal"

    def extra_units(self, n: int) -> tuple[tuple[int, ...], ...]:
        return tuple(range(0, n * n, n + 1)), tuple(range(n - 1, n * n - 1, n - 1))

    def extra_name(self, k: int) -> str:
        return ("the main diagonal", "the anti-diagonal")[k]

    def extra_label(self, k: int) -> str:
        return ("diag", "anti")[k]

    def extra_unit(self, k: int) -> tuple[str, int]:
        return ("main-diagonal", "anti-diagonal")[k], 0


class Windoku(Kind):
    name = title = "windoku"
    article = "a windoku"
    sizes = (9,)
    swappable = False
    tatham = False
    extra_labels = ", win1 to win4 for the windows"
    extra_needed = ", and in each of the four windows"
    extra_where = "in a window"

    def extra_units(self, n: int) -> tuple[tuple[int, ...], ...]:
        """The four windows: the 3x3 blocks one cell in from the corners, row by row."""
        return tuple(tuple((top + r) * n + left + c for r in range(3) for c in range(3))
                     for top in (1, 5) for left in (1, 5))

    def extra_name(self, k: int) -> str:
        return f"window {k + 1}"

    def extra_label(self, k: int) -> str:
        return f"win{k + 1}"

    def extra_unit(self, k: int) -> tuple[str, int]:
        return "window", k + 1


class Jigsaw(Kind):
    name = title = "jigsaw"
    article = "a jigsaw"
    sizes = tuple(range(4, 17))
    boxed = False
    irregular = True
    narrowed = True
    swappable = False


class Killer(Kind):
    name = "killer"
    title = "killer sudoku"
    article = "a killer"
    sizes = (4, 6, 8, 9)
    cages = True
    narrowed = True
    swappable = False


class Futoshiki(Kind):
    name = title = "futoshiki"
    article = "a futoshiki"
    sizes = tuple(range(3, 17))
    boxed = False
    signs = True
    natural_size = 7  # a 9x9 futoshiki is rare in print; Tatham's Unequal's largest preset is 7
    symmetric = False  # its clues are mostly signs
    narrowed = True
    swappable = False


#: The kinds by name, in the order the page and the CLI list them.
KIND: dict[str, Kind] = {kind.name: kind for kind in (Kind(), X(), Windoku(), Jigsaw(), Killer(), Futoshiki())}
#: Their names.
KINDS = tuple(KIND)
