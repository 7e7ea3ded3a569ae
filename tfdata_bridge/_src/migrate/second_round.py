"""A second round of ``to_tfdata`` over its own output, where one rewrite uncovers another's source.

A prefetch queue over a zero-input ``py_func`` (``passthrough.py``) goes in the first round, its dequeue's targets
becoming the ``py_func``'s tensors; the batch that read the queue was refused there ("``FIFOQueue(shapes=...)`` is
not rewritten": it saw the queue as its source), while in the rewritten module it reads the ``py_func`` itself,
which is a pipeline the rewrite knows. The second round runs over the first round's output and is kept only where
it rewrites more and leaves fewer pipelines; what the first round rewrote stays reported as it was, and the
second round's reports are given back in the original module's lines.
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

from tfdata_bridge._src.migrate.hoist import line_map
from tfdata_bridge._src.migrate.line_words import note_back, outcome_back
from tfdata_bridge._src.migrate.results import Note, PipelineOutcome
from tfdata_bridge._src.migrate.calls import code_of

Result = tuple[cst.Module, list[Note], list[PipelineOutcome]]


def second_round(module: cst.Module, first: Result, again: Callable[[cst.Module], Result]) -> Result:
    """``first`` (the rewrite of ``module``), or the rewrite of its output by ``again`` where that rewrites
    pipelines the first round left; the notes and outcomes of both, in ``module``'s lines."""
    out, notes, outcomes = first
    done = [o for o in outcomes if o.rewritten]
    left = [o for o in outcomes if not o.rewritten]
    if not done or not left or code_of(out) == code_of(module):
        return first
    trial = again(out)
    if not any(o.rewritten for o in trial[2]) or sum(not o.rewritten for o in trial[2]) >= len(left):
        return first
    lines = line_map(code_of(module), code_of(out))
    said = {(o.line, o.reason) for o in done}
    kept = [n for n in notes if n.kind == "info" and (n.line, n.message) in said]
    return (trial[0], kept + [note_back(n, lines) for n in trial[1]],
            done + [outcome_back(o, lines) for o in trial[2]])
