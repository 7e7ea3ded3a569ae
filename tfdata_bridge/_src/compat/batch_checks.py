"""The checks ``tf.train.batch`` and friends make before building anything, with TensorFlow's
exception types and messages (from ``python/training/input.py`` and the queue constructors and
``enqueue`` / ``enqueue_many`` in ``python/ops/data_flow_ops.py``), and the shaping of the result."""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.tf import tf

tf1 = tf.compat.v1


def as_tensor_list(tensors: Any) -> Any:
    if isinstance(tensors, dict):
        return [tensors[k] for k in sorted(tensors, key=str)]
    return tensors


def as_tensor_list_list(tensors_list: Any) -> Any:
    if not tensors_list:
        raise ValueError("Expected at least one set of tensors")
    if isinstance(tensors_list[0], dict):
        expected_keys = set(tensors_list[0].keys())
        for tensors in tensors_list[1:]:
            if set(tensors.keys()) != expected_keys:
                raise ValueError("All dictionaries in tensors_list must have the same keys")
        return [as_tensor_list(tensors) for tensors in tensors_list]
    return tensors_list


def convert(value: Any) -> Any:
    if isinstance(value, (tf.SparseTensor, tf1.SparseTensorValue)):
        return tf.SparseTensor.from_value(value)
    return tf.convert_to_tensor(value)


def validate(tensor_lists: list[Any], join: bool) -> list[list[Any]]:
    converted = [[convert(t) for t in tl] for tl in tensor_lists]
    if join and not converted:
        raise ValueError("Expected at least one input in batch_join().")
    if not join and not converted[0]:
        raise ValueError("Expected at least one tensor in batch().")
    return converted


def validate_keep_input(keep_input: Any, enqueue_many: bool) -> Any:
    keep_input = tf.convert_to_tensor(keep_input)
    if keep_input.shape.ndims is None:
        raise ValueError("`keep_input` dimensions must be known at graph construction.")
    if not enqueue_many and keep_input.shape.ndims == 1:
        raise ValueError("`keep_input` cannot be a vector when `enqueue_many=False`.")
    if keep_input.shape.ndims > 1:
        raise ValueError("`keep_input` must be 0 or 1 dimensions.")
    return keep_input


def dtypes(tensor_lists: list[list[Any]]) -> list[Any]:
    types = [t.dtype for t in tensor_lists[0]]
    for tl in tensor_lists[1:]:
        other = [t.dtype for t in tl]
        if other != types:
            raise TypeError("Expected types to be consistent: %s vs. %s." % (
                ", ".join(x.name for x in types), ", ".join(x.name for x in other)))
    return types


def shapes(tensor_lists: list[list[Any]], shapes: Any, enqueue_many: bool) -> Any:
    if shapes is not None:
        return shapes
    for tl in tensor_lists:
        for t in tl[:len(tensor_lists[0])]:
            if t.shape.ndims is None:
                raise ValueError("Cannot infer Tensor's rank: %s" % t)
    merged = []
    for i in range(len(tensor_lists[0])):
        shape_list = [tf.TensorShape(tl[i].shape.as_list()) for tl in tensor_lists]
        if enqueue_many:
            shape_list = [s.with_rank_at_least(1)[1:] for s in shape_list]
        for s in shape_list[1:]:
            shape_list[0].merge_with(s)  # TensorFlow checks compatibility and keeps the first shape
        merged.append(shape_list[0].as_list())
    return merged


def queue_shapes(shapes: Any, dtypes: list[Any], dynamic_pad: bool) -> list[Any]:
    """The queue constructor's checks (``_as_shape_list`` and the length checks)."""
    if dynamic_pad and (not isinstance(shapes, (list, tuple)) or not shapes
                        or any(s is None or isinstance(s, int) for s in shapes)):
        raise ValueError("When providing partial shapes, a list of shapes must be provided.")
    if isinstance(shapes, tf.TensorShape):
        shapes = [shapes]
    if not isinstance(shapes, (tuple, list)):
        raise TypeError(f"Shapes must be a TensorShape or a list or tuple of TensorShapes, got {type(shapes)} instead.")
    if all(s is None or isinstance(s, int) for s in shapes):
        shapes = [shapes]
    shapes = [tf.TensorShape(s) for s in shapes]
    if not dynamic_pad and any(not s.is_fully_defined() for s in shapes):
        raise ValueError(f"All shapes must be fully defined: {shapes}")
    if any(s.dims is None for s in shapes):
        raise ValueError(f"All shapes must have a defined rank: {shapes}")
    if len(shapes) != len(dtypes):
        if dynamic_pad:
            raise ValueError("Shapes must be provided for all components, "
                             f"but received {len(dtypes)} dtypes and {len(shapes)} shapes.")
        raise ValueError("Queue shapes must have the same length as dtypes, "
                         f"received len(shapes)={len(shapes)}, len(dtypes)={len(dtypes)}")
    return shapes


def check_enqueue(tensors: list[Any], shapes: list[Any], enqueue_many: bool) -> None:
    if enqueue_many:
        batch_dim = tf.compat.v1.Dimension(tf.compat.dimension_value(tensors[0].shape.with_rank_at_least(1)[0]))
        for t, shape in zip(tensors, shapes):
            dim = tf.compat.v1.Dimension(tf.compat.dimension_value(t.shape.with_rank_at_least(1)[0]))
            batch_dim = batch_dim.merge_with(dim)
            t.shape[1:].assert_is_compatible_with(shape)
    else:
        for t, shape in zip(tensors, shapes):
            t.shape.assert_is_compatible_with(shape)


def as_original_type(original: Any, dequeued: Any) -> Any:
    if isinstance(original, dict):
        if len(original) == 1:
            dequeued = [dequeued]
        return {k: dequeued[i] for i, k in enumerate(sorted(original, key=str))}
    return dequeued
