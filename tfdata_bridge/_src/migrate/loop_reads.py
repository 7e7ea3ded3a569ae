"""A reader's ``read`` or a producer's ``dequeue()`` made inside a loop, its queue made before the loop:

    q = tf.train.string_input_producer(files, shuffle=False)
    reader = tf.TextLineReader()
    for i in range(6):
        key, value = reader.read(q)                   # a new read op each turn ...
        print(sess.run(value))                        # ... each run reading on from the same queue
    for i in range(5):
        print(sess.run(q.dequeue()))                  # the same, inline

Each turn's op reads on from the same queue, so the program is the one with the op made once, before the loop:
``hoist_loop_reads`` (a form ``to_tfdata.run`` keeps only where it lets more pipelines be rewritten) moves such a
statement to just before the loop (an inline ``q.dequeue()`` is named there: ``value = sess.run(file_name)``),
and the recogniser reads the straight form. What moves: a simple statement of the loop's own body (not under an
``if`` or a nested loop), ``names = R.read(Q)`` / ``R.read_up_to(Q, n)`` / ``x = Q.dequeue()``, or one inline
``Q.dequeue()`` of a statement (not in a lambda, a comprehension, ``a if c else b``, ``a and b``), whose reader,
queue and count are names the loop never binds (nor its target), or literals; a target the loop reads before
the statement (the turn would read the last turn's op) or binds elsewhere is left.

Where a read or dequeue is left in a loop, its queue made outside it, a rewrite that made the dataset where the
op was would start the data again each turn: ``loop_read_reason`` says so, and the direct rewrites refuse it.
"""

from __future__ import annotations

import collections

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, names_in, nodes_of
from tfdata_bridge._src.migrate.queue_size import parents

_READS = ("read", "read_up_to")


def loop_read_reason(finder, stmt: cst.CSTNode, made: list[cst.CSTNode]) -> str | None:
    """Why ``stmt`` (a read or dequeue made into a dataset's ``get_next()`` where it stands) cannot be rewritten
    there: a loop of its function holds it but not all of ``made`` (its producer, its reader); else None."""
    scope = finder.scopes.scope(stmt)
    root = getattr(scope, "node", None)
    if root is None:
        return None
    up = parents(root)
    node = up.get(id(stmt))
    while node is not None and node is not root:
        if isinstance(node, (cst.For, cst.While)):
            inside = {id(n) for n in nodes_of(node, cst.SimpleStatementLine)}
            if any(id(m) not in inside for m in made):
                what = "for" if isinstance(node, cst.For) else "while"
                return (f"the read is made inside a `{what}` loop, its queue before it: each turn's op read on "
                        "from the same queue, and a dataset made there would start again each turn; not "
                        "rewritten: make the read once, before the loop")
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            break
        node = up.get(id(node))
    return None


def hoist_loop_reads(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each loop-invariant read or dequeue of a loop's body made once before the loop (module
    docstring); the same module object where there is none."""
    code = code_of(module)
    if ".dequeue()" not in code and ".read(" not in code and ".read_up_to(" not in code:
        return module
    if "for " not in code and "while " not in code:
        return module
    hoister = _Hoister(names_in(module))
    out = module.visit(hoister)
    return out if hoister.changed else module


def _bound_in(loop: cst.CSTNode) -> set[str]:
    """The names the loop binds (its target, assignments, loops, withs, imports, defs in it)."""
    out: set[str] = set()
    if isinstance(loop, cst.For):
        out |= names_in(loop.target)
    for node in nodes_of(loop.body, cst.CSTNode):
        if isinstance(node, cst.AssignTarget):
            out |= names_in(node.target)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            out |= names_in(node.target)
        elif isinstance(node, cst.For):
            out |= names_in(node.target)
        elif isinstance(node, cst.AsName):
            out |= names_in(node.name)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            out.add(node.name.value)
        elif isinstance(node, cst.NamedExpr):
            out |= names_in(node.target)
    return out


def _guarded(stmt: cst.CSTNode) -> set[int]:
    out: set[int] = set()
    for kind in (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.IfExp,
                 cst.BooleanOperation):
        for node in nodes_of(stmt, kind):
            out |= {id(n) for n in nodes_of(node, cst.Call)}
    return out


def _plain(expr: cst.BaseExpression, bound: set[str]) -> bool:
    """A name the loop does not bind, or a literal."""
    if isinstance(expr, cst.Name):
        return expr.value not in bound
    return isinstance(expr, (cst.Integer, cst.SimpleString, cst.Float))


def _read_call(call: cst.BaseExpression, bound: set[str]) -> bool:
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)):
        return False
    method = call.func.attr.value
    if method == "dequeue":
        return not call.args and _plain(call.func.value, bound) and isinstance(call.func.value, cst.Name)
    if method in _READS:
        return isinstance(call.func.value, cst.Name) and _plain(call.func.value, bound) and bool(call.args) and \
            all(not a.star and _plain(a.value, bound) for a in call.args)
    return False


class _Hoister(cst.CSTTransformer):
    def __init__(self, taken: set[str]) -> None:
        super().__init__()
        self.taken = set(taken)
        self.changed = False
        self.functions: list[cst.FunctionDef] = []  # (the functions the walk is in: originals)
        self.module: cst.Module | None = None

    def _fresh(self, name: str) -> str:
        while name in self.taken:
            name += "_"
        self.taken.add(name)
        return name

    def _hoisted(self, loop: cst.For | cst.While, outside: collections.Counter
                 ) -> tuple[list[cst.SimpleStatementLine], cst.CSTNode] | None:
        """(statements made once before ``loop``, the loop without them); ``outside``: how many times each name
        is spelled in the loop's function beyond the loop."""
        if not isinstance(loop.body, cst.IndentedBlock):
            return None
        bound = _bound_in(loop)
        before: list[cst.SimpleStatementLine] = []
        body = list(loop.body.body)
        read_so_far: set[str] = set()
        for i, stmt in enumerate(body):
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and _read_call(small.value, bound):
                targets = names_in(small.targets[0].target)
                # (each target bound by this statement alone in the loop, and not read before it in a turn)
                rest = [s for j, s in enumerate(body) if j != i and s is not None]
                others = _bound_in(loop.with_changes(body=loop.body.with_changes(body=rest)))
                if not (targets & others) and not (targets & read_so_far) and not _loop_reads_first(loop, targets) \
                        and _stays_in_turn(body, i, targets, outside):
                    before.append(stmt.with_changes(leading_lines=()))
                    body[i] = None  # type: ignore[call-overload]
                    continue
            elif isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
                guarded = _guarded(stmt)
                up = parents(stmt)
                found = [c for c in nodes_of(stmt, cst.Call) if _read_call(c, bound) and c.func.attr.value ==
                         "dequeue" and id(c) not in guarded and _run_now(up, c, stmt)]
                if len(found) == 1:
                    name = self._fresh("file_name")
                    before.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))],
                                                                      found[0])]))
                    body[i] = stmt.visit(_Replace(found[0], name))
            read_so_far |= names_in(stmt) if body[i] is not None else set()
        if not before:
            return None
        kept = [s for s in body if s is not None]
        if not kept:
            kept = [cst.SimpleStatementLine([cst.Pass()])]
        return before, loop.with_changes(body=loop.body.with_changes(body=kept))

    def _block(self, stmts: list[cst.BaseStatement], originals: list[cst.BaseStatement]
               ) -> list[cst.BaseStatement] | None:
        out: list[cst.BaseStatement] = []
        changed = False
        where = self.functions[-1] if self.functions else self.module
        spelled = collections.Counter(n.value for n in nodes_of(where, cst.Name)) if where is not None else None
        for k, stmt in enumerate(stmts):
            if isinstance(stmt, (cst.For, cst.While)) and spelled is not None and k < len(originals):
                outside = spelled - collections.Counter(n.value for n in nodes_of(originals[k], cst.Name))
                got = self._hoisted(stmt, outside)
                if got is not None:
                    before, loop = got
                    if before:
                        before[0] = before[0].with_changes(leading_lines=stmt.leading_lines)
                        loop = loop.with_changes(leading_lines=())
                    out += [*before, loop]
                    changed = True
                    continue
            out.append(stmt)
        return out if changed else None

    def visit_Module(self, node: cst.Module) -> None:
        self.module = node

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.functions.append(node)

    def leave_FunctionDef(self, original, updated):
        self.functions.pop()
        return updated

    def leave_IndentedBlock(self, original, updated):
        return self._statements(original, updated)

    def leave_Module(self, original, updated):
        return self._statements(original, updated)

    def _statements(self, original, updated):
        """A block's (or the module's) statements with its loops' reads hoisted (``_block``)."""
        if len(original.body) != len(updated.body):
            return updated
        new = self._block(list(updated.body), list(original.body))
        if new is None:
            return updated
        self.changed = True
        return updated.with_changes(body=new)


def _loop_reads_first(loop: cst.For | cst.While, targets: set[str]) -> bool:
    """A ``while`` loop's test reads a target (it would read the last turn's op, or none, first)."""
    return isinstance(loop, cst.While) and bool(names_in(loop.test) & targets)


class _Replace(cst.CSTTransformer):
    def __init__(self, call: cst.Call, name: str) -> None:
        super().__init__()
        self.call, self.name = call, name

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        return cst.Name(self.name) if original is self.call else updated


def _run_now(up, call: cst.Call, stmt: cst.CSTNode) -> bool:
    """``call`` is run where it is made, its op kept nowhere: inside the arguments of an ``X.run(...)`` call
    (``sess.run(q.dequeue())``, ``sess.run(tf.read_file(q.dequeue()))``) or the object of an ``.eval()``."""
    child, node = call, up.get(id(call))
    while node is not None and node is not stmt:
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            if node.func.attr.value == "run" and child is not node.func:
                return True
            if node.func.attr.value == "eval" and child is node.func:
                return True
        child, node = node, up.get(id(node))
    return False


def _stays_in_turn(body: list, i: int, targets: set[str], outside: collections.Counter) -> bool:
    """The tensors ``body[i]`` binds (and those the turn computes from them) are run in the turn that made them
    and kept nowhere: each read of one is inside an ``X.run(...)`` / ``.eval()``, or in the value of a top-level
    assignment of the loop's body after it (whose names, bound there alone, are then followed too; a ``run``'s
    result is a value, not followed); none is spelled beyond the loop in its function. Ops of several turns
    collected (``clones.append(q.dequeue())``) and run together took several elements, one op each."""
    derived = set(targets)
    for j in range(i + 1, len(body)):
        stmt = body[j]
        if stmt is None:
            continue
        up = parents(stmt)
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        grown: set[str] = set()
        for name in nodes_of(stmt, cst.Name):
            if name.value not in derived or _is_target(up, name):
                continue
            if _run_now(up, name, stmt):
                continue
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and _within(up, name, small.value):
                grown |= names_in(small.targets[0].target)
                continue
            return False
        if grown:
            earlier = set().union(*(names_in(s) for s in body[:j] if s is not None)) if j else set()
            if grown & earlier:
                return False
            derived |= grown
    return not any(outside.get(n, 0) for n in derived)


def _is_target(up, name: cst.Name) -> bool:
    node = up.get(id(name))
    while isinstance(node, (cst.Tuple, cst.List, cst.Element, cst.StarredElement)):
        node = up.get(id(node))
    return isinstance(node, cst.AssignTarget)


def _within(up, node: cst.CSTNode, root: cst.CSTNode) -> bool:
    while node is not None:
        if node is root:
            return True
        node = up.get(id(node))
    return False
