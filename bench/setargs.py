"""The picture-set benchmarks' common flags, written once: which built set (``--sets``), which split,
and which genres and kinds of picture to read (comma-separated lists)."""

from __future__ import annotations

import argparse


def set_parser(doc: str | None, *, sets: str, split: str, genres: str | None = "",
               kinds: bool = True) -> argparse.ArgumentParser:
    """A parser described by ``doc``'s first line, with ``--sets`` and ``--split`` (these defaults),
    ``--genres`` (this default; None: no such flag) and, when ``kinds``, ``--kinds``."""
    ap = argparse.ArgumentParser(description=(doc or "").splitlines()[0] if doc else None)
    ap.add_argument("--sets", default=sets, help=f"a built picture set (bench/imagesets/build.py; default {sets})")
    ap.add_argument("--split", default=split, help=f"its split: train, dev or test (default {split})")
    if genres is not None:
        ap.add_argument("--genres", default=genres, help="only boards of these genres (comma-separated)")
    if kinds:
        ap.add_argument("--kinds", default="", help="only these kinds: screenshot, print, photo, ... (comma-separated)")
    return ap


def names(text: str) -> set[str]:
    """The names of a comma-separated flag (empty: none named, so no filter)."""
    return {n.strip() for n in text.split(",") if n.strip()}
