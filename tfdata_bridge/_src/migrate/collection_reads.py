"""A program that reads the graph's queue-runner collection beyond starting its runners keeps its queues.

    tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS)[0].queue.close(cancel_pending_enqueues=True)
    n = len(tf.get_collection("queue_runners"))

Once a module's pipelines are tf.data no runner is added to the collection, so such a read finds none (an
``IndexError``, a count of 0, a loop over nothing that the program relied on). The loop that only starts the
runners (``runner_loops.runner_loop``) is the exception: with no runners it starts nothing, as is right. A
module with another read is left whole, with the reason, and in a tree so is every module it imports (the
pipelines whose runners it reads are built there).
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst
from libcst.metadata import PositionProvider

from tfdata_bridge._src.migrate.results import Note
from tfdata_bridge._src.migrate.runner_loops import names_runners, runner_loop
from tfdata_bridge._src.migrate.calls import code_of, wrapped
from tfdata_bridge._src.migrate.walk import Visitor


class _Reads(Visitor):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self) -> None:
        super().__init__()
        self.starting: set[int] = set()  # the ``get_collection`` calls that runner loops iterate
        self.found: tuple[int, cst.Call] | None = None

    def visit_For(self, node: cst.For) -> None:
        if runner_loop(node) is not None:
            self.starting.add(id(node.iter))

    def visit_Call(self, node: cst.Call) -> None:
        if self.found is None and id(node) not in self.starting and names_runners(node):
            self.found = (self.get_metadata(PositionProvider, node).start.line, node)


def runner_collection_read(module: cst.Module, where: str = "") -> str | None:
    """Why the module's pipelines must stay queues (``where``: the module's path, for a tree), or None."""
    code = code_of(module)
    if "QUEUE_RUNNERS" not in code and "queue_runners" not in code:
        return None
    reads = _Reads()
    wrapped(module).visit(reads)
    if reads.found is None:
        return None
    line, call = reads.found
    at = f"{where}:{line}" if where else f"line {line}"
    return (f"the program reads the graph's queue runners (`{module.code_for_node(call)}` at {at}), which are gone "
            "once its pipelines are tf.data, so that read would find none; keep the queues (`migrate --to "
            "compat`), or drop the read and let `start_queue_runners` start the runners")


def left_whole(module: cst.Module, notes: list, outcomes: list, why: str) -> tuple[cst.Module, list, list]:
    """``run``'s answer for a module whose rewrites are all withdrawn: the module as it was, each pipeline
    end it had rewritten reported left with ``why``; what it had refused stays refused."""
    kept = [n for n in notes if n.kind == "refused"]
    kept += [Note(o.line, f"`{o.api}` pipeline left unchanged: {why}") for o in outcomes if o.rewritten]
    return module, sorted(kept, key=lambda n: n.line), [replace(o, rewritten=False, reason=why) if o.rewritten
                                                        else o for o in outcomes]
