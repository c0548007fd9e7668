"""Reading puzzle boards from screenshots and photos (OpenCV; no network, no genre named here).

``read_image(data, genre=None) -> Reading`` finds the grid, straightens it, counts rows and
columns and reads every cell; it raises :class:`Unreadable` (a code and a friendly sentence)
when the picture holds no board. Genres are told apart through the genre interface only: the
kind of clue each genre has and how its pictures draw the grid.
"""

from vision.errors import Unreadable
from vision.reading import read_image
from vision.results import CellRead, Reading

__all__ = ["CellRead", "Reading", "Unreadable", "read_image"]
