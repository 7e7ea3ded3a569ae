"""A batch helper's prelude: its first statements re-binding its tensor parameters one element at a time
(the TF-GAN provider's ``batch_images``) before the batch call takes them.

    def batch_images(image, patch_height, patch_width, colors, batch_size, shuffle):
        image = image[:patch_height, :patch_width, :colors]
        image.set_shape([patch_height, patch_width, colors])
        if shuffle:
            return tf.train.shuffle_batch([image], ...)
        return tf.train.batch([image], ...)

Legacy ran these ops once per enqueued element, upstream of the queue; the rewrite runs them in a ``map`` of
the helper's dataset, before its batches: the statements move as written into a function of the tensors
(the helper's other parameters stay visible to it as a closure), which returns them re-bound.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal
from tfdata_bridge._src.migrate.graph_mode import run_as_written
from tfdata_bridge._src.migrate.walk import Visitor


def _rebinds(small: cst.BaseSmallStatement, tensors: set[str]) -> bool:
    """``t = ...`` / ``a, b = ...`` of tensor names, or ``t.set_shape(...)``."""
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target = small.targets[0].target
        names = [e.value for e in target.elements] if isinstance(target, (cst.Tuple, cst.List)) else [target]
        return all(isinstance(n, cst.Name) and n.value in tensors for n in names)
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        func = small.value.func
        return isinstance(func, cst.Attribute) and func.attr.value == "set_shape" and \
            isinstance(func.value, cst.Name) and func.value.value in tensors
    return False


_QUEUE_METHODS = {"read", "read_up_to", "dequeue", "dequeue_many", "dequeue_up_to", "enqueue", "enqueue_many"}


def _feeds_a_queue(stmt: cst.CSTNode, api: Callable[[cst.BaseExpression], str | None]) -> bool:
    """The statement calls an input producer, reader, queue or ``py_func``: not per-element ops."""
    found: list[cst.Call] = []

    class _V(Visitor):
        def visit_Call(self, node: cst.Call) -> None:
            path = api(node) or ""
            last = path.rsplit(".", 1)[-1]
            if path.startswith("train.") or "Reader" in last or "Queue" in last or \
                    last in ("py_func", "numpy_function", "py_function") or \
                    isinstance(node.func, cst.Attribute) and node.func.attr.value in _QUEUE_METHODS:
                found.append(node)

    stmt.visit(_V())
    return bool(found)


def prelude_of(fn: cst.FunctionDef, tensors: list[str],
               api: Callable[[cst.BaseExpression], str | None],
               params: set[str] | None = None) -> list[cst.SimpleStatementLine]:
    """The helper's leading statements (after a docstring) that re-bind or shape its tensor parameters with
    per-element ops (``api`` names a call's TensorFlow API). With ``params`` (all the helper's parameters), also
    those binding new names, values computed per element (``seq_len = tf.shape(input_seq)[0]``, ``indicator =
    tf.ones(...)``: ``derived_names``), calling TensorFlow's ops alone, nothing random, stateful or printed."""
    from tfdata_bridge._src.migrate.calls import nodes_of
    from tfdata_bridge._src.migrate.variable_rows import _stateful

    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    out: list[cst.SimpleStatementLine] = []
    for k, stmt in enumerate(body):
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            break
        small = stmt.body[0]
        if k == 0 and isinstance(small, cst.Expr) and isinstance(small.value, (cst.SimpleString,
                                                                                cst.ConcatenatedString)):
            continue  # the docstring
        if _feeds_a_queue(stmt, api):
            break
        if not _rebinds(small, set(tensors)):
            calls = nodes_of(small, cst.Call)  # (TensorFlow's ops alone: not a function of the program's)
            if params is None or not _binds_new(small, params) or \
                    any(api(c) is None or _stateful(c, api, set()) for c in calls):
                break
        out.append(stmt)
    return out


def _binds_new(small: cst.BaseSmallStatement, params: set[str]) -> bool:
    """``name = ...`` of one name that is none of ``params``."""
    return isinstance(small, cst.Assign) and len(small.targets) == 1 and \
        isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value not in params


def derived_names(prelude: list[cst.SimpleStatementLine], params: set[str]) -> list[str]:
    """The new names the prelude binds (``_binds_new``), in its order."""
    out: list[str] = []
    for stmt in prelude:
        small = stmt.body[0]
        if _binds_new(small, params) and small.targets[0].target.value not in out:
            out.append(small.targets[0].target.value)
    return out


def check_bindings(fn: cst.FunctionDef, scope, tensors: list[str], prelude: list[cst.SimpleStatementLine],
                   owners, also: list[cst.SimpleStatementLine] = ()) -> None:
    """Each tensor is bound by its parameter and the prelude only (and the statements ``also``, the batch calls
    re-binding the names to their result): the batch takes what the prelude made."""
    if scope is None:
        raise Refusal(f"`{fn.name.value}`: its names cannot be resolved")
    moved = {id(s) for s in [*prelude, *also]}
    for t in tensors:
        for a in scope.assignments[t]:
            if isinstance(a.node, cst.Param):
                continue
            stmt = owners.get(id(a.node))
            if stmt is None or id(stmt) not in moved:
                raise Refusal(f"`{fn.name.value}` re-binds its tensor `{t}` beyond its first statements")


def rewrite_prelude(fn: cst.FunctionDef, tensors: list[str], prelude: list[cst.SimpleStatementLine],
                    dataset: str, v1: str, taken: set[str],
                    returns: list[str] | None = None) -> dict[cst.CSTNode, list[cst.BaseStatement]]:
    """Replacements for the prelude's statements: its first becomes the element function and the ``map`` of
    ``dataset``, the others go (they are in the function). The function returns ``returns`` (the batch's list,
    values the prelude derives among them) or else the tensors."""
    name = next(n for n in ("prepare_element", "prepare_element_", "prepared_element") if n not in taken)
    returned = ", ".join(returns or tensors)
    params = cst.Parameters([cst.Param(cst.Name(t)) for t in tensors])
    body = [s.with_changes(leading_lines=()) for s in prelude]
    body.append(cst.SimpleStatementLine([cst.Return(cst.parse_expression(returned))]))
    fn_def = run_as_written(cst.FunctionDef(cst.Name(name), params, cst.IndentedBlock(body)), v1)
    fn_def = fn_def.with_changes(leading_lines=prelude[0].leading_lines)
    mapped = cst.parse_statement(f"{dataset} = {dataset}.map({name})")
    out: dict[cst.CSTNode, list[cst.BaseStatement]] = {prelude[0]: [fn_def, mapped]}
    for s in prelude[1:]:
        out[s] = []
    return out

