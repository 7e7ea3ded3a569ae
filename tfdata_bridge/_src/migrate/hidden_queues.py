"""A queue made through the module a call returns, which neither ``scan`` nor the rewrite sees:

    def getfw():                      # a backend module of the program's own
        return tf.compat.v1
    self._queue = A.getfw().RandomShuffleQueue(shapes=..., dtypes=self.dtypes, capacity=...)

The receiver of ``RandomShuffleQueue`` is no name of an import, so no TensorFlow API is resolved there and the
module would be left with no word at all. ``--to tfdata`` says so at the call (a note of kind ``refused``): the
queue is left as it is, with the reason. Read with ``ast`` only (the module's text is parsed once more, cheaply)."""

from __future__ import annotations

import ast
import re
from dataclasses import replace

from tfdata_bridge._src.migrate.results import Note, RewriteResult

QUEUES = ("FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue", "PriorityQueue", "QueueRunner")
_QUICK = re.compile(r"\)\s*(\.\s*\w+\s*)*\.\s*(%s)\b" % "|".join(QUEUES))


def hidden_queue_notes(source: str, tree: ast.Module | None = None) -> list[Note]:
    """A note at each ``<call>(...)[.attr...].FIFOQueue(...)`` (a queue class of ``QUEUES`` taken from what a call
    returns) of ``source``."""
    if not _QUICK.search(source):
        return []
    if tree is None:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            return []
    notes = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or node.func.attr not in QUEUES:
            continue
        base = node.func.value
        while isinstance(base, ast.Attribute):
            base = base.value
        if not isinstance(base, ast.Call):
            continue
        spelled = ast.get_source_segment(source, node.func) or node.func.attr
        made_by = ast.get_source_segment(source, base) or "a call"
        spelled, made_by = " ".join(spelled.split()), " ".join(made_by.split())
        notes.append(Note(node.lineno, f"`{spelled}` is taken from what `{made_by}` returns, which the rewrite "
                                       "does not follow to a TensorFlow module: the queue and its pipeline are "
                                       "left as they are; name the module where the queue is made (`tf.compat.v1."
                                       f"{node.func.attr}`, an import) for `migrate --to tfdata` to read it"))
    return notes


def with_hidden_queues(result: RewriteResult) -> RewriteResult:
    """``result`` (``--to tfdata`` of one module) with a note at each queue ``hidden_queue_notes`` finds in its
    source where no note is said at its line already."""
    if result.error is not None:
        return result
    said = {n.line for n in result.notes}
    more = [n for n in hidden_queue_notes(result.source) if n.line not in said]
    if not more:
        return result
    return replace(result, notes=tuple(sorted([*result.notes, *more], key=lambda n: n.line)))
