"""A batched component that is a Python list or tuple of tensors, packed as legacy's batch packed it.

    slices = [tf.reshape(audio[i * n:(i + 1) * n], [n, 1]) for i in range(3)]
    batch = tf.train.shuffle_batch([slices], 2, 50, 4)         # or batch([slices, label]), batch({"s": slices})

Legacy's batches (``batch``, ``shuffle_batch``, their ``_join`` forms, and a queue's ``enqueue``) convert each
component with ``convert_to_tensor`` (``input.py``'s ``_validate``: ``convert_n_to_tensor_or_indexed_slices``), so
a component that is a list or tuple of tensors is auto-packed into ONE tensor (``[2, 3, n, 1]`` above), and a
one-component list comes back as that tensor (the dequeue's ``tensors[0]``). Returned from a tf.data map
function, the list alone is made a tuple of three components (``sess.run`` gives a tuple), and a tuple among
several components, or a dict value, is kept as a nested structure. The rewrite returns such a component as
``tf.convert_to_tensor(slices)``: what legacy ran, and the same element tf.data would make of a list among
several.

``packing(...)`` tells the component's kind from its code and, for a name, its last binding in the per-element
code moved into the function (a display, a comprehension, ``list(...)`` / ``tuple(...)``, ``a + [b]``, a
TensorFlow op that gives a list: ``tf.unstack``, ``tf.split``, ``decode_csv``, a ``py_func`` with a list of
``Tout``): "list"; a TensorFlow op or an expression over tensors: "tensor", left as written; a call of the
program's own function, a loop's target, or a name a branch may bind to another kind: "unknown" (a ``with``
block's statements are read in order). An unknown component alone (where
tf.data would take a list apart) is packed only if it is a list or tuple when the program runs
(``tf.convert_to_tensor(x) if isinstance(x, (list, tuple)) else x``: a SparseTensor goes through, as legacy's
conversion let it); among several it is left, as tf.data packs a list there itself. A choice's shared element, whose values are
handed to its branches whole (``choice._as_tuples`` keeps their lists as tuples), is not packed
(``Generator.structured``).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import bound_names, dotted, names_in, nodes_of, target_names

# TensorFlow ops (their last name) giving a Python list of tensors
_LISTING = {"unstack", "unpack", "split", "decode_csv", "meshgrid", "dynamic_partition", "identity_n",
            "tuple", "gradients", "unique_with_counts", "unique"}
# TensorFlow ops giving what their functions return (a list, a tuple): not surely one tensor
_STRUCTURED = {"cond", "case", "switch_case", "while_loop", "map_fn", "scan", "foldl", "foldr", "vectorized_map",
               "recompute_grad", "custom_gradient"}
_PY_FUNCS = {"py_func", "numpy_function", "py_function", "script_ops.py_func"}


def packing(node: cst.BaseExpression, body: list[cst.BaseStatement], api_of, v1: str, code,
            depth: int = 4) -> str:
    """"list", "tensor" or "unknown": what the batched component ``node`` is when the element is made (above)."""
    if depth == 0:
        return "unknown"
    if isinstance(node, (cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp)):
        return "list"
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Multiply)):
        sides = {packing(node.left, body, api_of, v1, code, depth - 1),
                 packing(node.right, body, api_of, v1, code, depth - 1)}
        if "list" in sides:
            return "list"
        # a TensorFlow op's tensor on either side makes the result a tensor, whatever the other (``+ len(out)``)
        surely = any(_surely_tensor(side, api_of, v1) for side in (node.left, node.right))
        return "unknown" if "unknown" in sides and not surely else "tensor"
    if isinstance(node, cst.Subscript):
        sliced = any(isinstance(e.slice, cst.Slice) for e in node.slice)
        inner = packing(node.value, body, api_of, v1, code, depth - 1)
        return inner if sliced else "tensor" if inner != "unknown" else "unknown"
    if isinstance(node, cst.Call):
        return _call_kind(node, api_of, v1)
    if isinstance(node, cst.Name):
        return _name_kind(node.value, body, api_of, v1, code, depth)
    if isinstance(node, (cst.Attribute, cst.BaseNumber, cst.BaseString, cst.UnaryOperation,
                         cst.BinaryOperation, cst.Comparison)):
        return "tensor"
    return "unknown"


def packed(node: cst.BaseExpression, body: list[cst.BaseStatement], alone: bool, api_of, v1: str, code) -> str:
    """The component's code, packed where legacy's conversion made one tensor of a list tf.data would not."""
    text = code(node)
    kind = packing(node, body, api_of, v1, code)
    if kind == "list":
        return f"{v1}.convert_to_tensor({text})"
    if kind == "unknown" and alone:
        if isinstance(node, cst.Name):
            return f"{v1}.convert_to_tensor({text}) if isinstance({text}, (list, tuple)) else {text}"
        return f"{v1}.convert_to_tensor({text})"  # (a call: run once; a tensor or a list, as legacy converted it)
    return text


def _surely_tensor(node: cst.BaseExpression, api_of, v1: str) -> bool:
    """``node`` gives a tensor whatever the names it reads hold: a TensorFlow op giving one tensor, or arithmetic
    with one (Tensor's operators win over a number's or a list's, which do not take a tensor)."""
    if isinstance(node, cst.Call):
        return _call_kind(node, api_of, v1) == "tensor" and _tf_short(node, api_of, v1) not in _STRUCTURED
    if isinstance(node, cst.BinaryOperation):
        return any(_surely_tensor(side, api_of, v1) for side in (node.left, node.right))
    return False


def _tf_short(call: cst.Call, api_of, v1: str) -> str | None:
    """The last name of the TensorFlow op ``call`` makes; None: not a TensorFlow op."""
    api = api_of(call) if api_of is not None else None
    if api is None:
        api = api_of(call.func) if api_of is not None else None
    if api is None:
        try:
            name = dotted(call.func)
        except Exception:  # (not a dotted name)
            return None
        roots = {v1, "tf", "tensorflow", v1.split(".", 1)[0]}
        head = next((r for r in sorted(roots, key=len, reverse=True) if name.startswith(r + ".")), None)
        if head is None:
            return None
        api = name[len(head) + 1:]
    return api.rsplit(".", 1)[-1]


def _call_kind(call: cst.Call, api_of, v1: str) -> str:
    if isinstance(call.func, cst.Name) and call.func.value in ("list", "tuple", "sorted"):
        return "list"  # (the builtins: a new list or tuple of the same values)
    short = _tf_short(call, api_of, v1)
    if short is None:
        return "unknown"
    if short in _PY_FUNCS:
        tout = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "Tout"), None)
        positional = [a.value for a in call.args if a.keyword is None and not a.star]
        tout = tout if tout is not None else positional[2] if len(positional) > 2 else None
        # (one dtype, ``tf.float32``: one tensor; a list of them: a list; a name: not known here)
        return "list" if isinstance(tout, (cst.List, cst.Tuple)) else "tensor" if isinstance(tout, cst.Attribute) \
            else "unknown"
    return "list" if short in _LISTING else "tensor"


def _name_kind(name: str, body: list[cst.BaseStatement], api_of, v1: str, code, depth: int) -> str:
    """The kind of the value ``name`` last holds in the per-element code ``body``; a name it never binds is a
    record (the function's parameter) or a value made outside, read as it is: "tensor"."""
    kind = "tensor"
    for at, stmt in enumerate(body):
        before = body[:at]  # (a value is read before its own binding: ``x = x + 1``)
        if isinstance(stmt, cst.With) and isinstance(stmt.body, cst.IndentedBlock):  # (runs once, in order)
            if any(name in names_in(item) for item in stmt.items):
                return "unknown"
            kind = _name_kind(name, [*before, *_assigned(name, kind), *stmt.body.body], api_of, v1, code, depth)
            continue
        if not isinstance(stmt, cst.SimpleStatementLine):
            if name in bound_names(stmt):  # in a branch or a loop: each binding's kind, or the one before
                kinds = {kind, *(_name_kind(name, [*before, s], api_of, v1, code, depth) for s in
                                 nodes_of(stmt, cst.SimpleStatementLine) if name in bound_names(s))}
                plain = all(name not in names_in(getattr(n, "target", None) or cst.Name("_"))
                            for n in [*nodes_of(stmt, cst.For), *nodes_of(stmt, cst.AsName)])
                kind = kinds.pop() if len(kinds) == 1 and plain else "unknown"
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign):
                for t in small.targets:
                    names = target_names(t.target)
                    if names is None or name not in names:
                        continue
                    if isinstance(t.target, cst.Name):
                        kind = packing(small.value, before, api_of, v1, code, depth - 1)
                    else:  # unpacked: the parts of a TensorFlow op's list are tensors
                        made = packing(small.value, before, api_of, v1, code, depth - 1)
                        kind = "tensor" if made in ("list", "tensor") and isinstance(small.value, cst.Call) \
                            else "unknown"
            elif isinstance(small, (cst.AugAssign, cst.AnnAssign)) and isinstance(small.target, cst.Name) and \
                    small.target.value == name:
                value = small.value if small.value is not None else cst.Name(name)
                made = packing(value, before, api_of, v1, code, depth - 1)
                kind = "list" if kind == "list" or made == "list" else made if kind == "tensor" else kind
    return kind


def _assigned(name: str, kind: str) -> list[cst.BaseStatement]:
    """A statement giving ``name`` a value of ``kind`` (the kind it had before a ``with`` block)."""
    value = {"list": "[]", "tensor": name}.get(kind)
    return [] if kind == "tensor" else [cst.parse_statement(f"{name} = {value or 'unknown()'}\n")]


__all__ = ["packed", "packing"]
