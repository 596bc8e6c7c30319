"""The registry: every technique with its name, base score and family, easiest first.

It is the one source of those: a technique's steps read their base score here
(:func:`~.position.base_score`). The rating and hints (:mod:`sudoku_dlx.rating`)
try them in this order; a technique's steps score its base or more (a chain's
length adds to it). The
families Sudoku Explainer (SE) lacks and HoDoKu has are marked ``se=False``
(:data:`BEYOND_SE`): ALSs and Sue de Coq, grouped AICs, empty, hidden and
avoidable rectangles, unique rectangles of type 6, multi-colours, franken and mutant fish
(franken fish with endo fins and mutant jellyfish among them), templates; the ALS searches
take ALSs of up to 8 cells and, after those that share none, ALSs that share cells, and
grouped AICs take an ALS's candidates of a digit as a term.
They give hints and steps of the path, scored where HoDoKu's order puts them,
but a puzzle's score is measured without them (:data:`SCORED`): where they
find a step, SE needs a harder one, and its ratings count that. Remote pairs
and XY-chains are HoDoKu's techniques too, but SE finds them as its forcing
chains, at the same scores, so they count; listed before the other AICs, they
give the step when the scores tie, as in HoDoKu's order.

Each technique names the ``kinds`` of puzzle it serves (:func:`techniques_for`).
Most hold for every kind: they rest only on units holding every digit once and
on peers differing, and read the kind's units and peers from the position. Those
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

from ..kinds.grid import KIND, KINDS, InvalidPuzzleError
from . import als, basic, cages, chains, colours, dynamic, fish, signs, templates, trial, uniqueness, wings
from .position import BASE_SCORES, Position, Step

__all__ = ["ALIASES", "ALL", "BANDED", "BEYOND_SE", "BOXED", "BY_NAME", "CLASSIC", "FUTOSHIKI", "KILLER", "Needed",
           "SCORED", "TECHNIQUES", "Technique", "needed", "scored_for", "techniques_for"]

#: Every kind of puzzle.
ALL = frozenset(KINDS)
#: The kinds with boxes (or jigsaw regions): all but the futoshiki.
BOXED = frozenset(name for name, kind in KIND.items() if kind.boxed or kind.irregular)
#: The kinds whose boxes are rectangles in bands and stacks: the patterns that
#: reckon with a box's rows and columns (fins, empty rectangles) miss a jigsaw's regions.
BANDED = frozenset(name for name, kind in KIND.items() if kind.boxed)
#: Where a deadly pattern's swap keeps every rule: classic sudoku alone.
CLASSIC = frozenset(name for name, kind in KIND.items() if kind.swappable)
#: The kinds with cages, and with signs.
KILLER = frozenset(name for name, kind in KIND.items() if kind.cages)
FUTOSHIKI = frozenset(name for name, kind in KIND.items() if kind.signs)


class Technique(NamedTuple):
    """A technique: its ``name`` in a list of techniques (a step's own name may say
    more: a skyscraper is one kind of turbot fish), the lowest ``score`` its steps get
    (its *base*: its steps read it, :func:`~.position.base_score`), its ``family`` (the
    module that holds it: basic, fish, wings, uniqueness, chains, colours, als,
    templates, dynamic, trial, or a kind's own: cages, signs), the function that
    ``find``\\ s its easiest step on a position, whether SE has it (or, for a kind's own
    technique, whether it counts in the score), and the ``kinds`` of puzzle it serves."""

    name: str
    score: float
    family: str
    find: Callable[[Position], Step | None]
    se: bool = True
    kinds: frozenset[str] = ALL
    steps: tuple[str, ...] = ()  # the names its steps are written with, when not ``name`` alone

    @property
    def step_names(self) -> tuple[str, ...]:
        """The names the solve path writes for its steps (a forcing chain's may add a
        qualifier in brackets: ``Forcing chains (cell)``)."""
        return self.steps or (self.name,)

    def every(self, position: Position) -> list[Step]:
        """Every step the technique finds on ``position`` (HoDoKu's "all steps"), in the
        order found; ``position`` is left as it was. A search that stops at its first step
        or its choice gives that one alone."""
        play = position.fork(replace(position.search, memo={}, every=[]))
        last = self.find(play)
        steps = play.search.every or []
        return steps + [last] if last is not None and last not in steps else steps


#: Every technique, easiest first (of equal scores, the first listed is tried first): the
#: one source of their names, scores and families.
TECHNIQUES: tuple[Technique, ...] = (
    Technique("Full house", 1.0, "basic", basic.full_house),
    Technique("Hidden single", 1.2, "basic", basic.hidden_single),
    Technique("Cage combinations", 2.0, "cages", cages.cage_combinations, kinds=KILLER),
    Technique("Sign bound", 2.0, "signs", signs.sign_bound, kinds=FUTOSHIKI),
    Technique("Naked single", 2.3, "basic", basic.naked_single),
    Technique("Rule of 45 (innies and outies)", 2.5, "cages", cages.rule_of_45, kinds=KILLER, steps=("Rule of 45",)),
    Technique("Sign chain", 2.5, "signs", signs.sign_chain, kinds=FUTOSHIKI),
    Technique("Pointing", 2.6, "basic", basic.pointing, kinds=BOXED),
    Technique("Claiming", 2.8, "basic", basic.claiming, kinds=BOXED),
    Technique("Naked pair", 3.0, "basic", basic.naked_pair, steps=("Naked pair", "Locked pair")),
    Technique("X-wing", 3.2, "fish", fish.x_wing),
    Technique("Hidden pair", 3.4, "basic", basic.hidden_pair),
    Technique("Finned X-wing", 3.4, "fish", fish.finned_x_wing, kinds=BANDED,
              steps=("Finned X-wing", "Sashimi X-wing", "Siamese finned X-wing", "Siamese sashimi X-wing")),
    Technique("Naked triple", 3.6, "basic", basic.naked_triple, steps=("Naked triple", "Locked triple")),
    Technique("Swordfish", 3.8, "fish", fish.swordfish),
    Technique("Hidden triple", 4.0, "basic", basic.hidden_triple),
    Technique("Finned swordfish", 4.0, "fish", fish.finned_swordfish, kinds=BANDED,
              steps=("Finned swordfish", "Sashimi swordfish", "Siamese finned swordfish", "Siamese sashimi swordfish")),
    Technique("Skyscraper, two-string kite, turbot fish", 4.0, "chains", chains.turbot_fish,
              steps=("Skyscraper", "Two-string kite", "Turbot fish", "Dual two-string kite")),
    Technique("XY-wing", 4.2, "wings", wings.xy_wing),
    Technique("Empty rectangle", 4.2, "chains", chains.empty_rectangle, se=False, kinds=BANDED),
    Technique("XYZ-wing", 4.4, "wings", wings.xyz_wing),
    Technique("W-wing", 4.4, "wings", wings.w_wing),
    Technique("Unique rectangle type 1", 4.5, "uniqueness", uniqueness.unique_rectangle_1, kinds=CLASSIC),
    Technique("Unique rectangle type 2", 4.5, "uniqueness", uniqueness.unique_rectangle_2, kinds=CLASSIC,
              steps=("Unique rectangle type 2", "Unique rectangle type 5")),
    Technique("Unique rectangle type 4", 4.5, "uniqueness", uniqueness.unique_rectangle_4, kinds=CLASSIC),
    Technique("Unique rectangle type 6", 4.5, "uniqueness", uniqueness.unique_rectangle_6, se=False, kinds=CLASSIC),
    Technique("Hidden rectangle", 4.5, "uniqueness", uniqueness.hidden_rectangle, se=False, kinds=CLASSIC),
    Technique("Avoidable rectangle", 4.5, "uniqueness", uniqueness.avoidable_rectangle, se=False, kinds=CLASSIC,
              steps=("Avoidable rectangle type 1", "Avoidable rectangle type 2")),
    Technique("Unique rectangle type 3", 4.6, "uniqueness", uniqueness.unique_rectangle_3, kinds=CLASSIC),
    Technique("Naked quad", 5.0, "basic", basic.naked_quad),
    Technique("Jellyfish", 5.2, "fish", fish.jellyfish),
    Technique("Sue de Coq", 5.3, "als", als.sue_de_coq, se=False, kinds=BANDED),
    Technique("Hidden quad", 5.4, "basic", basic.hidden_quad),
    Technique("Finned jellyfish", 5.4, "fish", fish.finned_jellyfish, kinds=BANDED,
              steps=("Finned jellyfish", "Sashimi jellyfish", "Siamese finned jellyfish", "Siamese sashimi jellyfish")),
    Technique("Simple colouring", 5.4, "colours", colours.simple_colouring),
    Technique("Multi-colours", 5.4, "colours", colours.multi_colours, se=False),
    Technique("X-chain", 5.4, "chains", chains.x_chain),
    Technique("WXYZ-wing", 5.5, "wings", wings.wxyz_wing),
    Technique("BUG+1", 5.6, "uniqueness", uniqueness.bug_plus_one, kinds=CLASSIC),
    Technique("VWXYZ-wing", 6.2, "wings", wings.vwxyz_wing),
    Technique("Forcing X-chain, X-cycle", 6.5, "chains", chains.forcing_x_chain,
              steps=("X-chain", "Continuous nice loop")),
    Technique("Remote pairs", 7.0, "chains", chains.remote_pairs),
    Technique("XY-chain", 7.0, "chains", chains.xy_chain),
    Technique("AIC, XY-chain, nice loop", 7.0, "chains", chains.forcing_chain,
              steps=("AIC", "XY-chain", "X-chain", "Continuous nice loop")),
    Technique("Grouped AIC", 7.1, "chains", chains.grouped_aic, se=False, kinds=BANDED,
              steps=("Grouped AIC", "Grouped X-chain", "Grouped continuous nice loop")),
    Technique("ALS-XZ", 7.1, "als", als.als_xz, se=False),
    Technique("ALS-XY-wing", 7.2, "als", als.als_xy_wing, se=False),
    Technique("ALS chain", 7.3, "als", als.als_chain, se=False),
    Technique("Death blossom", 7.4, "als", als.death_blossom, se=False),
    Technique("Franken fish", 7.4, "fish", fish.franken_fish, se=False, kinds=BANDED,
              steps=("Franken X-wing", "Franken swordfish", "Franken jellyfish", "Finned franken X-wing",
                     "Finned franken swordfish", "Finned franken jellyfish")),
    Technique("Nishio forcing chain", 7.5, "chains", chains.nishio),
    Technique("Mutant fish", 7.5, "fish", fish.mutant_fish, se=False, kinds=BANDED,
              steps=("Mutant X-wing", "Mutant swordfish", "Mutant jellyfish", "Finned mutant X-wing",
                     "Finned mutant swordfish", "Finned mutant jellyfish")),
    Technique("Templates", 8.0, "templates", templates.templates, se=False),
    Technique("Forcing chains", 8.0, "chains", chains.forcing_chains),
    Technique("Dynamic forcing chains", 8.5, "dynamic", dynamic.dynamic_forcing_chains),
    Technique("Dynamic forcing chains (+)", 9.0, "dynamic", dynamic.dynamic_forcing_chains_plus),
    Technique("Nested forcing chains", 9.5, "dynamic", dynamic.nested_forcing_chains),
    Technique("Nested multiple forcing chains", 10.0, "dynamic", dynamic.nested_multiple_forcing_chains),
    Technique("Nested dynamic forcing chains", 10.5, "dynamic", dynamic.nested_dynamic_forcing_chains),
    Technique("Trial and error", 13.0, "trial", trial.trial_and_error),
)

#: Each technique by its name.
BY_NAME: dict[str, Technique] = {technique.name: technique for technique in TECHNIQUES}
BASE_SCORES.update((name, technique.score) for name, technique in BY_NAME.items())

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
