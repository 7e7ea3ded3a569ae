"""Gomoku self-play replays: writing them, decoding them into positions, the training input."""
