"""A class's queue whose kind a flag of its maker chooses, shuffled or not (held-out round 71's ``CustomRunner``):

    if validation:                                            if validation:
        self.queue = tf.RandomShuffleQueue(cap, 0, dtypes=d,      self.queue_dataset = from_generator(...).shuffle(cap, seed=71)
                                           shapes=s, seed=71) ->  else:
    else:                                                         self.queue_dataset = from_generator(...)
        self.queue = tf.FIFOQueue(cap, dtypes=d, shapes=s)

The class form (``klass.py``) plans the feed on the ``FIFOQueue`` arm; the ``if`` stays where it was, its test
evaluated there as before, each arm keeping its queue's part of the chain on the instance (the dequeue reads it).
Both arms must make the same components (the same ``dtypes=``/``shapes=`` text), one arm each, on one attribute.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.feed.members import self_assign
from tfdata_bridge._src.migrate.feed.queue import feed_queue_kind


@dataclass
class Choice:
    node: cst.If  # the ``if`` that chooses
    plain: cst.SimpleStatementLine  # the FIFOQueue arm's line (the plan's queue)
    shuffled: cst.SimpleStatementLine  # the RandomShuffleQueue arm's line
    call: cst.Call  # the RandomShuffleQueue(...) call
    shuffle_first: bool  # the shuffle in the ``if`` arm (else in the ``else`` arm)


def queue_choice(index, stmt: cst.BaseStatement, self_name: str) -> Choice | None:
    """``stmt`` as a choice between a ``RandomShuffleQueue`` and a ``FIFOQueue`` made on one attribute; None
    otherwise (cheap: a statement that is no ``if``/``else`` of one line each is None at once)."""
    if not (isinstance(stmt, cst.If) and isinstance(stmt.orelse, cst.Else)):
        return None
    arms = [_one(stmt.body), _one(stmt.orelse.body)]
    if None in arms:
        return None
    found = [self_assign(a, self_name) for a in arms]
    if None in found or found[0][0] != found[1][0]:
        return None
    kinds = [feed_queue_kind(index.paths.get(f[1]) or "", ("FIFOQueue", "RandomShuffleQueue"))
             if isinstance(f[1], cst.Call) else None for f in found]
    if sorted(k or "" for k in kinds) != ["FIFOQueue", "RandomShuffleQueue"]:
        return None
    first = kinds[0] == "RandomShuffleQueue"
    plain, shuffled = (arms[1], arms[0]) if first else (arms[0], arms[1])
    return Choice(stmt, plain, shuffled, found[0 if first else 1][1], first)


def _one(block) -> cst.SimpleStatementLine | None:
    body = block.body if isinstance(block, cst.IndentedBlock) else ()
    return body[0] if len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) else None
