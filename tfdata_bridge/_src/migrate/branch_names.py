"""An ``if`` between the read and the batch that only chooses which per-element values get which names.

    raw = tf.image.decode_png(contents)
    left, right = raw[:, :w], raw[:, w:]
    if options.direction == "AtoB":          # a Python value, read once when the graph is built
        inputs, targets = [left, right]
    else:
        inputs, targets = [right, left]
    batch = tf.train.batch([inputs, targets], ...)

Legacy evaluated the test once, while it built the graph; the ``map`` function that takes the ``if`` with the
other per-element statements evaluates it once too, when tf.data traces it where the batch was. So the ``if``
moves as it is, provided each branch is plain assignments binding the same names (or one ``raise``: an
invalid setting fails at trace time as it failed at graph build), nothing in it reads a queue or a reader, and no name its test reads is assigned again between the ``if`` and the batch.

An ``if`` with no ``else`` (``if is_grayscale: image = tf.image.rgb_to_grayscale(image)``, held-out round 23)
moves the same way: on a path that does not bind a name, the name keeps the value made before the ``if``, so
every path binds every name, and that earlier value is read too (it moves into the map function with the rest).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, identifiers, names_in, nodes_of, target_names
from tfdata_bridge._src.migrate.control_blocks import control_block, graph_method
from tfdata_bridge._src.migrate.moved_reads import _end, assigned_between
from tfdata_bridge._src.symbols import BY_PATH

_READS = frozenset({"dequeue", "dequeue_many", "dequeue_up_to", "read", "read_up_to", "get_next"})


def _branches(stmt: cst.If) -> list[cst.BaseSuite] | None:
    """The blocks of ``if`` / ``elif`` ... / ``else``; None without a final ``else``. (A block of control
    dependencies, ``control_blocks.py``: its one block.)"""
    if control_block(stmt):
        return [stmt.body]
    out: list[cst.BaseSuite] = []
    node: cst.BaseStatement | None = stmt
    while isinstance(node, cst.If):
        out.append(node.body)
        orelse = node.orelse
        node = orelse if isinstance(orelse, cst.If) else None
        if isinstance(orelse, cst.Else):
            out.append(orelse.body)
        elif orelse is None:
            return None
    return out


def _open_branches(stmt: cst.BaseStatement) -> list[cst.BaseSuite] | None:
    """The blocks of an ``if`` / ``elif`` ... with no final ``else`` (``if is_grayscale: image = ...``: on the
    path through none of them every name keeps the value it had before); None for any other statement."""
    if not isinstance(stmt, cst.If) or control_block(stmt):
        return None
    out: list[cst.BaseSuite] = []
    node: cst.BaseStatement | None = stmt
    while isinstance(node, cst.If):
        out.append(node.body)
        if isinstance(node.orelse, cst.Else):
            return None
        node = node.orelse
    return out


def not_an_assignment(stmt: cst.BaseStatement) -> cst.SimpleStatementLine | None:
    """The first statement of an ``if``'s branches that is not one plain assignment (nor a lone ``raise``), where
    ``stmt`` is an ``if`` whose branches are all simple statements; else None."""
    if not isinstance(stmt, cst.If) or control_block(stmt):
        return None
    for block in _branches(stmt) or _open_branches(stmt) or []:
        if not isinstance(block, cst.IndentedBlock) or _raises(block):
            continue
        for s in block.body:
            if not isinstance(s, cst.SimpleStatementLine):
                return None
            if _assigns(cst.IndentedBlock([s])) is None:
                return s
    return None


def _tests(stmt: cst.If) -> list[cst.BaseExpression]:
    if control_block(stmt):  # (the headers: run before the block, like a test)
        return [item.item for item in stmt.items]
    out: list[cst.BaseExpression] = []
    node: cst.BaseStatement | None = stmt
    while isinstance(node, cst.If):
        out.append(node.test)
        node = node.orelse if isinstance(node.orelse, cst.If) else None
    return out


def _set_shape(small: cst.BaseSmallStatement | None) -> bool:
    """``x.set_shape(...)``: a name's static shape set, nothing bound (it moves with the assignments around it)."""
    return isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and \
        isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "set_shape" and \
        isinstance(small.value.func.value, cst.Name)


def _assigns(block: cst.BaseSuite) -> list[cst.Assign | cst.Expr | cst.If] | None:
    """A branch's steps: plain assignments, ``x.set_shape(...)`` calls, and ``if`` statements of the same form
    nested in it (``if image_size: if square_crop: ... else: ...``); None where any other statement is there."""
    if not isinstance(block, cst.IndentedBlock) or not block.body:
        return None
    out: list[cst.Assign | cst.Expr | cst.If] = []
    for s in block.body:
        if isinstance(s, cst.If) and _bindings(s) is not None:
            out.append(s)
            continue
        small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        if _set_shape(small):
            out.append(small)
            continue
        if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):  # ``x *= 2.0``: x = x * 2.0
            small = cst.Assign([cst.AssignTarget(small.target)], cst.BinaryOperation(small.target, cst.Add(),
                                                                                      small.value))
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                target_names(small.targets[0].target) is not None):
            return None
        out.append(small)
    return out


def _bindings(stmt: cst.BaseStatement) -> list[set[str]] | None:
    """The names each branch of ``stmt`` binds, when it is an ``if`` of plain assignments (an ``else`` last)."""
    if not isinstance(stmt, cst.If) and not control_block(stmt):
        return None
    blocks = _branches(stmt)
    opened = _open_branches(stmt) if blocks is None else None
    if opened is not None:  # (a path that does not bind a name keeps its value from before: all bind them all)
        bound = _bindings_of(opened)
        return None if not bound else [set().union(*bound)] * (len(bound) + 1)
    if blocks is None:
        return None
    return _bindings_of(blocks)


def _bindings_of(blocks: list[cst.BaseSuite]) -> list[set[str]] | None:
    bound: list[set[str]] = []
    for block in blocks:
        if _raises(block):  # (``else: raise Exception("invalid direction")``: no path on to the batch)
            continue
        assigns = _assigns(block)
        if assigns is None:
            return None
        bound.append({n for a in assigns for n in _step_binds(a)})
    return bound


def _step_binds(step: cst.Assign | cst.Expr | cst.If) -> set[str]:
    if isinstance(step, cst.Assign):
        return set(target_names(step.targets[0].target) or ())
    return bound_by(step) or set() if isinstance(step, cst.If) else set()


def _raises(block: cst.BaseSuite) -> bool:
    """``block`` is one ``raise`` statement: it binds nothing, and control leaves the function there, at trace
    time in the map function as at graph build in legacy."""
    return isinstance(block, cst.IndentedBlock) and len(block.body) == 1 and \
        isinstance(block.body[0], cst.SimpleStatementLine) and len(block.body[0].body) == 1 and \
        isinstance(block.body[0].body[0], cst.Raise)


def bound_by(stmt: cst.BaseStatement) -> set[str] | None:
    """The names some branch of such an ``if`` binds (None: no such ``if``)."""
    bound = _bindings(stmt)
    return set().union(*bound) if bound else None


def branch_needs(finder, stmt: cst.BaseStatement, needed: set[str], batch: cst.CSTNode) -> set[str] | None:
    """The names ``stmt`` reads (its tests, and what each branch reads before binding it) when it is such an
    ``if`` whose every branch binds a name in ``needed`` (and no branch alone binds one); None when it is not
    one; ``Refusal`` when it is one that cannot move."""
    bound = _bindings(stmt)
    if not bound:
        return None
    every = set.intersection(*bound)
    some = (set().union(*bound) - every) & needed
    if every & needed and some:  # (monodepth's ``if mode == "test" and not stereo:`` binding the left image alone)
        name = sorted(some)[0]
        code = cst.Module([]).code_for_node
        missing = [code(t).strip() for t, b in zip([*_tests(stmt), None], bound) if name not in b]
        when = f"when `{missing[0]}`" if missing and missing[0] != "None" else "in its `else`"
        where = finder.scopes.lines.get(stmt)
        raise Refusal(f"`{name}` is bound in only some branches of the `if`{f' at line {where}' if where else ''} "
                      f"between the read and the batch (not {when}), and the code after it reads it: the map "
                      "function that takes the `if` returns every element the later code reads, and would have no "
                      f"value for `{name}` on that path (legacy made none either, but only read it where it was "
                      "made); not rewritten: bind it in every branch, or make one loader per branch")
    if not every & needed or some:
        return None
    if control_block(stmt):
        shown = graph_method(finder, stmt)
        if shown is not None:
            raise Refusal(f"`with {shown}:` between the read and the batch is no TensorFlow "
                          "`control_dependencies` (a graph's own, say): inside the map function it would name "
                          "another graph; not rewritten: use `tf.control_dependencies`, or keep the queues "
                          "(`migrate --to compat`)")
    for call in nodes_of(stmt, cst.Call):
        path = finder.api(call)
        sym = BY_PATH.get(path) if path else None
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in _READS or \
                sym is not None and sym.to_tfdata == "pipeline":
            what = "the `with` block of control dependencies binding" if control_block(stmt) else "the `if` choosing"
            raise Refusal(f"{what} `{', '.join(sorted(every))}` also calls "
                          f"`{cst.Module([]).code_for_node(call.func)}`, a queue pipeline's; not rewritten")
    nested = [n for n in nodes_of(stmt, cst.If) if n is not stmt]  # (an ``if`` in a branch: its test too)
    for test in [*_tests(stmt), *(n.test for n in nested)]:
        for name in sorted(names_in(test)):
            _unchanged(finder, name, stmt, batch)
    return branch_reads(stmt)


# Python's own functions a settings ``if`` may call: they make no tensor and read no element
_PLAIN_CALLS = frozenset({"hasattr", "isinstance", "callable", "len", "list", "tuple", "iter", "getattr"})


def settled_if(stmt: cst.BaseStatement, before: list[cst.BaseStatement], needed: set[str]) -> bool:
    """Whether ``stmt`` is an ``if`` that settles a Python setting the per-element code reads, and so stays where it
    is (``if transform is None: transform = [] elif not hasattr(transform, '__iter__'): transform = [transform]``):
    every statement in it binds plain names, it calls none but Python's own functions (no tensor is made), reads no
    attribute, and every name it reads or binds is bound by no statement before it in the block (``before``), so no
    element's value flows into it. Legacy ran it once, while it built the graph; left in place it runs once too, and
    the map function reads the value it settled where the batch was. It binds a name of ``needed``."""
    if not isinstance(stmt, cst.If) or control_block(stmt):
        return False
    bound: set[str] = set()
    for small in nodes_of(stmt, cst.BaseSmallStatement):
        if isinstance(small, cst.Pass):
            continue
        if isinstance(small, cst.Assign) and all(isinstance(t.target, cst.Name) for t in small.targets):
            bound |= {t.target.value for t in small.targets}
        elif isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
            bound.add(small.target.value)
        else:
            return False
    if any(not isinstance(n, cst.If) for n in nodes_of(stmt, cst.BaseCompoundStatement)):
        return False
    if nodes_of(stmt, cst.Attribute) or nodes_of(stmt, cst.Lambda) or any(
            not (isinstance(c.func, cst.Name) and c.func.value in _PLAIN_CALLS) for c in nodes_of(stmt, cst.Call)):
        return False
    if not bound & needed:
        return False
    touched = {n.value for n in identifiers(stmt)} - _PLAIN_CALLS - {"None", "True", "False"}
    for prev in before:
        for target in [*nodes_of(prev, cst.AssignTarget), *nodes_of(prev, cst.AugAssign),
                       *nodes_of(prev, cst.AnnAssign), *nodes_of(prev, cst.For), *nodes_of(prev, cst.AsName)]:
            if names_in(target.target if not isinstance(target, cst.AsName) else target.name) & touched:
                return False
    return True


def kept_names(stmt: cst.BaseStatement) -> set[str]:
    """The names an ``if`` with no ``else`` binds: on the path through no branch they keep the values made
    before it: a name of them the batch needs is needed from before the ``if`` too (round 23's
    ``if is_grayscale:``)."""
    opened = _open_branches(stmt)
    return set().union(*(_bindings_of(opened) or [set()])) if opened is not None else set()


def branch_reads(stmt: cst.BaseStatement) -> set[str] | None:
    """The names such an ``if`` reads before it binds them (its tests, and what each branch reads before
    binding it); None when ``stmt`` is no such ``if``."""
    if _bindings(stmt) is None:
        return None
    reads: set[str] = set()
    for test in _tests(stmt):
        reads |= names_in(test)
    for block in _branches(stmt) or _open_branches(stmt) or []:
        if _raises(block):
            reads |= {n.value for n in identifiers(block.body[0])}
            continue
        seen: set[str] = set()
        for a in _assigns(block) or []:
            if isinstance(a, cst.If):  # (what it reads first, and what an open one keeps from before it)
                reads |= ((branch_reads(a) or set()) | kept_names(a)) - seen
            else:
                reads |= {n.value for n in identifiers(a.value)} - seen
            seen |= _step_binds(a)
    return reads


def _unchanged(finder, name: str, stmt: cst.If, batch: cst.CSTNode) -> None:
    """``name`` (read by the test) is not assigned in the ``if``'s scope after it and up to the batch."""
    # (an ``if``'s own branches may bind what its tests read, ``if t is None: t = []``: they move with it, after
    # the test, as they ran; only what binds it after the whole ``if`` and before the batch would change it)
    at = finder.scopes._where(stmt.items[-1].item)[0] if control_block(stmt) else _end(finder, stmt)
    line = assigned_between(finder, name, stmt, at + 1, finder.scopes.lines.get(batch, 0))
    if line is not None:
        raise Refusal(f"`{name}`, read by the `if` that chooses the batched names, is assigned again before "
                      f"the batch (line {line}), where the rewrite evaluates the `if`; not rewritten: move the "
                      "rebinding after the batch")


__all__ = ["bound_by", "branch_needs", "branch_reads", "kept_names", "not_an_assignment", "settled_if"]
