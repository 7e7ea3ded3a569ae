"""A feed_dict made on the line before the enqueue's run (the speech feeders):

    feed_dict = dict(zip(self._placeholders, (features, len(features), transcript)))
    self._session.run(self._enqueue_op, feed_dict=feed_dict)

becomes ``self._session.run(self._enqueue_op, feed_dict=dict(zip(...)))`` before the loop is read
(``loop.py``), where the name is read nowhere else in the feeding function: the same values, fed once.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import name_counts
from tfdata_bridge._src.migrate.feed.loop import is_obj, runs


def inline_feeds(feeder: cst.FunctionDef, sess: str) -> cst.FunctionDef:
    """``feeder`` with each ``name = {...}`` / ``dict(...)`` that only the next line's ``sess.run(op,
    feed_dict=name)`` reads put in its place."""
    feeder = feeder.visit(_Filled())  # (``fd = {...}`` then ``fd[k] = v`` lines: one literal first)
    counts = name_counts(feeder)
    return feeder.visit(_Inline(sess, counts))


class _Inline(cst.CSTTransformer):
    def __init__(self, sess: str, counts) -> None:
        super().__init__()
        self.sess, self.counts = sess, counts

    def leave_IndentedBlock(self, original, updated):
        body = list(updated.body)
        out: list[cst.BaseStatement] = []
        k = 0
        while k < len(body):
            stmt = body[k]
            nxt = body[k + 1] if k + 1 < len(body) else None
            made = _made(stmt)
            call = runs(nxt) if nxt is not None else None
            if made is not None and call is not None and is_obj(call.func.value, self.sess) and len(call.args) == 2 \
                    and isinstance(call.args[1].value, cst.Name) and call.args[1].value.value == made[0] \
                    and (call.args[1].keyword is None or call.args[1].keyword.value == "feed_dict") \
                    and self.counts[made[0]] == 2:
                arg = call.args[1].with_changes(value=made[1])
                new = call.with_changes(args=[call.args[0], arg])
                out.append(nxt.with_changes(body=[nxt.body[0].with_changes(value=new)],
                                            leading_lines=stmt.leading_lines))
                k += 2
                continue
            out.append(stmt)
            k += 1
        return updated.with_changes(body=out)


class _Filled(cst.CSTTransformer):
    """``fd = {self.image: d[0]}`` followed by ``fd[self.labels[0]] = d[1][0]`` lines, or by ``for i in range(n):
    fd[self.labels[i]] = d[1][i]`` (``n`` an int literal, the loop's one statement), written as the one dict
    literal they build, the loop unrolled (the same keys and values, evaluated in the same order)."""

    def leave_IndentedBlock(self, original, updated):
        body = list(updated.body)
        out: list[cst.BaseStatement] = []
        k = 0
        while k < len(body):
            stmt = body[k]
            made = _made(stmt)
            if made is None or not isinstance(made[1], cst.Dict):
                out.append(stmt)
                k += 1
                continue
            elements = list(made[1].elements)
            j = k + 1
            while j < len(body) and (more := _fill(body[j], made[0])) is not None:
                elements += more
                j += 1
            if j == k + 1:
                out.append(stmt)
                k += 1
                continue
            value = made[1].with_changes(elements=[e.with_changes(comma=cst.MaybeSentinel.DEFAULT) for e in elements])
            out.append(stmt.with_changes(body=[stmt.body[0].with_changes(value=value)]))
            k = j
        return updated.with_changes(body=out)


def _fill(stmt: cst.BaseStatement, name: str) -> list[cst.DictElement] | None:
    """The entries ``stmt`` puts in the dict ``name``: ``name[k] = v``, or a ``for`` over ``range(n)`` of one such
    line (unrolled: its variable read as each int); None otherwise."""
    if isinstance(stmt, cst.For):
        if stmt.orelse is not None or stmt.asynchronous is not None or not isinstance(stmt.target, cst.Name) or not (
                isinstance(stmt.iter, cst.Call) and isinstance(stmt.iter.func, cst.Name)
                and stmt.iter.func.value == "range" and len(stmt.iter.args) == 1
                and isinstance(stmt.iter.args[0].value, cst.Integer)) or not isinstance(stmt.body, cst.IndentedBlock) \
                or len(stmt.body.body) != 1:
            return None
        one = _fill(stmt.body.body[0], name)
        n = int(stmt.iter.args[0].value.value)
        if one is None or n > 64 or stmt.target.value == name:
            return None
        var = stmt.target.value
        return [e.with_changes(key=e.key.visit(_Bound(var, i)), value=e.value.visit(_Bound(var, i)))
                for i in range(n) for e in one]
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)
            and len(stmt.body[0].targets) == 1):
        return None
    target = stmt.body[0].targets[0].target
    if not (isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and target.value.value == name
            and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index)):
        return None
    value = stmt.body[0].value
    if any(isinstance(n, cst.Name) and n.value == name for n in _names(value)):
        return None  # (the value reads the dict being filled)
    return [cst.DictElement(target.slice[0].slice.value, value)]


def _names(node: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []

    class _V(cst.CSTVisitor):
        def visit_Name(self, n):
            found.append(n)
    node.visit(_V())
    return found


class _Bound(cst.CSTTransformer):
    """A loop's variable read as one of its values (names only: an attribute's name is not the variable)."""

    def __init__(self, var: str, value: int) -> None:
        super().__init__()
        self.var, self.value = var, value

    def visit_Attribute(self, node):
        node.value.visit(self)  # (only the value holds the variable; the attribute's own name is left)
        return False

    def leave_Attribute(self, original, updated):
        return updated.with_changes(value=original.value.visit(self))

    def leave_Name(self, original, updated):
        return cst.Integer(str(self.value)) if original.value == self.var else updated


def _made(stmt: cst.BaseStatement) -> tuple[str, cst.BaseExpression] | None:
    """(name, value) for ``name = {...}`` / ``name = {k: v for ...}`` / ``name = dict(...)``."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)
            and len(stmt.body[0].targets) == 1 and isinstance(stmt.body[0].targets[0].target, cst.Name)):
        return None
    value = stmt.body[0].value
    if isinstance(value, (cst.Dict, cst.DictComp)) or isinstance(value, cst.Call) and isinstance(value.func, cst.Name) \
            and value.func.value == "dict":
        return stmt.body[0].targets[0].target.value, value
    return None
