"""What to say of a batch whose source is in its function but separated from it by a loop or a branch (issue 17,
held-out round 22): the generic "no input producer ... in the same block" sent the user looking for a source
that is there, a few lines up.

A per-time-step loop that grows the lists the batch reads (video prediction's ``build_tfrecord_input``)::

    _, serialized = reader.read(filename_queue)         # the source
    image_seq = []
    for i in range(FLAGS.sequence_length):              # the separator: a loop growing a list
        image_seq.append(decode(serialized, 'move/%d/image' % i))
    image_seq = tf.concat(axis=0, values=image_seq)
    images = tf.train.batch([image_seq], batch_size)

A source made in one branch of an ``if`` that the batch is outside of (SEGAN's per-device model)::

    if gpu_idx == 0:                                     # the separator: the source made for one device only
        queue = tf.train.string_input_producer([path])
        self.wav = read_and_decode(queue)
    batch = tf.train.shuffle_batch([self.wav], ...)      # made for every device

Neither is rewritten: the recogniser moves straight-line per-element code into the map function, and a batch run
once per device that shares one reader is not one dataset. These reasons name the loop or the branch and its
line; the generic reason stands where neither is found. A method batching the tensors it is given (object
detection's ``BatchQueue.__init__(self, tensor_dict, ...)``) is said so too: its source is in the callers.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import bind, names_in, nodes_of, plain_read
from tfdata_bridge._src.migrate.queue_size import enclosing_of, parents
from tfdata_bridge._src.migrate.step_loops import loop_needs

_GROW = frozenset({"append", "extend", "insert"})
_SOURCE_SUFFIXES = ("input_producer", "Reader", "py_func")


def _read_names(node: cst.CSTNode) -> set[str]:
    """The names ``node`` reads, and ``self.attr`` spelt so, for the attributes of a name it reads."""
    out = set(names_in(node))
    for a in nodes_of(node, cst.Attribute):
        if isinstance(a.value, cst.Name):
            out.add(f"{a.value.value}.{a.attr.value}")
    return out


def _target_names(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
        return {f"{target.value.value}.{target.attr.value}"}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for el in target.elements for n in _target_names(el.value)}
    return set()


def _is_source(finder, call: cst.Call) -> bool:
    if any(s in (finder.api(call) or "") for s in _SOURCE_SUFFIXES):
        return True
    func = call.func  # ``reader.read(queue)`` of a reader this module made or was given
    return isinstance(func, cst.Attribute) and func.attr.value in ("read", "read_up_to") and \
        len(plain_read(call).args) == 1


def _in_order(node: cst.CSTNode) -> list[str]:
    """The names and ``obj.attr`` that ``node`` reads, in source order, once each."""
    out: dict[str, None] = {}
    for n in nodes_of(node, cst.CSTNode):
        if isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name):
            out[f"{n.value.value}.{n.attr.value}"] = None
        elif isinstance(n, cst.Name):
            out[n.value] = None
    return list(out)


def _given_reason(up, fn: cst.FunctionDef, api: str, needed: set[str]) -> str | None:
    """The reason for a batch of tensors its method is given (object detection's ``BatchQueue(tensor_dict, ...)``),
    where no source is in its function: the tensors come from the callers."""
    params = [p.name.value for p in (*fn.params.params, *fn.params.kwonly_params)]
    given = [p for p in params[1:] if p in needed]
    cls = up.get(id(up.get(id(fn))))
    if not given or not isinstance(cls, cst.ClassDef) or not params:
        return None
    shown = ", ".join(f"`{p}`" for p in given)
    return (f"this `{api}` batches tensors given to `{cls.name.value}.{fn.name.value}` ({shown}), and no input "
            "producer, reader or zero-input `py_func` is made in that method: the source is in its callers, and a "
            "class whose method batches the tensors it is given is not followed to them (functions that batch "
            "their parameters are, as batch helpers); so the batch stays (`--fallback compat` runs it through "
            "the drop-in)")


def _line(lines, finder, node) -> int | None:
    where = lines.get(node) if lines is not None else None
    return where if where is not None else finder.scopes.line(node)


def _towers_loop(module: cst.Module, up, fn: cst.FunctionDef, lines, finder) -> tuple[str, str, int | None] | None:
    """(the loop's head, the function it stands in, its line) of a ``for`` loop of this module that calls ``fn``
    (``self.fn(...)`` or ``fn(...)``) in its body: SEGAN's ``for idx, device in enumerate(self.devices):`` calling
    ``self.build_model_single_gpu(idx)``; None where no loop calls it."""
    code = module.code_for_node
    name = fn.name.value
    for call in nodes_of(module, cst.Call):
        func = call.func
        called = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) \
            else None
        if called != name:
            continue
        node = up.get(id(call))
        while node is not None and not isinstance(node, (cst.For, cst.FunctionDef)):
            node = up.get(id(node))
        if isinstance(node, cst.For):
            caller = enclosing_of(up, node, cst.FunctionDef)
            head = f"for {code(node.target).strip()} in {code(node.iter).strip()}"
            return head, caller.name.value if caller is not None else "the module", _line(lines, finder, node)
    return None


def separated_reason(module: cst.Module, finder, stmt: cst.SimpleStatementLine, api: str, lines=None) -> str | None:
    """The reason for the batch at ``stmt`` where a loop growing its lists, or an ``if`` branch making its source,
    separates it from a source of its function; None where that is not the case (the generic reason stands)."""
    small = stmt.body[0] if stmt.body else None
    call = getattr(small, "value", None)
    if not isinstance(call, cst.Call):
        return None
    try:
        tensors = bind(call, api).get("tensors")
    except Exception:  # (a call the binder cannot read: the generic reason stands)
        return None
    if tensors is None:
        return None
    up = parents(module)
    fn = enclosing_of(up, stmt, cst.FunctionDef)
    if fn is None:
        return None
    order = {id(n): i for i, n in enumerate(nodes_of(fn, cst.CSTNode))}
    at = order.get(id(stmt))
    if at is None:
        return None
    inside = {id(n) for n in nodes_of(stmt, cst.CSTNode)}
    before = [n for n in nodes_of(fn, cst.BaseStatement) if order.get(id(n), at) < at and id(n) not in inside]
    needed = _read_names(tensors)
    for _ in range(8):  # what the batch's tensors are made of, back through the function's assignments
        grew = False
        for a in nodes_of(fn, cst.Assign):
            if order.get(id(a), at) >= at:
                continue
            if any(_target_names(t.target) & needed for t in a.targets):
                more = _read_names(a.value) - needed
                if more:
                    needed |= more
                    grew = True
        if not grew:
            break
    sources = [c for c in nodes_of(fn, cst.Call) if order.get(id(c), at) < at and _is_source(finder, c)]
    if not sources:
        return _given_reason(up, fn, api, needed)
    code = module.code_for_node
    first = min(order[id(c)] for c in sources)
    for loop in before:
        if not isinstance(loop, (cst.For, cst.While)) or order[id(loop)] < first:
            continue
        grown = [c for c in nodes_of(loop, cst.Call) if isinstance(c.func, cst.Attribute)
                 and c.func.attr.value in _GROW and isinstance(c.func.value, cst.Name) and c.func.value.value in needed]
        if not grown or loop_needs(finder, loop, needed) is not None:  # (one the walk back takes: not the obstacle)
            continue
        kind = "for" if isinstance(loop, cst.For) else "while"
        head = f"for {code(loop.target).strip()} in {code(loop.iter).strip()}" if isinstance(loop, cst.For) \
            else f"while {code(loop.test).strip()}"
        where = _line(lines, finder, loop)
        names = ", ".join(dict.fromkeys(f"`{c.func.value.value}.{c.func.attr.value}(...)`" for c in grown))
        return (f"the tensors of this `{api}` are built by a `{kind}` loop between the read and the batch "
                f"(`{head}`{f' at line {where}' if where else ''}, which grows them by {names}): the rewrite moves "
                "straight-line per-element code into the map function, not a loop that grows the batched lists; "
                "so the reader and its producer stay (write the loop in a function of the record that returns the "
                "finished tensors, or `--fallback compat` runs it through the drop-in)")
    for branch in before:
        if not isinstance(branch, cst.If):
            continue
        made = [c for c in nodes_of(branch, cst.Call) if _is_source(finder, c)]
        sets = {n for a in nodes_of(branch, cst.Assign) for t in a.targets for n in _target_names(t.target)}
        kept = [n for n in _in_order(tensors) if n in sets] or sorted(sets & needed)
        if not made or not kept:
            continue
        where = _line(lines, finder, branch)
        shown = ", ".join(f"`{n}`" for n in kept)
        towers = _towers_loop(module, up, fn, lines, finder)
        if towers is not None:
            loop, caller, at_loop = towers
            return (f"this `{api}` batches {shown}, made with its source only inside `if "
                    f"{code(branch.test).strip()}`{f' (line {where})' if where else ''}, and `{fn.name.value}` is "
                    f"called once per pass of the towers loop `{loop}` in `{caller}`"
                    f"{f' (line {at_loop})' if at_loop else ''}: every tower makes its own `{api}` of the tensors the "
                    "first tower's pass made, so the towers' batches share one reader (each record goes to one of "
                    "their queues); one dataset per tower would give every record to each, and how many towers "
                    "there are is known only when the program runs; one iterator made in the branch and kept on "
                    "`self`, each tower taking its `get_next()`, stands for them only where the batch comes right "
                    "after the `if` (no `else`), its tensors are `self` attributes set in the branch and named "
                    "nowhere else, and its other arguments read no parameter or local of the method, which is not "
                    "so here; so the reader and its producer stay (make the input once, before the towers loop, "
                    "and split its batch among the towers, or `--fallback compat` runs it through the drop-in)")
        return (f"this `{api}` batches {shown}, made with its source only inside `if {code(branch.test).strip()}`"
                f"{f' (line {where})' if where else ''}, while the batch is made after the `if` whatever the "
                "condition: a source made in a branch the batch is outside of is not rewritten (where the branch "
                "is not taken, the batch reads a pipeline made before, and each such batch shares its one reader); "
                "so the reader and its producer stay (make the source in the batch's block, or `--fallback compat` "
                "runs it through the drop-in)")
    node = up.get(id(stmt))  # the batch in a branch, its source before the ``if``
    while node is not None and node is not fn and not isinstance(node, cst.If):
        node = up.get(id(node))
    if isinstance(node, cst.If) and order[id(node)] > first:
        while isinstance(up.get(id(node)), cst.If) and up[id(node)].orelse is node:
            node = up[id(node)]
        where = _line(lines, finder, node)
        return (f"this `{api}` is made inside `if {code(node.test).strip()}`{f' (line {where})' if where else ''} "
                "while its source is made before the `if`: the rewrite looks for the source in the batch's own "
                "block, and takes a batch in a branch only as a choice of two batches it can follow, which this is "
                "not; so the reader and its producer stay (make the pipeline in each branch, or `--fallback "
                "compat` runs it through the drop-in)")
    return None


__all__ = ["separated_reason"]
