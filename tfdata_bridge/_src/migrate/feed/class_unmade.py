"""Why a fed queue that a class makes outside the places the class form reads is left (NiftyNet's
``InputBatchQueueRunner``):

    class InputBatchQueueRunner(object):
        def _create_queue_and_ops(self, window, ...):      # called by a subclass's ``__init__``
            if self.shuffle:                                # the kind chosen by a flag
                self._queue = tf.RandomShuffleQueue(..., dtypes=dtypes, names=names)   # computed signature
            else:
                self._queue = tf.PaddingFIFOQueue(...)
            self._placeholders_dict = window.placeholders_dict()                 # another object's
            self._enqueue_op = self._queue.enqueue_many(self._placeholders_dict)
        def _push(self, thread_id):
            ... self._session.run(self._enqueue_op, feed_dict=feed) ...

The class form (``klass.py``) takes a queue made in ``__init__`` or a method only it calls; this one it never
saw, and the generic reason (``queue_reasons.py``) said only that the read was not taken. ``unmade_reasons``
names each obstacle instead. Only a queue whose enqueue op some method of the class runs with a ``feed_dict``
is said (a queue the program fills otherwise is another family's).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of
from tfdata_bridge._src.migrate.feed.members import instance_uses, methods_of, self_attr
from tfdata_bridge._src.migrate.feed.queue import QUEUE_PARAMS, feed_queue_kind


def unmade_reasons(module: cst.Module, index, code, cls: cst.ClassDef, makers: list[cst.FunctionDef],
                   kinds: tuple[str, ...]) -> list[tuple[int, str, str]]:
    """(line, kind, reason) for each fed queue ``cls`` makes on ``self`` in a method that is none of ``makers``."""
    out = []
    methods = methods_of(cls)
    for method in methods.values():
        if method in makers or not method.params.params:
            continue
        me = method.params.params[0].name.value
        made: list[tuple[cst.SimpleStatementLine, str, str, cst.Call]] = []
        enqueues: dict[str, str] = {}  # queue attribute -> its enqueue op's
        values: dict[str, cst.BaseExpression] = {}
        branch: dict[int, cst.If] = {}
        for top in method.body.body if isinstance(method.body, cst.IndentedBlock) else ():
            for stmt in nodes_of(top, cst.SimpleStatementLine):
                small = stmt.body[0] if len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) else None
                attr = self_attr(small.targets[0].target, me) if small is not None and len(small.targets) == 1 \
                    else None
                if attr is None:
                    continue
                values[attr] = small.value
                kind = feed_queue_kind(index.paths.get(small.value) or "", kinds) \
                    if isinstance(small.value, cst.Call) else None
                if kind is not None:
                    made.append((stmt, attr, kind, small.value))
                    if isinstance(top, cst.If):
                        branch[id(stmt)] = top
                elif isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Attribute) and \
                        small.value.func.attr.value in ("enqueue", "enqueue_many"):
                    queue = self_attr(small.value.func.value, me)
                    if queue is not None:
                        enqueues.setdefault(queue, attr)
        for stmt, qattr, kind, call in made:
            op = enqueues.get(qattr)
            if op is not None and not _fed_run(cls, op) and _placeholders_only(index, module, method) and \
                    (based := _imported_bases(module, cls)):
                # (a subclass's queue fed by its base class's thread, the base in another module: round 45's
                # ``DataGeneratorPadding.init_queue``, ``DataGeneratorBase.thread_main``)
                out.append((index.lines.get(stmt, 0), kind, (
                    f"`{me}.{qattr}` (a `{kind}`, with its enqueue op `{me}.{op}`) is made in "
                    f"`{cls.name.value}.{method.name.value}`, and no method of `{cls.name.value}` runs that op: a "
                    f"base class of another module ({based}) may feed it from its thread, which the feed-thread "
                    "rewrite does not follow (it reads a queue, its enqueue op and its feeding method in one class, "
                    "or in classes of one module); `migrate --to compat` runs it unchanged through the drop-in")))
                continue
            if op is None or not _fed_run(cls, op):
                continue
            why = [_callers(module, cls, method)]
            if id(stmt) in branch:
                why.append(f"its kind is chosen by `if {code(branch[id(stmt)].test).strip()}:` (one queue or "
                           "another, each with its dequeue)")
            args = dict(zip(QUEUE_PARAMS.get(kind, QUEUE_PARAMS["FIFOQueue"]), [a.value for a in call.args
                                                                                 if a.keyword is None]))
            args.update({a.keyword.value: a.value for a in call.args if a.keyword is not None})
            computed = [k for k in ("dtypes", "shapes", "names") if k in args
                        and not isinstance(args[k], (cst.List, cst.Tuple))]
            if computed:
                why.append("its " + "/".join(f"`{k}=`" for k in computed) + " are computed when the graph is built ("
                           + ", ".join(f"`{code(args[k]).strip()}`" for k in computed) + "), so the generator's "
                           "signature is not written in the source")
            fed = _enqueued(values, enqueues[qattr], me)
            if isinstance(fed, cst.Call) and not (index.paths.get(fed) or "").endswith("placeholder"):
                why.append(f"the placeholders it enqueues are made by `{code(fed.func).strip()}(...)`, not by the "
                           "class")
            line = index.lines.get(stmt, 0)
            out.append((line, kind, f"`{me}.{qattr}` (a `{kind}` fed through placeholders by a thread the "
                                    f"program runs) is made in `{method.name.value}`, where the feed-thread rewrite "
                                    "does not follow it: " + "; ".join(why) + "; `migrate --to compat` runs it "
                                    "unchanged through the drop-in"))
    return out


def _placeholders_only(index, module: cst.Module, method: cst.FunctionDef) -> bool:
    """``method`` makes placeholders (what a thread feeds) and the module runs no queue runner (a queue another
    family rewrites)."""
    paths = [index.paths.get(c) or "" for c in nodes_of(module, cst.Call)]
    return any((index.paths.get(c) or "").endswith("placeholder") for c in nodes_of(method, cst.Call)) and \
        not any(p.endswith(("QueueRunner", "add_queue_runner")) for p in paths)


def _imported_bases(module: cst.Module, cls: cst.ClassDef) -> str:
    """```Base` (from `pkg.mod`)`` for each base of ``cls`` that the module imports by name, or ``""``."""
    imported: dict[str, str] = {}
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.ImportFrom) and small.module is not None and not isinstance(
                small.names, cst.ImportStar):
            where = "." * len(small.relative) + module.code_for_node(small.module)
            for alias in small.names:
                name = alias.asname.name.value if alias.asname is not None else module.code_for_node(alias.name)
                imported[name] = where
    said = [f"`{b.value.value}` from `{imported[b.value.value]}`" for b in cls.bases
            if isinstance(b.value, cst.Name) and b.value.value in imported]
    return ", ".join(said)


def _enqueued(values: dict[str, cst.BaseExpression], op: str, me: str) -> cst.BaseExpression | None:
    """What the enqueue op enqueues, followed through the attribute it was given (``self._placeholders_dict``)."""
    call = values.get(op)
    given = call.args[0].value if isinstance(call, cst.Call) and call.args else None
    attr = self_attr(given, me) if given is not None else None
    return values.get(attr) if attr is not None else given


def _fed_run(cls: cst.ClassDef, op: str) -> bool:
    """Some method of ``cls`` runs ``self.op`` with a ``feed_dict``."""
    for call in nodes_of(cls, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value == "run" and len(call.args) >= 2 and \
                isinstance(call.args[0].value, cst.Attribute) and call.args[0].value.attr.value == op and \
                any(a.keyword is None or a.keyword.value == "feed_dict" for a in call.args[1:]):
            return True
    return False


def _callers(module: cst.Module, cls: cst.ClassDef, method: cst.FunctionDef) -> str:
    name = method.name.value
    uses = instance_uses(module, cls, name)
    if not uses:
        return (f"`{name}` is called from no method of `{cls.name.value}` (a subclass's `__init__` in another "
                "module, or another caller), and the rewrite follows a queue its class's own `__init__` makes, or "
                "a method only that `__init__` calls")
    return (f"`{name}` is not a method only `__init__` of `{cls.name.value}` calls (it has {len(uses)} use(s)), "
            "and the rewrite follows a queue its class's own `__init__` makes, or a method only that `__init__` "
            "calls")
