"""Nested functions that an ``if``/``else`` defines in each branch and the code after it calls (held-out round
69: CycleGAN's ``get_image_batch``, whose branches define ``queue()`` returning a producer and ``batch(f, x)``
returning a batch, the training or the test one)::

    def get_image_batch(pattern, batch_size, train=True):
        if train:
            def queue(): return tf.train.string_input_producer(..., shuffle=True)
            def batch(f, x): return tf.train.shuffle_batch([f, x], ...)
        else:
            def queue(): return tf.train.string_input_producer(..., num_epochs=1, shuffle=False)
            def batch(f, x): return tf.train.batch([f, x], ...)
        with tf.device('/cpu:0'):
            filename_queue = queue()
            filename, image_file = tf.WholeFileReader().read(filename_queue)
            ...
            return batch(filename, image)

is the same program as the code after the ``if`` written into each branch, each call of a branch's function that
makes a producer, a reader or a batch written where it is called (its statements, its parameters the call's
names, its ``return`` value the call's), the names the copied code binds given the branch's suffix (the
rewrite reads a pipeline's names function-wide; a nested function's own parameter named like one of them is
another scope). The ordinary rewrite then takes each branch as its own pipeline.

The form: both branches only define functions, the same names; each such function has positional parameters
only, a body ending in its one ``return``, and is called only as ``name = f(...)`` or ``return f(...)`` in the
code after the ``if`` (not inside another function), with names or literals; the names its body binds, and the
names the code after the ``if`` binds, are read by no nested function. ``tree.rewrite_tree`` tries it and keeps
it where fewer refusals are left; otherwise the modules stay as they were.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

import libcst as cst

from tfdata_bridge._src.migrate.calls import bound_names, names_in, nodes_of, param_names
from tfdata_bridge._src.migrate.results import RewriteResult
from tfdata_bridge._src.migrate.walk import Visitor

_QUEUE = re.compile(r"input_producer\(|Reader\(|\bbatch\(|\bshuffle_batch\(|batch_join\(")


class _No(Exception):
    pass


def _only_defs(block: cst.BaseSuite) -> dict[str, cst.FunctionDef] | None:
    if not isinstance(block, cst.IndentedBlock) or not block.body:
        return None
    if not all(isinstance(s, cst.FunctionDef) for s in block.body):
        return None
    return {s.name.value: s for s in block.body}


def _inlinable(fn: cst.FunctionDef) -> bool:
    p = fn.params
    if p.posonly_params or p.kwonly_params or isinstance(p.star_arg, cst.Param) or p.star_kwarg or \
            any(x.default is not None for x in p.params) or fn.decorators or fn.asynchronous:
        return False
    if not isinstance(fn.body, cst.IndentedBlock) or not fn.body.body:
        return False
    last = fn.body.body[-1]
    small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if not isinstance(small, cst.Return) or small.value is None or len(nodes_of(fn, cst.Return)) != 1:
        return False
    return not any(nodes_of(fn, k) for k in (cst.Global, cst.Nonlocal, cst.Yield, cst.Await, cst.Lambda)) and \
        len(nodes_of(fn, cst.FunctionDef)) == 1 and not nodes_of(fn, cst.ClassDef)


class _OwnLevel(cst.CSTTransformer):
    """A transformer that knows whether it is at the code's own level (``depth`` 0) or inside a nested function,
    lambda or class."""

    def __init__(self):
        super().__init__()
        self.depth = 0

    def visit_FunctionDef(self, node):
        self.depth += 1

    def leave_FunctionDef(self, original, updated):
        self.depth -= 1
        return updated

    def visit_Lambda(self, node):
        self.depth += 1

    def leave_Lambda(self, original, updated):
        self.depth -= 1
        return updated

    def visit_ClassDef(self, node):
        self.depth += 1

    def leave_ClassDef(self, original, updated):
        self.depth -= 1
        return updated


class _Renamed(_OwnLevel):
    """Names of ``names`` renamed at the function's own level (not in nested functions, lambdas or classes;
    not attribute or keyword names)."""

    def __init__(self, names: Mapping[str, str | cst.BaseExpression]):
        super().__init__()
        self.names = names

    def leave_Name(self, original, updated):
        if self.depth or original.value not in self.names:
            return updated
        new = self.names[original.value]
        return cst.Name(new) if isinstance(new, str) else new

    def leave_Attribute(self, original, updated):
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original, updated):
        return updated.with_changes(keyword=original.keyword)


def _free(fn: cst.FunctionDef) -> set[str]:
    return names_in(fn.body) - param_names(fn) - bound_names(fn.body)


def _branch(tail: list[cst.BaseStatement], defs: dict[str, cst.FunctionDef], suffix: str, taken: set[str],
            nested_free: set[str], before: set[str]) -> list[cst.BaseStatement]:
    """The code after the ``if`` for one branch: its pipeline functions written where they are called, its
    names suffixed; the branch's other functions before it."""
    queues = {n: d for n, d in defs.items() if _QUEUE.search(cst.Module(body=[d]).code)}
    if not queues or not all(_inlinable(d) for d in queues.values()):
        raise _No
    used = [0]
    around = names_in(cst.Module(body=tail)) | set().union(*(names_in(d) for n, d in defs.items() if n not in queues))

    class _Inline(_OwnLevel):  # (calls at the tail's own level only)
        def leave_SimpleStatementLine(self, original, updated):
            if self.depth or len(updated.body) != 1:
                return updated
            small = updated.body[0]
            call = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
            if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value in queues):
                return updated
            d = queues[call.func.value]
            params = [p.name.value for p in d.params.params]
            if len(call.args) != len(params) or any(a.keyword is not None or a.star or not isinstance(
                    a.value, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)) for a in call.args):
                raise _No
            inner = list(d.body.body)
            if bound_names(*inner) & (set(params) | around):
                raise _No  # (a parameter rebound, or a name the function's code has)
            swap = _Renamed({p: a.value for p, a in zip(params, call.args)})
            stmts = [s.visit(swap) for s in inner[:-1]]
            value = inner[-1].body[0].value.visit(swap)
            used[0] += 1
            last = updated.with_changes(body=[small.with_changes(value=value)],
                                        leading_lines=[*updated.leading_lines, *inner[-1].leading_lines])
            return cst.FlattenSentinel([*stmts, last])

    class _Sees(Visitor):  # (a pipeline function read anywhere but as such a call: not the form)
        def __init__(self):
            super().__init__()
            self.named = 0

        def visit_Name(self, node):
            if node.value in queues:
                self.named += 1

    seen = _Sees()
    for s in tail:
        s.visit(seen)
    new_tail = list(cst.Module(body=tail).visit(_Inline()).body)
    if used[0] != seen.named:
        raise _No
    inlined_locals = set().union(*(bound_names(*d.body.body) for d in queues.values()))
    own = {n for n in bound_names(*new_tail) if n not in {d.name.value for d in nodes_of(cst.Module(body=new_tail),
                                                                                          cst.FunctionDef)}}
    own |= inlined_locals
    if own & nested_free:
        raise _No
    renames = {}
    for n in sorted(own - before):  # (a parameter, or a name bound before the ``if``, keeps its name)
        new = f"{n}_{suffix}"
        while new in taken:
            new += "_"
        renames[n] = new
        taken.add(new)
    kept = [d for n, d in defs.items() if n not in queues]
    return [*kept, *(s.visit(_Renamed(renames)) for s in new_tail)]


def _split_function(fn: cst.FunctionDef, taken: set[str]) -> cst.FunctionDef | None:
    if not isinstance(fn.body, cst.IndentedBlock):
        return None
    body = list(fn.body.body)
    for i, stmt in enumerate(body[:-1]):
        if not isinstance(stmt, cst.If) or not isinstance(stmt.orelse, cst.Else):
            continue
        then, other = _only_defs(stmt.body), _only_defs(stmt.orelse.body)
        if then is None or other is None or set(then) != set(other):
            continue
        tail = body[i + 1:]
        nested = [d for d in nodes_of(fn, cst.FunctionDef) if d is not fn]
        nested_free = set().union(*(_free(d) for d in nested)) if nested else set()
        try:
            before = param_names(fn) | bound_names(*body[:i])
            first = _branch(tail, then, "then", taken, nested_free, before)
            second = _branch(tail, other, "else", taken, nested_free, before)
        except _No:
            continue
        split = stmt.with_changes(body=stmt.body.with_changes(body=first),
                                  orelse=stmt.orelse.with_changes(body=stmt.orelse.body.with_changes(body=second)))
        return fn.with_changes(body=fn.body.with_changes(body=[*body[:i], split]))
    return None


def split_closure_branches(texts: Mapping[str, str]) -> dict[str, str] | None:
    """``texts`` with each such function written so; None where there is none."""
    out, done = dict(texts), False
    for path, text in texts.items():
        if "else:" not in text or not _QUEUE.search(text) or len(re.findall(r"^\s+def ", text, re.M)) < 2:
            continue
        try:
            module = cst.parse_module(text)
        except cst.ParserSyntaxError:
            continue
        taken = set(re.findall(r"\w+", text))
        changes = {}
        for fn in nodes_of(module, cst.FunctionDef):
            new = _split_function(fn, taken)
            if new is not None:
                changes[id(fn)] = new

        class _Swap(cst.CSTTransformer):
            def leave_FunctionDef(self, original, updated):
                return changes.get(id(original), updated)

        if changes:
            out[path], done = module.visit(_Swap()).code, True
    return out if done else None


def with_closure_branches(sources: Mapping[str, str], run: Callable[[dict[str, str]], dict[str, RewriteResult]]
                          ) -> dict[str, RewriteResult]:
    """``run(sources)``, or ``run`` of the sources with such functions written so, where that leaves fewer
    refusals (its notes given back to the original lines)."""
    from tfdata_bridge._src.migrate.tree import _given_back, refusals_left

    split = split_closure_branches(sources)
    if split is None:
        return run(dict(sources))
    trial = run(split)

    # (a trial leaving no refusal in the modules it wrote is kept; else only where it leaves fewer than the plain)
    if any(trial[p].refused or trial[p].error is not None for p in split if split[p] != sources[p]):
        plain = run(dict(sources))
        if refusals_left(trial) >= refusals_left(plain):
            return plain
    return _given_back(trial, sources, split)


__all__ = ["split_closure_branches", "with_closure_branches"]
