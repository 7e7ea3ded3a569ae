"""A tensor producer kept on ``self`` by ``__init__`` and dequeued in another method (round 79's ``SalesPipeline``).

    class SalesPipeline(object):                                class SalesPipeline(object):
        def __init__(self, n, batch_size, num_epochs=None):         def __init__(self, n, batch_size, num_epochs=None):
            self.batch_size = batch_size                                self.batch_size = batch_size
            self._index_queue = tf.train.range_input_producer(          index_queue = tf.train.range_input_producer(
                n, num_epochs=num_epochs, shuffle=False)                    n, num_epochs=num_epochs, shuffle=False)
                                                                        self._index_queue = index_queue.dequeue_many(
        def next_batch(self):                                               self.batch_size)
            idx = self._index_queue.dequeue_many(self.batch_size)
            return tf.gather(self._table, idx)                      def next_batch(self):
                                                                        idx = self._index_queue
                                                                        return tf.gather(self._table, idx)

The dequeue is written where the producer is, so the rewrite makes the dataset (and its iterator's group) there,
on ``self``, as it does for a producer dequeued in its own function; the method reads it. That is what legacy
did only where the dequeuing method runs once per object: each call of it in TensorFlow 1 made a new dequeue op
of the one shared producer (the groups came one after another), where a run of the written-out form reads the
one kept group. So it is taken only where ``overridden_calls._runs_once`` proves it (the method called once in
the tree, in no loop, on an object the calling function makes); else the pipeline is left, its note saying why.

Taken: ``range_input_producer`` / ``input_producer`` assigned to ``self.<attr>`` by a plain statement at the top
of ``__init__``; ``x = self.<attr>.dequeue_many(n)`` at the top of one other undecorated method of the class; the
attribute named nowhere else in the tree; ``n`` a literal, or ``self.<a>`` set once in the class, by ``__init__``
before the producer, and on no other receiver than ``self`` anywhere in the tree. The trial tree is kept only where it leaves fewer refusals than the tree as written.

Cost on trees it does not touch: two substring tests per module (``input_producer(``, ``.dequeue_many(``) and a
regular expression over the modules holding both; a module is parsed only where ``self.<attr> = ...producer(``
and ``self.<attr>.dequeue_many`` both occur.
"""

from __future__ import annotations

import os
import re
from typing import Callable, Mapping

import libcst as cst

from tfdata_bridge._src.migrate.calls import dotted
from tfdata_bridge._src.migrate.results import RewriteResult

_STORE = re.compile(r"\b\w+\.(\w+)\s*=\s*[\w.]*\b(?:range_)?input_producer\(")
_PRODUCERS = ("range_input_producer", "input_producer")


def _top_assign(stmt: cst.CSTNode) -> cst.Assign | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1:
        return stmt.body[0]
    return None


def _self_attr(node: cst.CSTNode, me: str) -> str | None:
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == me:
        return node.attr.value
    return None


def _line(text: str, needle: str) -> int:
    at = text.find(needle)
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def _attr_mentions(sources: Mapping[str, str], attr: str) -> int:
    pattern = re.compile(rf"\.{attr}\b")
    return sum(len(pattern.findall(t)) for t in sources.values() if attr in t)


def _stores(cls: cst.ClassDef, attr: str) -> int:
    """How many assignments in ``cls``'s methods set ``<their self>.attr``."""
    from tfdata_bridge._src.migrate.calls import nodes_of

    n = 0
    for fn in cls.body.body:
        if not isinstance(fn, cst.FunctionDef) or not fn.params.params:
            continue
        me = fn.params.params[0].name.value
        for a in nodes_of(fn, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            targets = [t.target for t in a.targets] if isinstance(a, cst.Assign) else [a.target]
            n += sum(1 for t in targets for x in nodes_of(t, cst.Attribute) if _self_attr(x, me) == attr)
    return n


def _count_ok(count: cst.BaseExpression, me: str, cls: cst.ClassDef, init: cst.FunctionDef, before: int,
              sources: Mapping[str, str]) -> str | None:
    """None where ``count`` means at the producer what it means at the dequeue; else why not."""
    if isinstance(count, cst.Integer):
        return None
    attr = _self_attr(count, me)
    if attr is None:
        return "its count is neither a literal nor an attribute `__init__` sets"
    sets = re.compile(rf"\b(\w+)\.{attr}\s*(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)")
    outside = sorted({r for t in sources.values() if attr in t for r in sets.findall(t)} - {"self", me})
    if outside:  # (``self.<attr>`` of other classes is their objects' own)
        return f"`.{attr}` is set on `{outside[0]}` too, which may be one of these objects"
    if _stores(cls, attr) != 1:
        return f"`{me}.{attr}` is set more than once in `{cls.name.value}`"
    for stmt in init.body.body[:before]:
        a = _top_assign(stmt)
        if a is not None and _self_attr(a.targets[0].target, me) == attr:
            return None
    return f"`{me}.{attr}` is not set by `__init__` before the producer"


def _form(module: cst.Module, attr: str) -> tuple[cst.ClassDef, cst.FunctionDef, int, cst.FunctionDef, int] | None:
    for cls in module.body:
        if not isinstance(cls, cst.ClassDef) or not isinstance(cls.body, cst.IndentedBlock):
            continue
        methods = {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}
        init = methods.get("__init__")
        if init is None or init.decorators or not init.params.params:
            continue
        me = init.params.params[0].name.value
        at = next((i for i, s in enumerate(init.body.body)
                   if (a := _top_assign(s)) is not None and _self_attr(a.targets[0].target, me) == attr and
                   isinstance(a.value, cst.Call) and dotted(a.value.func).split(".")[-1] in _PRODUCERS), None)
        if at is None:
            continue
        for fn in methods.values():
            if fn is init or fn.decorators or not fn.params.params:
                continue
            own = fn.params.params[0].name.value
            for i, s in enumerate(fn.body.body):
                a = _top_assign(s)
                v = a.value if a is not None else None
                if isinstance(v, cst.Call) and isinstance(v.func, cst.Attribute) and \
                        v.func.attr.value == "dequeue_many" and _self_attr(v.func.value, own) == attr:
                    return cls, init, at, fn, i
    return None


def split_self_dequeues(sources: Mapping[str, str], why: list) -> dict[str, str] | None:
    """The sources with each such producer dequeued where it is made (None: no module changed); a form found but
    not taken adds ``(path, first line, last line, reason)`` to ``why``."""
    from tfdata_bridge._src.migrate.overridden_calls import _runs_once, _Tree

    tree: _Tree | None = None
    new = dict(sources)
    for path, text in sources.items():
        if "input_producer(" not in text or ".dequeue_many(" not in text:
            continue
        attrs = [a for a in dict.fromkeys(m.group(1) for m in _STORE.finditer(text))
                 if f".{a}.dequeue_many(" in text]
        if not attrs:
            continue
        tree = tree or _Tree(sources)
        module = tree.module(path)
        if module is None:
            continue
        changes: dict[int, cst.CSTNode] = {}
        for attr in attrs:
            found = _form(module, attr)
            if found is None:
                continue
            cls, init, at, method, i = found
            me, own = init.params.params[0].name.value, method.params.params[0].name.value
            deq = _top_assign(method.body.body[i])
            call = deq.value
            first, last = _line(text, f"{me}.{attr} ="), _line(text, f"{own}.{attr}.dequeue_many(")
            where = (os.path.abspath(path), min(first, last), max(first, last))
            prefix = (f"`{cls.name.value}.__init__` keeps `{me}.{attr}` (an input producer) and "
                      f"`{method.name.value}` dequeues it")
            reason = None
            if _attr_mentions(sources, attr) != 2:
                reason = f"`.{attr}` is named elsewhere in the tree too"
            elif len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
                reason = "its `dequeue_many` is not given one count by position"
            else:
                count = call.args[0].value
                if _self_attr(count, own) is not None:  # (the method's ``self`` spelled as ``__init__``'s)
                    count = cst.Attribute(cst.Name(me), count.attr)
                reason = _count_ok(count, me, cls, init, at, sources)
            if reason is None:
                reason = _runs_once(tree, method.name.value, closure=False)
                if reason is not None:
                    reason += ("; in TensorFlow 1 every call shares the one producer (its elements dequeued once in "
                               "all), where a dataset made per call would start again")
            if reason is not None:
                why.append((*where, f"{prefix}: not rewritten, {reason}; dequeue it in `__init__` "
                                    f"(`{me}.{attr} = queue.dequeue_many(n)`) or keep the queues "
                                    "(`migrate --to compat`)"))
                continue
            taken = set(re.findall(r"\b\w+\b", module.code_for_node(init)))
            local = attr.lstrip("_") or "queue"
            while local in taken:
                local += "_"
            store = init.body.body[at]
            assign = _top_assign(store)
            made = store.with_changes(body=[assign.with_changes(
                targets=[cst.AssignTarget(cst.Name(local))])])
            dequeued = cst.SimpleStatementLine([cst.Assign(
                [cst.AssignTarget(assign.targets[0].target)],
                cst.Call(cst.Attribute(cst.Name(local), cst.Name("dequeue_many")), [cst.Arg(count)]))])
            body = list(init.body.body)
            body[at:at + 1] = [made, dequeued]
            changes[id(init)] = init.with_changes(body=init.body.with_changes(body=body))
            mbody = list(method.body.body)
            mbody[i] = mbody[i].with_changes(body=[deq.with_changes(value=call.func.value)])
            changes[id(method)] = method.with_changes(body=method.body.with_changes(body=mbody))
        if changes:
            new[path] = module.visit(_Replace(changes)).code
    return new if any(new[p] != sources[p] for p in sources) else None


class _Replace(cst.CSTTransformer):
    def __init__(self, changes: dict[int, cst.CSTNode]):
        self.changes = changes

    def leave_FunctionDef(self, original, updated):
        return self.changes.get(id(original), updated)


def with_self_dequeues(sources: Mapping[str, str], run: Callable[[dict[str, str]], dict[str, RewriteResult]]
                       ) -> dict[str, RewriteResult]:
    """``run(sources)``, or ``run`` of the sources with such producers dequeued in ``__init__`` where the plain
    run leaves a refusal in a module the pass changes and the trial leaves fewer (its notes given back to the
    original lines); a form found but not taken says why on the pipeline left."""
    from tfdata_bridge._src.migrate.registry_readers import said_at
    from tfdata_bridge._src.migrate.tree import trial_if_fewer

    why: list = []
    split = split_self_dequeues(sources, why)
    plain = said_at(run(dict(sources)), why)
    trial = trial_if_fewer(sources, split, plain, run)
    return plain if trial is None else said_at(trial, why)


__all__ = ["split_self_dequeues", "with_self_dequeues"]
