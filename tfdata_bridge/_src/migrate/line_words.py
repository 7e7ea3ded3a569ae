"""The line numbers a note's words name, given back in the module's own lines with the note's ``line``.

A form of the module tried before recognition (a helper call named first, ``hoist.py``; an ``if`` split,
``tail_split.py``; a helper inlined or removed) adds or drops lines, and a reason made on that form says "at line
31" of the form. ``_given_back`` moved each note's own line back, not the lines its words name, so the reason
pointed one or more lines off (a docstring line, or the statement's neighbour: held-out round 23). Every
``line N`` / ``lines N, M`` of a message is moved back by the same map as the note's line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

_WORDS = re.compile(r"\b(lines?) (\d+(?:(?:, | and )\d+)*)")


def lines_back(message: str, lines: Callable[[int], int]) -> str:
    """``message`` with each line number it names (``line 31``, ``lines 8, 11``) mapped by ``lines``."""
    def one(m: re.Match) -> str:
        numbers = re.sub(r"\d+", lambda n: str(lines(int(n.group(0)))), m.group(2))
        return f"{m.group(1)} {numbers}"
    return _WORDS.sub(one, message)


def note_back(note, lines: Callable[[int], int]):
    """A ``Note`` in the module's own lines: its line and the lines its message names."""
    return replace(note, line=lines(note.line), message=lines_back(note.message, lines))


def outcome_back(outcome, lines: Callable[[int], int]):
    """A ``PipelineOutcome`` in the module's own lines: its line and the lines its reason names."""
    return replace(outcome, line=lines(outcome.line), reason=lines_back(outcome.reason, lines))


__all__ = ["lines_back", "note_back", "outcome_back"]
