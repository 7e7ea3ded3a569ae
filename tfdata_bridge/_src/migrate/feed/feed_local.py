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
