"""Helpers of the round-21 leftovers programs: each used by one program (a helper used once in the tree)."""
