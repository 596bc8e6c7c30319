"""The registry: every technique with its base score and name, easiest first.

The rating and hints (:mod:`sudoku_dlx.rating`) try them in this order; a
technique's steps score its base or more (a chain's length adds to it). The
families Sudoku Explainer (SE) lacks and HoDoKu has are marked ``se=False``
(:data:`BEYOND_SE`): ALSs and Sue de Coq, grouped AICs, empty, hidden and
avoidable rectangles, unique rectangles of type 6, multi-colours, franken and mutant fish
(franken fish with endo fins and mutant jellyfish among them), templates; the ALS searches
take ALSs of up to 8 cells and, after those that share none, ALSs that share cells, and
grouped AICs take an ALS's candidates of a digit as a node.
They give hints and steps of the path, scored where HoDoKu's order puts them,
but a puzzle's score is measured without them (:data:`SCORED`): where they
find a step, SE needs a harder one, and its ratings count that. Remote pairs
and XY-chains are HoDoKu's techniques too, but SE finds them as its forcing
chains, at the same scores, so they count; listed before the other AICs, they
give the step when the scores tie, as in HoDoKu's order.

Each technique names the ``kinds`` of puzzle it serves (:func:`techniques_for`).
Most hold for every kind: they rest only on units holding every digit once and
on peers differing, and read the kind's units and peers from the board. Those
that look at boxes skip the futoshiki, whose Latin square has none
(:data:`BOXED`); those that reckon with a box's rows and columns skip the
jigsaw too (:data:`BANDED`). The uniqueness techniques (unique, hidden and avoidable
rectangles, BUG+1) serve classic sudoku alone (:data:`CLASSIC`): they argue that
a pattern of candidates would let two digits swap and leave two solutions, and
a swap that keeps rows, columns and boxes may still break a diagonal, a window,
a cage's sum or a sign, so in the other kinds the pattern is no contradiction.
The killer's cage techniques and the futoshiki's sign techniques serve their
kind alone; they count in its score (``se``): they stand for the clues SE never
knew.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import NamedTuple

from ..kinds.grid import KINDS, InvalidPuzzleError
from . import als, basic, cages, chains, colours, dynamic, fish, patterns, signs, templates, trial
from .board import Board, Step

__all__ = ["ALIASES", "ALL", "BANDED", "Needed", "BEYOND_SE", "BOXED", "CLASSIC", "FUTOSHIKI", "KILLER", "SCORED", "TECHNIQUES",
           "Technique", "needed", "scored_for", "techniques_for"]

#: Every kind of puzzle.
ALL = frozenset(KINDS)
#: The kinds with boxes (or jigsaw regions): all but the futoshiki.
BOXED = ALL - {"futoshiki"}
#: The kinds whose boxes are rectangles in bands and stacks: the patterns that
#: reckon with a box's rows and columns (fins, empty rectangles) miss a jigsaw's regions.
BANDED = BOXED - {"jigsaw"}
#: Classic sudoku alone: where a deadly pattern's swap keeps every rule.
CLASSIC = frozenset({"sudoku"})
KILLER = frozenset({"killer"})
FUTOSHIKI = frozenset({"futoshiki"})


class Technique(NamedTuple):
    """A technique: the lowest ``score`` its steps get, the function that ``find``\\ s its
    easiest step on a board, its ``name`` in a list of techniques (a step's own name
    may say more: a skyscraper is one kind of turbot fish), whether SE has it (or,
    for a kind's own technique, whether it counts in the score), and the ``kinds``
    of puzzle it serves."""

    score: float
    find: Callable[[Board], Step | None]
    name: str
    se: bool = True
    kinds: frozenset[str] = ALL
    steps: tuple[str, ...] = ()  # the names its steps are written with, when not ``name`` alone

    @property
    def step_names(self) -> tuple[str, ...]:
        """The names the solve path writes for its steps (a forcing chain's may add a
        qualifier in brackets: ``Forcing chains (cell)``)."""
        return self.steps or (self.name,)

    @property
    def family(self) -> str:
        """The module that holds it: basic, patterns, chains, colours, als, fish, templates, dynamic,
        trial (or a kind's own: cages, signs)."""
        return self.find.__module__.rsplit(".", 1)[-1]

    def every(self, board: Board) -> list[Step]:
        """Every step the technique finds on ``board`` (HoDoKu's "all steps"), in the
        order found; ``board`` is left as it was. A search that stops at its first step
        or its choice gives that one alone."""
        play = board.fork(replace(board.search, memo={}, every=[]))
        last = self.find(play)
        steps = play.search.every or []
        return steps + [last] if last is not None and last not in steps else steps


#: Every technique, easiest first (of equal scores, the first listed is tried first).
TECHNIQUES: tuple[Technique, ...] = (
    Technique(1.0, basic.full_house, "Full house"),
    Technique(1.2, basic.hidden_single, "Hidden single"),
    Technique(2.0, cages.cage_combinations, "Cage combinations", kinds=KILLER),
    Technique(2.0, signs.sign_bound, "Sign bound", kinds=FUTOSHIKI),
    Technique(2.3, basic.naked_single, "Naked single"),
    Technique(2.5, cages.rule_of_45, "Rule of 45 (innies and outies)", kinds=KILLER, steps=("Rule of 45",)),
    Technique(2.5, signs.sign_chain, "Sign chain", kinds=FUTOSHIKI),
    Technique(2.6, basic.pointing, "Pointing", kinds=BOXED),
    Technique(2.8, basic.claiming, "Claiming", kinds=BOXED),
    Technique(3.0, basic.naked_pair, "Naked pair", steps=("Naked pair", "Locked pair")),
    Technique(3.2, patterns.x_wing, "X-wing"),
    Technique(3.4, basic.hidden_pair, "Hidden pair"),
    Technique(3.4, patterns.finned_x_wing, "Finned X-wing", kinds=BANDED,
              steps=("Finned X-wing", "Sashimi X-wing", "Siamese finned X-wing", "Siamese sashimi X-wing")),
    Technique(3.6, basic.naked_triple, "Naked triple", steps=("Naked triple", "Locked triple")),
    Technique(3.8, patterns.swordfish, "Swordfish"),
    Technique(4.0, basic.hidden_triple, "Hidden triple"),
    Technique(4.0, patterns.finned_swordfish, "Finned swordfish", kinds=BANDED,
              steps=("Finned swordfish", "Sashimi swordfish", "Siamese finned swordfish", "Siamese sashimi swordfish")),
    Technique(4.0, chains.turbot_fish, "Skyscraper, two-string kite, turbot fish",
              steps=("Skyscraper", "Two-string kite", "Turbot fish", "Dual two-string kite")),
    Technique(4.2, patterns.xy_wing, "XY-wing"),
    Technique(4.2, chains.empty_rectangle, "Empty rectangle", se=False, kinds=BANDED),
    Technique(4.4, patterns.xyz_wing, "XYZ-wing"),
    Technique(4.4, patterns.w_wing, "W-wing"),
    Technique(4.5, patterns.unique_rectangle_1, "Unique rectangle type 1", kinds=CLASSIC),
    Technique(4.5, patterns.unique_rectangle_2, "Unique rectangle type 2", kinds=CLASSIC,
              steps=("Unique rectangle type 2", "Unique rectangle type 5")),
    Technique(4.5, patterns.unique_rectangle_4, "Unique rectangle type 4", kinds=CLASSIC),
    Technique(4.5, patterns.unique_rectangle_6, "Unique rectangle type 6", se=False, kinds=CLASSIC),
    Technique(4.5, patterns.hidden_rectangle, "Hidden rectangle", se=False, kinds=CLASSIC),
    Technique(4.5, patterns.avoidable_rectangle, "Avoidable rectangle", se=False, kinds=CLASSIC),
    Technique(4.6, patterns.unique_rectangle_3, "Unique rectangle type 3", kinds=CLASSIC),
    Technique(5.0, basic.naked_quad, "Naked quad"),
    Technique(5.2, patterns.jellyfish, "Jellyfish"),
    Technique(5.3, als.sue_de_coq, "Sue de Coq", se=False, kinds=BANDED),
    Technique(5.4, basic.hidden_quad, "Hidden quad"),
    Technique(5.4, patterns.finned_jellyfish, "Finned jellyfish", kinds=BANDED,
              steps=("Finned jellyfish", "Sashimi jellyfish", "Siamese finned jellyfish", "Siamese sashimi jellyfish")),
    Technique(5.4, colours.simple_colouring, "Simple colouring"),
    Technique(colours.MULTI_SCORE, colours.multi_colours, "Multi-colours", se=False),
    Technique(5.4, chains.x_chain, "X-chain"),
    Technique(5.5, patterns.wxyz_wing, "WXYZ-wing"),
    Technique(5.6, patterns.bug_plus_one, "BUG+1", kinds=CLASSIC),
    Technique(6.2, patterns.vwxyz_wing, "VWXYZ-wing"),
    Technique(6.5, chains.forcing_x_chain, "Forcing X-chain, X-cycle", steps=("X-chain", "Continuous nice loop")),
    Technique(7.0, chains.remote_pairs, "Remote pairs"),
    Technique(7.0, chains.xy_chain, "XY-chain"),
    Technique(7.0, chains.forcing_chain, "AIC, XY-chain, nice loop",
              steps=("AIC", "XY-chain", "X-chain", "Continuous nice loop")),
    Technique(7.1, chains.grouped_aic, "Grouped AIC", se=False, kinds=BANDED,
              steps=("Grouped AIC", "Grouped X-chain", "Grouped continuous nice loop")),
    Technique(7.1, als.als_xz, "ALS-XZ", se=False),
    Technique(7.2, als.als_xy_wing, "ALS-XY-wing", se=False),
    Technique(7.3, als.als_chain, "ALS chain", se=False),
    Technique(7.4, als.death_blossom, "Death blossom", se=False),
    Technique(fish.SCORES["franken"], fish.franken_fish, "Franken fish", se=False, kinds=BANDED,
              steps=("Franken X-wing", "Franken swordfish", "Franken jellyfish", "Finned franken X-wing",
                     "Finned franken swordfish", "Finned franken jellyfish")),
    Technique(7.5, chains.nishio, "Nishio forcing chain"),
    Technique(fish.SCORES["mutant"], fish.mutant_fish, "Mutant fish", se=False, kinds=BANDED,
              steps=("Mutant X-wing", "Mutant swordfish", "Mutant jellyfish", "Finned mutant X-wing",
                     "Finned mutant swordfish", "Finned mutant jellyfish")),
    Technique(templates.SCORE, templates.templates, "Templates", se=False),
    Technique(8.0, chains.forcing_chains, "Forcing chains"),
    Technique(8.5, dynamic.dynamic_forcing_chains, "Dynamic forcing chains"),
    Technique(9.0, dynamic.dynamic_forcing_chains_plus, "Dynamic forcing chains (+)"),
    Technique(9.5, dynamic.nested_forcing_chains, "Nested forcing chains"),
    Technique(10.0, dynamic.nested_multiple_forcing_chains, "Nested multiple forcing chains"),
    Technique(10.5, dynamic.nested_dynamic_forcing_chains, "Nested dynamic forcing chains"),
    Technique(trial.TRIAL_AND_ERROR, trial.trial_and_error, "Trial and error"),
)

#: The techniques SE lacks (their functions): in hints and the path, not in the score.
BEYOND_SE = frozenset(technique.find for technique in TECHNIQUES if not technique.se)


@cache
def techniques_for(kind: str) -> tuple[Technique, ...]:
    """The techniques that serve ``kind``, easiest first."""
    return tuple(technique for technique in TECHNIQUES if kind in technique.kinds)


@cache
def scored_for(kind: str) -> tuple[Technique, ...]:
    """The techniques of ``kind``'s score: those SE has, and the kind's own."""
    return tuple(technique for technique in techniques_for(kind) if technique.se)


#: The techniques of a classic sudoku's score: those SE has.
SCORED = scored_for("sudoku")


#: Short forms a player may ask for (see :func:`needed`), each with the step names it stands for.
ALIASES: dict[str, tuple[str, ...]] = {
    "unique rectangle": ("Unique rectangle type 1", "Unique rectangle type 2", "Unique rectangle type 3",
                         "Unique rectangle type 4", "Unique rectangle type 5", "Unique rectangle type 6"),
    "locked candidates": ("Pointing", "Claiming"),
    "naked pair": ("Naked pair", "Locked pair"),
    "naked triple": ("Naked triple", "Locked triple"),
    "kite": ("Two-string kite",),
    "nice loop": ("Continuous nice loop",),
    "xy chain": ("XY-chain",),
    "colouring": ("Simple colouring",),
    "coloring": ("Simple colouring",),
    "simple coloring": ("Simple colouring",),
    "multi coloring": ("Multi-colours",),
    "multi colors": ("Multi-colours",),
    "bug": ("BUG+1",),
    "als xz": ("ALS-XZ",),
}


def _key(name: str) -> str:
    """A name as looked up: lower case, hyphens and underscores as spaces, single spaces."""
    return " ".join(name.lower().replace("-", " ").replace("_", " ").split())


class Needed(NamedTuple):
    """A technique a puzzle should need (``generate --needs``): the ``name`` asked for as
    the registry writes it, the ``steps`` of the solve path that use it (a step's name,
    or that name with a qualifier in brackets), and the ``techniques`` up to it: every
    technique of the kind whose base score is at most the highest of those that write
    its steps."""

    name: str
    steps: tuple[str, ...]
    techniques: tuple[Technique, ...]

    def used_by(self, step: Step) -> bool:
        """Whether ``step`` is one of this technique's."""
        return step.technique in self.steps or step.technique.split(" (", 1)[0] in self.steps

    def met_by(self, path, only: bool = False) -> bool:
        """Whether a solving ``path`` (steps) uses this technique; when ``only``, with no
        step scoring more than its steps there."""
        scores = [step.score for step in path if self.used_by(step)]
        return bool(scores) and (not only or max(step.score for step in path) <= max(scores))


def known_names(kind: str) -> list[str]:
    """The names :func:`needed` takes for ``kind`` (besides :data:`ALIASES` and case)."""
    return list(dict.fromkeys(name for technique in techniques_for(kind) for name in technique.step_names))


def needed(name: str, kind: str = "sudoku") -> Needed:
    """The technique called ``name`` (case-insensitive; a step name as the solve path
    writes it, a registry name, or a short form of :data:`ALIASES`) for puzzles of
    ``kind``; ``InvalidPuzzleError`` naming the known ones for an unknown name, or one
    the kind's techniques do not include."""
    if kind not in KINDS:
        raise InvalidPuzzleError(f"unknown kind \"{kind}\"; kinds are {', '.join(KINDS)}")
    key = _key(name) if isinstance(name, str) else ""
    names: dict[str, tuple[str, ...]] = {}
    for technique in TECHNIQUES:
        for step in technique.step_names:
            names.setdefault(_key(step), (step,))
        names.setdefault(_key(technique.name), technique.step_names)
    steps = ALIASES.get(key) or names.get(key)
    if not steps:
        raise InvalidPuzzleError(f"unknown technique {name!r}; known: {', '.join(known_names(kind))}")
    writers = [technique for technique in techniques_for(kind) if set(technique.step_names) & set(steps)]
    if not writers:
        raise InvalidPuzzleError(
            f"{name!r} is not among the techniques of kind {kind}: {', '.join(known_names(kind))}")
    top = max(technique.score for technique in writers)
    named = [step for step in steps if _key(step) == key] + [t.name for t in TECHNIQUES if _key(t.name) == key]
    title = named[0] if named else key.capitalize()
    return Needed(title, steps, tuple(technique for technique in techniques_for(kind) if technique.score <= top))
