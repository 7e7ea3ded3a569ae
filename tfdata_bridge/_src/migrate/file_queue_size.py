"""A filename queue's ``size()`` read by a summary (or a log line, or a wait for it to fill) beside the pipeline:

    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False, capacity=8)
    tf.summary.scalar("filename_queue_size", filename_queue.size())   # goes, with a note

As for a hand-built queue's fill level (``queue_size.py``, whose rules decide which uses may go): the rewrite
reads the file names from ``Dataset.from_tensor_slices``, with no queue whose size anything could show, and no
batch depends on the value, so the use goes and the pipeline's comment says so: TensorBoard no longer gets
that scalar (it showed how many file names waited in legacy's queue). Where ``summary.merge_all()`` is called
in the module and no other summary would be left there, it is refused instead: ``merge_all()`` would return
None, and running it would fail.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of
from tfdata_bridge._src.migrate.queue_size import SizeUses, parents, size_call


def drop_file_queue_size(finder, stmt: cst.SimpleStatementLine, ref: cst.Name, p) -> bool:
    """Whether ``ref`` (a read of the file queue bound by ``stmt``, a ``string_input_producer``) is a
    ``size()`` call whose uses may go: they are added to the pipeline's removes, with a note; Refusal for any
    other use of the size; False for a read that is no ``size()`` call."""
    if not isinstance(stmt, cst.SimpleStatementLine):  # (a loop or a block binding the name: no producer's line)
        return False
    small = stmt.body[0] if len(stmt.body) == 1 else None
    if not isinstance(small, cst.Assign) or not finder.is_api(small.value, "train.string_input_producer"):
        return False
    scope = finder.scopes.scope(stmt)
    root = getattr(scope, "node", None)
    if root is None:
        return False
    up = parents(root)
    call = size_call(up, ref)
    if call is None:
        return False
    uses = SizeUses(finder, ref.value, up)
    gone = uses.drop([call])
    _refuse_an_empty_merge(finder, gone)
    p.source.removes.extend(g for g in gone if all(g is not r for r in p.source.removes))
    what = " and ".join(sorted(uses.kinds))
    p.accepted.append(f"`{ref.value}.size()` read only by {what}: dropped; tf.data reads the file names with no "
                      "queue, so that value (the file names waiting in legacy's queue) is no longer shown")
    return True


def _refuse_an_empty_merge(finder, gone: list[cst.CSTNode]) -> None:
    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    if module is None:
        return
    dropped = {id(c) for g in gone for c in nodes_of(g, cst.Call)}
    merges, kept = False, False
    for call in nodes_of(module, cst.Call):
        path = finder.api(call) or ""
        parts = path.split(".")
        if "summary" not in parts[:-1]:
            continue
        if parts[-1] == "merge_all":
            merges = True
        elif parts[-1] not in ("FileWriter", "merge") and id(call) not in dropped:
            kept = True
    if merges and not kept:
        raise Refusal("the file queue's `size()` summary is the only summary left in the module, and "
                      "`summary.merge_all()` is run: with that summary dropped (tf.data has no filename queue to "
                      "measure) merge_all() would return None; not rewritten: drop the summary by hand, or keep "
                      "the queues (`migrate --to compat`)")
