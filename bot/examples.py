"""One small example board per genre, shown by /start and /help (each has a unique solution)."""

from __future__ import annotations

EXAMPLES: dict[str, str] = {
    "masyu": "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . .",
    "yinyang": "yinyang\n. . . . .\n. . B . .\n. . . . .\n. . W B .\n. W . B B",
    "numberlink": "numberlink\n1 . . . .\n2 . . 3 .\n. . . . .\n. 1 . . 2\n. . . . 3",
    "shikaku": "shikaku\n. . . . .\n2 2 2 . 4\n. 2 . . 4\n4 . 2 . .\n. . . . 3",
}
