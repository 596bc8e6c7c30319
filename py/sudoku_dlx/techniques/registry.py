"""The registry: every technique with its base score and name, easiest first.

The rating and hints (:mod:`sudoku_dlx.rating`) try them in this order; a
technique's steps score its base or more (a chain's length adds to it). The
families Sudoku Explainer (SE) lacks and HoDoKu has are marked ``se=False``
(:data:`BEYOND_SE`): ALSs and Sue de Coq, grouped AICs, empty, hidden and
avoidable rectangles, unique rectangles of type 6, franken and mutant fish.
They give hints and steps of the path, scored where HoDoKu's order puts them,
but a puzzle's score is measured without them (:data:`SCORED`): where they
find a step, SE needs a harder one, and its ratings count that.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from . import als, basic, chains, dynamic, fish, patterns, trial
from .board import Board, Step

__all__ = ["BEYOND_SE", "SCORED", "TECHNIQUES", "Technique"]


class Technique(NamedTuple):
    """A technique: the lowest ``score`` its steps get, the function that ``find``\\ s its
    easiest step on a board, its ``name`` in a list of techniques (a step's own name
    may say more: a skyscraper is one kind of turbot fish), and whether SE has it."""

    score: float
    find: Callable[[Board], Step | None]
    name: str
    se: bool = True

    @property
    def family(self) -> str:
        """The module that holds it: basic, patterns, chains, als, fish, dynamic or trial."""
        return self.find.__module__.rsplit(".", 1)[-1]


#: Every technique, easiest first (of equal scores, the first listed is tried first).
TECHNIQUES: tuple[Technique, ...] = (
    Technique(1.0, basic.full_house, "Full house"),
    Technique(1.2, basic.hidden_single, "Hidden single"),
    Technique(2.3, basic.naked_single, "Naked single"),
    Technique(2.6, basic.pointing, "Pointing"),
    Technique(2.8, basic.claiming, "Claiming"),
    Technique(3.0, basic.naked_pair, "Naked pair"),
    Technique(3.2, patterns.x_wing, "X-wing"),
    Technique(3.4, basic.hidden_pair, "Hidden pair"),
    Technique(3.4, patterns.finned_x_wing, "Finned X-wing"),
    Technique(3.6, basic.naked_triple, "Naked triple"),
    Technique(3.8, patterns.swordfish, "Swordfish"),
    Technique(4.0, basic.hidden_triple, "Hidden triple"),
    Technique(4.0, patterns.finned_swordfish, "Finned swordfish"),
    Technique(4.0, chains.turbot_fish, "Skyscraper, two-string kite, turbot fish"),
    Technique(4.2, patterns.xy_wing, "XY-wing"),
    Technique(4.2, chains.empty_rectangle, "Empty rectangle", se=False),
    Technique(4.4, patterns.xyz_wing, "XYZ-wing"),
    Technique(4.4, patterns.w_wing, "W-wing"),
    Technique(4.5, patterns.unique_rectangle_1, "Unique rectangle type 1"),
    Technique(4.5, patterns.unique_rectangle_2, "Unique rectangle type 2"),
    Technique(4.5, patterns.unique_rectangle_4, "Unique rectangle type 4"),
    Technique(4.5, patterns.unique_rectangle_6, "Unique rectangle type 6", se=False),
    Technique(4.5, patterns.hidden_rectangle, "Hidden rectangle", se=False),
    Technique(4.5, patterns.avoidable_rectangle, "Avoidable rectangle", se=False),
    Technique(4.6, patterns.unique_rectangle_3, "Unique rectangle type 3"),
    Technique(5.0, basic.naked_quad, "Naked quad"),
    Technique(5.2, patterns.jellyfish, "Jellyfish"),
    Technique(5.3, als.sue_de_coq, "Sue de Coq", se=False),
    Technique(5.4, basic.hidden_quad, "Hidden quad"),
    Technique(5.4, patterns.finned_jellyfish, "Finned jellyfish"),
    Technique(5.4, chains.simple_colouring, "Simple colouring"),
    Technique(5.4, chains.x_chain, "X-chain"),
    Technique(5.5, patterns.wxyz_wing, "WXYZ-wing"),
    Technique(5.6, patterns.bug_plus_one, "BUG+1"),
    Technique(6.2, patterns.vwxyz_wing, "VWXYZ-wing"),
    Technique(6.5, chains.forcing_x_chain, "Forcing X-chain, X-cycle"),
    Technique(7.0, chains.forcing_chain, "AIC, XY-chain, nice loop"),
    Technique(7.1, chains.grouped_aic, "Grouped AIC", se=False),
    Technique(7.1, als.als_xz, "ALS-XZ", se=False),
    Technique(7.2, als.als_xy_wing, "ALS-XY-wing", se=False),
    Technique(7.3, als.als_chain, "ALS chain", se=False),
    Technique(7.4, als.death_blossom, "Death blossom", se=False),
    Technique(fish.SCORES["franken"], fish.franken_fish, "Franken fish", se=False),
    Technique(7.5, chains.nishio, "Nishio forcing chain"),
    Technique(fish.SCORES["mutant"], fish.mutant_fish, "Mutant fish", se=False),
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

#: The techniques of the score: those SE has.
SCORED = tuple(technique for technique in TECHNIQUES if technique.se)
