"""Where cells are and how pieces lie: lattices (``lattice``: the square grid, cubic space, stacked balls), the one
piece model (``piece``), how a 3D answer is built one piece at a time (``assembly``) and the piece sets and boards
of ``data/`` (``catalog``).
"""
