"""A hand-built queue filled by one enqueue op per turn of a loop whose turns are all alike: each turn reads the
next record of one reader made before the loop and parses it, nothing in the turn depending on the turn.

    files = tf.train.string_input_producer(names, num_epochs=1)
    reader = tf.TextLineReader()
    queue = tf.RandomShuffleQueue(capacity, min_after_dequeue, dtypes, shapes=...)
    ops = []
    for _ in range(k):
        _, line = reader.read(files)
        ops.append(queue.enqueue(parse(line)))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
    batch = queue.dequeue_many(n)

The ``k`` read ops share the reader (its file, its position) and the filename queue: each run of any of them takes
the next record, so the ``k`` runner threads together enqueue each record once, as ``k`` threads running one op
(``QueueRunner(queue, [op] * k)``) do; the copies of the parse are the same ops on the same values. So the loop is
written as that one op, replicated:

    _, line = reader.read(files)
    op = queue.enqueue(parse(line))
    ops = [op] * k

which the queue's rewrite (``runner_queue.py``) takes or refuses as it stands. The form is only written where a
turn's copies cannot differ: the loop variable unread, no name carried from one turn to the next or read after
the loop, every read on a reader made before the loop, and no call (in the turn or in the module's functions it
calls) that makes state of its own per copy: a reader, queue, variable, random op, input producer or batch (a
reader made in each turn is another form: each turn its own pipeline, ``enqueue_loops.py``). A call the module
cannot see (a helper of another module, a method of an object) keeps the loop as written.
"""

from __future__ import annotations

import builtins
import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import (bound_names, dotted, imported_roots, last_name, module_functions, name_counts,
                                              names_in, nodes_of, target_names, top_imports)
from tfdata_bridge._src.migrate.enqueue_loops import StatementsReplaced

# calls whose every copy makes state of its own (a read op is taken apart below: one on a reader made before the
# loop shares that reader's state)
_STATEFUL = re.compile(r"random|Variable|variable|Reader$|Queue$|input_producer|batch|placeholder|assign|Dataset|"
                       r"iterator|shuffle|enqueue|dequeue|^read|sample|multinomial|categorical|dropout|set_seed|uniform|normal|"
                       r"gamma|poisson|^Generator|get_global_step|summary")
_READS = ("read", "read_up_to")
_BUILTINS = frozenset(dir(builtins))


def replicate_alike_turns(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each loop of alike enqueue turns written as one op replicated (the same module object when
    there is none)."""
    if not any(isinstance(c.func, cst.Attribute) and c.func.attr.value in ("enqueue", "enqueue_many")
               for loop in nodes_of(module, cst.For) for c in nodes_of(loop, cst.Call)):
        return module
    ctx = _Context(module)
    changes: dict[int, list[cst.BaseStatement]] = {}
    scopes: list[cst.CSTNode] = [module, *nodes_of(module, cst.FunctionDef)]
    for scope in scopes:
        blocks = [scope] if isinstance(scope, cst.Module) else [scope.body, *nodes_of(scope.body, cst.IndentedBlock)]
        for block in {id(b): b for b in blocks}.values():
            body = list(block.body)
            for first, loop in zip(body, body[1:]):
                try:
                    found = _replicated(ctx, scope, first, loop)
                except (AttributeError, IndexError, KeyError, TypeError, ValueError):  # (off the pattern: kept)
                    found = None
                if found is not None and id(loop) not in changes:
                    changes[id(first)] = []
                    changes[id(loop)] = found
    if not changes:
        return module
    return module.visit(StatementsReplaced(changes))


class _Context:
    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.roots = imported_roots(module)
        # (the library modules whose functions only their names tell: any other import is code the module cannot see)
        self.libraries = {n for n, path in top_imports(module).items()
                          if path.split(".")[0] in ("tensorflow", "numpy", "math")}
        binds = [n for t in nodes_of(module, cst.AssignTarget) for n in names_in(t.target)]
        for stmt in module.body:  # (``v1 = tf.compat.v1``, bound once: a library's module under another name)
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                    isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Attribute):
                root = small.value
                while isinstance(root, cst.Attribute):
                    root = root.value
                alias = small.targets[0].target.value
                if isinstance(root, cst.Name) and root.value in self.libraries and binds.count(alias) == 1:
                    self.libraries.add(alias)
        self.made: set[str] = set()  # (the names a turn makes: tensors, whose methods are the tensors')
        self.functions: dict[str, list[cst.FunctionDef]] = {}
        for fn in module_functions(module):
            self.functions.setdefault(fn.name.value, []).append(fn)
        self.taken = names_in(module)


def _replicated(ctx: _Context, scope: cst.CSTNode, first: cst.BaseStatement, loop: cst.BaseStatement
                ) -> list[cst.BaseStatement] | None:
    """What replaces ``loop`` (``first``, the empty list's statement, goes), or None: not alike turns."""
    if not (isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 and isinstance(first.body[0], cst.Assign)
            and len(first.body[0].targets) == 1 and isinstance(first.body[0].targets[0].target, cst.Name)
            and isinstance(first.body[0].value, cst.List) and not first.body[0].value.elements):
        return None
    ops = first.body[0].targets[0].target.value
    if not (isinstance(loop, cst.For) and loop.orelse is None and loop.asynchronous is None
            and isinstance(loop.target, cst.Name) and isinstance(loop.body, cst.IndentedBlock)):
        return None
    it = loop.iter
    if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range"
            and len(it.args) == 1 and it.args[0].keyword is None and not it.args[0].star):
        return None
    turns = it.args[0].value
    stmts = list(loop.body.body)
    if not stmts or not all(isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 for s in stmts):
        return None
    last = stmts[-1].body[0]
    append = last.value if isinstance(last, cst.Expr) else None
    if not (isinstance(append, cst.Call) and isinstance(append.func, cst.Attribute)
            and isinstance(append.func.value, cst.Name) and append.func.value.value == ops
            and append.func.attr.value == "append" and len(append.args) == 1 and append.args[0].keyword is None
            and not append.args[0].star):
        return None
    enqueue = append.args[0].value
    if not (isinstance(enqueue, cst.Call) and isinstance(enqueue.func, cst.Attribute)
            and isinstance(enqueue.func.value, cst.Name) and enqueue.func.attr.value in ("enqueue", "enqueue_many")):
        return None
    queue = enqueue.func.value.value
    # the turn: assignments in order, each name assigned once, read only after it is made (nothing carried over)
    made: set[str] = set()
    assigned = {n for s in stmts[:-1] for t in nodes_of(s, cst.AssignTarget) for n in names_in(t.target)}
    for s in stmts[:-1]:
        small = s.body[0]
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
            return None
        names = target_names(small.targets[0].target)
        if names is None:
            return None
        if names_in(small.value) & ({loop.target.value, ops, queue} | (assigned - made)):  # (carried over)
            return None
        if (set(names) - {"_"}) & made or set(names) & {ops, queue}:
            return None
        made |= set(names)
    if names_in(enqueue) & {loop.target.value, ops} or enqueue.func.value.value in made:
        return None
    if names_in(turns) & made:
        return None
    # nothing made in the turn (nor the loop variable) read outside the loop (its value would be the last copy's)
    inside, whole = name_counts(loop), name_counts(scope)
    if any(whole[n] != inside[n] for n in (made | {loop.target.value}) - {"_"}):
        return None
    # every call the same op in each copy
    ctx.made = made
    for s in stmts[:-1]:
        for call in nodes_of(s, cst.Call):
            if last_name(call.func) in _READS and isinstance(call.func, cst.Attribute):
                reader = call.func.value
                if not (isinstance(reader, cst.Name) and reader.value not in made and reader.value != "self"):
                    return None
                if not all(_alike(ctx, a.value, set()) for a in call.args):
                    return None
                continue
            if not _call_alike(ctx, call, set()):
                return None
    if not all(_alike(ctx, a.value, set()) for a in enqueue.args):
        return None
    op = _fresh(ctx, f"{ops}_op" if not ops.endswith("_ops") else ops[:-1])
    moved = [s.with_changes(leading_lines=loop.leading_lines if i == 0 else s.leading_lines)
             for i, s in enumerate(stmts[:-1])]
    made_op = cst.parse_statement(f"{op} = x\n").with_changes(
        body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(op))], value=enqueue)])
    if not moved:
        made_op = made_op.with_changes(leading_lines=loop.leading_lines)
    listed = cst.parse_statement(f"{ops} = [{op}] * x\n")
    listed = listed.with_changes(body=[listed.body[0].with_changes(
        value=listed.body[0].value.with_changes(right=turns))])
    return [*moved, made_op, listed]


def _fresh(ctx: _Context, base: str) -> str:
    name, i = base, 2
    while name in ctx.taken:
        name, i = f"{base}_{i}", i + 1
    ctx.taken.add(name)
    return name


def _alike(ctx: _Context, node: cst.CSTNode, seen: set[str]) -> bool:
    """Whether every call in ``node`` makes the same op in each copy (no state of its own)."""
    return all(_call_alike(ctx, c, seen) for c in nodes_of(node, cst.Call))


def _call_alike(ctx: _Context, call: cst.Call, seen: set[str]) -> bool:
    name = last_name(call.func)
    if not name or _STATEFUL.search(name) or "random" in dotted(call.func):  # (``tf.random.uniform``)
        return False
    root = call.func
    while isinstance(root, cst.Attribute):
        root = root.value
    if isinstance(root, cst.Call):  # (a method of what a call gave: that call is checked on its own)
        return True
    if not isinstance(root, cst.Name):
        return False
    if root.value in ctx.libraries:  # (TensorFlow's, NumPy's function: its name tells)
        return True
    if root.value in ctx.made and root is not call.func:  # (a method of a tensor the turn made)
        return True
    if root.value in ctx.roots:  # (a helper of another module: not followed)
        return False
    if isinstance(call.func, cst.Name) and name in _BUILTINS and name not in ctx.functions:
        return name not in ("exec", "eval", "setattr", "globals", "locals", "vars", "__import__")
    if isinstance(call.func, cst.Attribute) and not (root.value in ("self", "cls") and call.func.value is root):
        return False  # (a method of an object the module cannot follow)
    fns = ctx.functions.get(name)
    if not fns:
        return False
    if name in seen:
        return True
    seen.add(name)
    for fn in fns:
        if bound_names(fn.body) & ctx.roots:  # (a module rebound inside)
            return False
        if not all(_call_alike(ctx, c, seen) for c in nodes_of(fn.body, cst.Call)):
            return False
    return True

