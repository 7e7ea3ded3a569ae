"""A hand-built filename queue that its function returns, written as the input producer it is:

    def filename_queue(files):                                      def filename_queue(files):
        names = tf.convert_to_tensor(files, dtype=tf.string)           names = tf.convert_to_tensor(...)
        fq = tf.FIFOQueue(capacity=10, dtypes=tf.string)     ->        fq = tf.train.string_input_producer(
        op = fq.enqueue_many([tf.train.limit_epochs(names, 1)])             names, num_epochs=1, shuffle=False,
        tf.train.add_queue_runner(tf.train.QueueRunner(fq, [op]))          capacity=10)
        return fq                                                       return fq

(the "queuing and threads" tutorial's ``cifar_filename_queue``). What one runner thread does with the one
``enqueue_many`` op (the names in order, ``num_epochs`` times, then the queue closed) is what
``string_input_producer(..., shuffle=False)`` builds; ``filename_queue.handbuilt_file_queue`` checks the form and
refuses anything else that touches the queue, its op or its runner. Only the queue's ``return`` is new here: the
caller then reads a producer, which the helper rewrite follows (``helpers.py``). ``to_tfdata.run`` keeps the form
only where it lets more pipelines be rewritten.

Also (``_inlined_queue_locals``) a hand-built queue's ``shapes``/``dtypes`` local read once, as that argument of
the queue's call, is written in the call, where the rewrite reads it as graph-building metadata.

Cost: the form runs only for a module whose pipelines are not all rewritten; one without ``Queue(`` and
``shape``/``dtype``, and without ``enqueue_many``, ``QueueRunner`` and ``return``, is given back after those
substring checks of its (cached) text, unwalked; the module's survey is made only where a returned queue is found.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bound_names, code_of, dotted, is_none, names_in, nodes_of
from tfdata_bridge._src.migrate.filename_queue import handbuilt_file_queue

_QUEUES = ("FIFOQueue", "RandomShuffleQueue")


def hand_queue_forms(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each hand-built filename queue its function returns written as ``string_input_producer``,
    and each hand-built queue's ``shapes``/``dtypes`` local written in the queue's call (the same module object
    when there is neither)."""
    text = code_of(module)  # (made once per module object: the other forms ask it too)
    out = _inlined_queue_locals(module) if "Queue(" in text and ("shape" in text or "dtype" in text) else module
    if "enqueue_many" not in text or "QueueRunner" not in text or "return" not in text:
        return out
    return _returned_file_queues(out, external)


def _returned_file_queues(module: cst.Module, external=None) -> cst.Module:
    from tfdata_bridge._src.migrate.to_tfdata import survey

    finder = None
    changes: dict[int, cst.CSTNode | None] = {}
    for fn in nodes_of(module, cst.FunctionDef):
        body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else []
        last = body[-1] if body else None
        if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1
                and isinstance(last.body[0], cst.Return) and isinstance(last.body[0].value, cst.Name)):
            continue
        returned = last.body[0].value
        for stmt in body[:-1]:
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                    and small.targets[0].target.value == returned.value and isinstance(small.value, cst.Call)):
                continue
            spelled = dotted(small.value.func)
            head, _, kind = spelled.rpartition(".")
            if kind not in _QUEUES or not head:
                continue
            if finder is None:
                finder = survey(module, external)[2]
            try:
                hand = handbuilt_file_queue(finder, stmt, returned, body)
            except (Refusal, AttributeError, IndexError, KeyError, TypeError, ValueError):
                continue
            if hand is None or hand.news or not is_none(hand.shared_name) or hand.accepted:
                continue  # (a shuffling file queue's epochs differ from a producer's: left as the note says)
            if any(id(s) in changes for s in hand.removed):
                continue
            prefix = head.removesuffix(".queue").removesuffix(".data")
            args = [cst.Arg(hand.args["string_tensor"])]
            for key in ("num_epochs", "shuffle", "capacity", "seed"):
                if key in hand.args:
                    args.append(cst.Arg(hand.args[key], keyword=cst.Name(key),
                                        equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))))
            producer = cst.Call(cst.parse_expression(f"{prefix}.train.string_input_producer"), args)
            for s in hand.removed:
                changes[id(s)] = None
            changes[id(stmt)] = stmt.with_changes(body=[small.with_changes(value=producer)])
    if not changes:
        return module
    out = module.visit(_Replace(changes))
    from tfdata_bridge._src.migrate.nested_calls import name_nested_calls

    return name_nested_calls(out)  # (``read_row(names_queue(files))``: the producer's call named first)


def _inlined_queue_locals(module: cst.Module) -> cst.Module:
    """Each ``shapes = [image.get_shape(), label.get_shape()]`` (or ``dtypes = [...]``) read once, as that argument
    of a ``FIFOQueue``/``RandomShuffleQueue`` made later in the same block, written in the call instead: the
    queue's static arguments, which the rewrite reads as graph-building metadata where they stand in the queue's
    call (``calls.static_read``). Only where nothing the value reads is bound again between the two."""
    changes: dict[int, cst.CSTNode | None] = {}
    for block in nodes_of(module, cst.IndentedBlock):
        stmts = list(block.body)
        for i, stmt in enumerate(stmts):
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                    and isinstance(small.value, (cst.List, cst.Tuple))):
                continue
            local = small.targets[0].target.value
            read = names_in(small.value)
            later = stmts[i + 1:]
            uses = [(j, n) for j, s in enumerate(later) for n in _reads(s) if n.value == local]
            if len(uses) != 1 or any(local in bound_names(s) for s in later) or \
                    any(n.value == local for st in stmts[:i] for n in _reads(st)):
                continue
            j, use = uses[0]
            holder = later[j]
            if id(holder) in changes or any(read & bound_names(s) for s in later[:j + 1]):
                continue
            hsmall = holder.body[0] if isinstance(holder, cst.SimpleStatementLine) and len(holder.body) == 1 \
                else None
            call = hsmall.value if isinstance(hsmall, cst.Assign) else None
            if not (isinstance(call, cst.Call) and dotted(call.func).rpartition(".")[2] in _QUEUES):
                continue
            arg = next((a for a in call.args if a.value is use and a.keyword is not None
                        and a.keyword.value in ("shapes", "dtypes")), None)
            if arg is None:
                continue
            new_call = call.with_changes(args=[a.with_changes(value=small.value) if a is arg else a
                                               for a in call.args])
            changes[id(stmt)] = None
            changes[id(holder)] = holder.with_changes(body=[hsmall.with_changes(value=new_call)])
    return module.visit(_Replace(changes)) if changes else module


def _reads(node: cst.CSTNode) -> list[cst.Name]:
    """The Name nodes under ``node`` that are not a keyword's or an attribute's name."""
    skip = {id(a.keyword) for a in nodes_of(node, cst.Arg) if a.keyword is not None} | \
        {id(a.attr) for a in nodes_of(node, cst.Attribute)}
    return [n for n in nodes_of(node, cst.Name) if id(n) not in skip]


class _Replace(cst.CSTTransformer):
    def __init__(self, changes: dict[int, cst.CSTNode | None]) -> None:
        super().__init__()
        self.changes = changes

    def leave_SimpleStatementLine(self, original, updated):
        if id(original) in self.changes:
            new = self.changes[id(original)]
            return cst.RemovalSentinel.REMOVE if new is None else new
        return updated
