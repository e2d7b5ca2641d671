"""Puzzle families: each turns a letter grid into a puzzle, solves it, renders it."""
