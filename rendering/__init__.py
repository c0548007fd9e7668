"""Pillow pictures of puzzles and solutions (puzz.link drawing conventions)."""
