"""The uses of a hand-built queue's ``size()`` that a rewrite may drop, and the reason for any other.

tf.data has no queue whose fill level it could report, so a rewrite can only drop what reads it, and only where
no batch and nothing the program returns depends on it:

    tf.summary.scalar("queue/fill", queue.size())          # a summary of its own: dropped (nothing runs it here)
    size = queue.size()                                     # a name read only by the uses below: dropped
    print("queued:", sess.run(size))                       # a log line that runs nothing but the size
    logging.info("queued %d", sess.run(queue.size()))
    while sess.run(size) < CAPACITY:                       # a wait for the queue to fill (sleep / log only):
        time.sleep(0.01)                                    #   dropped; tf.data prefetches without it

Any other read of the size (into a result, a condition that steers the program, a ``run`` that also fetches a
batch or a training op) is refused with its line: the program's data would change.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import libcst as cst
from libcst.metadata import Assignment, BuiltinAssignment

from tfdata_bridge._src.migrate.calls import Refusal, keep, nodes_of
from tfdata_bridge._src.migrate.walk import children

_LOG_LEVELS = frozenset({"debug", "info", "warning", "warn", "error", "log", "vlog", "exception", "critical"})
_PURE = frozenset({"int", "float", "str", "round", "repr", "format", "len", "min", "max", "abs"})
_DEPTH = 4  # ``size = q.size()``; ``n = sess.run(size)``; ``print(n)``: names followed this many times


def _calls(node: cst.CSTNode) -> list[cst.Call]:
    return nodes_of(node, cst.Call)


_PARENTS: dict[int, tuple[cst.CSTNode, Mapping[int, cst.CSTNode]]] = {}  # id(root) -> (root, its parents)
_KEPT = 64  # roots whose parents are kept (a rewrite asks them of the same few functions and blocks many times)


def parents(root: cst.CSTNode) -> Mapping[int, cst.CSTNode]:
    """id(node) -> its parent, for every node under ``root`` (read-only: one map per root, kept, as libcst's nodes
    never change; the entry holds ``root`` itself, so its id is not reused while the map is kept)."""
    kept = _PARENTS.get(id(root))
    if kept is not None and kept[0] is root:
        return kept[1]
    found: dict[int, cst.CSTNode] = {}
    stack = [root]
    while stack:  # (read from the fields in libcst's order, as its visit would go, a node met twice in a changed
        # tree kept at its last place; a visitor's walk rebuilt every node it passed)
        node = stack.pop()
        kids = children(node)
        for child in kids:
            found[id(child)] = node
        kids.reverse()
        stack.extend(kids)
    of = MappingProxyType(found)
    keep(_PARENTS, id(root), (root, of), _KEPT)
    return of


def enclosing_of(up: Mapping[int, cst.CSTNode], node: cst.CSTNode | None, kind: type) -> cst.CSTNode | None:
    """The nearest node of ``kind`` holding ``node`` (itself included), walking a ``parents`` map."""
    while node is not None and not isinstance(node, kind):
        node = up.get(id(node))
    return node


def size_call(up: dict[int, cst.CSTNode], use: cst.Name) -> cst.Call | None:
    """The call ``use.size()`` that the queue's name ``use`` is read for (None: another use)."""
    attr = up.get(id(use))
    call = up.get(id(attr)) if isinstance(attr, cst.Attribute) and attr.value is use else None
    if isinstance(call, cst.Call) and call.func is attr and attr.attr.value == "size" and not call.args:
        return call
    return None


class SizeUses:
    """Sorts the reads of one queue's ``size()`` calls; ``up``: the parents of the nodes of the block that makes
    the queue (``parents``).

    ``drained(block, names, method, value)`` also lets a read that follows, in ``block`` (the statements of the
    queue's block in order), a loop running the dequeue's ``names`` to ``OutOfRangeError`` (``feed/drained.py``)
    become ``value`` (what the drained queue holds: ``0`` after a ``dequeue()`` / ``dequeue_up_to`` drain); after a
    ``dequeue_many`` drain it is refused, its short tail being a count the rewrite does not keep."""

    def __init__(self, finder, qname: str, up: dict[int, cst.CSTNode]) -> None:
        self.finder, self.qname, self.up = finder, qname, up
        self.dropped: list[cst.CSTNode] = []
        self.kinds: set[str] = set()
        self.replaced: dict[cst.BaseStatement, cst.BaseStatement] = {}  # reads after a drain, now its value
        self._drain: tuple[list[cst.BaseStatement], set[str], str, str | None] | None = None

    def drained(self, block: list[cst.BaseStatement], names: set[str], method: str, value: str | None) -> None:
        self._drain = (block, names, method, value)

    def _after_drain(self, node: cst.CSTNode, origin: cst.Call) -> bool:
        """``origin`` (a ``queue.size()`` read as ``node``) follows a drain: recorded in ``replaced``."""
        if self._drain is None or node is not origin:
            return False
        from tfdata_bridge._src.migrate.feed.drained import is_drain

        block, names, method, value = self._drain
        ids = {id(s): k for k, s in enumerate(block)}
        top: cst.CSTNode | None = node
        while top is not None and id(top) not in ids:
            top = self.up.get(id(top))
        if top is None or not any(is_drain(s, names) for s in block[:ids[id(top)]]):
            return False
        line = self.finder.scopes.line(node)
        where = f" at line {line}" if line else ""
        if method == "dequeue_many" or value is None:
            raise Refusal(f"`{self.qname}.size()` is read{where} after a `{method}` drain: the queue then holds the "
                          "short tail that `dequeue_many` leaves, a count the rewrite does not keep; drop that read, "
                          "or run the file through the drop-in (`migrate --to compat`)")
        stmt = self.replaced.get(top, top)
        self.replaced[top] = stmt.deep_replace(origin, cst.parse_expression(value)) \
            if any(n is origin for n in _calls(stmt)) else stmt
        return True

    def drop(self, calls: list[cst.Call]) -> list[cst.CSTNode]:
        """The statements to drop for ``calls`` (each a ``queue.size()``); Refusal names any other use."""
        for call in calls:
            self._value(call, call, 0)
        return list({id(s): s for s in self.dropped}.values())

    def note(self) -> str | None:
        """What the rewrite's comment says it dropped (None: nothing)."""
        said = []
        if self.kinds:
            said.append(f"`{self.qname}.size()` read only by {' and '.join(sorted(self.kinds))}: dropped (tf.data "
                        "has no queue to measure, and no batch depends on it)")
        if self.replaced:
            said.append(f"`{self.qname}.size()` read after the drain is 0, as legacy's emptied queue")
        return "; ".join(said) or None

    def dropped_by(self, stack: list[cst.CSTNode]) -> bool:
        """A statement of ``stack`` (a use's enclosing statements) is one that goes."""
        gone = {id(s) for s in self.dropped}
        return any(id(s) in gone for s in stack)

    # -- one value: the size, or a name or run that holds it -------------------------------------------------------
    def _value(self, node: cst.BaseExpression, origin: cst.Call, depth: int) -> None:
        if self._after_drain(node, origin):
            return
        child, parent = node, self.up.get(id(node))
        while parent is not None and not isinstance(parent, (cst.BaseSmallStatement, cst.BaseCompoundStatement)):
            child, parent = parent, self.up.get(id(parent))
        line = self.finder.scopes.line(node)
        if isinstance(parent, cst.While) and child is parent.test and self._wait_loop(parent):
            self.dropped.append(parent)
            self.kinds.add("a wait for the queue to fill")
            return
        stmt = self.up.get(id(parent))
        if isinstance(parent, cst.Expr) and isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
            if self._summary(parent.value):
                self.dropped.append(stmt)
                self.kinds.add(f"the summary `{' '.join(self.finder.code(parent).split())}`")  # (one line)
                return
            if self._log_line(parent.value):
                self.dropped.append(stmt)
                self.kinds.add("log lines")
                return
        if isinstance(parent, cst.Assign) and isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 \
                and len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name) \
                and child is parent.value and depth < _DEPTH and self._pure(parent.value):
            name = parent.targets[0].target.value
            reads = self.finder.scopes.readers_of(stmt, name)
            if not reads:  # a tensor the program may still run by its graph name: the queue is measured
                raise Refusal(f"`{name}` holds `{self.qname}.size()` and nothing here reads it; the program may run it "
                              "by its name, and tf.data has no queue to measure: not rewritten (remove it, or run the "
                              "file through the drop-in: `migrate --to compat`)")
            self.dropped.append(stmt)
            for read in reads:
                self._value(read, origin, depth + 1)
            return
        where = f" at line {line}" if line else ""
        raise Refusal(f"`{self.qname}.size()` is read{where} for more than a log line, a summary or a wait for the "
                      "queue to fill (the program's data or its steps depend on it); tf.data has no queue whose "
                      "fill level it could give: drop that use by hand, or run the file through the drop-in "
                      "(`migrate --to compat`)")

    # -- the statements that may go ------------------------------------------------------------------------------
    def _summary(self, call: cst.BaseExpression) -> bool:
        path = self.finder.api(call) or ""
        return isinstance(call, cst.Call) and "summary" in path.split(".")[:-1]

    def _log_line(self, call: cst.BaseExpression) -> bool:
        """``print(...)`` or ``logging.info(...)`` (stdlib, absl, ``tf.logging``) whose arguments run nothing but
        the size."""
        if not isinstance(call, cst.Call):
            return False
        func = call.func
        if isinstance(func, cst.Name):
            logs = func.value == "print" and self._builtin(func)
        else:
            root = func.value if isinstance(func, cst.Attribute) else None
            while isinstance(root, cst.Attribute):
                root = root.value
            logs = isinstance(func, cst.Attribute) and func.attr.value in _LOG_LEVELS and \
                isinstance(func.value, (cst.Name, cst.Attribute)) and isinstance(root, cst.Name) and \
                self._imported(root) and \
                (func.value.attr.value if isinstance(func.value, cst.Attribute) else func.value.value) == "logging"
        return logs and all(self._pure(a.value) for a in call.args)

    def _wait_loop(self, loop: cst.While) -> bool:
        """``while <reads of the size> ...: time.sleep(...)`` (log lines and ``pass`` allowed), no ``else``."""
        if loop.orelse is not None or not self._pure(loop.test) or not isinstance(loop.body, cst.IndentedBlock):
            return False
        for stmt in loop.body.body:
            if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
                return False
            small = stmt.body[0]
            if isinstance(small, cst.Pass):
                continue
            if not isinstance(small, cst.Expr) or not (self._sleep(small.value) or self._log_line(small.value)):
                return False
        return True

    def _sleep(self, call: cst.BaseExpression) -> bool:
        if not (isinstance(call, cst.Call) and all(self._pure(a.value) for a in call.args)):
            return False
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "sleep" and isinstance(func.value, cst.Name):
            return func.value.value == "time" and self._imported(func.value)
        return isinstance(func, cst.Name) and func.value == "sleep" and self._imported(func)

    def _pure(self, expr: cst.BaseExpression) -> bool:
        """``expr`` runs nothing but this queue's size: every call in it is ``X.run(size)`` / ``size.eval()``, a
        ``queue.size()`` call, a pure builtin (``int``, ``float``, ``str``...), ``"...".format(...)``, or a graph op
        of TensorFlow's (an op made, not run)."""
        for call in nodes_of(expr, cst.Call):
            func = call.func
            if isinstance(func, cst.Name) and func.value in _PURE and self._builtin(func):
                continue
            if isinstance(func, cst.Attribute) and func.attr.value == "format" and \
                    isinstance(func.value, (cst.SimpleString, cst.ConcatenatedString)):
                continue
            if isinstance(func, cst.Attribute) and func.attr.value == "size" and isinstance(func.value, cst.Name) \
                    and func.value.value == self.qname and not call.args:
                continue
            if isinstance(func, cst.Attribute) and func.attr.value in ("run", "eval"):
                fetched = call.args[0].value if func.attr.value == "run" and call.args else func.value
                if self._a_size(fetched):
                    continue
                return False
            if self.finder.api(call) is not None and "run" not in (self.finder.api(call) or ""):
                continue  # a TensorFlow op: made here, run only where the size is run
            return False
        return True

    def _a_size(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """``node`` computes from this queue's size alone: ``queue.size()``, literals, module constants,
        TensorFlow ops and pure builtins of such, or a name bound once to such (running it dequeues nothing)."""
        if depth > _DEPTH:
            return False
        if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Attribute) and func.attr.value == "size" and isinstance(func.value, cst.Name) \
                    and func.value.value == self.qname and not node.args:
                return True
            op = self.finder.api(node) is not None and "run" not in (self.finder.api(node) or "")
            pure = isinstance(func, cst.Name) and func.value in _PURE and self._builtin(func)
            return (op or pure) and all(self._a_size(a.value, depth + 1) for a in node.args)
        if isinstance(node, cst.Attribute):  # ``tf.float32``: a name of a module
            root = node
            while isinstance(root, cst.Attribute):
                root = root.value
            return isinstance(root, cst.Name) and self._imported(root)
        if isinstance(node, cst.BinaryOperation):
            return self._a_size(node.left, depth + 1) and self._a_size(node.right, depth + 1)
        if isinstance(node, cst.UnaryOperation):
            return self._a_size(node.expression, depth + 1)
        if isinstance(node, cst.Name):
            made = self._bound(node)  # (a module constant, ``CAPACITY = 10``, is a number)
            small = made.body[0] if made is not None and len(made.body) == 1 else None
            return isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                isinstance(small.targets[0].target, cst.Name) and self._a_size(small.value, depth + 1)
        return False

    def _bound(self, name: cst.Name) -> cst.SimpleStatementLine | None:
        """The one statement that binds what ``name`` reads (None: not one assignment)."""
        scope = self.finder.scopes.scope(name)
        found = list(scope[name.value]) if scope is not None else []
        if len(found) != 1 or not isinstance(found[0], Assignment):
            return None
        return self.finder.scopes.owners.get(id(found[0].node))

    def _imported(self, name: cst.Name) -> bool:
        scope = self.finder.scopes.scope(name)
        found = list(scope[name.value]) if scope is not None else []
        return bool(found) and all(isinstance(getattr(a, "node", None), (cst.Import, cst.ImportFrom))
                                   for a in found)

    def _builtin(self, name: cst.Name) -> bool:
        scope = self.finder.scopes.scope(name)
        if scope is None:
            return False
        found = list(scope[name.value])
        return bool(found) and all(isinstance(a, BuiltinAssignment) for a in found)
