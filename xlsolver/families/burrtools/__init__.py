"""BurrTools' puzzle files in xlsolver: a problem of a ``.xmpuzzle`` file solved, counted as BurrTools counts
(assemblies), and written back with its solutions.

The modules, one job each:

* :mod:`.problem`: a problem of a file as an exact cover (cells, pieces, placements), and how it is drawn;
* :mod:`.assemblies`: what BurrTools counts, the result's symmetries and the pieces' mirror partners;
* :mod:`.family`: the family the front ends see (``FAMILY``), reading a file and writing one.

The file format itself is ``geometry.xmpuzzle``; BurrTools' grids and orientation numbers ``geometry.burr_grids``.
docs/burrtools.md says what is read, what is counted and what is refused.
"""
from __future__ import annotations

from .family import FAMILY  # noqa: F401 - the registry finds the family here
