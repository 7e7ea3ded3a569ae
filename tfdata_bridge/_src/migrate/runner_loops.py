"""The forms of runner plumbing beyond ``start_queue_runners``, for ``plumbing.remove_plumbing``.

    for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):      # runners started one by one: the loop goes
        threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
    while step < n and not coord.should_stop():                   # the coordinator's part of a test goes
    except Exception as e:
        coord.request_stop(e)                                     # the handler keeps what the coordinator did

With no runners left nothing requests a stop, so ``not coord.should_stop()`` is always true and drops out of
an ``and``. ``coord.request_stop(e)`` in a handler recorded ``e`` for ``coord.join`` to raise again, except an
``OutOfRangeError`` (the coordinator's clean stop): the handler becomes ``except <v1>.errors.OutOfRangeError:
pass`` where that call was all it did, and otherwise the call becomes ``if not isinstance(e, ...): raise``.
"""

from __future__ import annotations

import libcst as cst


def _call_of(stmt: cst.BaseStatement) -> cst.Call | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        small = stmt.body[0]
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            return small.value
        if isinstance(small, cst.AugAssign) and isinstance(small.value, cst.Call):
            return small.value
    return None


def _creates_threads(call: cst.Call, runner: str) -> bool:
    func = call.func
    return (isinstance(func, cst.Attribute) and func.attr.value == "create_threads"
            and isinstance(func.value, cst.Name) and func.value.value == runner)


def names_runners(expr: cst.BaseExpression) -> bool:
    """``expr`` is ``get_collection(GraphKeys.QUEUE_RUNNERS)`` (or of ``"queue_runners"``), however spelled."""
    if not (isinstance(expr, cst.Call) and expr.args):
        return False
    func = expr.func
    if not ((isinstance(func, cst.Attribute) and func.attr.value == "get_collection")
            or (isinstance(func, cst.Name) and func.value == "get_collection")):
        return False
    key = expr.args[0].value
    if isinstance(key, cst.Attribute):
        return key.attr.value == "QUEUE_RUNNERS"
    return isinstance(key, cst.SimpleString) and key.evaluated_value == "queue_runners"


def _named_collection(expr: cst.BaseExpression, collections: frozenset[str]) -> bool:
    """``get_collection(key)`` of one key, spelled as one of ``collections``."""
    return isinstance(expr, cst.Call) and len(expr.args) == 1 and expr.args[0].keyword is None and \
        (isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get_collection"
         or isinstance(expr.func, cst.Name) and expr.func.value == "get_collection") and \
        cst.Module([]).code_for_node(expr.args[0].value) in collections


def runner_loop(loop: cst.For, collections: frozenset[str] = frozenset()) -> str | None:
    """The list the loop collects the runner threads in (``""``: none) when ``loop`` does nothing but start the
    graph's queue runners, or those of a named collection in ``collections`` (the keys, as written, of the
    loops over the named collections whose runners the rewrite took: ``queue_runners.collection_started``);
    None otherwise."""
    if not (isinstance(loop.target, cst.Name) and (names_runners(loop.iter) or
                                                   _named_collection(loop.iter, collections))
            and loop.orelse is None
            and isinstance(loop.body, cst.IndentedBlock)):
        return None
    runner = loop.target.value
    collected = ""
    for stmt in loop.body.body:
        call = _call_of(stmt)
        if call is None:
            return None
        if _creates_threads(call, runner):
            if isinstance(stmt.body[0], cst.AugAssign):
                target = stmt.body[0].target
                if not isinstance(target, cst.Name):
                    return None
                collected = target.value
            continue
        func = call.func  # ``threads.extend(qr.create_threads(...))``
        if (isinstance(func, cst.Attribute) and func.attr.value in ("extend", "append")
                and isinstance(func.value, cst.Name) and len(call.args) == 1
                and isinstance(call.args[0].value, cst.Call) and _creates_threads(call.args[0].value, runner)):
            collected = func.value.value
            continue
        return None
    return collected


def not_should_stop(expr: cst.BaseExpression, coord: str) -> bool:
    """``expr`` is ``not <coord>.should_stop()``."""
    return (isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not)
            and should_stop(expr.expression, coord))


def should_stop(expr: cst.BaseExpression, coord: str) -> bool:
    """``expr`` is ``<coord>.should_stop()``."""
    return (isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value == "should_stop" and isinstance(expr.func.value, cst.Name)
            and expr.func.value.value == coord)


def without_should_stop(test: cst.BaseExpression, coord: str) -> cst.BaseExpression | None:
    """``test`` with its ``and not coord.should_stop()`` operand dropped; None where it has none."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        if not_should_stop(test.right, coord):
            return test.left
        if not_should_stop(test.left, coord):
            return test.right
        inner = without_should_stop(test.left, coord)
        if inner is not None:
            return test.with_changes(left=inner)
    return None


def recorded_stop(handler: cst.ExceptHandler, coord: str) -> cst.SimpleStatementLine | None:
    """The ``coord.request_stop(e)`` statement of ``handler`` (``except ... as e``), if it has one."""
    if handler.name is None or not isinstance(handler.name.name, cst.Name):
        return None
    name = handler.name.name.value
    for stmt in handler.body.body:
        call = _call_of(stmt)
        if (call is not None and isinstance(stmt.body[0], cst.Expr) and isinstance(call.func, cst.Attribute)
                and call.func.attr.value == "request_stop" and isinstance(call.func.value, cst.Name)
                and call.func.value.value == coord and len(call.args) == 1
                and isinstance(call.args[0].value, cst.Name) and call.args[0].value.value == name):
            return stmt
    return None


def without_recorded_stop(handler: cst.ExceptHandler, stmt: cst.SimpleStatementLine,
                          v1: str) -> cst.ExceptHandler:
    """``handler`` doing what ``coord.request_stop(e)`` and the later ``coord.join`` did: an
    ``OutOfRangeError`` ends quietly, any other exception is raised."""
    out_of_range = cst.parse_expression(f"{v1}.errors.OutOfRangeError")
    rest = [s for s in handler.body.body if s is not stmt]
    if not rest:
        return handler.with_changes(type=out_of_range, name=None, body=handler.body.with_changes(
            header=cst.TrailingWhitespace(), body=[cst.SimpleStatementLine([cst.Pass()])]))
    name = handler.name.name.value
    check = cst.parse_statement(f"if not isinstance({name}, {v1}.errors.OutOfRangeError):\n    raise\n")
    body = [check if s is stmt else s for s in handler.body.body]
    return handler.with_changes(body=handler.body.with_changes(body=body))
