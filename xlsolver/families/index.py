"""The families' cards (``families.Card``): what the command line needs of each family before
reading a puzzle, as data, so that it imports no family module it does not use.

Written by ``families.write_index()`` from every family module's ``FAMILY`` declaration; do not edit.
tests/test_startup.py checks that it matches the declarations."""
from . import Card, Setting

CARDS = (
    Card('tiling', 'tiling', 'Tilings: fill a board with every piece of a set (pentominoes, IQ Puzzler Pro, your own)', order=0, counts=True, command=None, boards=True, settings=(
        Setting('pieces', 'Pieces', 'piece set name or file (default: the one that fits)'),
        Setting('turn-over', 'Pieces may be turned over', 'drawn pieces only: may they be turned over?', choices=('yes', 'no'), default='yes', aliases=(('y', 'yes'), ('true', 'yes'), ('1', 'yes'), ('n', 'no'), ('false', 'no'), ('0', 'no')), wrong='{where}: answer Yes or No (may pieces be turned over?), not {value}'),
        Setting('lattice', 'Lattice', "the grid the board is drawn on: square, triangle or hex (default: the piece set's; square for pieces drawn on the Custom sheet)", choices=('square', 'triangle', 'hex')),
        Setting('first', 'First triangle', 'triangles: does the top-left character point up or down?', choices=('up', 'down'), default='up'),
        Setting('use', 'Use', 'all: every piece of the set, as many times as its count says (once: no count); any: each piece at most that many times, so a part of the set fills the board', choices=('all', 'any'), default='all'),
        Setting('counts', 'Counts', "copies of pieces, over their set's counts: 'T x3, L 2..4' (three T, two to four L); a piece not named is used once, or as its set says"),
    )),
    Card('calendar', 'calendar', 'A-Puzzle-A-Day: cover the calendar but one date', order=5, counts=True, command=None, boards=True, settings=(
        Setting('date', 'Date', 'the date to leave uncovered: Nov 25, 25 November, 2026-11-25 or 11-25 (blank: today)'),
    )),
    Card('solid', 'solid', '3D puzzles: IQ Puzzler Pro and Kanoodle pyramids, Soma and Bedlam cubes', order=6, counts=True, command=None, writes=('.xmpuzzle',), boards=True, settings=(
        Setting('board', 'Board', "pyramid (55 balls), pyramid-N (N layers), soma (3x3x3), bedlam (4x4x4), a box WxDxH, or balls or cubes: the cells as typed (blank: the pieces' own board)"),
        Setting('pieces', 'Pieces', "iq-puzzler-pro, kanoodle, soma, bedlam or a piece-set file (blank: the board's own)"),
    )),
    Card('burrtools', 'burrtools', 'BurrTools files (.xmpuzzle): 3D puzzles on any of its grids (cubes, prisms, spheres, cut cubes)', order=7, counts=True, command=None, reads=('.xmpuzzle',), writes=('.xmpuzzle',), settings=(
        Setting('problem', 'Problem', 'BurrTools files: which problem, by number (1 = the first) or name (default: the first)'),
    )),
    Card('ghost-hunter', 'ghost_hunter', 'Ghost Hunter: tiles cover the board, a lamp on every ghost', order=10, counts=True, command=None, settings=(
        Setting('pieces', 'Pieces', "another edition's piece file (the shipped one's format)"),
    )),
    Card('roadblock', 'roadblock', 'RoadBlock: police tiles trap the cars', order=20, counts=True, command=None, settings=(
        Setting('mode', 'Play', 'easy: the red car X only; advanced: the solver also places the green car Y (needs a --pieces edition with room for it; the shipped one has none)', choices=('easy', 'advanced'), default='easy', wrong='{where}: play is {choices}, not {value}'),
        Setting('pieces', 'Pieces', "another edition's piece file (the shipped one's format)"),
    )),
    Card('klotski', 'klotski', 'Klotski (华容道) sliding blocks: shortest solutions, state-space figures', order=30, counts=False, command='klotski', recognises='\\A(?:[^\\n]{4}[^\\S\\n]*\\n){4}[^\\n]{4}\\s*\\Z', settings=(
        Setting('metric', 'Metric', 'what counts as one move: piece (a piece moved any distance along any path), straight (in one direction), step (every unit move)', choices=('piece', 'straight', 'step'), default='piece', wrong='{where}: the metric is piece, straight or step, not {value}'),
        Setting('puzzle', 'Puzzle', "a sliding-block puzzle's data file in data/klotski, or its path (default: classic)"),
    )),
    Card('zen', 'zen', 'Zen Puzzle Garden: rake all the sand', order=40, counts=False, command='zen', recognises='_', settings=(
    )),
    Card('sudoku', 'sudoku', 'Sudoku: any n² x n² size, X (diagonal) and jigsaw variants', order=50, counts=True, command=None, settings=(
        Setting('variant', 'Variant', 'classic; x: both main diagonals too; jigsaw: regions drawn (after the grid in a file); x-jigsaw: both', choices=('classic', 'x', 'jigsaw', 'x-jigsaw'), default='classic'),
        Setting('regions', 'Regions', 'jigsaw regions: a file holding the regions grid (one letter per region)'),
    )),
)
