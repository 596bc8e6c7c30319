"""Chains in Eureka notation: hand-made chains of every kind written exactly, the
notation of real puzzles' chains read back into the candidates and links of the
step, and the ``chain`` field of the records and the command line."""

from __future__ import annotations

import json
import re

import pytest
from positions import cells, confine, empty_position, found, with_candidates
from conftest import lines
from sudoku_dlx import cli, web
from sudoku_dlx.techniques.als import als_chain, als_xy_wing, als_xz
from sudoku_dlx.techniques.colours import simple_colouring
from sudoku_dlx.techniques.chains import (
    empty_rectangle, forcing_chain, forcing_x_chain, grouped_aic, turbot_fish, x_chain,
)
from sudoku_dlx.techniques.notation import cells_name, eureka
from sudoku_dlx.techniques.registry import TECHNIQUES

from test_chains import (
    REGISTRY, confine_box, skyscraper_position, stuck_positions, three_link_position, xy_chain_position,
)
from test_colours import colouring_position

#: A position whose next hint is a continuous nice loop (from the 12th puzzle of sudoku_exchange_se_sample.tsv,
#: its singles placed); docs/cli.md shows it.
LOOP_POSITION = "593826147.4.91..83..8.349.2..14.2..9469.5.821...1.93.4..467.2989862417357...98416"
LOOP_CHAIN = "(2=5)r9c3-r7c2=r7c6-(5=7)r2c6-(7=2)r2c3-(2)r9c3 => r6c3<>2, r9c2<>5"


def written(technique, position) -> str:
    return eureka(found(technique, position), position.shape)


def aic_position():
    position = with_candidates(empty_position(), {"r1c1": "35", "r4c1": "57"})
    position = confine(position, 7, "column 6", "r4c6 r2c6")
    return confine(position, 3, "row 2", "r2c6 r2c8")


def grouped_position():
    position = confine_box(empty_position(), 5, 1, "r2c1 r2c2 r2c3 r1c2 r3c2")
    return confine(position, 5, "column 7", "r2c7 r8c7")


def placing_position():
    position = confine(empty_position(), 4, "column 1", "r1c1 r5c1")
    position = confine(position, 4, "column 8", "r2c8 r5c8")
    return confine_box(position, 4, 1, "r1c1 r2c2")


@pytest.mark.parametrize("technique, position, chain", [
    (turbot_fish, skyscraper_position, "(4)r1c1=r7c1-r7c5=(4)r2c5 => r1c4<>4, r1c6<>4, r2c2<>4, r2c3<>4"),
    (x_chain, three_link_position, "(4)r2c9=r8c9-r8c5=r5c5-r5c1=(4)r1c1 => r1c7<>4, r1c8<>4, r2c2<>4, r2c3<>4"),
    # Colouring works on a cluster (which may branch), not on one chain: no notation.
    (simple_colouring, colouring_position, ""),
    (forcing_chain, xy_chain_position, "(1=4)r5c9-(4=3)r5c5-(3=2)r1c5-(2=1)r1c1 => r1c9<>1, r5c1<>1"),
    (forcing_chain, aic_position, "(3)r2c8=(3-7)r2c6=r4c6-(7=5)r4c1-(5=3)r1c1 => r1c7<>3, r1c8<>3, r1c9<>3"),
    (grouped_aic, grouped_position, "(5)r13c2=r2c123-r2c7=(5)r8c7 => r8c2<>5"),
    # A chain that places a digit starts and ends on it.
    (forcing_x_chain, placing_position, "(4)r1c1=r5c1-r5c8=r2c8-r2c2=(4)r1c1 => r1c1=4"),
])
def test_chains_are_written_exactly(technique, position, chain):
    assert written(technique, position()) == chain


def test_a_continuous_nice_loop_ends_where_it_starts():
    position = with_candidates(empty_position(), {"r1c1": "12", "r1c5": "23", "r2c5": "34", "r2c2": "41"})
    step = found(forcing_chain, position)
    assert step.technique == "Continuous nice loop"
    assert eureka(step, position.shape).split(" => ")[0] == "(1=4)r2c2-(4=3)r2c5-(3=2)r1c5-(2=1)r1c1-(1)r2c2"


@pytest.mark.parametrize("technique, marks, chain", [
    (als_xz, {"r1c1": "12", "r5c1": "13", "r5c2": "23"},
     "(2=1)r1c1-(1=32)r5c12 => r1c2<>2, r2c2<>2, r3c2<>2, r4c1<>2, r6c1<>2"),
    (als_xy_wing, {"r5c5": "12", "r5c1": "13", "r1c5": "23"}, "(3=2)r1c5-(2=1)r5c5-(1=3)r5c1 => r1c1<>3"),
    (als_chain, {"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c9": "41"},
     "(1=2)r1c1-(2=3)r1c5-(3=4)r5c5-(4=1)r5c9 => r1c9<>1, r5c1<>1"),
])
def test_als_chains_are_written_exactly(technique, marks, chain):
    assert written(technique, with_candidates(empty_position(), marks)) == chain


def test_a_doubly_linked_als_xz_is_a_loop():
    position = with_candidates(empty_position(), {"r1c1": "12", "r1c4": "13", "r1c5": "23"})
    assert written(als_xz, position).startswith("(1=2)r1c1-(2=31)r1c45-(1)r1c1 => r1c2<>1, ")


def test_groups_are_named_compactly():
    assert [cells_name(tuple(cells(names)), 9) for names in ("r2c7 r2c8", "r4c5 r5c5", "r5c4 r6c4 r6c5", "r3c3")] == [
        "r2c78", "r45c5", "r5c4|r6c45", "r3c3"]
    assert cells_name(tuple(cells("r10c11 r10c12", 16)), 16) == "r10c11|r10c12"


def test_16x16_chains_name_every_cell():
    position = with_candidates(empty_position(16), {"r1c1": "12", "r1c9": "23", "r9c9": "34", "r9c13": "41"})
    assert written(forcing_chain, position) == "(1=4)r9c13-(4=3)r9c9-(3=2)r1c9-(2=1)r1c1 => r1c13<>1, r9c1<>1"


def test_steps_that_are_no_chain_have_none():
    assert found(empty_rectangle, grouped_position()).links and written(empty_rectangle, grouped_position()) == ""


# -- read back ---------------------------------------------------------------

PART = re.compile(r"([=-]?)(?:\(([^)]*)\))?(r\d+c\d+(?:\|r\d+c\d+)*)")


def read(chain: str) -> tuple[list[tuple[frozenset[int], str]], str]:
    """A 9x9 chain's terms (cells, digits as written: one digit, or an ALS's) in
    order, and its links' signs, from the notation."""
    terms, signs, digit = [], "", None
    links = chain.split(" => ")[0]
    assert "".join(m.group(0) for m in PART.finditer(links)) == links, links
    for sign, inside, names in PART.findall(links):
        where = frozenset(9 * (int(r) - 1) + int(c) - 1 for part in names.split("|")
                          for rows, cols in [re.fullmatch(r"r(\d+)c(\d+)", part).groups()] for r in rows for c in cols)
        signs += sign
        for k, piece in enumerate(re.split(r"([=-])", inside) if inside else [digit]):
            if k % 2:
                signs += piece
            else:
                terms.append((where, piece))
                digit = piece[-1]
    return terms, signs


def links_as_written(step) -> tuple[list[tuple[frozenset[int], str]], str]:
    """The terms and signs a step's links make, without the weak links to and
    from an eliminated candidate; a strong link in a weak link's place is ``-``."""
    links = list(step.links)
    if not links[0].strong:
        links = links[1:-1]
    ends = [(frozenset(link.groups[0] if link.groups else (link.a[0],)), str(link.a[1])) for link in links[:1]]
    ends += [(frozenset(link.groups[1] if link.groups else (link.b[0],)), str(link.b[1])) for link in links]
    signs = "".join("=" if k % 2 == 0 and link.strong else "-" for k, link in enumerate(links))
    if "nice loop" in step.technique.lower():
        ends.append(ends[0])
        signs += "-"
    return ends, signs


@pytest.mark.slow
def test_the_notation_names_the_links_candidates():
    """Every chain step on the positions of 20 rated puzzles where the chains are needed:
    read back, the notation's terms and links are those of the step's Link list, or of
    its ALSs, and what follows ``=>`` is the step's placements and eliminations."""
    alss = [technique.find for technique in TECHNIQUES if technique.name.startswith("ALS")]
    seen = set()
    for row in lines("9x9/sudoku_exchange_se_sample.tsv", 20):
        for position in stuck_positions(row.split("\t")[0]):
            for technique in [t for _, t in REGISTRY] + alss:
                step = technique(position)
                chain = step and eureka(step, position.shape)
                if not chain:
                    continue
                seen.add(step.technique)
                proved = [f"{cells_name((x,), 9)}={d}" for x, d in step.placements]
                proved += [f"{cells_name((x,), 9)}<>{d}" for x, d in step.eliminations]
                assert chain.split(" => ")[1] == ", ".join(proved)
                if step.alss:
                    expected = [(frozenset(c), "".join(map(str, part))) for c, before, after in step.alss
                                for part in (before, after) if part]
                    assert read(chain)[0] == expected, chain
                else:
                    assert read(chain) == links_as_written(step), (chain, step.links)
    # (The grouped continuous nice loops of these puzzles go through ALS terms: no notation.)
    assert {"X-chain", "XY-chain", "AIC", "Grouped AIC", "Continuous nice loop",
            "Two-string kite", "ALS-XZ", "ALS-XY-wing", "ALS chain"} <= seen


# -- records and the command line ---------------------------------------------


def test_records_and_the_command_line_carry_the_chain(capsys):
    found = web.hint(LOOP_POSITION)
    assert (found["technique"], found["chain"]) == ("Continuous nice loop", LOOP_CHAIN)
    assert web.hint(lines("9x9/norvig_hardest.txt", 1)[0])["chain"] == ""  # a single
    assert cli.main(["hint", LOOP_POSITION]) == 0
    assert capsys.readouterr().out.splitlines()[1] == f"  {LOOP_CHAIN}"
    assert cli.main(["hint", LOOP_POSITION, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["chain"] == LOOP_CHAIN
    assert cli.main(["rate", LOOP_POSITION, "--path"]) == 0
    assert capsys.readouterr().out.splitlines()[2] == f"        {LOOP_CHAIN}"
    path = web.rate(LOOP_POSITION)["path"]
    assert path[0]["chain"] == LOOP_CHAIN and all("chain" in step for step in path)
