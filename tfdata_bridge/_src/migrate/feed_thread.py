"""The feed-thread pattern -> a generator made from the feeding loop.

Recognised only in this shape, everything in one block except the feeding function's body:

    x = tf.placeholder(tf.float32, [3])                 # one placeholder per queue component
    queue = tf.FIFOQueue(capacity, dtypes, shapes=...)  # FIFO: the order is the feeder's
    enqueue_op = queue.enqueue([x, ...])
    close_op = queue.close()                            # optional
    batch = queue.dequeue_many(n)                       # or dequeue_up_to(n), or dequeue()

    def feed(sess):                                     # its only use of the session: that enqueue, then close
        for ...:
            sess.run(enqueue_op, feed_dict={x: value, ...})
        sess.run(close_op)

    thread = threading.Thread(target=feed, args=(sess,)); thread.start(); ...; thread.join()

The feeding function becomes a generator (each enqueue a ``yield``, the close its end), read by
``from_generator``; the thread goes. The queue's own end-of-data rules carry over: ``dequeue_many`` drops a
short tail (``drop_remainder=True``), ``dequeue_up_to`` keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.compiler import emit
from tfdata_bridge._src.migrate.calls import Refusal, bind_params, is_none, target_names
from tfdata_bridge._src.migrate.feed_coord import DropChecks, coordinator_params
from tfdata_bridge._src.migrate.feed_threads import _is_close_call, _runs_close_of, _session_of, thread_plumbing

_QUEUE_PARAMS = {
    "FIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name"),
    "PaddingFIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name"),
    "RandomShuffleQueue": ("capacity", "min_after_dequeue", "dtypes", "shapes", "names", "seed", "shared_name",
                           "name"),
}
_PLACEHOLDER_PARAMS = ("dtype", "shape", "name")


def feed_queue_kind(api: str | None) -> str | None:
    """``"FIFOQueue"`` for ``FIFOQueue`` / ``queue.FIFOQueue`` / ``io.FIFOQueue`` (and the other kinds fed by threads)."""
    kind = (api or "").rsplit(".", 1)[-1]
    return kind if kind in _QUEUE_PARAMS and api in (kind, f"queue.{kind}", f"io.{kind}") else None


def feed_prefix(index, call: cst.Call, v1_default: str, aliases: dict[str, str]) -> str:
    """How to spell ``tensorflow.compat.v1``: the queue's own prefix where it names that module (an import or a
    module-level alias of it), else the module's import (``tf.queue.X`` after ``import tensorflow as tf`` is TF2's
    root; ``data_flow_ops.FIFOQueue`` a private module)."""
    prefix = index.v1.get(call) or ""
    if prefix and (prefix == v1_default or prefix.endswith(".compat.v1")
                   or aliases.get(prefix) == "tensorflow.compat.v1"):
        return prefix
    return v1_default or prefix


@dataclass
class FeedPlan:
    removed: list[cst.CSTNode] = field(default_factory=list)
    replace_at: cst.SimpleStatementLine | None = None
    new: list[cst.BaseStatement] = field(default_factory=list)
    comment: str = ""



def _method_call(stmt: cst.CSTNode, obj: str) -> tuple[str, cst.Call, list[str] | None] | None:
    """(method, call, assigned names) for ``[names =] obj.method(...)`` statements."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return None
    small = stmt.body[0]
    value = small.value if isinstance(small, (cst.Assign, cst.Expr)) else None
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
            and isinstance(value.func.value, cst.Name) and value.func.value.value == obj):
        return None
    names = target_names(small.targets[0].target) if isinstance(small, cst.Assign) and len(small.targets) == 1 \
        else None
    if isinstance(small, cst.Assign) and names is None:
        return None
    return value.func.attr.value, value, names


class FeedFinder:
    """``index`` is to_tfdata's index: ``paths`` (Call -> TensorFlow path), ``refs`` (name -> Name nodes),
    ``blocks`` (statement lists), ``threads`` (calls of ``threading.Thread``)."""

    def __init__(self, index, code, v1: str, fresh) -> None:
        self.index = index
        self.code = code
        self.v1 = v1
        self.fresh = fresh
        self._ids: dict[int, set[int]] = {}
        self.fed = False  # the queue's enqueue takes placeholders: a refusal is then worth saying

    def _holder(self, ref: cst.Name) -> tuple[list[cst.BaseStatement], cst.BaseStatement]:
        """The (block, statement) whose small statement holds ``ref``, innermost first."""
        best = None
        for body in self.index.blocks:
            for stmt in body:
                key = id(stmt)
                if key not in self._ids:
                    self._ids[key] = _name_ids(stmt)
                if id(ref) in self._ids[key] and (best is None or len(self._ids[key]) < len(self._ids[id(best[1])])):
                    best = (body, stmt)
        assert best is not None
        return best

    def _uses(self, name: str, definition: cst.CSTNode) -> list[tuple[list[cst.BaseStatement], cst.BaseStatement]]:
        def_ids = _name_ids(definition) if isinstance(definition, cst.SimpleStatementLine) else {id(definition)}
        return [self._holder(r) for r in self.index.refs.get(name, []) if id(r) not in def_ids]

    def plan(self, body: list[cst.BaseStatement], i: int, queue: str, call: cst.Call, kind: str = "FIFOQueue",
             module: cst.Module | None = None) -> FeedPlan:
        qstmt = body[i]
        args = bind_params(call, _QUEUE_PARAMS.get(kind, _QUEUE_PARAMS["FIFOQueue"]), kind)
        for bad in ("names", "shared_name"):
            if not is_none(args.get(bad)):
                raise Refusal(f"the queue has {bad}=; not rewritten")
        dtypes = args.get("dtypes")
        if not isinstance(dtypes, (cst.List, cst.Tuple)):
            raise Refusal("the queue's dtypes are not a literal list")
        plan = FeedPlan(removed=[qstmt])
        enqueue = dequeue = None
        many = False
        close_ops: list[str] = []
        close_runs: list[cst.SimpleStatementLine] = []  # ``sess.run(queue.close(...))``
        for _, stmt in self._uses(queue, qstmt) if module is not None else ():
            if sub := _thread_subclass_given(module, stmt, queue):
                raise Refusal(f"`{queue}` is handed to `{sub}`, a `threading.Thread` subclass whose `run` feeds it: "
                              "not rewritten yet; `--fallback compat` runs it through the drop-in")
        for _, stmt in self._uses(queue, qstmt):
            hit = _method_call(stmt, queue)
            if hit is None and _runs_close_of(stmt, queue):
                close_runs.append(stmt)
                continue
            if hit is None:
                raise Refusal(f"`{queue}` is used other than by enqueue, close and one dequeue")
            method, mcall, names = hit
            if method in ("enqueue", "enqueue_many") and enqueue is None and names and len(names) == 1:
                enqueue = (stmt, mcall, names[0])
                many = method == "enqueue_many"
            elif method == "close" and names and len(names) == 1:
                close_ops.append(names[0])
                plan.removed.append(stmt)
            elif method in ("dequeue_many", "dequeue_up_to", "dequeue") and dequeue is None and names:
                dequeue = (stmt, method, mcall)
            else:
                raise Refusal(f"`{queue}.{method}` is not part of the feed-thread pattern the rewrite knows")
        if enqueue is None or dequeue is None or dequeue[0] not in body:
            raise Refusal("the queue needs one `enqueue` and one dequeue in the same block")
        estmt, ecall, enqueue_op = enqueue
        plan.removed.append(estmt)
        items = ecall.args[0].value if len(ecall.args) == 1 and ecall.args[0].keyword is None else None
        self.list_name = None
        if isinstance(items, cst.Name):  # inputs = [x, y]; queue.enqueue(inputs)
            lists = [st for st in body if isinstance(st, cst.SimpleStatementLine) and len(st.body) == 1
                     and isinstance(st.body[0], cst.Assign) and _assigned(st) == [items.value]]
            if len(lists) == 1 and isinstance(lists[0].body[0].value, (cst.List, cst.Tuple)):
                self.list_name = items.value
                plan.removed.append(lists[0])
                items = lists[0].body[0].value
        if not isinstance(items, (cst.List, cst.Tuple)) or not all(isinstance(e.value, cst.Name) for e in items.elements):
            raise Refusal("enqueue does not take a literal list of placeholders")
        placeholders = [e.value.value for e in items.elements]
        if len(placeholders) != len(dtypes.elements):
            raise Refusal("enqueue's list does not have one placeholder per queue component")
        shapes = self._shapes(args, placeholders, body, plan, many)
        self.fed = True  # from here on, a refusal is about a feed-thread queue
        if kind == "PaddingFIFOQueue" and not isinstance(args.get("shapes"), (cst.List, cst.Tuple)):
            raise Refusal("the PaddingFIFOQueue's shapes are not a literal list")
        source, extra = self._generator(enqueue_op, close_ops, queue, close_runs, placeholders, body, plan, module)
        dstmt, method, dcall = dequeue
        v1 = self.v1
        specs = [emit.tensor_spec(v1, shape, self.code(d.value)) for shape, d in zip(shapes, dtypes.elements)]
        head = emit.generator_source(v1, source, specs, len(specs) == 1, None)
        steps = ["unbatch()"] if many else []  # each enqueue_many a batch; the queue holds its elements
        each = "each enqueue_many a yield of a batch, unbatched" if many else "each enqueue a yield"
        comment = ("tfdata-bridge migrate: the feed thread's queue rewritten to tf.data; the feeding loop is a "
                   f"generator ({each}, the close its end), read in its own order")
        if kind == "RandomShuffleQueue":
            seed = None if is_none(args.get("seed")) else self.code(args["seed"])
            steps.append(emit.shuffle_step(self.code(args["capacity"]), seed))
            mad = self.code(args["min_after_dequeue"]) if args.get("min_after_dequeue") is not None else "0"
            comment = ("tfdata-bridge migrate: the feed thread's RandomShuffleQueue rewritten to tf.data; the "
                       f"feeding loop is a generator ({each}, the close its end) mixed by "
                       f"shuffle(capacity): the same elements; legacy held {mad} back (min_after_dequeue) "
                       "until the close, tf.data's buffer does so until the generator ends")
        if method != "dequeue":
            n = self.code(dcall.args[0].value) if dcall.args else None
            if n is None:
                raise Refusal(f"`{method}` without its count")
            steps.append(emit.batch_step(n, method == "dequeue_many", kind == "PaddingFIFOQueue"))
        steps.append(emit.prefetch_step(v1))
        dataset = self.fresh("dataset")
        dataset_assign = cst.parse_statement(f"{dataset} = {emit.chain(head, steps)}\n")
        small = dstmt.body[0]
        plan.replace_at = dstmt
        blank = [cst.EmptyLine(indent=False)]
        extra = [extra[0], *[e.with_changes(leading_lines=blank) for e in extra[1:]]]
        plan.new = [*extra, dataset_assign.with_changes(leading_lines=blank),
                    dstmt.with_changes(body=[small.with_changes(value=cst.parse_expression(
                        emit.one_shot_get_next(v1, dataset)))], leading_lines=())]
        plan.comment = comment
        return plan

    def _shapes(self, args, placeholders: list[str], body, plan: FeedPlan, many: bool = False) -> list[str]:
        """The generator's shapes: an element's, or for ``enqueue_many`` a batch's (the leading dimension None)."""
        qshapes = args.get("shapes")
        shapes: list[str] = []
        for j, name in enumerate(placeholders):
            defs = [s for s in body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
                    and isinstance(s.body[0], cst.Assign) and target_names(s.body[0].targets[0].target) == [name]]
            if len(defs) != 1 or self.index.paths.get(defs[0].body[0].value, "") not in ("placeholder",):
                raise Refusal(f"`{name}` is not a `placeholder` made once in the same block")
            plan.removed.append(defs[0])
            pargs = bind_params(defs[0].body[0].value, _PLACEHOLDER_PARAMS, "placeholder")
            if isinstance(qshapes, (cst.List, cst.Tuple)):
                shape = qshapes.elements[j].value
                if not many:
                    shapes.append(self.code(shape))
                elif isinstance(shape, (cst.List, cst.Tuple)):
                    shapes.append("[" + ", ".join(["None", *[self.code(e.value) for e in shape.elements]]) + "]")
                else:
                    shapes.append(f"[None, *{self.code(shape)}]")
            elif not is_none(pargs.get("shape")):  # (for enqueue_many, the placeholder's shape is a batch's)
                shapes.append(self.code(pargs["shape"]))
            else:
                raise Refusal("neither the queue nor the placeholder gives a shape")
        return shapes

    def _generator(self, enqueue_op: str, close_ops: list[str], queue: str, close_runs, placeholders: list[str],
                   body, plan: FeedPlan, module):
        """(the generator's source text, statements to put before the dataset)."""
        uses = self._uses(enqueue_op, next(s for s in plan.removed if isinstance(s, cst.SimpleStatementLine)
                                           and enqueue_op in _assigned(s)))
        fns = [s for s in body if isinstance(s, cst.FunctionDef)]
        holder = [f for f in fns if any(id(st) in _stmt_ids(f) for _, st in uses)]
        if len(uses) != 1 or len(holder) != 1:
            raise Refusal("the enqueue op is not run by exactly one feeding function in the same block")
        fn = holder[0]
        params = fn.params
        if not isinstance(params.star_arg, cst.MaybeSentinel) or params.kwonly_params \
                or params.star_kwarg is not None or params.posonly_params or fn.decorators:
            raise Refusal(f"the feeding function `{fn.name.value}` takes *args, **kwargs or keyword-only parameters")
        sess = _session_of(uses[0][1], enqueue_op)
        if sess is None:
            raise Refusal("the enqueue op is run other than by `<session>.run(enqueue_op, feed_dict={...})`")
        names = [p.name.value for p in params.params]
        is_close = lambda op: (isinstance(op, cst.Name) and op.value in close_ops) or _is_close_call(op, queue)  # noqa: E731
        rewriter = _ToGenerator(sess, enqueue_op, is_close, placeholders, self.list_name)
        new_body = fn.body.visit(rewriter)
        if rewriter.refusal:
            raise Refusal(rewriter.refusal)
        if rewriter.yields != 1 or (rewriter.closes and not rewriter.closed_last):
            raise Refusal(f"`{fn.name.value}` must run the enqueue once in its loop and close the queue last")
        plan.removed.append(fn)
        coords = coordinator_params(fn, sess)
        if coords:
            new_body = new_body.visit(DropChecks(coords))
        drop = [j for j, n in enumerate(names) if n == sess or n in coords]
        new_params = [p for p in params.params if p.name.value != sess and p.name.value not in coords]
        if new_params:
            new_params[-1] = new_params[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        generator = fn.with_changes(params=params.with_changes(params=new_params), body=new_body, leading_lines=())
        threads = thread_plumbing(self, fn, drop, body, module, close_ops, queue, close_runs, plan)
        if rewriter.closes and threads.count > 1:
            raise Refusal(f"each of the threads running `{fn.name.value}` closes the queue; which one's data "
                          "legacy delivers is a race, not rewritten")
        for name in placeholders + close_ops + ([self.list_name] if self.list_name else []):
            for r in self.index.refs.get(name, []):
                if id(r) not in _stmt_ids(fn) and not any(id(r) in _name_ids(s) for s in plan.removed):
                    raise Refusal(f"`{name}` is used outside the queue and its feeding function")
        if threads.single_plain:
            return fn.name.value, [generator]
        all_name = self.fresh(f"{fn.name.value}_threads")
        lines = "".join(threads.lines)
        extra = cst.parse_statement(f"def {all_name}():\n{lines}")
        return all_name, [generator, extra]


class _ToGenerator(cst.CSTTransformer):
    """``sess.run(enqueue_op, feed_dict={x: v, ...})`` -> ``yield v``; a run of the queue's close goes."""

    def __init__(self, sess: str, enqueue_op: str, is_close, placeholders: list[str],
                 list_name: str | None = None) -> None:
        super().__init__()
        self.sess, self.enqueue_op, self.is_close, self.placeholders = sess, enqueue_op, is_close, placeholders
        self.list_name = list_name
        self.yields = 0
        self.closes = 0
        self.closed_last = False
        self.refusal = ""

    def leave_SimpleStatementLine(self, original, updated):
        hit = _method_call(original, self.sess)
        if hit is None:
            if self.sess in _names(original):
                self.refusal = f"the feeding function uses the session `{self.sess}` for more than the enqueue"
            return updated
        method, call, names = hit
        args = call.args
        if method != "run" or names or not args:
            self.refusal = f"the feeding function runs `{self.sess}.{method}` beyond the enqueue and close"
            return updated
        if self.is_close(args[0].value) and len(args) == 1:
            self.closes += 1
            self.closed_last = True
            return cst.RemovalSentinel.REMOVE
        op = args[0].value.value if isinstance(args[0].value, cst.Name) else None
        if op is None:
            self.refusal = f"the feeding function runs `{self.sess}.run` beyond the enqueue and close"
            return updated
        feed = args[1].value if len(args) == 2 and (args[1].keyword is None or args[1].keyword.value == "feed_dict") \
            else None
        zipped = _zipped(feed, self.placeholders, self.list_name)
        if op == self.enqueue_op and zipped is not None:  # feed_dict=dict(zip([x, y], values)): values in order
            self.yields += 1
            self.closed_last = False
            n = len(self.placeholders)
            if isinstance(zipped, (cst.List, cst.Tuple)) and len(zipped.elements) == n \
                    and not any(isinstance(e, cst.StarredElement) for e in zipped.elements):
                value = cst.Tuple([cst.Element(e.value) for e in zipped.elements])
            else:  # (zip stops at the shorter: values beyond the placeholders were never fed)
                value = cst.parse_expression(f"tuple({cst.Module([]).code_for_node(zipped)})[:{n}]")
            return updated.with_changes(body=[cst.Expr(cst.Yield(value=value))])
        if op != self.enqueue_op or not isinstance(feed, cst.Dict):
            self.refusal = "the feeding function runs something other than the enqueue (with a feed_dict) and close"
            return updated
        values = {}
        for el in feed.elements:
            if not (isinstance(el, cst.DictElement) and isinstance(el.key, cst.Name)):
                self.refusal = "the feed_dict is not keyed by the placeholders"
                return updated
            values[el.key.value] = el.value
        if set(values) != set(self.placeholders):
            self.refusal = "the feed_dict does not feed exactly the enqueued placeholders"
            return updated
        self.yields += 1
        self.closed_last = False
        parts = [values[p] for p in self.placeholders]
        value = parts[0] if len(parts) == 1 else cst.Tuple([cst.Element(v) for v in parts])
        return updated.with_changes(body=[cst.Expr(cst.Yield(value=value))])


def _thread_subclass_given(module: cst.Module, stmt: cst.CSTNode, queue: str) -> str | None:
    """The name of a ``threading.Thread`` subclass of the module that ``stmt`` hands ``queue`` to, if any."""
    subs = {c.name.value for c in module.body if isinstance(c, cst.ClassDef) and any(
        (isinstance(b.value, cst.Attribute) and b.value.attr.value == "Thread")
        or (isinstance(b.value, cst.Name) and b.value.value == "Thread") for b in c.bases)}
    for call in (n for n in _walk(stmt) if isinstance(n, cst.Call)):
        if isinstance(call.func, cst.Name) and call.func.value in subs and any(
                isinstance(a.value, cst.Name) and a.value.value == queue for a in call.args):
            return call.func.value
    return None


def _walk(node: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []

    class _V(cst.CSTVisitor):
        def on_visit(self, n: cst.CSTNode) -> bool:
            found.append(n)
            return True

    node.visit(_V())
    return found


def _zipped(feed, placeholders: list[str], list_name: str | None) -> cst.BaseExpression | None:
    """``values`` for ``dict(zip(KEYS, values))`` whose KEYS are the placeholders in the enqueue's order (a literal
    list, or the name of the list the enqueue took); several placeholders only (one would yield a 1-tuple)."""
    if not (isinstance(feed, cst.Call) and isinstance(feed.func, cst.Name) and feed.func.value == "dict"
            and len(feed.args) == 1 and isinstance(feed.args[0].value, cst.Call)):
        return None
    z = feed.args[0].value
    if not (isinstance(z.func, cst.Name) and z.func.value == "zip" and len(z.args) == 2 and len(placeholders) > 1
            and not any(a.keyword or a.star for a in z.args)):
        return None
    keys = z.args[0].value
    if isinstance(keys, cst.Name) and list_name is not None and keys.value == list_name:
        return z.args[1].value
    if isinstance(keys, (cst.List, cst.Tuple)) and [e.value.value if isinstance(e.value, cst.Name) else None
                                                    for e in keys.elements] == placeholders:
        return z.args[1].value
    return None


def _assigned(stmt: cst.SimpleStatementLine) -> list[str]:
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        return target_names(small.targets[0].target) or []
    return []


def _names(node: cst.CSTNode) -> set[str]:
    found: set[str] = set()

    class _V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            found.add(n.value)

    node.visit(_V())
    return found


def _name_ids(node: cst.CSTNode) -> set[int]:
    ids: set[int] = set()

    class _V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            ids.add(id(n))

        def visit_SimpleStatementLine(self, n: cst.SimpleStatementLine) -> None:
            ids.add(id(n))

    node.visit(_V())
    return ids


def _stmt_ids(node: cst.CSTNode) -> set[int]:
    return _name_ids(node)
