"""A hand-built queue, its enqueue op and its ``QueueRunner`` kept on ``self`` in one method, the runner's
threads started by another method of the class (the reading-data how-to's recipe as a pipeline class):

    def __init__(self, files, batch_size, num_threads):          def __init__(self, files, batch_size, num_threads):
        ...                                                           ...
        example = self._read_example(filename_queue)                  example = self._read_example(filename_queue)
        self.queue = tf.RandomShuffleQueue(64, 8, dtypes=...)         queue = tf.RandomShuffleQueue(64, 8, dtypes=...)
        self.enqueue_op = self.queue.enqueue(example)                 enqueue_op = queue.enqueue(example)
        self.inputs = self.queue.dequeue_many(batch_size)             self.inputs = queue.dequeue_many(batch_size)
        self.qr = tf.train.QueueRunner(self.queue,                    qr = tf.train.QueueRunner(queue,
                                       [self.enqueue_op] * k)                                   [enqueue_op] * k)
                                                                      tf.train.add_queue_runner(qr)
    def start(self, sess, coord):                                 def start(self, sess, coord):
        return self.qr.create_threads(sess, coord=coord,              return []
                                      start=True)

The attributes become locals of the making method and the runner is registered there, which is the form
``runner_queue.py`` rewrites (the queue, its op and its runner go; the dequeue becomes the dataset's batch). The
start method keeps working for its callers: its ``create_threads(..., start=True)`` gives the empty list (a
statement of its own goes), as no runner is left to start. The runner may also be registered by
``add_queue_runner(self.qr)`` in another method (that statement goes). Queue, op or runner may be locals already.
Taken only where each attribute is named nowhere else (not in another method of the class but for the runner's
start, not in another module of the tree, not by a string or ``getattr``); otherwise the reason is said. The form
is a step towards the rewrite: ``to_tfdata.run`` keeps it only where the pipeline is then rewritten. Gated by the
text: a module without ``QueueRunner`` and ``self.`` costs one substring test.
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, dotted, nodes_of
from tfdata_bridge._src.migrate.inline_sources import _assigned, _once
from tfdata_bridge._src.migrate.object_uses import tree_uses
from tfdata_bridge._src.migrate.reader_attr import _self
from tfdata_bridge._src.migrate.returned_lists import Replace

_QUEUES = ("FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue")
_DYNAMIC = re.compile(r"\b(getattr|setattr|hasattr|delattr|vars)\s*\(|__dict__")


def held_runners(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each such class's queue, op and runner locals of their method (the same object where none)."""
    code = code_of(module)
    if "QueueRunner" not in code or "self" not in code or "Queue(" not in code or _DYNAMIC.search(code):
        return module
    changes: dict[int, object] = {}
    for cls in nodes_of(module, cst.ClassDef):
        methods = [s for s in cls.body.body if isinstance(s, cst.FunctionDef)]
        for fn in methods:
            me = _self(fn)
            if me is not None:
                _one_method(module, code, cls, methods, fn, me, external, why, changes)
    if not changes:
        return module
    return module.visit(Replace(changes, module))


def _ref(node: cst.BaseExpression, me: str) -> tuple[str, str] | None:
    """("attr", A) for ``me.A``; ("name", n) for a plain name; None otherwise."""
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == me:
        return "attr", node.attr.value
    if isinstance(node, cst.Name):
        return "name", node.value
    return None


def _is(node: cst.CSTNode, ref: tuple[str, str], me: str) -> bool:
    return isinstance(node, (cst.Attribute, cst.Name)) and _ref(node, me) == ref


def _assign(stmt: cst.SimpleStatementLine) -> cst.Assign | None:
    small = stmt.body[0]
    return small if isinstance(small, cst.Assign) and len(small.targets) == 1 else None


def _one_method(module, code, cls, methods, fn, me, external, why, changes) -> None:
    once = _once(fn)
    found = None
    for k, stmt in enumerate(once):
        small = _assign(stmt)
        if small is None or not isinstance(small.value, cst.Call) or \
                dotted(small.value.func).rpartition(".")[2] not in _QUEUES:
            continue
        qref = _ref(small.targets[0].target, me)
        if qref is None:
            continue
        runner = enqueue = None
        for later in once[k + 1:]:
            s = _assign(later)
            if s is None or not isinstance(s.value, cst.Call) or _ref(s.targets[0].target, me) is None:
                continue
            func = s.value.func
            if dotted(func).rpartition(".")[2] == "QueueRunner" and s.value.args and \
                    _is(s.value.args[0].value, qref, me) and runner is None:
                runner = later
            elif isinstance(func, cst.Attribute) and func.attr.value in ("enqueue", "enqueue_many") and \
                    _is(func.value, qref, me) and enqueue is None:
                enqueue = later
        if runner is not None:
            found = (stmt, enqueue, runner)
            break
    if found is None:
        return
    stmt, enqueue, runner = found
    refs = [_ref(_assign(s).targets[0].target, me) for s in found if s is not None]
    held = [r[1] for r in refs if r[0] == "attr"]
    if not held:
        return  # (all locals: the ordinary rewrite's form)
    rname = _ref(_assign(runner).targets[0].target, me)

    def say(text: str) -> None:
        if why is not None:
            why.append((fn, text))

    mine = {id(n) for n in nodes_of(fn, cst.Attribute)}
    strangers = _other_objects(module, cls)
    all_uses = {a: [n for n in nodes_of(module, cst.Attribute) if n.attr.value == a and id(n) not in strangers]
                for a in held}
    start_sites: list[tuple[cst.FunctionDef, cst.Attribute]] = []
    for attr in held:
        if tree_uses(external, attr) or f'"{attr}"' in code or f"'{attr}'" in code:
            say(f"`{me}.{attr}` (the hand-built queue's {_role(attr, refs, rname)} kept in `{fn.name.value}`) is "
                "named in another module of the tree or by a string: the queue, its enqueue op and its runner are "
                "rewritten where nothing outside the method that makes them uses them")
            return
        for use in all_uses[attr]:
            if id(use) in mine:
                if not (isinstance(use.value, cst.Name) and use.value.value == me):
                    return
                continue
            other = next((m for m in methods if any(n is use for n in nodes_of(m, cst.Attribute))), None)
            if rname == ("attr", attr) and other is not None and _self(other) is not None and \
                    isinstance(use.value, cst.Name) and use.value.value == _self(other):
                start_sites.append((other, use))
                continue
            where = f"`{other.name.value}`" if other is not None else "code outside the class"
            say(f"`{me}.{attr}` (the hand-built queue's {_role(attr, refs, rname)} kept in `{fn.name.value}`) is "
                f"also used in {where}: the rewrite takes the queue, its enqueue op and its runner held on `{me}` "
                "only where nothing but the runner's start (`create_threads(..., start=True)` or "
                "`add_queue_runner`) names them outside the method that makes them (a `size()`, a second dequeue "
                "or enqueue elsewhere has no dataset counterpart)")
            return
    # the runner's start in other methods: each one statement the rewrite can replace
    started_here = _registered_in(fn, rname, me, once)
    starts: dict[int, object] = {}
    for other, use in start_sites:
        res = _start_change(other, use)
        if res is None:
            say(f"`{_self(other)}.{rname[1]}` (the hand-built queue's runner kept in `{fn.name.value}`) is used in "
                f"`{other.name.value}` otherwise than `return {_self(other)}.{rname[1]}.create_threads(sess, "
                f"coord=coord, start=True)`, `threads = ...create_threads(..., start=True)`, such a call as a "
                "statement, or `add_queue_runner(...)`: not rewritten")
            return
        starts.update(res)
    if not start_sites and not started_here or start_sites and started_here:
        return  # (never started: legacy's dequeue waits for ever; started twice: not this form)
    # the locals
    taken = _assigned(fn) | {n.value for n in nodes_of(fn, cst.Name)}
    local: dict[str, str] = {}
    for attr in held:
        name = attr.lstrip("_") or "q"
        while name in taken or name == me:
            name += "_"
        taken.add(name)
        local[attr] = name
    local_changes: dict[int, object] = {}
    for use in nodes_of(fn, cst.Attribute):
        if use.attr.value in local and isinstance(use.value, cst.Name) and use.value.value == me:
            local_changes[id(use)] = cst.Name(local[use.attr.value])
    if enqueue is not None:
        local_changes.update(_unpacked_element(fn, once, enqueue, _assign(stmt).value, taken))
    if start_sites and not started_here:
        qr_call = _assign(runner).value
        head = dotted(qr_call.func).rpartition(".")[0]
        if not head:
            say("the runner is made by a bare `QueueRunner(...)`: write `tf.train.QueueRunner(...)`")
            return
        rlocal = local.get(rname[1], rname[1]) if rname[0] == "attr" else rname[1]
        registration = cst.parse_statement(f"{head}.add_queue_runner({rlocal})\n")
        new_runner = runner.visit(Replace(local_changes, runner))
        local_changes = {k: v for k, v in local_changes.items()
                         if not any(id(n) == k for n in nodes_of(runner, cst.Attribute))}
        local_changes[id(runner)] = cst.FlattenSentinel([new_runner, registration])
    changes.update(local_changes)
    changes.update(starts)


def _unpacked_element(fn, once, enqueue, qcall: cst.Call, taken: set[str]) -> dict[int, object]:
    """``row = helper(...)`` then ``queue.enqueue(row)``, ``row`` named nowhere else, into a queue of ``k`` literal
    dtypes: ``row_0, ..., row_k-1 = helper(...)`` and ``queue.enqueue([row_0, ...])``, the form the recogniser
    follows through helpers. The enqueue took ``row`` as a sequence of exactly ``k`` tensors (anything else fails
    there), so the unpacking gives the same tensors, in order."""
    call = _assign(enqueue).value
    if len(call.args) != 1 or call.args[0].keyword is not None or not isinstance(call.args[0].value, cst.Name):
        return {}
    name = call.args[0].value.value
    dtypes = next((a.value for a in qcall.args if a.keyword is not None and a.keyword.value == "dtypes"), None)
    if dtypes is None:
        kind = dotted(qcall.func).rpartition(".")[2]
        at = 2 if kind == "RandomShuffleQueue" else 1
        plain = [a for a in qcall.args if a.keyword is None]
        dtypes = plain[at].value if len(plain) > at else None
    if not (isinstance(dtypes, (cst.List, cst.Tuple)) and len(dtypes.elements) > 1 and
            all(isinstance(e, cst.Element) for e in dtypes.elements)):
        return {}
    if sum(isinstance(n, cst.Name) and n.value == name for n in nodes_of(fn, cst.Name)) != 2 or \
            nodes_of(fn.body, cst.FunctionDef) or nodes_of(fn.body, cst.Lambda):
        return {}
    made = next((s for s in once[:once.index(enqueue)] if _assign(s) is not None and
                 isinstance(_assign(s).targets[0].target, cst.Name) and _assign(s).targets[0].target.value == name
                 and isinstance(_assign(s).value, cst.Call)), None)
    if made is None:
        return {}
    names = []
    for i in range(len(dtypes.elements)):
        new = f"{name}_{i}"
        while new in taken:
            new += "_"
        taken.add(new)
        names.append(new)
    target = _assign(made).targets[0].target
    return {id(target): cst.Tuple([cst.Element(cst.Name(n)) for n in names], lpar=[], rpar=[]),
            id(call.args[0].value): cst.List([cst.Element(cst.Name(n)) for n in names])}


def _other_objects(module: cst.Module, cls: cst.ClassDef) -> set[int]:
    """The ids of ``me.X`` nodes in the methods of the module's other classes (``me`` each method's own instance),
    none derived from ``cls`` by name: attributes of other objects, which may share a name (``self.queue``)."""
    out: set[int] = set()
    for other in nodes_of(module, cst.ClassDef):
        if other is cls or any(cls.name.value in {n.value for n in nodes_of(b.value, cst.Name)} for b in other.bases):
            continue
        for m in (s for s in other.body.body if isinstance(s, cst.FunctionDef)):
            me = _self(m)
            out |= {id(a) for a in nodes_of(m, cst.Attribute) if me is not None and isinstance(a.value, cst.Name)
                    and a.value.value == me}
    return out


def _role(attr: str, refs: list, rname) -> str:
    if rname == ("attr", attr):
        return "runner"
    return "queue" if refs and refs[0] == ("attr", attr) else "enqueue op"


def _registered_in(fn: cst.FunctionDef, rname, me: str, once) -> bool:
    """The making method itself registers the runner: ``add_queue_runner(<runner>)`` as a statement."""
    for stmt in once:
        small = stmt.body[0]
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and \
                dotted(small.value.func).rpartition(".")[2] == "add_queue_runner" and small.value.args and \
                _is(small.value.args[0].value, rname, me):
            return True
    return False


def _start_change(other: cst.FunctionDef, use: cst.Attribute) -> dict[int, object] | None:
    """The change that stops ``other`` starting the runner named by ``use``: ``create_threads(..., start=True)``
    as a return value or an assigned value gives ``[]``; as a statement of its own (or ``add_queue_runner(use)``)
    it goes (``pass`` where it was the block's only statement). None: another use."""
    for block in [other.body, *[n.body for n in nodes_of(other, cst.BaseCompoundStatement)]]:
        if not isinstance(block, cst.IndentedBlock):
            continue
        for stmt in block.body:
            if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
                continue
            small = stmt.body[0]
            value = small.value if isinstance(small, (cst.Return, cst.Expr)) else \
                small.value if isinstance(small, cst.Assign) and len(small.targets) == 1 else None
            if not isinstance(value, cst.Call):
                continue
            func = value.func
            if isinstance(func, cst.Attribute) and func.value is use and func.attr.value == "create_threads":
                if not any(a.keyword is not None and a.keyword.value == "start" and isinstance(a.value, cst.Name)
                           and a.value.value == "True" for a in value.args):
                    return None
                if isinstance(small, cst.Expr):
                    return {id(stmt): _gone(block, stmt)}
                return {id(value): cst.List([])}
            if isinstance(small, cst.Expr) and dotted(func).rpartition(".")[2] == "add_queue_runner" and \
                    len(value.args) == 1 and value.args[0].value is use:
                return {id(stmt): _gone(block, stmt)}
    return None


def _gone(block: cst.IndentedBlock, stmt: cst.SimpleStatementLine):
    if len(block.body) == 1:
        return stmt.with_changes(body=[cst.Pass()])
    return cst.RemovalSentinel.REMOVE


__all__ = ["held_runners"]
