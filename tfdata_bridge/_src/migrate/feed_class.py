"""The feed-thread pattern inside a class (the audio and text readers) -> a generator method.

    class Reader:
        def __init__(self, ...):
            self.ph = tf.placeholder(tf.float32, shape=None)          # one placeholder per component
            self.queue = tf.PaddingFIFOQueue(cap, [tf.float32], shapes=[(None,)])   # or FIFOQueue
            self.enqueue = self.queue.enqueue([self.ph])
        def thread_main(self, sess):                                  # the feeding method
            for ...:
                sess.run(self.enqueue, feed_dict={self.ph: value})
            sess.run(self.queue.close())                              # optional: the end of the data
        def start_threads(self, sess):                                # makes and starts the thread
            thread = threading.Thread(target=self.thread_main, args=(sess,)); thread.start(); ...
            return [thread]
        def dequeue(self, n):
            return self.queue.dequeue_many(n)                         # one dequeue, here or `reader.queue...`

The feeding method becomes a generator method (each enqueue a ``yield``, the close its end) that
``from_generator`` reads; the one dequeue becomes a one-shot iterator over it (``dequeue_many``: batches that
drop a short tail, ``dequeue_up_to``: that keep it, ``padded_batch`` for a ``PaddingFIFOQueue``); the
placeholders, the queue and its enqueue op go from ``__init__``, and the starting method makes no thread and
returns an empty list (its callers' ``coord.join(threads)`` still work). Anything else that touches the queue,
its op or the placeholders is refused, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.compiler import emit
from tfdata_bridge._src.migrate.calls import Refusal, bind_params, is_none
from tfdata_bridge._src.migrate.calls import holder_of, nodes_of
from tfdata_bridge._src.migrate.feed_thread import feed_prefix
from tfdata_bridge._src.migrate.feed_threads import outside_threads

_QUEUES = {"FIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name"),
           "PaddingFIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name")}
_PLACEHOLDER = ("dtype", "shape", "name")
_DEQUEUES = ("dequeue_many", "dequeue_up_to", "dequeue")


@dataclass
class ClassFeed:
    line: int  # the queue's line
    kind: str
    removed: list[cst.CSTNode] = field(default_factory=list)
    replaced: dict[cst.CSTNode, list[cst.BaseStatement]] = field(default_factory=dict)
    comment: str = ""



def _self_attr(node: cst.CSTNode, self_name: str) -> str | None:
    """``attr`` for ``self.attr``."""
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == self_name:
        return node.attr.value
    return None


def _self_assign(stmt: cst.CSTNode, self_name: str) -> tuple[str, cst.BaseExpression] | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1:
        attr = _self_attr(stmt.body[0].targets[0].target, self_name)
        if attr is not None:
            return attr, stmt.body[0].value
    return None


def _methods(cls: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    return {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}


def _attr_uses(node: cst.CSTNode, attr: str) -> list[cst.Attribute]:
    found: list[cst.Attribute] = []

    class _V(cst.CSTVisitor):
        def visit_Attribute(self, n: cst.Attribute) -> None:
            if n.attr.value == attr:
                found.append(n)

    node.visit(_V())
    return found




def class_feeds(module: cst.Module, index, code, v1_default: str) -> list[tuple[int, str, ClassFeed | Refusal]]:
    """One (line, queue kind, plan or refusal) per class whose ``__init__`` makes a fed queue."""
    out = []
    for cls in [s for s in module.body if isinstance(s, cst.ClassDef)]:
        init = _methods(cls).get("__init__")
        if init is None or not init.params.params or not isinstance(init.body, cst.IndentedBlock):
            continue
        self_name = init.params.params[0].name.value
        for stmt in init.body.body:
            found = _self_assign(stmt, self_name)
            if found is None or not isinstance(found[1], cst.Call):
                continue
            path = index.paths.get(found[1]) or ""
            kind = path.rsplit(".", 1)[-1]
            if kind not in _QUEUES or path not in (kind, f"queue.{kind}", f"io.{kind}"):
                continue
            line = index.lines.get(stmt, 0)
            try:
                v1 = feed_prefix(index, found[1], v1_default, index.tf_aliases)
                if not v1:
                    raise Refusal("the queue is not spelled through a `tensorflow` module alias")
                plan = _plan(module, index, code, cls, init, self_name, stmt, found[0], found[1], kind, v1)
                plan.line = line
                out.append((line, kind, plan))
            except Refusal as exc:
                out.append((line, kind, exc))
    return out


def _plan(module, index, code, cls: cst.ClassDef, init: cst.FunctionDef, self_name: str,
          qstmt: cst.SimpleStatementLine, qattr: str, qcall: cst.Call, kind: str, v1: str) -> ClassFeed:
    args = bind_params(qcall, _QUEUES[kind], kind)
    for bad in ("names", "shared_name"):
        if not is_none(args.get(bad)):
            raise Refusal(f"the queue has {bad}=; not rewritten")
    dtypes = args.get("dtypes")
    if not isinstance(dtypes, (cst.List, cst.Tuple)):
        raise Refusal("the queue's dtypes are not a literal list")
    plan = ClassFeed(0, kind, removed=[qstmt])
    methods = _methods(cls)
    # __init__: the enqueue op (and a close op) of the queue, and the placeholders it enqueues
    enqueue_attr = close_attr = None
    items = None
    placeholders: dict[str, cst.SimpleStatementLine] = {}
    for stmt in init.body.body:
        found = _self_assign(stmt, self_name)
        if found is None or stmt is qstmt:
            continue
        attr, value = found
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                and _self_attr(value.func.value, self_name) == qattr:
            method = value.func.attr.value
            if method == "enqueue" and enqueue_attr is None and len(value.args) == 1:
                enqueue_attr, items = attr, value.args[0].value
                plan.removed.append(stmt)
            elif method == "close" and close_attr is None:
                close_attr = attr
                plan.removed.append(stmt)
            else:
                raise Refusal(f"`{self_name}.{qattr}.{method}` in `__init__` is not part of the feed-thread pattern")
        elif isinstance(value, cst.Call) and (index.paths.get(value) or "").rsplit(".", 1)[-1] == "placeholder":
            placeholders[attr] = stmt
    if enqueue_attr is None or not isinstance(items, (cst.List, cst.Tuple)):
        raise Refusal(f"`__init__` makes no `{self_name}.{qattr}.enqueue([placeholders])`")
    fed = [_self_attr(e.value, self_name) for e in items.elements]
    if None in fed or any(f not in placeholders for f in fed) or len(fed) != len(dtypes.elements):
        raise Refusal("the enqueue op does not take one placeholder attribute per queue component")
    plan.removed += [placeholders[f] for f in fed]  # type: ignore[index]
    shapes = []
    qshapes = args.get("shapes")
    for j, f in enumerate(fed):
        pargs = bind_params(placeholders[f].body[0].value, _PLACEHOLDER, "placeholder")  # type: ignore[index]
        if isinstance(qshapes, (cst.List, cst.Tuple)) and len(qshapes.elements) == len(fed):
            shapes.append(code(qshapes.elements[j].value))
        elif not is_none(pargs.get("shape")):
            shapes.append(code(pargs["shape"]))
        else:
            raise Refusal("neither the queue nor the placeholder gives a shape")
    if kind == "PaddingFIFOQueue" and not isinstance(qshapes, (cst.List, cst.Tuple)):
        raise Refusal("the PaddingFIFOQueue's shapes are not a literal list")
    # the feeding method: runs the enqueue op with the placeholders fed, once in its loop
    feeders = [m for m in methods.values() if m is not init and _attr_uses(m, enqueue_attr)]
    if len(feeders) != 1:
        raise Refusal(f"`{self_name}.{enqueue_attr}` is not run by exactly one method")
    feeder = feeders[0]
    params = feeder.params
    if len(params.params) != 2 or not isinstance(params.star_arg, cst.MaybeSentinel) or params.kwonly_params \
            or params.star_kwarg is not None or params.posonly_params or feeder.decorators:
        raise Refusal(f"the feeding method `{feeder.name.value}` does not take just the session")
    me, sess = params.params[0].name.value, params.params[1].name.value
    rewriter = _ToGenerator(me, sess, enqueue_attr, close_attr, qattr, [f for f in fed if f], code)
    body = feeder.body.visit(rewriter)
    if rewriter.refusal:
        raise Refusal(rewriter.refusal)
    if rewriter.yields != 1:
        raise Refusal(f"`{feeder.name.value}` must run the enqueue once in its loop")
    if rewriter.closes and not rewriter.closed_last:
        raise Refusal(f"`{feeder.name.value}` runs something after closing the queue")
    generator = feeder.with_changes(params=params.with_changes(params=[params.params[0].with_changes(
        comma=cst.MaybeSentinel.DEFAULT)]), body=body)
    plan.replaced[feeder] = [generator]
    # the starting method: makes the thread whose target is the feeding method
    starters = [m for m in methods.values() if m is not feeder and _attr_uses(m, feeder.name.value)]
    inside = {id(a) for s in starters for a in _attr_uses(s, feeder.name.value)}
    elsewhere = [a for a in _attr_uses(module, feeder.name.value) if id(a) not in inside]
    if not starters and elsewhere:  # ``threading.Thread(target=reader.feed, args=(sess,))`` outside the class
        plan.removed += outside_threads(index, module, cls, feeder.name.value, elsewhere, code)
        starter = None
    elif len(starters) != 1 or elsewhere:
        raise Refusal(f"`{feeder.name.value}` is not the target of a thread made in one method of the class")
    else:
        starter = _starter(index, module, plan, feeder, starters[0])

    # every other use of the queue, its ops and placeholders: the one dequeue, nothing else
    dequeues = []
    for attr in [qattr, enqueue_attr, *([close_attr] if close_attr else []), *[f for f in fed if f]]:
        for use in _instance_uses(module, cls, attr):
            if any(use in _attr_uses(s, attr) for s in [*plan.removed, feeder]):
                continue
            stop = holder_of(nodes_of(module, cst.SimpleStatementLine), use)
            if stop is not None and attr in (qattr, close_attr) and _runs_close(stop, use, attr == qattr):  # a ``stop`` method's close: goes
                plan.removed.append(stop)
                continue
            if attr == qattr:
                dequeues.append(use)
                continue
            raise Refusal(f"`{attr}` is used beyond the queue's feeding method")
    if len(dequeues) != 1:
        raise Refusal(f"`{qattr}` is read by {len(dequeues)} statements; the rewrite needs one dequeue")
    use = dequeues[0]
    dstmt = holder_of(nodes_of(module, cst.SimpleStatementLine), use)
    small = dstmt.body[0] if dstmt is not None and len(dstmt.body) == 1 else None
    call = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.value is use
            and call.func.attr.value in _DEQUEUES):
        raise Refusal(f"`{qattr}` is read other than by one `dequeue_many(n)`, `dequeue_up_to(n)` or `dequeue()`")
    if any(dstmt in nodes_of(m, cst.SimpleStatementLine) for m in (feeder, starter) if m is not None):
        raise Refusal("the queue is dequeued in its feeding or starting method")
    owner = use.value  # ``self`` in a method, or an instance name outside the class
    if not isinstance(owner, cst.Name):
        raise Refusal("the queue is read through an expression the rewrite cannot follow")
    if not _owner_is_instance(module, cls, dstmt, owner.value):
        raise Refusal(f"`{owner.value}` is not known to be a `{cls.name.value}`")
    method = call.func.attr.value
    specs = [emit.tensor_spec(v1, shape, code(d.value)) for shape, d in zip(shapes, dtypes.elements)]
    head = emit.generator_source(v1, f"{owner.value}.{feeder.name.value}", specs, len(specs) == 1, None)
    steps = []
    if method != "dequeue":
        if len(call.args) != 1:
            raise Refusal(f"`{method}` without its count")
        steps.append(emit.batch_step(code(call.args[0].value), method == "dequeue_many", kind == "PaddingFIFOQueue"))
    steps.append(emit.prefetch_step(v1))
    get_next = emit.one_shot_get_next(v1, emit.chain(head, steps))
    plan.comment = (f"tfdata-bridge migrate: the feed thread's {kind} rewritten to tf.data; `{feeder.name.value}` "
                    "is a generator (each enqueue a yield, the close its end), read in its own order")
    new = dstmt.with_changes(body=[small.with_changes(value=cst.parse_expression(get_next))],
                             leading_lines=[*dstmt.leading_lines, *[cst.EmptyLine(comment=cst.Comment(c))
                                                                    for c in _wrap(plan.comment)]])
    plan.replaced[dstmt] = [new]
    return plan


def _starter(index, module, plan: ClassFeed, feeder: cst.FunctionDef, starter: cst.FunctionDef) -> cst.FunctionDef:
    """The class's method that makes the feeding thread: it makes none now and returns ``[]``."""
    if not any(c in index.threads for c in nodes_of(starter, cst.Call)):
        raise Refusal(f"`{starter.name.value}` does not make a `threading.Thread`")
    if any(c not in index.threads and (index.paths.get(c) or "") for c in nodes_of(starter, cst.Call)):
        raise Refusal(f"`{starter.name.value}` does more than start the feeding thread")
    _one_thread(module, starter)
    # (what they name, ``threading`` included, is then unused)
    plan.removed += nodes_of(starter, cst.SimpleStatementLine)
    plan.replaced[starter] = [starter.with_changes(body=cst.IndentedBlock(body=[
        cst.SimpleStatementLine([cst.Return(cst.List([]))],
                                leading_lines=[cst.EmptyLine(comment=cst.Comment(
                                    f"# tfdata-bridge migrate: no thread: `{feeder.name.value}` is read by "
                                    f"tf.data"))])]))]
    return starter


def _runs_close(stmt: cst.SimpleStatementLine, use: cst.Attribute, inline: bool) -> bool:
    """``sess.run(self.close_op)`` / ``sess.run(self.queue.close(...))``: the queue's close run on the way out
    (a ``stop`` method): the generator ends the data by itself."""
    small = stmt.body[0] if len(stmt.body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "run"
            and len(call.args) == 1):
        return False
    op = call.args[0].value
    if inline:
        return isinstance(op, cst.Call) and isinstance(op.func, cst.Attribute) and op.func.value is use \
            and op.func.attr.value == "close"
    return op is use


def _one_thread(module: cst.Module, starter: cst.FunctionDef) -> None:
    """The starter makes one thread: none of its loops, or ``for _ in range(n)`` where ``n`` is 1 at every call
    (a parameter defaulting to 1 that no caller passes). ``k`` threads each running the whole feeding loop and
    closing the queue race to close it: what legacy delivers then is not a fixed multiset."""
    for loop in nodes_of(starter, cst.For):
        it = loop.iter
        count = it.args[0].value if isinstance(it, cst.Call) and isinstance(it.func, cst.Name) \
            and it.func.value == "range" and len(it.args) == 1 else None
        if isinstance(count, cst.Integer) and count.value == "1":
            continue
        params = [p.name.value for p in starter.params.params]
        if isinstance(count, cst.Name) and count.value in params:
            param = starter.params.params[params.index(count.value)]
            position = params.index(count.value) - 1  # (``self`` is not passed at a call)
            calls = [c for c in nodes_of(module, cst.Call) if isinstance(c.func, cst.Attribute)
                     and c.func.attr.value == starter.name.value]
            if isinstance(param.default, cst.Integer) and param.default.value == "1" and all(
                    len([a for a in c.args if a.keyword is None]) <= position
                    and not any(a.keyword is not None and a.keyword.value == count.value for a in c.args)
                    and not any(a.star for a in c.args) for c in calls):
                continue
        raise Refusal(f"`{starter.name.value}` starts its threads in a loop whose count is not 1 at every call; "
                      "several threads each running the feeding loop are not rewritten in a class")


def _instance_uses(module: cst.Module, cls: cst.ClassDef, attr: str) -> list[cst.Attribute]:
    """The ``X.attr`` of ``module`` that may be the class's own attribute: ``self.attr`` in one of its methods,
    ``obj.attr`` on a name that is not provably something else (``sess.close()`` of ``sess = tf.Session()`` is
    not the reader's ``close`` op)."""
    inside = {id(a): m for m in _methods(cls).values() for a in _attr_uses(m, attr)}
    assigned: dict[str, list[cst.BaseExpression]] = {}
    for stmt in nodes_of(module, cst.Assign):
        for t in stmt.targets:
            if isinstance(t.target, cst.Name):
                assigned.setdefault(t.target.value, []).append(stmt.value)
    for item in nodes_of(module, cst.WithItem):
        if item.asname is not None and isinstance(item.asname.name, cst.Name):
            assigned.setdefault(item.asname.name.value, []).append(item.item)
    out = []
    for use in _attr_uses(module, attr):
        owner = use.value
        if id(use) in inside:
            method = inside[id(use)]
            mine = bool(method.params.params) and isinstance(owner, cst.Name) \
                and owner.value == method.params.params[0].name.value
            if mine or not isinstance(owner, cst.Name):
                out.append(use)
                continue
        if isinstance(owner, cst.Name) and owner.value in assigned and not any(
                isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and v.func.value == cls.name.value
                for v in assigned[owner.value]):
            continue  # a name only ever bound to other things
        out.append(use)
    return out


def _owner_is_instance(module: cst.Module, cls: cst.ClassDef, at: cst.SimpleStatementLine, name: str) -> bool:
    """``name`` at ``at`` is the class's own ``self`` (in one of its methods) or assigned once ``Cls(...)``."""
    for m in _methods(cls).values():
        if at in nodes_of(m, cst.SimpleStatementLine):
            return bool(m.params.params) and m.params.params[0].name.value == name
    lines = nodes_of(module, cst.SimpleStatementLine)
    made = [s for s in lines if len(s.body) == 1 and isinstance(s.body[0], cst.Assign)
            and any(isinstance(t.target, cst.Name) and t.target.value == name for t in s.body[0].targets)]
    return len(made) == 1 and isinstance(made[0].body[0].value, cst.Call) and \
        isinstance(made[0].body[0].value.func, cst.Name) and made[0].body[0].value.func.value == cls.name.value



def _wrap(comment: str, width: int = 100) -> list[str]:
    words, lines, line = comment.split(" "), [], "#"
    for word in words:
        if len(line) + 1 + len(word) > width and line != "#":
            lines.append(line)
            line = "#"
        line += " " + word
    return [*lines, line]


class _ToGenerator(cst.CSTTransformer):
    """``sess.run(self.E, feed_dict={self.P: v, ...})`` -> ``yield v``; ``sess.run(self.Q.close())`` goes."""

    def __init__(self, me: str, sess: str, enqueue: str, close: str | None, queue: str, fed: list[str], code):
        super().__init__()
        self.me, self.sess, self.enqueue, self.close, self.queue, self.fed = me, sess, enqueue, close, queue, fed
        self.code = code
        self.yields = 0
        self.closes = 0
        self.closed_last = False
        self.refusal = ""

    def _is_close(self, op: cst.BaseExpression) -> bool:
        if self.close is not None and _self_attr(op, self.me) == self.close:
            return True
        return isinstance(op, cst.Call) and not op.args and isinstance(op.func, cst.Attribute) \
            and op.func.attr.value == "close" and _self_attr(op.func.value, self.me) == self.queue

    def leave_SimpleStatementLine(self, original, updated):
        small = original.body[0] if len(original.body) == 1 else None
        call = small.value if isinstance(small, cst.Expr) else None
        runs = isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
            call.func.attr.value == "run" and isinstance(call.func.value, cst.Name) and \
            call.func.value.value == self.sess
        if not runs:
            if any(isinstance(n, cst.Name) and n.value == self.sess for n in nodes_of(original, cst.Name)):
                self.refusal = f"the feeding method uses the session `{self.sess}` for more than the enqueue"
            return updated
        if not call.args:
            self.refusal = "the feeding method runs nothing it names"
            return updated
        op = call.args[0].value
        if self._is_close(op) and len(call.args) == 1:
            self.closes += 1
            self.closed_last = True
            return cst.RemovalSentinel.REMOVE
        feed = call.args[1].value if len(call.args) == 2 and (call.args[1].keyword is None or
                                                              call.args[1].keyword.value == "feed_dict") else None
        if _self_attr(op, self.me) != self.enqueue or not isinstance(feed, cst.Dict):
            self.refusal = "the feeding method runs something other than the enqueue (with a feed_dict) and close"
            return updated
        values = {}
        for el in feed.elements:
            key = _self_attr(el.key, self.me) if isinstance(el, cst.DictElement) else None
            if key is None:
                self.refusal = "the feed_dict is not keyed by the placeholder attributes"
                return updated
            values[key] = el.value
        if set(values) != set(self.fed):
            self.refusal = "the feed_dict does not feed exactly the enqueued placeholders"
            return updated
        self.yields += 1
        self.closed_last = False
        parts = [values[p] for p in self.fed]
        value = parts[0] if len(parts) == 1 else cst.Tuple([cst.Element(v) for v in parts])
        return updated.with_changes(body=[cst.Expr(cst.Yield(value=value))])
