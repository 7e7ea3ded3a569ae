"""A pool of k reader objects filling a common queue from its method, written out where it is made and read
(slim's ``ParallelReader``):

    class ParallelReader(object):
        def __init__(self, reader_class, common_queue, num_readers=4, reader_kwargs=None):
            ...                                            # (checks of the queue's dtypes that raise)
            reader_kwargs = reader_kwargs or {}
            self._readers = [reader_class(**reader_kwargs) for _ in range(num_readers)]
            self._common_queue = common_queue
        def read(self, queue, name=None):
            return self._configure_readers_by(queue).dequeue(name=name)
        def _configure_readers_by(self, queue):
            enqueue_ops = []
            for reader in self._readers:
                enqueue_ops.append(self._common_queue.enqueue(reader.read(queue)))
            tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(self._common_queue, enqueue_ops))
            return self._common_queue

    return ParallelReader(reader_class, common_queue,        enqueue_ops = []
                          num_readers=num_readers,     ->    for _ in range(num_readers):
                          ).read(filename_queue)                 reader = reader_class(**(reader_kwargs or {}))
                                                                 enqueue_ops.append(common_queue.enqueue(
                                                                     reader.read(filename_queue)))
                                                             tf.train.queue_runner.add_queue_runner(...)
                                                             return common_queue.dequeue(name=None)

The same readers, made in the same order, each enqueueing its reads of the same file queue into the same common
queue under one ``QueueRunner``, and one dequeue: the same graph but for the pool object. It is the k-reader form
the recogniser knows (``handbuilt.py``; in a helper returning the dequeue, ``prefetch_helper.py``), which the
rewrite then takes or leaves as it does a loop written by hand. ``tree.py`` keeps this only where it lets more
pipelines of the tree be rewritten.

Only a class of the same module as the statement reading it, with no base but ``object`` and no decorator, whose
``__init__`` (its parameters: the reader class, the queue, the count, the reader's keyword dict, in any order and
names) only checks (``if ...: raise ...``, perhaps in a ``for`` loop: legacy's enqueue of the readers' two strings
raises as well where those checks would), defaults the keyword dict (``kw = kw or {}``), makes the readers
(``self.r = [cls(**kw) for _ in range(n)]``, or ``cls()``) and keeps the queue (``self.q = queue``); whose read
method returns ``self.q.dequeue(...)`` after filling it, or ``self.fill(queue).dequeue(...)`` of a method that
fills it and returns ``self.q``; filled by ``ops.append(self.q.enqueue(r.read(queue)))`` in ``for r in self.r:``
(or ``ops = [self.q.enqueue(r.read(queue)) for r in self.r]``) and ``add_queue_runner(QueueRunner(self.q, ops))``.
Made and read at once (``return Cls(...).read(fq)``, ``key, value = Cls(...).read(fq)``), its queue argument a
name; the class goes once no module of the tree names it.

Written out so, slim's ``parallel_read`` still reads two parameters its callers leave ``None``: ``reader_kwargs``
(now ``reader_class(**(reader_kwargs or {}))``) and ``dtypes = dtypes or [tf.string, tf.string]``.
``fold_unset_params`` takes such a parameter of a top-level function making a queue as ``None`` where every use of
the function in the tree is a call giving it neither by position nor by keyword (no ``*``/``**``), and the
function reads it only through ``p or LITERAL`` (``{}``, a list of dotted names) or after ``p = p or LITERAL``: the
literal is written there (``**{}`` goes) and the parameter goes. Before that, ``drop_none_handed_on`` takes out a
keyword ``q=p`` handing such a ``None`` on (slim's ``DatasetDataProvider.__init__`` giving ``reader_kwargs=
reader_kwargs`` to ``parallel_read``): where the callee (a top-level function or class of the tree) defaults ``q`` to
``None`` and ``p`` is ``None`` for sure (a parameter defaulting to ``None`` of the top-level function or class
``__init__`` making the call, never rebound there, that every use of it in the tree calls leaving ``p`` or giving it
such a ``None`` in turn; a class named in its own ``super(Cls, self)`` aside), the callee gets the same ``None`` from
its default.
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import (bound_names, code_of, dotted, fresh_name, identifiers, is_docstring,
                                               nodes_of, params_without)

_QUICK = re.compile(r"\)\s*\.\s*\w+\(")
_HANDED_ON = re.compile(r"\b(\w+)\s*=\s*(\w+)\s*[,)]")


class _Pool:
    """What the rewrite needs of a pool class: its parameters' roles and the runner statement to copy."""

    def __init__(self, cls, init, reader, queue, count, kwargs, read, runner, ops_name, queue_attr, readers_attr,
                 me=""):
        self.me = me
        self.cls, self.init, self.reader, self.queue, self.count = cls, init, reader, queue, count
        self.kwargs, self.read, self.runner, self.ops_name = kwargs, read, runner, ops_name
        self.queue_attr, self.readers_attr = queue_attr, readers_attr


def _body(fn: cst.FunctionDef) -> list[cst.BaseStatement]:
    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    return body[1:] if body and is_docstring(body[0]) else body


def _one(stmt) -> cst.BaseSmallStatement | None:
    return stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None


def _is_check(stmt) -> bool:
    """``if test: raise ...`` (no else), or a ``for`` loop of such checks only."""
    if isinstance(stmt, cst.If) and stmt.orelse is None and isinstance(stmt.body, cst.IndentedBlock):
        return all(isinstance(_one(s), cst.Raise) for s in stmt.body.body)
    if isinstance(stmt, cst.For) and stmt.orelse is None and isinstance(stmt.body, cst.IndentedBlock):
        return all(_is_check(s) for s in stmt.body.body)
    return False


def _self_attr(expr, self_name: str) -> str | None:
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == self_name:
        return expr.attr.value
    return None


def _pool(cls: cst.ClassDef) -> _Pool | None:
    """The pool's shape where ``cls`` is one (the module docstring's rules), else None."""
    if cls.decorators or any(not (isinstance(b.value, cst.Name) and b.value.value == "object") for b in cls.bases) \
            or cls.keywords:
        return None
    methods = {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}
    init = methods.get("__init__")
    if init is None or init.decorators or init.params.star_arg is not cst.MaybeSentinel.DEFAULT \
            or init.params.star_kwarg is not None or init.params.kwonly_params or init.params.posonly_params:
        return None
    params = [p.name.value for p in init.params.params]
    if len(params) < 3:
        return None
    me = params[0]
    kwargs = None
    readers_attr = queue_attr = reader = count = queue = None
    for stmt in _body(init):
        if _is_check(stmt):
            if me in {n.value for n in identifiers(stmt)}:
                return None
            continue
        small = _one(stmt)
        if not isinstance(small, cst.Assign) or len(small.targets) != 1:
            return None
        target, value = small.targets[0].target, small.value
        if isinstance(target, cst.Name) and isinstance(value, cst.BooleanOperation) \
                and isinstance(value.operator, cst.Or) and isinstance(value.left, cst.Name) \
                and value.left.value == target.value and target.value in params \
                and isinstance(value.right, cst.Dict) and not value.right.elements and kwargs in (None, target.value):
            kwargs = target.value
            continue
        attr = _self_attr(target, me)
        if attr is None:
            return None
        if isinstance(value, cst.Name) and value.value in params[1:] and queue_attr is None:
            queue_attr, queue = attr, value.value
            continue
        if isinstance(value, cst.ListComp) and value.for_in.inner_for_in is None \
                and not value.for_in.ifs and isinstance(value.for_in.iter, cst.Call) \
                and dotted(value.for_in.iter.func) == "range" and len(value.for_in.iter.args) == 1 \
                and isinstance(value.for_in.iter.args[0].value, cst.Name) \
                and value.for_in.iter.args[0].value.value in params[1:] and isinstance(value.elt, cst.Call) \
                and isinstance(value.elt.func, cst.Name) and value.elt.func.value in params[1:] \
                and readers_attr is None:
            args = value.elt.args
            if args and not (len(args) == 1 and args[0].star == "**" and isinstance(args[0].value, cst.Name)
                             and args[0].value.value in params[1:]):
                return None
            if args:
                if kwargs not in (None, args[0].value.value):
                    return None
                kwargs = args[0].value.value
            readers_attr, reader = attr, value.elt.func.value
            count = value.for_in.iter.args[0].value.value
            continue
        return None
    if None in (readers_attr, queue_attr) or len({reader, count, queue, kwargs} - {None}) != \
            len([x for x in (reader, count, queue, kwargs) if x is not None]) \
            or set(params[1:]) - {reader, count, queue, kwargs}:
        return None
    for name, fn in methods.items():
        found = _read_method(fn, methods, me_of(fn), queue_attr, readers_attr)
        if found is not None:
            runner, ops_name, me = found
            return _Pool(cls, init, reader, queue, count, kwargs, name, runner, ops_name, queue_attr, readers_attr,
                         me)
    return None


def me_of(fn: cst.FunctionDef) -> str:
    return fn.params.params[0].name.value if fn.params.params else ""


def _read_method(fn, methods, me, queue_attr, readers_attr):
    """(the runner statement, the ops list's name) where ``fn(self, queue[, name=None])`` returns the dequeue of
    the filled common queue; else None."""
    params = fn.params.params
    if fn.decorators or not 2 <= len(params) <= 3 or fn.params.star_arg is not cst.MaybeSentinel.DEFAULT \
            or fn.params.star_kwarg is not None or fn.params.kwonly_params:
        return None
    if len(params) == 3 and not (params[2].name.value == "name" and isinstance(params[2].default, cst.Name)
                                 and params[2].default.value == "None"):
        return None
    fq = params[1].name.value
    body = _body(fn)
    last = _one(body[-1]) if body else None
    if not isinstance(last, cst.Return) or not isinstance(last.value, cst.Call) \
            or not isinstance(last.value.func, cst.Attribute) or last.value.func.attr.value != "dequeue" \
            or not all(a.keyword is not None and a.keyword.value == "name" and isinstance(a.value, cst.Name)
                       and a.value.value in ("name", "None") for a in last.value.args):
        return None
    if any(a.value.value == "name" for a in last.value.args) and len(params) != 3:
        return None
    head = last.value.func.value
    if _self_attr(head, me) == queue_attr:
        return _fill(body[:-1], me, fq, queue_attr, readers_attr)
    if len(body) == 1 and isinstance(head, cst.Call) and isinstance(head.func, cst.Attribute) \
            and _self_attr(head.func, me) in methods and len(head.args) == 1 and not head.args[0].keyword \
            and isinstance(head.args[0].value, cst.Name) and head.args[0].value.value == fq:
        filler = methods[_self_attr(head.func, me)]
        fparams = filler.params.params
        if filler.decorators or len(fparams) != 2 or filler.params.star_arg is not cst.MaybeSentinel.DEFAULT \
                or filler.params.star_kwarg is not None or filler.params.kwonly_params:
            return None
        fbody = _body(filler)
        ret = _one(fbody[-1]) if fbody else None
        if not isinstance(ret, cst.Return) or _self_attr(ret.value, me_of(filler)) != queue_attr:
            return None
        return _fill(fbody[:-1], me_of(filler), fparams[1].name.value, queue_attr, readers_attr)
    return None


def _fill(body, me, fq, queue_attr, readers_attr):
    """(the runner statement, the ops name) where ``body`` is the readers' enqueue ops and their runner."""
    def enqueue_of(call, reader) -> bool:  # (``self.q.enqueue(reader.read(fq))``)
        return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) \
            and call.func.attr.value == "enqueue" and _self_attr(call.func.value, me) == queue_attr \
            and len(call.args) == 1 and not call.args[0].keyword and isinstance(call.args[0].value, cst.Call) \
            and isinstance(call.args[0].value.func, cst.Attribute) \
            and call.args[0].value.func.attr.value == "read" \
            and isinstance(call.args[0].value.func.value, cst.Name) \
            and call.args[0].value.func.value.value == reader and len(call.args[0].value.args) == 1 \
            and isinstance(call.args[0].value.args[0].value, cst.Name) \
            and call.args[0].value.args[0].value.value == fq and not call.args[0].value.args[0].keyword

    if len(body) == 3:
        first, loop, runner = body
        made = _one(first)
        if not (isinstance(made, cst.Assign) and len(made.targets) == 1 and isinstance(made.targets[0].target, cst.Name)
                and isinstance(made.value, cst.List) and not made.value.elements):
            return None
        ops = made.targets[0].target.value
        if not (isinstance(loop, cst.For) and loop.orelse is None and isinstance(loop.target, cst.Name)
                and _self_attr(loop.iter, me) == readers_attr and isinstance(loop.body, cst.IndentedBlock)
                and len(loop.body.body) == 1):
            return None
        add = _one(loop.body.body[0])
        if not (isinstance(add, cst.Expr) and isinstance(add.value, cst.Call)
                and isinstance(add.value.func, cst.Attribute) and add.value.func.attr.value == "append"
                and isinstance(add.value.func.value, cst.Name) and add.value.func.value.value == ops
                and len(add.value.args) == 1 and enqueue_of(add.value.args[0].value, loop.target.value)):
            return None
    elif len(body) == 2:
        first, runner = body
        made = _one(first)
        if not (isinstance(made, cst.Assign) and len(made.targets) == 1 and isinstance(made.targets[0].target, cst.Name)
                and isinstance(made.value, cst.ListComp) and made.value.for_in.inner_for_in is None
                and not made.value.for_in.ifs and isinstance(made.value.for_in.target, cst.Name)
                and _self_attr(made.value.for_in.iter, me) == readers_attr
                and enqueue_of(made.value.elt, made.value.for_in.target.value)):
            return None
        ops = made.targets[0].target.value
    else:
        return None
    run = _one(runner)
    if not (isinstance(run, cst.Expr) and isinstance(run.value, cst.Call)
            and dotted(run.value.func).endswith("add_queue_runner") and len(run.value.args) == 1
            and isinstance(run.value.args[0].value, cst.Call)
            and dotted(run.value.args[0].value.func).endswith("QueueRunner")):
        return None
    qr = run.value.args[0].value
    if len(qr.args) != 2 or any(a.keyword is not None and a.keyword.value not in ("queue", "enqueue_ops")
                                for a in qr.args) \
            or _self_attr(qr.args[0].value, me) != queue_attr \
            or not (isinstance(qr.args[1].value, cst.Name) and qr.args[1].value.value == ops):
        return None
    return runner, ops, me


def _bind(pool: _Pool, call: cst.Call) -> dict[str, cst.BaseExpression] | None:
    """The constructor's parameters bound to ``call``'s arguments (or their defaults); None where a ``*`` or an
    unknown keyword stands in the way."""
    params = pool.init.params.params[1:]
    bound: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is None:
            if i >= len(params):
                return None
            bound[params[i].name.value] = arg.value
        else:
            if arg.keyword.value not in {p.name.value for p in params} or arg.keyword.value in bound:
                return None
            bound[arg.keyword.value] = arg.value
    for p in params:
        if p.name.value not in bound:
            if p.default is None:
                return None
            bound[p.name.value] = p.default
    return bound


def _simple(expr) -> bool:
    """A name, a dotted name or a literal: read where the pool was made or where its readers are, the same."""
    return isinstance(expr, (cst.Name, cst.Integer, cst.SimpleString)) or dotted(expr) != ""


class _Inline(cst.CSTTransformer):
    def __init__(self, pools: dict[str, _Pool], module: cst.Module):
        self.pools = pools
        self.taken = {n.value for n in nodes_of(module, cst.Name)}
        self.done = 0

    def _site(self, small) -> tuple[_Pool, cst.Call, cst.Call] | None:
        value = small.value if isinstance(small, (cst.Return, cst.Assign)) else None
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
                and isinstance(value.func.value, cst.Call) and isinstance(value.func.value.func, cst.Name)):
            return None
        pool = self.pools.get(value.func.value.func.value)
        if pool is None or value.func.attr.value != pool.read:
            return None
        return pool, value.func.value, value

    def leave_IndentedBlock(self, original, updated):
        out, changed = [], False
        for stmt in updated.body:
            small = _one(stmt)
            site = self._site(small) if small is not None else None
            made = self._written(site, small, stmt) if site is not None else None
            if made is None:
                out.append(stmt)
                continue
            out.extend(made)
            changed = True
        return updated.with_changes(body=out) if changed else updated

    def _written(self, site, small, stmt) -> list[cst.BaseStatement] | None:
        pool, make, read = site
        bound = _bind(pool, make)
        if bound is None or not all(_simple(v) for v in bound.values()):
            return None
        queue = bound[pool.queue]
        if not isinstance(queue, cst.Name):
            return None
        rparams = [a for a in read.args]
        if not rparams or rparams[0].keyword is not None or rparams[0].star or not _simple(rparams[0].value):
            return None
        fq = rparams[0].value
        name_arg = None
        for a in rparams[1:]:
            if a.keyword is None or a.keyword.value != "name" or a.star:
                return None
            name_arg = a.value
        ops = _free(pool.ops_name, self.taken)
        reader = _free("reader", self.taken)
        kw = bound.get(pool.kwargs) if pool.kwargs is not None else None
        made_reader = code_of_expr(bound[pool.reader]) + (
            "()" if kw is None or isinstance(kw, cst.Name) and kw.value == "None"
            else f"(**({code_of_expr(kw)} or {{}}))")
        runner = pool.runner.visit(_Swap({pool.ops_name: cst.Name(ops)}, pool.me, pool.queue_attr, queue))
        lines = [
            f"{ops} = []\n",
            f"for _ in range({code_of_expr(bound[pool.count])}):\n",
            f"    {reader} = {made_reader}\n",
            f"    {ops}.append({queue.value}.enqueue({reader}.read({code_of_expr(fq)})))\n",
        ]
        head = [cst.parse_statement(t) for t in ("".join(lines[:1]), "".join(lines[1:]))]
        head[0] = head[0].with_changes(leading_lines=stmt.leading_lines)
        dequeue = f"{queue.value}.dequeue(name={code_of_expr(name_arg)})" if name_arg is not None \
            else f"{queue.value}.dequeue()"
        last = stmt.with_changes(body=[small.with_changes(value=cst.parse_expression(dequeue))], leading_lines=[])
        self.done += 1
        return [*head, runner.with_changes(leading_lines=[]), last]


def _free(name: str, taken: set[str]) -> str:
    """``name`` where no name of the module is spelled so, else a fresh one; it joins ``taken``."""
    if name in taken:
        return fresh_name(name, taken)
    taken.add(name)
    return name


class _Swap(cst.CSTTransformer):
    """The runner statement with ``self.<queue>`` as the queue's name, the ops list renamed."""

    def __init__(self, names: dict[str, cst.Name], me: str, queue_attr: str, queue: cst.Name):
        self.names, self.me, self.queue_attr, self.queue = names, me, queue_attr, queue

    def leave_Attribute(self, original, updated):
        if _self_attr(original, self.me) == self.queue_attr:
            return self.queue
        return updated

    def leave_Arg(self, original, updated):
        if isinstance(original.value, cst.Name) and original.value.value in self.names:
            return updated.with_changes(value=self.names[original.value.value])
        return updated


def code_of_expr(expr: cst.BaseExpression) -> str:
    return cst.Module(body=[]).code_for_node(expr)


def inline_reader_pools(texts: dict[str, str]) -> dict[str, str] | None:
    """``texts`` with each pool object made and read at once written out there, and each pool class no module
    names any more gone; None where nothing changed."""
    if not any("QueueRunner" in t and "class " in t for t in texts.values()):
        return None
    out = dict(texts)
    gone: dict[str, set[str]] = {}
    for path, text in texts.items():
        if "QueueRunner" not in text or "class " not in text or not _QUICK.search(text):
            continue
        try:
            module = cst.parse_module(text)
        except cst.ParserSyntaxError:
            continue
        pools = {s.name.value: p for s in module.body if isinstance(s, cst.ClassDef) for p in [_pool(s)] if p}
        if not pools:
            continue
        inliner = _Inline(pools, module)
        new = module.visit(inliner)
        if not inliner.done:
            continue
        out[path] = new.code
        gone[path] = set(pools)
    if not gone:
        return None
    for path, names in gone.items():  # (a pool class no module names any more goes)
        module = cst.parse_module(out[path])
        keep = []
        for stmt in module.body:
            if isinstance(stmt, cst.ClassDef) and stmt.name.value in names:
                word = re.compile(r"\b%s\b" % re.escape(stmt.name.value))
                rest = code_of(module.with_changes(body=[s for s in module.body if s is not stmt]))
                if not word.search(rest) and not any(word.search(t) for p, t in out.items() if p != path):
                    continue
            keep.append(stmt)
        out[path] = module.with_changes(body=keep).code
    return out


# --- a parameter no call of the tree gives, read only through ``p or LITERAL`` -----------------------------------

def _literal(expr: cst.BaseExpression) -> bool:
    """``{}``, or a list / tuple of dotted names (``[tf.string, tf.string]``): a value the same wherever written."""
    if isinstance(expr, cst.Dict):
        return not expr.elements
    if isinstance(expr, (cst.List, cst.Tuple)):
        return bool(expr.elements) and all(not isinstance(e, cst.StarredElement) and dotted(e.value) != ""
                                           for e in expr.elements)
    return False


def _unset_reads(fn: cst.FunctionDef, name: str) -> dict[int, cst.BaseExpression] | None:
    """{id of each node to replace: its replacement} where ``name`` (a parameter of ``fn`` defaulting to ``None``)
    is read only as ``name or LITERAL`` or, after a statement ``name = name or LITERAL`` of the function (at its
    top or in a ``with`` block of it, bound nowhere else), as ``name`` itself: each read becomes the literal and
    the statement goes. None where that is not so."""
    from tfdata_bridge._src.migrate.calls import bound_names as _bound

    reads = [n for n in identifiers(fn.body) if n.value == name]
    if not reads or nodes_of(fn.body, cst.FunctionDef) or nodes_of(fn.body, cst.Lambda) \
            or nodes_of(fn.body, cst.Global) or nodes_of(fn.body, cst.Nonlocal):
        return None
    swaps: dict[int, cst.BaseExpression] = {}
    taken: set[int] = set()
    literal = None

    def scan(block) -> bool:
        nonlocal literal
        for stmt in block:
            small = _one(stmt)
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target,
                                                                                          cst.Name) \
                    and small.targets[0].target.value == name:
                value = small.value
                if literal is not None or not (isinstance(value, cst.BooleanOperation)
                                               and isinstance(value.operator, cst.Or)
                                               and isinstance(value.left, cst.Name) and value.left.value == name
                                               and _literal(value.right)):
                    return False
                literal = value.right
                swaps[id(stmt)] = cst.RemovalSentinel.REMOVE
                taken.update({id(value.left), id(small.targets[0].target)})
                continue
            if isinstance(stmt, cst.With) and isinstance(stmt.body, cst.IndentedBlock):
                if not scan(stmt.body.body):
                    return False
                continue
            if name in _bound(stmt):
                return False
            for op in nodes_of(stmt, cst.BooleanOperation):
                if isinstance(op.operator, cst.Or) and isinstance(op.left, cst.Name) and op.left.value == name \
                        and _literal(op.right):
                    swaps[id(op)] = op.right
                    taken.add(id(op.left))
            for n in identifiers(stmt):
                if n.value == name and id(n) not in taken:
                    if literal is None:
                        return False
                    swaps[id(n)] = literal
                    taken.add(id(n))
        return True

    if not scan(_body(fn)):
        return None
    return swaps if all(id(n) in taken for n in reads) else None


class _Replace(cst.CSTTransformer):
    def __init__(self, swaps):
        self.swaps = swaps

    def on_leave(self, original, updated):
        new = self.swaps.get(id(original), updated)
        if isinstance(new, cst.Call):  # (``cls(**{})``: the empty keywords go)
            args = [a for a in new.args if not (a.star == "**" and isinstance(a.value, cst.Dict)
                                                and not a.value.elements)]
            if len(args) != len(new.args):
                if args:
                    args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                new = new.with_changes(args=args)
        return new


def fold_unset_params(texts: dict[str, str], root: str) -> dict[str, str] | None:
    """``texts`` with each top-level function's parameter that defaults to ``None``, that no call of the function
    in the tree gives, and that the function reads only through ``p or LITERAL`` (slim's ``dtypes = dtypes or
    [tf.string, tf.string]``; the reader pool's ``reader_kwargs or {}`` written out above) taken as ``None``: the
    literal written where it is read, the parameter gone (a caller outside the tree giving it gets a ``TypeError``,
    never a different queue). The same values, so the same program; None where nothing changed."""
    if not any(" or {}" in t or " or [" in t for t in texts.values()):
        return None
    given = texts
    texts = drop_none_handed_on(texts, root) or texts  # (``q=p`` of a ``p`` surely ``None``: the callee's default)
    from tfdata_bridge._src.migrate.handed_copies import _Tree
    from tfdata_bridge._src.migrate.queue_size import parents

    tree = None

    def _tree():
        nonlocal tree
        tree = _Tree(texts, root)
        return tree

    def _fold_fn(fn, path, get_tree, original):
        if "Queue" not in cst.Module(body=[]).code_for_node(fn.body):
            return None  # (only a function making a queue: a queue's reader or dtypes)
        params = fn.params.params
        for param in params:
            i = original.index(param.name.value)
            if not (param.default is not None and isinstance(param.default, cst.Name)
                    and param.default.value == "None") or param.star:
                continue
            swaps = _unset_reads(fn, param.name.value)
            if swaps is None:
                continue
            t = get_tree()
            if path not in t.modules:
                return None
            sites = t.sites(path, fn.name.value)
            if not sites or any(not _leaves(t, p, n, i, param.name.value) for p, n in sites):
                continue
            body = fn.body.visit(_Replace(swaps))
            return fn.with_changes(params=params_without(fn, param), body=body)
        return None

    def _leaves(t, cpath, node, index, name) -> bool:
        """The use ``node`` is a call of the function giving neither the ``index``-th argument nor ``name=``."""
        up = parents(t.modules[cpath])
        call = up.get(id(node))
        if isinstance(call, cst.Attribute) and call.attr is node:
            node, call = call, up.get(id(call))
        if not isinstance(call, cst.Call) or call.func is not node:
            return False
        if any(a.star for a in call.args):
            return False
        positional = [a for a in call.args if a.keyword is None]
        return len(positional) <= index and not any(a.keyword is not None and a.keyword.value == name
                                                    for a in call.args)

    out = dict(texts)
    for path, text in texts.items():
        if " or {}" not in text and " or [" not in text:
            continue
        try:
            module = cst.parse_module(text)
        except cst.ParserSyntaxError:
            continue
        new_body, changed = [], False
        for stmt in module.body:
            if isinstance(stmt, cst.FunctionDef) and not stmt.decorators:
                original = [p.name.value for p in stmt.params.params]
                while True:  # (each parameter so read, one after another)
                    folded = _fold_fn(stmt, path, lambda: tree if tree is not None else _tree(), original)
                    if folded is None:
                        break
                    stmt, changed = folded, True
            new_body.append(stmt)
        if changed:
            out[path] = module.with_changes(body=new_body).code
    return out if out != given else None


# --- a ``None`` handed on: ``callee(q=p)`` where ``p`` is ``None`` for sure and ``callee``'s ``q`` defaults to it --

def _none_params(fn: cst.FunctionDef, offset: int) -> set[str]:
    """``fn``'s parameters (past ``self`` where ``offset``) that default to ``None``."""
    p = fn.params
    return {x.name.value for x in [*p.params[offset:], *p.kwonly_params] if not x.star
            and isinstance(x.default, cst.Name) and x.default.value == "None"}


def _defs(module: cst.Module) -> dict[str, tuple[cst.FunctionDef, int, cst.ClassDef | None]]:
    """{name: (the function, 0, None) or (the class's ``__init__``, 1, the class)} of ``module``'s top level (no
    decorator)."""
    out = {}
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef) and not stmt.decorators:
            out[stmt.name.value] = (stmt, 0, None)
        elif isinstance(stmt, cst.ClassDef) and not stmt.decorators and isinstance(stmt.body, cst.IndentedBlock):
            init = next((s for s in stmt.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
                         and not s.decorators), None)
            if init is not None and init.params.params:
                out[stmt.name.value] = (init, 1, stmt)
    return out


def _given(call: cst.Call, fn: cst.FunctionDef, offset: int, name: str) -> cst.Arg | None:
    """The argument of ``call`` that gives ``fn``'s parameter ``name``, or None."""
    names = [p.name.value for p in fn.params.params]
    positional = [a for a in call.args if a.keyword is None]
    if name in names and names.index(name) - offset < len(positional):
        return positional[names.index(name) - offset]
    return next((a for a in call.args if a.keyword is not None and a.keyword.value == name), None)


def drop_none_handed_on(texts: dict[str, str], root: str) -> dict[str, str] | None:
    """``texts`` without each keyword argument ``q=p`` of a call of a function (or class) of the tree whose ``q``
    defaults to ``None``, where ``p`` is a parameter defaulting to ``None`` of the top-level function (or top-level
    class's ``__init__``) making the call, never rebound there, that every use of that function in the tree calls
    leaving ``p`` or giving it a ``None`` so sure in turn (slim's ``DatasetDataProvider(dataset, ...)`` handing
    ``reader_kwargs=reader_kwargs`` to ``parallel_read``): the callee gets the same ``None`` from its default, and
    ``fold_unset_params`` then sees a parameter no call gives. None where nothing changed."""
    from tfdata_bridge._src.migrate.handed_copies import _Tree
    from tfdata_bridge._src.migrate.queue_size import parents

    if not any("=None" in t for t in texts.values()) or not any(_HANDED_ON.search(t) for t in texts.values()):
        return None  # (no parameter defaulting to ``None``, or no ``q=p`` keyword: nothing to drop)
    t = _Tree(texts, root)
    defs = {path: _defs(module) for path, module in t.modules.items()}
    calls_kept: dict[tuple[str, str], list | None] = {}

    def calls_of(path: str, name: str) -> list | None:
        """(path, call) of each use of ``name`` of ``path`` in the tree; None where one is not a plain call
        (``super(Cls, self)`` in the class's own module aside)."""
        if (path, name) in calls_kept:
            return calls_kept[(path, name)]
        cls = defs[path][name][2]
        out: list | None = []
        for cpath, node in t.sites(path, name):
            up = parents(t.modules[cpath])
            call = up.get(id(node))
            if isinstance(call, cst.Attribute) and call.attr is node:
                node, call = call, up.get(id(call))
            if cls is not None and node is cls.name:
                continue
            if cls is not None and isinstance(call, cst.Arg):
                sup = up.get(id(call))
                if isinstance(sup, cst.Call) and isinstance(sup.func, cst.Name) and sup.func.value == "super" \
                        and sup.args and sup.args[0] is call:
                    continue
            if not isinstance(call, cst.Call) or call.func is not node or any(a.star for a in call.args):
                out = None
                break
            out.append((cpath, call))
        calls_kept[(path, name)] = out
        return out

    def maker(cpath: str, call: cst.Call) -> str | None:
        """The name (in ``defs[cpath]``) of the function or class whose own body makes ``call``, not in a nested
        function or lambda."""
        up = parents(t.modules[cpath])
        node = up.get(id(call))
        while node is not None and not isinstance(node, (cst.FunctionDef, cst.Lambda, cst.Module)):
            node = up.get(id(node))
        return next((n for n, (fn, _, _) in defs[cpath].items() if fn is node), None)

    def surely_none(cpath: str, name: str, param: str, seen: frozenset) -> bool:
        """``param`` of ``defs[cpath][name]`` is ``None`` whenever its body runs."""
        if (cpath, name, param) in seen or len(seen) > 8:
            return False
        fn, offset, _ = defs[cpath][name]
        if param not in _none_params(fn, offset) or param in bound_names(fn.body) or nodes_of(fn.body, cst.Global) \
                or nodes_of(fn.body, cst.Nonlocal) or nodes_of(fn.body, cst.Del):
            return False
        calls = calls_of(cpath, name)
        if not calls:
            return False
        for path, call in calls:
            arg = _given(call, fn, offset, param)
            if arg is None or isinstance(arg.value, cst.Name) and arg.value.value == "None":
                continue
            by = maker(path, call) if isinstance(arg.value, cst.Name) else None
            if by is None or not surely_none(path, by, arg.value.value, seen | {(cpath, name, param)}):
                return False
        return True

    drops: dict[str, set[int]] = {}
    for cpath, found in defs.items():
        for name, (fn, offset, _) in found.items():
            nones = _none_params(fn, offset)
            if not nones:
                continue
            for call in nodes_of(fn.body, cst.Call):
                callee = call.func.value if isinstance(call.func, cst.Name) else \
                    call.func.attr.value if isinstance(call.func, cst.Attribute) else None
                for arg in call.args:
                    if arg.keyword is None or not isinstance(arg.value, cst.Name) or arg.value.value not in nones:
                        continue
                    for bpath in defs:
                        target = defs[bpath].get(callee)
                        if target is None or arg.keyword.value not in _none_params(target[0], target[1]):
                            continue
                        calls = calls_of(bpath, callee)
                        if calls and any(c is call for _, c in calls) and maker(cpath, call) == name \
                                and surely_none(cpath, name, arg.value.value, frozenset()):
                            drops.setdefault(cpath, set()).add(id(arg))
                            break
    if not drops:
        return None
    out = dict(texts)
    for cpath, ids in drops.items():
        out[cpath] = t.modules[cpath].visit(_DropArgs(ids)).code
    return out


class _DropArgs(cst.CSTTransformer):
    def __init__(self, ids: set[int]):
        self.ids = ids

    def leave_Call(self, original, updated):
        if not any(id(a) in self.ids for a in original.args):
            return updated
        args = [u for o, u in zip(original.args, updated.args) if id(o) not in self.ids]
        if args and original.args[-1].comma is cst.MaybeSentinel.DEFAULT:
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(args=args)
