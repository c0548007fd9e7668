"""A cell (or grid point) of a board: (row, column), 0-based, row 0 at the top. One name for it
everywhere, from the readers to the pictures."""

Cell = tuple[int, int]
