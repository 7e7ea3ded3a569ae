"""A queue filled by feed functions through a feeding queue runner (TensorFlow's estimator-era
``feeding_functions._enqueue_data``, which ``numpy_input_fn`` and ``generator_input_fn`` call), read by its
callers in batches, written as a tf.data chain at each caller (held-out round 66).

    def _enqueue_data(data, capacity, shuffle=False, ..., num_threads=1, seed=None, enqueue_size=1,
                      num_epochs=None):
        ... types / queue_shapes / get_feed_fn chosen by the data's type ...
        queue = tf.RandomShuffleQueue(...) if shuffle else tf.FIFOQueue(capacity, dtypes=types, shapes=queue_shapes)
        for i in range(num_threads):
            placeholders = [tf.placeholder(t) for t in types]
            enqueue_ops.append(queue.enqueue_many(placeholders))
            feed_fns.append(get_feed_fn(placeholders, data, enqueue_size, random_start=shuffle, seed=...,
                                        num_epochs=num_epochs))
        runner = _FeedingQueueRunner(queue=queue, enqueue_ops=enqueue_ops, feed_fns=feed_fns)
        tf.train.queue_runner.add_queue_runner(runner)
        return queue

    queue = _enqueue_data(x, capacity, ...)                     # in each input function that calls it
    features = queue.dequeue_many(n) if num_epochs is None else queue.dequeue_up_to(n)

The helper gets a twin, ``<helper>_dataset``, with the same arguments and the same choice of feed functions (the
program's own classes, made as the helper made them, keyed by plain column numbers in place of placeholders):
each feed function becomes a generator of the rows of the dicts it returns (what ``enqueue_many`` split them into)
until it raises ``OutOfRangeError`` (its last epoch done, the last chunk as short as it made it), the threads an
interleave of them (``cycle_length=num_threads``), a ``RandomShuffleQueue`` a ``shuffle(capacity, seed=seed)``.
Each caller's ``dequeue_up_to(n)`` is its own ``batch(n)`` of the twin's dataset (``dequeue_many(n)``:
``drop_remainder=True``, its short last batch lost as the closed queue lost it; chosen by a condition: the
condition), read through a one-shot iterator, a single column given as its tensor as a one-component queue gave
it. One thread, unshuffled: legacy's order exactly. The helper goes where no call or import of it is left.

Refused (said at the helper's queue and at the call): a call whose threads may be more than one with the feed
unshuffled (the threads' chunks interleave in an order that varies between runs; one thread or ``shuffle=True``
fixes it), a threads / shuffle value not known when migrating (a parameter every call of its function in the tree
gives, default included, is known), a queue read in another form than one batch dequeue.
"""

from __future__ import annotations

import ast
import os
import re

_QUICK = re.compile(r"feed_fns\s*=")
_QUEUES = ("FIFOQueue", "RandomShuffleQueue")
_UNKNOWN = object()


class _Module:
    def __init__(self, path: str, text: str, name: str, tree: ast.Module) -> None:
        self.path, self.text, self.name, self.tree = path, text, name, tree
        self.lines = text.splitlines(keepends=True)
        self.edits: list[tuple[int, int, str]] = []  # (first line, last line, replacement text), 1-based
        self.tf_added = False  # (``import tensorflow as tf`` added for a chain written here)

    def segment(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.text, node)

    def indent(self, line: int) -> str:
        s = self.lines[line - 1]
        return s[:len(s) - len(s.lstrip())]

    def tf_alias(self) -> str | None:
        for stmt in self.tree.body:
            if isinstance(stmt, ast.Import):
                for a in stmt.names:
                    if a.name in ("tensorflow", "tensorflow.compat.v1") and a.asname:
                        return a.asname
                    if a.name == "tensorflow" and not a.asname:
                        return "tensorflow"
            if isinstance(stmt, ast.ImportFrom) and stmt.module == "tensorflow.compat" and not stmt.level:
                for a in stmt.names:
                    if a.name == "v1":
                        return a.asname or "v1"
        return None


def _module_name(path: str, root: str) -> str:
    rel = os.path.relpath(path, root)[:-3].replace(os.sep, ".")
    return rel[:-len(".__init__")] if rel.endswith(".__init__") else rel


def _absolute(m: _Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = m.name.split(".")
    base = parts if m.path.endswith("__init__.py") else parts[:-1]
    base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
    return ".".join(base + ([node.module] if node.module else []))


def _stmts(body) -> list:
    """Statements of ``body``, those of ``with`` blocks included (not of nested functions or classes)."""
    out = []
    for s in body:
        out.append(s)
        if isinstance(s, ast.With):
            out.extend(_stmts(s.body))
    return out


def _queue_call(node) -> str | None:
    if isinstance(node, ast.Call):
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
        return name if name in _QUEUES else None
    return None


def _names(node) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


class _Helper:
    """A function of the tree recognised as a feeding queue's builder, and the parts of it the twin needs."""

    def __init__(self, m: _Module, fn: ast.FunctionDef) -> None:
        self.m, self.fn = m, fn
        self.params = [a.arg for a in fn.args.args]
        defaults = fn.args.defaults
        self.defaults = dict(zip(self.params[len(self.params) - len(defaults):], defaults))
        self.twin = fn.name + "_dataset"

    @classmethod
    def of(cls, m: _Module, fn: ast.FunctionDef) -> "_Helper | None":
        h = cls(m, fn)
        if fn.args.vararg or fn.args.kwarg or fn.args.kwonlyargs or fn.decorator_list:
            return None
        flat = _stmts(fn.body)
        rets = [n for n in ast.walk(fn) if isinstance(n, ast.Return)]
        if len(rets) != 1 or not isinstance(rets[0].value, ast.Name) or rets[0] is not flat[-1]:
            return None
        h.queue = rets[0].value.id
        loops = [s for s in flat if isinstance(s, ast.For) and isinstance(s.iter, ast.Call)
                 and isinstance(s.iter.func, ast.Name) and s.iter.func.id == "range" and len(s.iter.args) == 1
                 and isinstance(s.iter.args[0], ast.Name) and s.iter.args[0].id in h.params]
        if len(loops) != 1:
            return None
        h.loop, h.threads = loops[0], loops[0].iter.args[0].id
        # (the queue: assigned by one statement, or by each branch of one ``if <param>:``)
        made = [s for s in flat if isinstance(s, (ast.Assign, ast.If)) and any(
            isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == h.queue for t in n.targets)
            for n in ast.walk(s))]
        if len(made) != 1:
            return None
        h.made = made[0]
        ctors = [n for n in ast.walk(h.made) if isinstance(n, ast.Assign) and _queue_call(n.value)]
        if not ctors or any(len(n.targets) != 1 or not isinstance(n.targets[0], ast.Name)
                            or n.targets[0].id != h.queue for n in ctors):
            return None
        h.shuffle = None
        if isinstance(h.made, ast.If):
            if not isinstance(h.made.test, ast.Name) or h.made.test.id not in h.params:
                return None
            if any(not isinstance(s, ast.Assign) for s in h.made.body + h.made.orelse):
                return None
            h.shuffle = h.made.test.id
        kinds = {_queue_call(n.value): n.value for n in ctors}
        if len(kinds) != len(ctors) or ("RandomShuffleQueue" in kinds) != (h.shuffle is not None):
            return None
        fifo = kinds.get("FIFOQueue")
        if fifo is None or not fifo.args or not isinstance(fifo.args[0], ast.Name):
            return None
        h.capacity = fifo.args[0].id
        kw = {k.arg: k.value for k in fifo.keywords}
        if "dtypes" not in kw or "shapes" not in kw or len(fifo.args) != 1 or set(kw) - {"dtypes", "shapes"}:
            return None
        h.dtypes, h.shapes = m.segment(kw["dtypes"]), m.segment(kw["shapes"])
        rsq = kinds.get("RandomShuffleQueue")
        h.seed = None
        if rsq is not None:
            rkw = {k.arg: k.value for k in rsq.keywords}
            if m.segment(rkw.get("dtypes", fifo)) != h.dtypes or m.segment(rkw.get("shapes", fifo)) != h.shapes:
                return None
            if not rsq.args or m.segment(rsq.args[0]) != h.capacity:
                return None
            h.seed = m.segment(rkw["seed"]) if "seed" in rkw else None
        # (in the loop: the placeholders, their enqueue_many, the feed function made of them)
        body = h.loop.body
        enq = [s for s in body if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)
               and any(isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr == "enqueue_many"
                       and isinstance(c.func.value, ast.Name) and c.func.value.id == h.queue and len(c.args) == 1
                       and isinstance(c.args[0], ast.Name) for c in ast.walk(s.value))]
        if len(enq) != 1 or not isinstance(enq[0].value.func, ast.Attribute) or enq[0].value.func.attr != "append" \
                or not isinstance(enq[0].value.func.value, ast.Name):
            return None
        h.enqueue_stmt, h.ops = enq[0], enq[0].value.func.value.id
        h.placeholders = enq[0].value.args[0].args[0].id
        ph = [s for s in body if isinstance(s, ast.Assign) and len(s.targets) == 1
              and isinstance(s.targets[0], ast.Name) and s.targets[0].id == h.placeholders]
        feeds = [s for s in body if s is not enq[0] and isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)
                 and isinstance(s.value.func, ast.Attribute) and s.value.func.attr == "append"
                 and isinstance(s.value.func.value, ast.Name) and len(s.value.args) == 1
                 and isinstance(s.value.args[0], ast.Call) and s.value.args[0].args
                 and isinstance(s.value.args[0].args[0], ast.Name) and s.value.args[0].args[0].id == h.placeholders]
        if len(ph) != 1 or len(feeds) != 1:
            return None
        h.placeholder_stmt, h.feed_list = ph[0], feeds[0].value.func.value.id
        # (the loop holds only those, and assignments of its own names)
        for s in body:
            if s not in (ph[0], feeds[0], enq[0]) and not (isinstance(s, ast.Assign) and h.queue not in _names(s)):
                return None
        # (the runner: a call handed ``feed_fns=``; after the loop only the runner, its registration, the queue's
        # fill summary and the return)
        after = flat[flat.index(h.loop) + 1:]
        runner = [s for s in after if any(isinstance(c, ast.Call) and any(k.arg == "feed_fns" for k in c.keywords)
                                          for c in ast.walk(s))]
        if len(runner) != 1:
            return None
        h.runner = next(c for c in ast.walk(runner[0]) if isinstance(c, ast.Call)
                        and any(k.arg == "feed_fns" for k in c.keywords)).func
        h.after = after
        # (each of them reads the queue, the runner or what another of them made: nothing else goes with them)
        made_after = {h.queue} | {n.id for s in after for n in ast.walk(s) if isinstance(n, ast.Name)
                                  and isinstance(n.ctx, ast.Store)}
        if any(not (_names(s) & made_after) for s in after):
            return None
        # (the names the dropped statements bind must be read by dropped statements alone)
        ops_list = [s for s in flat if isinstance(s, ast.Assign) and len(s.targets) == 1
                    and isinstance(s.targets[0], ast.Name) and s.targets[0].id == h.ops]
        dropped = [h.made, h.enqueue_stmt, *ops_list, *after]
        bound = {n.id for s in dropped for n in ast.walk(s) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        for s in flat + list(h.loop.body):
            if s in dropped:
                continue
            head = [s.iter] if isinstance(s, ast.For) else [i.context_expr for i in s.items] \
                if isinstance(s, ast.With) else [s]
            if any(_names(x) & bound for x in head):
                return None
        h.ops_list = ops_list
        return h

    def twin_text(self, tf: str) -> str:
        """The twin's source: the helper's, the queue, its enqueue ops and runner gone, its rows a dataset."""
        m, fn = self.m, self.fn
        first, last = fn.lineno, fn.end_lineno
        lines = m.lines[first - 1:last]
        edits: list[tuple[int, int, str]] = []
        for s in [self.made, self.enqueue_stmt, *self.ops_list]:
            edits.append((s.lineno, s.end_lineno, ""))
        p = self.placeholder_stmt
        edits.append((p.lineno, p.end_lineno,
                      f"{m.indent(p.lineno)}{self.placeholders} = list(range(len({self.dtypes})))"
                      "  # (column numbers: the feed functions key their dicts by them)\n"))
        ind = m.indent(self.after[0].lineno)
        unit = m.indent(fn.body[0].lineno)[len(m.indent(fn.lineno)):] or "    "
        i2, i3, i4, i5 = (ind + unit * k for k in (1, 2, 3, 4))
        shuffled = (f"{ind}if {self.shuffle}:\n{i2}dataset = dataset.shuffle({self.capacity}"
                    + (f", seed={self.seed}" if self.seed else "") + ")\n") if self.shuffle else ""
        tail = (
            f"\n{ind}def _feed_rows(thread):\n"
            f"{i2}# (a feeding thread: each dict its feed function makes, split into rows as enqueue_many split it,\n"
            f"{i2}# until the feed function says its epochs are done)\n"
            f"{i2}feed_fn = {self.feed_list}[thread]\n"
            f"{i2}while True:\n"
            f"{i3}try:\n"
            f"{i4}feed_dict = feed_fn()\n"
            f"{i3}except {tf}.errors.OutOfRangeError:\n"
            f"{i4}return\n"
            f"{i3}columns = [feed_dict[key] for key in range(len({self.dtypes}))]\n"
            f"{i3}for row in range(len(columns[0])):\n"
            f"{i4}yield tuple(column[row] for column in columns)\n"
            f"\n"
            f"{ind}signature = tuple({tf}.TensorSpec(shape, dtype) for dtype, shape in zip({self.dtypes}, "
            f"{self.shapes}))\n"
            f"{ind}dataset = {tf}.data.Dataset.range({self.threads}).interleave(\n"
            f"{i2}lambda thread: {tf}.data.Dataset.from_generator(_feed_rows, output_signature=signature,\n"
            f"{i2}                                                 args=(thread,)),\n"
            f"{i2}cycle_length={self.threads})\n"
            f"{shuffled}"
            f"{ind}return dataset\n")
        edits.append((self.after[0].lineno, self.after[-1].end_lineno, tail))
        for a, b, new in sorted(edits, reverse=True):
            lines[a - first:b - first + 1] = [new] if new else []
        lines[0] = lines[0].replace(f"def {fn.name}(", f"def {self.twin}(", 1)
        text = "".join(lines)
        return text


def _literal(node):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        return -node.operand.value
    return _UNKNOWN


class _Tree:
    def __init__(self, modules: dict[str, _Module]) -> None:
        self.modules = modules
        self.by_name = {m.name: m for m in modules.values()}

    def _parents(self, m: _Module) -> dict:
        got = getattr(m, "_parent_map", None)
        if got is None:
            got = {id(c): p for p in ast.walk(m.tree) for c in ast.iter_child_nodes(p)}
            m._parent_map = got
        return got

    def values(self, m: _Module, node, at):
        """``(key, values)``: the values ``node`` (read at ``at``) may have, one per call site of the function
        ``key`` names: a literal (``key`` None, one value); a parameter of an enclosing top-level function every
        call of which in the tree gives a literal (its default included). ``_UNKNOWN`` otherwise."""
        v = _literal(node)
        if v is not _UNKNOWN:
            return None, [v]
        if not isinstance(node, ast.Name):
            return _UNKNOWN
        up, cur, fn = self._parents(m), at, None
        while cur is not None:
            cur = up.get(id(cur))
            if isinstance(cur, (ast.FunctionDef, ast.Lambda)) and node.id in [a.arg for a in cur.args.args]:
                fn = cur
                break
            if isinstance(cur, ast.FunctionDef) and any(isinstance(n, ast.Name) and n.id == node.id and
                                                        isinstance(n.ctx, ast.Store) for n in ast.walk(cur)):
                return _UNKNOWN
        if not isinstance(fn, ast.FunctionDef) or fn not in m.tree.body:
            return _UNKNOWN
        if any(isinstance(n, ast.Name) and n.id == node.id and isinstance(n.ctx, ast.Store) for n in ast.walk(fn)):
            return _UNKNOWN
        params = [a.arg for a in fn.args.args]
        k = params.index(node.id)
        defaults = dict(zip(params[len(params) - len(fn.args.defaults):], fn.args.defaults))
        got = []
        for other in self.modules.values():
            for n in ast.walk(other.tree):
                name = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else None
                if name != fn.name:
                    continue
                call = self._parents(other).get(id(n))
                if not isinstance(call, ast.Call) or call.func is not n:
                    return _UNKNOWN
                if any(isinstance(a, ast.Starred) for a in call.args) or any(kw.arg is None for kw in call.keywords):
                    return _UNKNOWN
                given = [kw.value for kw in call.keywords if kw.arg == node.id]
                given += [a for i, a in enumerate(call.args) if i == k]
                value = given[0] if given else defaults.get(node.id)
                v = _literal(value) if value is not None else _UNKNOWN
                if v is _UNKNOWN:
                    return _UNKNOWN
                got.append(v)
        return ((m.path, fn.name), got) if got else _UNKNOWN

    def resolve_callee(self, m: _Module, func, helpers: dict) -> "_Helper | None":
        """The helper ``func`` (a call's function in ``m``) names, through ``m``'s own definitions and imports."""
        if isinstance(func, ast.Name):
            for h in helpers.values():
                if h.m is m and func.id == h.fn.name:
                    return h
            for stmt in ast.walk(m.tree):
                if isinstance(stmt, ast.ImportFrom):
                    src = _absolute(m, stmt)
                    for a in stmt.names:
                        if (a.asname or a.name) == func.id:
                            h = helpers.get((src, a.name))
                            if h is not None:
                                return h
            return None
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            for stmt in ast.walk(m.tree):
                if isinstance(stmt, ast.ImportFrom):
                    src = _absolute(m, stmt)
                    for a in stmt.names:
                        if (a.asname or a.name) == func.value.id:
                            h = helpers.get((f"{src}.{a.name}", func.attr))
                            if h is not None:
                                return h
                if isinstance(stmt, ast.Import):
                    for a in stmt.names:
                        if a.asname == func.value.id:
                            h = helpers.get((a.name, func.attr))
                            if h is not None:
                                return h
        return None


def _batch_read(m: _Module, stmt, q: str):
    """(target, batch size text, drop_remainder text, the dequeue's name) of ``y = q.dequeue_up_to(n)`` /
    ``q.dequeue_many(n)`` / ``(q.dequeue_many(n) if c else q.dequeue_up_to(n))``; None otherwise."""
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
        return None
    t = stmt.targets[0]
    if not isinstance(t, ast.Name) and not (isinstance(t, (ast.Tuple, ast.List)) and len(t.elts) > 1 and all(
            isinstance(e, ast.Name) for e in t.elts)):
        return None

    def one(node):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("dequeue_up_to", "dequeue_many") and isinstance(node.func.value, ast.Name) and \
                node.func.value.id == q and len(node.args) == 1 and not node.keywords:
            return m.segment(node.args[0]), node.func.attr == "dequeue_many"
        return None

    v = stmt.value
    got = one(v)
    if got is not None:
        return m.segment(t), got[0], str(got[1]), v.func.attr
    if isinstance(v, ast.IfExp):
        a, b = one(v.body), one(v.orelse)
        if a is None or b is None or a[0] != b[0]:
            return None
        test = m.segment(v.test)
        plain = isinstance(v.test, (ast.Compare, ast.BoolOp)) or \
            isinstance(v.test, ast.UnaryOp) and isinstance(v.test.op, ast.Not)
        drop = "True" if a[1] and b[1] else "False" if not a[1] and not b[1] else \
            ((test if plain else f"bool({test})") if a[1] else f"not ({test})")
        return m.segment(t), a[0], drop, "dequeue_many` / `dequeue_up_to" if a[1] != b[1] else v.body.func.attr
    return None


def feeding_queues_of_tree(texts: dict[str, str], root: str, why: list, said: list) -> dict[str, str] | None:
    """``texts`` (``{absolute path: source}``) with each feeding queue's batch read written as a tf.data chain at
    its caller; None where nothing changed. ``why`` gets ``(path, first line, last line, reason)`` of each call
    left; ``said`` gets ``(path, line, note)`` of each call rewritten (lines of ``texts``)."""
    if not any(_QUICK.search(t) for t in texts.values()):
        return None
    modules: dict[str, _Module] = {}
    for path, text in texts.items():
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        modules[path] = _Module(path, text, _module_name(path, root), tree)
    helpers: dict[tuple[str, str], _Helper] = {}
    for m in modules.values():
        if not _QUICK.search(m.text):
            continue
        for fn in m.tree.body:
            if isinstance(fn, ast.FunctionDef):
                h = _Helper.of(m, fn)
                if h is not None:
                    helpers[(m.name, fn.name)] = h
    if not helpers:
        return None
    tree = _Tree(modules)
    done: dict[int, list] = {}  # id(helper) -> rewritten calls
    for m in modules.values():
        for fn in ast.walk(m.tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            body = fn.body
            for i, stmt in enumerate(body):
                if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and
                        isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call)):
                    continue
                h = tree.resolve_callee(m, stmt.value.func, helpers)
                if h is None:
                    continue
                reason = _caller(tree, m, fn, i, stmt, h)
                if isinstance(reason, str):
                    why.append((h.m.path, h.fn.lineno, h.fn.end_lineno, reason))
                    why.append((m.path, stmt.lineno, stmt.end_lineno, reason))
                    continue
                done.setdefault(id(h), []).append(reason)
                said.append((m.path, stmt.lineno, reason[-1]))
    if not done:
        return None
    for h in helpers.values():
        calls = done.get(id(h))
        if not calls:
            continue
        tf = h.m.tf_alias()
        for m, stmt, read, new_call, new_read, note in calls:
            m.edits.append((stmt.lineno, stmt.end_lineno, new_call))
            m.edits.append((read.lineno, read.end_lineno, new_read))
            if m.tf_alias() is None and not m.tf_added:
                m.tf_added = True
                last = max((s.end_lineno for s in m.tree.body if isinstance(s, (ast.Import, ast.ImportFrom))),
                           default=0)
                m.edits.append((last + 1, last, "import tensorflow as tf\n"))
        # (the twin, after the helper; the helper goes where nothing else names it)
        _import_twin(tree, h, calls)
        if not _named_elsewhere(tree, h, calls):
            h.m.edits.append((h.fn.lineno - len(h.fn.decorator_list), h.fn.end_lineno, h.twin_text(tf)))
            _drop_imports(tree, h)
            _drop_runner_class(tree, h)
        else:
            h.m.edits.append((h.fn.end_lineno + 1, h.fn.end_lineno, "\n\n" + h.twin_text(tf)))
    out = dict(texts)
    for m in modules.values():
        if not m.edits:
            continue
        lines = list(m.lines)
        for a, b, new in sorted(m.edits, key=lambda e: (e[0], e[1]), reverse=True):
            lines[a - 1:b] = [new] if new else []
        out[m.path] = "".join(lines)
    return out


def _caller(tree: _Tree, m: _Module, fn, i: int, stmt, h: _Helper):
    """The rewrite of one call (a tuple), or why it is left (a str)."""
    q = stmt.targets[0].id
    call = stmt.value
    if h.m.tf_alias() is None:
        return f"the module of `{h.fn.name}` imports no `tensorflow` by a name the tf.data chain could use"
    if m.tf_alias() is None and _names_node(m, "tf", set()):
        return (f"the module calling `{h.fn.name}` imports no `tensorflow` and names something else `tf`: the "
                "chain written there needs `import tensorflow as tf`")
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords) \
            or len(call.args) > len(h.params):
        return f"the call of `{h.fn.name}` passes `*args` / `**kwargs` (its threads and shuffle not known)"
    given = {h.params[k]: a for k, a in enumerate(call.args)}
    given.update({k.arg: k.value for k in call.keywords})
    reads = [s for s in fn.body[i + 1:] if q in _names(s)]
    inside = {id(n) for s in [stmt, *reads[:1]] for n in ast.walk(s)}
    others = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == q and id(n) not in inside]
    read = _batch_read(m, reads[0], q) if reads else None
    if read is None or others:
        return (f"the queue `{q}` that `{h.fn.name}` returns is read otherwise than by one "
                "`dequeue_up_to(n)` / `dequeue_many(n)` (or a choice of the two) later in the same block, its only "
                "use; keep the queue (`migrate --to compat`)")
    threads = tree.values(m, given.get(h.threads, h.defaults.get(h.threads)), stmt)
    shuffle = tree.values(m, given.get(h.shuffle, h.defaults.get(h.shuffle)), stmt) if h.shuffle else \
        (None, [False])
    # (per call site where both come from one function's parameters; otherwise every pair)
    pairs = _UNKNOWN if threads is _UNKNOWN or shuffle is _UNKNOWN else \
        list(zip(threads[1], shuffle[1])) if threads[0] is not None and threads[0] == shuffle[0] else \
        [(t, s) for t in threads[1] for s in shuffle[1]]
    if pairs is _UNKNOWN or any(t != 1 and not s for t, s in pairs):
        told = "not known when migrating" if pairs is _UNKNOWN else \
            "may be " + " or ".join(sorted({str(t) for t, s in pairs if t != 1 and not s}))
        return (f"`{h.fn.name}`'s feed is fed by `{h.threads}` threads ({told}) and may be unshuffled: the "
                "threads' chunks interleave in an order that varies between runs, which a tf.data chain would "
                f"fix; give it one thread (`{h.threads}=1`) or shuffle it")
    target, size, drop, form = read
    ds = "dataset" if "dataset" not in {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)} else f"{q}_dataset"
    f = call.func
    callee = f"{m.segment(f.value)}.{h.twin}" if isinstance(f, ast.Attribute) else \
        h.twin if h.m is m or f.id == h.fn.name else f"{f.id}_dataset"
    args = m.segment(call)[len(m.segment(f)):]
    tf = m.tf_alias() or "tf"
    ind = m.indent(stmt.lineno)
    new_call = f"{ind}{ds} = {callee}{args}\n"
    drop_kw = "" if drop == "False" else f", drop_remainder={drop}"
    new_read = (f"{ind}{target} = {tf}.compat.v1.data.make_one_shot_iterator(\n"
                f"{ind}    {ds}.batch({size}{drop_kw})).get_next()\n")
    if isinstance(reads[0].targets[0], ast.Name):
        new_read += (f"{ind}{target} = list({target}) if len({target}) > 1 else {target}[0]"
                     "  # (a one-column queue dequeued its tensor)\n")
    note = (f"the queue `{h.fn.name}` fills from feed functions through a feeding queue runner, read by "
            f"`{form}({size})`, rewritten to tf.data: `{h.twin}` makes each feed function a generator of "
            f"its rows, `batch({size})` reads them" + ("" if not any(s for _, s in pairs) else
                                                       "; accepted: when shuffled, `shuffle(capacity)` orders "
                                                       "the rows otherwise than the RandomShuffleQueue"))
    return (m, stmt, reads[0], new_call, new_read, note)


def _import_twin(tree: _Tree, h: _Helper, calls) -> None:
    """An import of the twin next to each ``from M import helper [as name]`` a rewritten caller calls through."""
    for m in {id(c[0]): c[0] for c in calls}.values():
        if m is h.m:
            continue
        for stmt in m.tree.body:
            if isinstance(stmt, ast.ImportFrom) and _absolute(m, stmt) == h.m.name:
                for a in stmt.names:
                    if a.name == h.fn.name:
                        alias = h.twin if not a.asname or a.asname == h.fn.name else f"{a.asname}_dataset"
                        text = f"from {'.' * stmt.level}{stmt.module or ''} import {h.twin}" + \
                            (f" as {alias}" if alias != h.twin else "") + "\n"
                        m.edits.append((stmt.end_lineno + 1, stmt.end_lineno, text))


def _named_elsewhere(tree: _Tree, h: _Helper, calls) -> bool:
    """Whether anything but the rewritten calls and imports names the helper."""
    rewritten = {id(c[1].value.func) for c in calls}
    for m in tree.modules.values():
        aliases = {h.fn.name}
        for stmt in ast.walk(m.tree):
            if isinstance(stmt, ast.ImportFrom):
                for a in stmt.names:
                    if a.name == h.fn.name:
                        if _absolute(m, stmt) != h.m.name:
                            return True
                        aliases.add(a.asname or a.name)
        for n in ast.walk(m.tree):
            if isinstance(n, ast.Name) and n.id in aliases and id(n) not in rewritten:
                return True
            if isinstance(n, ast.Attribute) and n.attr == h.fn.name and id(n) not in rewritten:
                return True
    return False


def _drop_imports(tree: _Tree, h: _Helper) -> None:
    for m in tree.modules.values():
        for stmt in m.tree.body:
            if not isinstance(stmt, ast.ImportFrom) or _absolute(m, stmt) != h.m.name:
                continue
            keep = [a for a in stmt.names if a.name != h.fn.name]
            if len(keep) == len(stmt.names):
                continue
            if not keep:
                m.edits.append((stmt.lineno, stmt.end_lineno, ""))
            else:
                new = ast.ImportFrom(module=stmt.module, names=keep, level=stmt.level)
                m.edits.append((stmt.lineno, stmt.end_lineno, m.indent(stmt.lineno) + ast.unparse(new) + "\n"))


def _drop_runner_class(tree: _Tree, h: _Helper) -> None:
    """The feeding queue runner's class (a class of the tree the helper alone made) and the import the helper
    named it by, gone with the helper where nothing else in the tree names them."""
    f, m = h.runner, h.m
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
        alias, cls = f.value.id, f.attr
    elif isinstance(f, ast.Name):
        alias, cls = None, f.id
    else:
        return
    holder = None
    for stmt in m.tree.body:
        if isinstance(stmt, ast.ImportFrom):
            for a in stmt.names:
                if (a.asname or a.name) == (alias or cls):
                    base = _absolute(m, stmt)
                    holder = (stmt, a, f"{base}.{a.name}" if alias else base)
        elif isinstance(stmt, ast.Import) and alias:
            for a in stmt.names:
                if (a.asname or a.name) == alias:
                    holder = (stmt, a, a.name)
    if holder is None and alias is None and any(isinstance(c, ast.ClassDef) and c.name == cls for c in m.tree.body):
        owner = m
    elif holder is None or holder[2] not in tree.by_name:
        return
    else:
        owner = tree.by_name[holder[2]]
    classes = [c for c in owner.tree.body if isinstance(c, ast.ClassDef) and c.name == cls]
    if len(classes) != 1:
        return
    c = classes[0]
    skip = {id(n) for n in ast.walk(h.fn)} | {id(n) for n in ast.walk(c)}
    if any(_names_node(o, cls, skip) for o in tree.modules.values()):
        return
    owner.edits.append((c.lineno - len(c.decorator_list), c.end_lineno + _blank_after(owner, c.end_lineno), ""))
    if holder is None:
        return
    skip |= {id(n) for n in ast.walk(holder[0])}
    if not _names_node(m, alias or cls, skip):
        stmt, a = holder[0], holder[1]
        keep = [x for x in stmt.names if x is not a]
        if not keep:
            m.edits.append((stmt.lineno, stmt.end_lineno, ""))
        else:
            new = ast.ImportFrom(module=stmt.module, names=keep, level=stmt.level) \
                if isinstance(stmt, ast.ImportFrom) else ast.Import(names=keep)
            m.edits.append((stmt.lineno, stmt.end_lineno, ast.unparse(new) + "\n"))


def _blank_after(m: _Module, line: int) -> int:
    """How many blank lines follow line ``line`` of ``m`` (they go with a definition that goes)."""
    k = 0
    while line + k < len(m.lines) and not m.lines[line + k].strip():
        k += 1
    return k


def _names_node(m: _Module, name: str, skip: set) -> bool:
    """Whether a node of ``m`` outside ``skip`` names ``name`` (a name, an attribute, an imported name)."""
    for n in ast.walk(m.tree):
        if id(n) in skip:
            continue
        if isinstance(n, ast.Name) and n.id == name or isinstance(n, ast.Attribute) and n.attr == name or \
                isinstance(n, ast.alias) and (n.asname or n.name.split(".")[-1]) == name:
            return True
    return False


def feeding_queue_programs(before: dict, after: dict, root: str, left, untouched) -> list[str]:
    """The paths (keys of ``before``) of the modules that start queue runners, were left as they were, and reach
    through the tree's imports a module ``after`` changed (a feeding queue's builder or caller), no module they
    reach (themselves included) being ``left`` with a queue pipeline."""
    modules: dict[str, _Module] = {}
    for path, text in after.items():
        try:
            modules[path] = _Module(path, text, _module_name(os.path.abspath(path), root), ast.parse(text))
        except SyntaxError:
            continue
    by_name = {m.name: p for p, m in modules.items()}

    def imports(p: str) -> set[str]:
        m, out = modules[p], set()
        for stmt in ast.walk(m.tree):
            names = []
            if isinstance(stmt, ast.Import):
                names = [a.name for a in stmt.names]
            elif isinstance(stmt, ast.ImportFrom):
                base = _absolute(m, stmt)
                names = [base] + [f"{base}.{a.name}" for a in stmt.names]
            for n in names:
                parts = n.split(".")
                out |= {by_name[".".join(parts[:k])] for k in range(1, len(parts) + 1)
                        if ".".join(parts[:k]) in by_name}
        return out - {p}

    out = []
    for p, m in modules.items():
        if "start_queue_runners" not in m.text or not untouched(p):
            continue
        seen, todo = set(), [p]
        while todo:
            q = todo.pop()
            if q not in seen:
                seen.add(q)
                todo.extend(imports(q))
        if any(before[q] != after[q] for q in seen) and not any(left(q) for q in seen):
            out.append(p)
    return out


def with_feeding_notes(results: dict, said: list) -> dict:
    """``results`` with an info note at each call whose feeding queue became a tf.data chain."""
    from dataclasses import replace

    from tfdata_bridge._src.migrate.results import Note

    out = dict(results)
    for p, r in results.items():
        mine = [(line, text) for path, line, text in said if os.path.abspath(p) == path]
        if mine:
            out[p] = replace(r, notes=tuple(r.notes) + tuple(Note(line, text, "info") for line, text in mine))
    return out
