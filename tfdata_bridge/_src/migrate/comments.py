"""Comments of legacy code that a rewrite moves or replaces: collected, so they stay with the code.

A statement that goes (a producer, a reader, its ``read``) or is rewritten (the batch call's arguments)
would take its comments with it; ``comments_in`` gathers them, in order, and ``comment_lines`` turns them
into lines to put before the code that now does that work.
"""

from __future__ import annotations

import libcst as cst
from tfdata_bridge._src.migrate.walk import Visitor


def comments_in(nodes: list[cst.CSTNode]) -> list[str]:
    """Every comment inside ``nodes`` (their own lines, trailing ones, ones between arguments), in order."""
    found: list[str] = []

    class _V(Visitor):
        def visit_Comment(self, node: cst.Comment) -> None:
            if node.value not in found:
                found.append(node.value)

    for node in nodes:
        node.visit(_V())
    return found


def comment_lines(comments: list[str]) -> list[cst.EmptyLine]:
    return [cst.EmptyLine(comment=cst.Comment(c)) for c in comments]


def comment_leading_lines(stmt: cst.CSTNode) -> list[cst.EmptyLine]:
    """The comment lines (not the blank ones) before a statement."""
    return [line for line in getattr(stmt, "leading_lines", ()) if line.comment is not None]


def wrapped_comment(text: str, width: int = 100) -> list[cst.EmptyLine]:
    """``text`` as ``#`` lines of at most ``width`` characters (a word longer than that stands alone). Line
    breaks and runs of spaces are one space: a note quoting a statement written over several lines (a call's
    arguments on the next line) would otherwise put a line break inside a comment."""
    words, lines, line = text.split(), [], "#"
    for word in words:
        if len(line) + 1 + len(word) > width and line != "#":
            lines.append(line)
            line = "#"
        line += " " + word
    return [cst.EmptyLine(comment=cst.Comment(t)) for t in [*lines, line]]
