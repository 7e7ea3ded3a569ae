"""What the feed-thread family matches: the fed queue kinds (by TensorFlow path), their arguments, the
placeholders' shapes, and how the program spells ``tensorflow.compat.v1``."""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, is_none

QUEUE_PARAMS: dict[str, tuple[str, ...]] = {
    "FIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name"),
    "PaddingFIFOQueue": ("capacity", "dtypes", "shapes", "names", "shared_name", "name"),
    "RandomShuffleQueue": ("capacity", "min_after_dequeue", "dtypes", "shapes", "names", "seed", "shared_name",
                           "name"),
}
PLACEHOLDER_PARAMS = ("dtype", "shape", "name")
DTYPE_NAMES = frozenset({"float16", "float32", "float64", "bfloat16", "half", "double", "int8", "int16", "int32",
                         "int64", "uint8", "uint16", "uint32", "uint64", "bool", "string", "complex64", "complex128"})
DEQUEUES = ("dequeue_many", "dequeue_up_to", "dequeue")


def feed_queue_kind(api: str | None, kinds: tuple[str, ...] = tuple(QUEUE_PARAMS)) -> str | None:
    """``"FIFOQueue"`` for ``FIFOQueue`` / ``queue.FIFOQueue`` / ``io.FIFOQueue`` (and the other ``kinds``)."""
    kind = (api or "").rsplit(".", 1)[-1]
    return kind if kind in kinds and api in (kind, f"queue.{kind}", f"io.{kind}") else None


def feed_prefix(index, call: cst.Call, v1_default: str, aliases: dict[str, str]) -> str:
    """How to spell ``tensorflow.compat.v1``: the queue's own prefix where it names that module (an import or a
    module-level alias of it), else the module's import (``tf.queue.X`` after ``import tensorflow as tf`` is TF2's
    root; ``data_flow_ops.FIFOQueue`` a private module)."""
    prefix = index.v1.get(call) or ""
    if prefix and (prefix == v1_default or prefix.endswith(".compat.v1")
                   or aliases.get(prefix) == "tensorflow.compat.v1"):
        return prefix
    return v1_default or prefix


def queue_args(call: cst.Call, kind: str, shared_ok: bool = False) -> dict[str, cst.BaseExpression]:
    """The queue's bound arguments; refused where ``shared_name=`` is given (unless ``shared_ok``: the caller
    proved no other session can reach the queue, ``shared_names.py``), or the dtypes (``names=``) are not
    a literal list (of strings) (the generator's signature is read from them)."""
    args = bind_params(call, QUEUE_PARAMS.get(kind, QUEUE_PARAMS["FIFOQueue"]), kind)
    if not is_none(args.get("shared_name")) and not shared_ok:
        raise Refusal("the queue has shared_name=; not rewritten")
    args = _one_component(args)
    if not isinstance(args.get("dtypes"), (cst.List, cst.Tuple)):
        from tfdata_bridge._src.migrate.feed.derived import held_name  # (it reads this module's parameters)
        over = held_name(args["dtypes"]) if isinstance(args.get("dtypes"), (cst.ListComp, cst.Call)) else None
        if over is not None:
            raise Refusal(f"the queue's dtypes are read from `{over}`, which is not a dict or list of placeholders "
                          "made in the queue's own block (a dict or list literal of `placeholder(...)` calls, a dict "
                          "filled by `d['k'] = placeholder(...)` lines or by a loop over literal keys) or handed "
                          "to its function as such by every caller: its "
                          "dtypes cannot be read when the code is migrated")
        if isinstance(args.get("dtypes"), cst.Name):
            raise Refusal(f"the queue's dtypes are `{args['dtypes'].value}`, a name, not a literal list (a name is read "
                          "only where it is bound once, above the queue in its block, to a literal list or one "
                          "computed from the placeholders, and read by the queue alone, or by others only for its "
                          "items and never assigned through)")
        if not isinstance(args.get("dtypes"), (cst.BinaryOperation, cst.ListComp, cst.Call)):
            raise Refusal("the queue's dtypes are not a literal list")
        raise Refusal(f"the queue's dtypes `{cst.Module([]).code_for_node(args['dtypes'])}` are not a literal list, "
                      "nor one computed from placeholders the rewrite reads (a comprehension over a list or dict of "
                      "`placeholder(...)` calls made in the queue's block or handed to its function or class, "
                      "such lists added, `[dtype] * n`): its dtypes cannot be read when the code is migrated")
    queue_names(args)
    return args


def _one_component(args: dict[str, cst.BaseExpression]) -> dict[str, cst.BaseExpression]:
    """``FIFOQueue(cap, tf.float32, shapes=[], names='x')``: one dtype (not in a list) is a queue of one
    component, as TensorFlow reads it; its ``shapes=`` is then that component's one shape (``[]``, ``[3]``) and
    its ``names=`` one string or a list of one. Given as the lists of one they stand for; a shape that is not a
    literal list of sizes cannot be told from a list of shapes, and is refused."""
    dtype = args.get("dtypes")
    if not (isinstance(dtype, cst.Attribute) and dtype.attr.value in DTYPE_NAMES
            and isinstance(dtype.value, (cst.Name, cst.Attribute))):
        return args
    out = dict(args, dtypes=cst.List([cst.Element(dtype)]))
    shape = args.get("shapes")
    if not is_none(shape):
        # (TensorFlow's rule: a list of sizes and Nones, ``[]`` too, is the one shape; a list of lists the shapes)
        sizes = isinstance(shape, (cst.List, cst.Tuple)) and all(
            isinstance(e.value, cst.Integer) or is_none(e.value) for e in shape.elements)
        if sizes:
            out["shapes"] = cst.List([cst.Element(shape)])
        elif not (isinstance(shape, (cst.List, cst.Tuple)) and shape.elements and all(
                isinstance(e.value, (cst.List, cst.Tuple)) for e in shape.elements)):
            raise Refusal("the queue has one dtype and its shapes= is not a literal list of sizes (the one "
                          "component's shape) nor of shapes: which it is cannot be told when the code is migrated")
    names = args.get("names")
    if isinstance(names, cst.SimpleString):
        out["names"] = cst.List([cst.Element(names)])
    return out


def queue_names(args: dict[str, cst.BaseExpression]) -> list[str] | None:
    """The queue's ``names=`` (its elements are dicts of them), or None."""
    names = args.get("names")
    if is_none(names):
        return None
    if not isinstance(names, (cst.List, cst.Tuple)) or len(names.elements) != len(args["dtypes"].elements) or \
            not all(isinstance(e.value, cst.SimpleString) for e in names.elements):
        raise Refusal("the queue's names= is not a literal list of strings, one per dtype")
    return [e.value.evaluated_value for e in names.elements]


def by_names(items: cst.BaseExpression, names: list[str] | None) -> cst.BaseExpression:
    """``enqueue({'x': px, 'y': py})`` of a queue with ``names=``: its values as a list in the names' order."""
    if not isinstance(items, cst.Dict):
        return items
    if names is None:
        raise Refusal("enqueue takes a dict and the queue has no names=")
    values = {el.key.evaluated_value: el.value for el in items.elements
              if isinstance(el, cst.DictElement) and isinstance(el.key, cst.SimpleString)}
    if len(values) != len(items.elements) or sorted(values) != sorted(names):
        raise Refusal("enqueue's dict is not keyed by the queue's names")
    return cst.List([cst.Element(values[n]) for n in names])


def component_shapes(args: dict[str, cst.BaseExpression], placeholders: list[cst.Call], many: bool,
                     code, sparse: frozenset = frozenset()) -> list[str]:
    """The generator's shapes, one per enqueued placeholder: the queue's ``shapes=`` where it gives one per
    component, else the placeholder's ``shape``. For ``enqueue_many`` a yield is a batch: the queue's element
    shape behind a leading ``None`` (a placeholder's shape is already a batch's)."""
    qshapes = args.get("shapes")
    listed = isinstance(qshapes, (cst.List, cst.Tuple)) and len(qshapes.elements) == len(placeholders)
    shapes: list[str] = []
    for j, call in enumerate(placeholders):
        pargs = bind_params(call, PLACEHOLDER_PARAMS, "placeholder")
        if j in sparse:  # (a sparse placeholder's value: its three arrays, ``wraps.py``)
            shapes.append("None")
        elif listed:
            shape = qshapes.elements[j].value
            if not many:
                shapes.append(code(shape))
            elif isinstance(shape, (cst.List, cst.Tuple)):
                shapes.append("[" + ", ".join(["None", *[code(e.value) for e in shape.elements]]) + "]")
            else:
                shapes.append(f"[None, *{code(shape)}]")
        elif not is_none(pargs.get("shape")):
            shapes.append(code(pargs["shape"]))
        else:
            raise Refusal("neither the queue nor the placeholder gives a shape")
    return shapes


def check_padding(args: dict[str, cst.BaseExpression], kind: str) -> None:
    """A ``PaddingFIFOQueue`` becomes ``padded_batch``, which pads to the shapes it is given: they must be written."""
    if kind == "PaddingFIFOQueue" and not isinstance(args.get("shapes"), (cst.List, cst.Tuple)):
        raise Refusal("the PaddingFIFOQueue's shapes are not a literal list")


def enqueued(ecall: cst.Call) -> cst.BaseExpression | None:
    """What ``enqueue[_many](vals, name=...)`` enqueues (``name=`` names the op, nothing more), or None."""
    vals = [a for a in ecall.args if a.keyword is None or a.keyword.value == "vals"]
    others = [a for a in ecall.args if a not in vals]
    if len(vals) != 1 or vals[0].star or any(a.keyword is None or a.keyword.value != "name" for a in others):
        return None
    return vals[0].value
