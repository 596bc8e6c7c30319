"""Column indexers (f-puzzles ``columnindexer``, the "1-5-9" rule): a digit d in a marked cell
of column c says where c goes in its row: column d."""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds.grid import cell_name
from .base import Rule, check_cells, keep

__all__ = ["ColumnIndexer"]


@dataclass(frozen=True)
class ColumnIndexer(Rule):
    """Each of ``marked``'s cells, in column c of row r, holds the column of row r that holds c."""

    marked: tuple[int, ...]
    key = "columnindexer"
    name = "column indexer"

    @classmethod
    def read(cls, clue, n):
        return [cls(check_cells("a column indexer", clue.cells, n))]

    def cells(self):
        return self.marked

    def whole(self):  # its conflicts are every pair of placements it forbids
        return True

    def conflicts(self, n):
        """d in r, c forbids any digit but c + 1 in r, column d (nothing where that is the cell itself)."""
        for x in self.marked:
            r, c = divmod(x, n)
            for d in range(1, n + 1):
                if d - 1 != c:
                    for y in range(1, n + 1):
                        if y != c + 1:
                            yield x, d, r * n + d - 1, y

    def scope(self, n):
        """The rows of its marked cells: its narrowing reads where each may point."""
        return tuple(r * n + c for r in sorted({x // n for x in self.marked}) for c in range(n))

    def narrow(self, allowed, n):
        """A marked cell of column c keeps d (but c) only where column d of its row may
        hold c, and such a cell keeps c only where the marked cell may hold d: the
        conflicts' other way round."""
        changed = False
        for x in self.marked:
            r, c = divmod(x, n)
            kept, mark = allowed[x] & 1 << c, 1 << c
            for d in range(1, n + 1):
                y = r * n + d - 1
                if d - 1 != c and allowed[y] & mark:
                    if allowed[x] >> d - 1 & 1:
                        kept |= 1 << d - 1
                    else:
                        changed |= keep(allowed, y, ~mark)
            changed |= keep(allowed, x, kept)
        return changed

    def fault(self, digits, n):
        """The first marked cell whose digit points at a cell of its row that holds another
        digit than its column: the sentence and the two cells."""
        for x in self.marked:
            r, c = divmod(x, n)
            d = digits[x]
            if d and digits[r * n + d - 1] and digits[r * n + d - 1] != c + 1:
                return (f"{cell_name(x, n)} is {d}, so r{r + 1}c{d} must be {c + 1}, not {digits[r * n + d - 1]}",
                        (x, r * n + d - 1))
        return None

    def broken(self, digits, n):
        found = self.fault(digits, n)
        return None if found is None else found[0]

    def words(self, n):
        return "A digit d in a marked cell of column c says that c is in column d of its row."
