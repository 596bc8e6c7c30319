"""The logical solver's techniques: how a person finds the next step.

``position`` holds the candidates and the :class:`~.position.Step` a technique
returns; ``links`` and ``forcing`` the machinery of chains (terms, links,
propagation, forcing chains' deductions) that ``chains`` and ``dynamic``
share; one module per family (``basic``, ``fish``, ``wings``, ``uniqueness``,
``chains``, ``colours``, ``als``, ``templates``, ``dynamic``, ``trial``, and a
killer's ``cages`` and a futoshiki's ``signs``); ``registry`` lists them all with
their names, base scores and families (the one source of them) and the kinds of
puzzle each serves, for :mod:`sudoku_dlx.rating`.

May import the puzzle's layer below (``grid``, ``solver``), never the rating,
the generator or anything above them.
"""
