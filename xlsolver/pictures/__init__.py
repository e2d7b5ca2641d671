"""Answers drawn for a person: a terminal's lines (``terminal``), SVG pictures (``svg``: frames; ``svg3d``: a 3D
answer in space, its layers, its assembly steps; ``shading``: faces' shades), the same 3D shape seen flat in
cells for a sheet (``views``) and a booklet as a PDF (``booklet_pdf``).  They draw ``base.answer``'s frames and
scenes and know no puzzle.
"""
