"""A tensor list whose length is known only when the program runs, sliced and batched whole.

    tensors = [tf.convert_to_tensor(features[k]) for k in keys] + [tf.convert_to_tensor(labels)]
    sliced = tf.train.slice_input_producer(tensors, num_epochs=1, shuffle=False)
    batched = tf.train.batch(sliced, batch_size=5)
    return dict(zip(keys, batched[:-1])), batched[-1]

becomes

    tensors = [...]                                        # as written
    dataset = tf.data.Dataset.from_tensor_slices(tuple(tensors)).repeat(1).batch(5, drop_remainder=True)...
    batch_element = tf.data.make_one_shot_iterator(dataset).get_next()
    batched = batch_element[0] if len(batch_element) == 1 else list(batch_element)

The rewrite never needs to count the tensors: the dataset's element is the tuple of the slices, whatever its
length, and the batch is that tuple batched. Legacy's ``batch`` of a list gave a list of the batched tensors, but
a bare tensor for a one-tensor list (its queue's ``dequeue_many`` of one component): the last line gives the same,
decided when the program runs, as legacy's was.

Only this form is taken (``check_whole_slices``; ``Source.whole`` is set by ``Finder._source`` where
``literal_lists.whole_list`` holds: the list bound once in its function to a list made there, changed in place
nowhere, read only by the producer or as a sequence): the producer's result bound to one name and handed whole, as
that name, to a ``batch`` / ``shuffle_batch`` with no per-element code between, no ``keep_input``, no
``enqueue_many``, no ``shapes`` and no queue stage; the batch's result bound to one name or returned. Anything
else still needs the tensors one by one and is refused as before.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, is_none


def check_whole_slices(finder, source, args: dict[str, cst.BaseExpression], intermediates: list, small,
                       api: str, stages: list) -> None:
    """Refusal unless the pipeline of the whole-list slice ``source`` is the form above."""
    name = source.params[0][1:]
    listed = source.call.get("tensor_list")
    shown = finder.code(listed).strip() if finder.code is not None and listed is not None else "?"
    why = None
    tensors = args.get("tensors")
    if not (isinstance(tensors, cst.Name) and tensors.value == name):
        why = f"the batch's tensors are not the producer's whole list `{name}`"
    elif intermediates:
        why = "per-element code stands between the producer and the batch"
    elif api.rsplit(".", 1)[-1] not in ("batch", "shuffle_batch"):
        why = f"`{api}` is not a plain `batch` or `shuffle_batch`"
    elif any(not is_none(args.get(k)) and not (isinstance(args.get(k), cst.Name) and args[k].value == "False")
             for k in ("keep_input", "enqueue_many", "shapes")) or stages:
        why = "the batch has `keep_input`, `enqueue_many`, `shapes` or a queue stage"
    elif not (isinstance(small, cst.Return) or isinstance(small, cst.Assign) and len(small.targets) == 1
              and isinstance(small.targets[0].target, cst.Name)):
        why = "the batch's result is not bound to one name or returned"
    if why is not None:
        raise Refusal(f"`slice_input_producer` must take a literal list of tensors; `{shown}` is a list whose "
                      "length is not known before the program runs, and only a list handed whole from the producer "
                      f"to the batch is rewritten without counting it ({why})")


def whole_head(v1: str, code: str) -> tuple[str, str]:
    """(the dataset of the slices of the list ``code``, the count of its rows) for a whole-list slice source."""
    return f"{v1}.data.Dataset.from_tensor_slices(tuple({code}))", f"{v1}.shape({code}[0], out_type={v1}.int64)[0]"


def one_or_list(element: str) -> str:
    """Legacy's result from the batch's element tuple ``element``: the tensor of a one-tensor list, else a list."""
    return f"{element}[0] if len({element}) == 1 else list({element})"
