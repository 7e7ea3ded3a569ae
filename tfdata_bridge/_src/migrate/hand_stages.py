"""A hand-built queue stage written where the batch is ("queues in series"): a queue filled by one enqueue op of
the per-element tensors, run by one ``QueueRunner``, read by one plain ``dequeue()`` that the batch takes:

    _, line = reader.read(filename_queue)
    letter, features = ...per-element ops on line...
    example_queue = tf.FIFOQueue(capacity=10, dtypes=[tf.string, tf.int32], shapes=[[], [3]])  # or RandomShuffleQueue
    enqueue_op = example_queue.enqueue([letter, features])
    tf.train.add_queue_runner(tf.train.QueueRunner(example_queue, [enqueue_op]))          # or [enqueue_op] * k
    letter_out, features_out = example_queue.dequeue()
    letter_batch, feature_batch = tf.train.batch([letter_out, features_out], batch_size=2)

Each run of the op evaluates the tensors once (the next record), and the queue hands each evaluation on once: a
FIFOQueue in order (k threads: in an order they raced for, one thread's order being one of them), a
RandomShuffleQueue mixed, ``shuffle(capacity)`` in the chain (``queue_stages.Stage``). So the stage goes: the
dequeue's targets take the enqueued tensors in the map function (``ensure_shape`` with the queue's ``shapes=``,
which the queue checked and gave the dequeued tensors), and the walk back to the read goes on from them. What
recognises the queue is the prefetch queue's (``passthrough.py``): a queue also read elsewhere, dequeued twice, or
filled by other ops is not this shape (the k-reader loop, ``handbuilt.py``, says why it is left). Tensors the
batch reads beside the dequeued ones that the per-element code before the queue made were another evaluation of
them in legacy (another record): refused (``check_hand_stages``).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bound_names, is_none, names_in, target_names, v1_spelling
from tfdata_bridge._src.migrate.queue_stages import Stage

_KINDS = ("FIFOQueue", "PaddingFIFOQueue", "RandomShuffleQueue")


def hand_stage(finder, stmt: cst.BaseStatement, needed: set[str], batch: cst.CSTNode
               ) -> tuple[Stage, cst.SimpleStatementLine, set[str]] | None:
    """(the stage, the statement standing for the dequeue in the map function, the names it reads) where ``stmt``
    is ``targets = queue.dequeue()`` of such a stage and binds a needed name; None where it is not one."""
    from tfdata_bridge._src.migrate.passthrough import passthrough
    from tfdata_bridge._src.migrate.tensors import unchanged_between

    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call)
            and isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "dequeue"
            and not small.value.args and isinstance(small.value.func.value, cst.Name)):
        return None
    targets = target_names(small.targets[0].target)
    if not targets or not needed & set(targets):
        return None
    qname = small.value.func.value.value
    made = finder.scopes.single_assignment(stmt, qname)
    if made is None or not finder.is_api(made.body[0].value, *_KINDS):
        return None
    found = passthrough(finder, made, shuffled=True)
    if found is None or found.dequeue is not stmt:
        return None  # (a k-reader loop, a queue read otherwise: not this shape)
    args = found.args or {}
    kind = "RandomShuffleQueue" if found.kind == "RandomShuffleQueue" else "FIFOQueue"
    value = found.new_dequeue.body[0].value
    shapes = args.get("shapes")
    if not is_none(shapes):
        value = _shaped(finder, value, shapes, qname, made.body[0].value)
    alias = cst.SimpleStatementLine([small.with_changes(value=value)])
    capacity = args.get("capacity")
    if kind == "RandomShuffleQueue":
        if capacity is None:
            raise Refusal(f"the RandomShuffleQueue `{qname}` has no capacity the chain's `shuffle` could take")
        unchanged_between(finder, [capacity, args.get("seed")], made, batch, f"{qname}'s RandomShuffleQueue")
    news = {k: v for k, v in found.news.items() if k is not stmt}
    stage = Stage(kind, qname, capacity or cst.Integer("1"), args.get("min_after_dequeue"),
                  args.get("seed"), None, [*found.removed, stmt], names=not is_none(args.get("names")),
                  hand=alias, threads=found.threads, news=news)
    return stage, alias, names_in(value)


def _shaped(finder, value: cst.BaseExpression, shapes: cst.BaseExpression, qname: str, ctor: cst.Call
            ) -> cst.BaseExpression:
    """``value`` (the enqueued tensors, as the dequeue gives them back) each in ``ensure_shape`` with its queue
    shape: the queue checked each element against them and gave the dequeued tensors those static shapes. Spelled
    through the module the queue was made by (``tf1.FIFOQueue``: ``tf1.ensure_shape``), else tf.compat.v1's."""
    if not isinstance(shapes, (cst.List, cst.Tuple)) or any(not isinstance(e, cst.Element) for e in shapes.elements):
        raise Refusal(f"`{qname}`'s shapes= is not a literal list of shapes: the rewrite pairs each with its tensor "
                      "as the queue did; write the list out")
    if "." not in (finder.api(ctor) or ".") and isinstance(ctor.func, cst.Attribute):
        v1 = cst.Module([]).code_for_node(ctor.func.value)
    else:
        v1 = v1_spelling(finder.module, finder.refs)[0] if finder.module is not None else "tf"
    items = [e.value for e in shapes.elements]

    def ensured(t: cst.BaseExpression, s: cst.BaseExpression) -> cst.Call:
        return cst.Call(cst.parse_expression(f"{v1}.ensure_shape"),
                        [cst.Arg(t.with_changes(lpar=[], rpar=[]) if isinstance(t, cst.Name) else t),
                         cst.Arg(s)])

    if isinstance(value, (cst.Tuple, cst.List)):
        if len(value.elements) != len(items):
            raise Refusal(f"`{qname}` is given {len(value.elements)} tensors for {len(items)} shapes")
        return value.with_changes(elements=[e.with_changes(value=ensured(e.value, s))
                                            for e, s in zip(value.elements, items)])
    if isinstance(value, cst.Dict) or len(items) != 1:
        raise Refusal(f"`{qname}`'s shapes= is paired with a dict or a list the rewrite cannot read; not rewritten")
    return ensured(value, items[0])


def check_hand_stages(p) -> None:
    """Legacy's batch read the dequeued element; a name the per-element code before the queue made (or the
    source's) read after it, by the statements between the dequeue and the batch or by the batch itself, was
    another evaluation, of another record: the map function would pair it with the same one. Refused."""
    for stage in p.stages:
        alias = getattr(stage, "hand", None)
        at = next((i for i, s in enumerate(p.intermediates) if s is alias), None)
        if at is None:
            continue
        live = set(p.source.params) | bound_names(*p.intermediates[:at])
        live -= set(target_names(alias.body[0].targets[0].target) or ())
        for s in p.intermediates[at + 1:]:
            hit = sorted(_reads(s) & live)
            if hit:
                raise Refusal(f"`{hit[0]}`, made before the queue `{stage.helper}`, is read after its dequeue: "
                              "legacy evaluated it again there (another record), apart from the element the "
                              "queue gave; not rewritten")
            live -= bound_names(s)
        reads = names_in(p.args["tensors"]) | (names_in(p.args["keep_input"]) if "keep_input" in p.args else set())
        if reads & live:
            raise Refusal(f"the `{p.api}` reads `{sorted(reads & live)[0]}` beside what the queue `{stage.helper}` "
                          "gives: legacy evaluated it again there (another record), apart from the element the "
                          "queue gave; not rewritten")


def _reads(stmt: cst.BaseStatement) -> set[str]:
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if isinstance(small, cst.Assign) and all(target_names(t.target) is not None for t in small.targets):
        return names_in(small.value)
    return names_in(stmt)
