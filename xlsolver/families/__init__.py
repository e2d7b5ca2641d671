"""Puzzle families: each turns a letter grid into a puzzle, solves it, renders it.

Shared by every family: :class:`InvalidPuzzle`, whose messages each name the
cell at fault in A1 notation (row 1 is the top line, column A the first
character, or the sheet cell when the grid comes from the workbook).
"""


class InvalidPuzzle(ValueError):
    """A grid that cannot be solved as given; ``messages`` names every problem by cell."""

    def __init__(self, messages: list[str]):
        super().__init__("\n".join(messages))
        self.messages = messages
