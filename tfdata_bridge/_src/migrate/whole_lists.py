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

The same rule holds for every batch kept whole (issue 17): legacy's batch of a list or tuple gave a list, of a
one-tensor list the tensor, and tf.data's ``get_next()`` gives a tuple. ``listed_count`` counts the tensors where
the program writes them (``[image, label] + extras`` holds at least two: ``list(...)``; ``[image] + rest`` is
counted when the program runs: ``one_or_list``); ``dequeued`` does it for a fed queue's whole dequeue. A batch
unpacked at once (``image, label = ...``) is left a tuple: it unpacks as the list did.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, is_none, names_in


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


def listed_count(tensors: cst.BaseExpression, intermediates) -> tuple[int, bool] | None:
    """(at least how many tensors, whether exactly that many) the batched ``tensors`` hold where they make a Python
    list or tuple written in the program: a display (``[image, label]``, ``(image, label)``), a concatenation
    (``[image, label] + extras``), ``list(...)`` / ``tuple(...)`` of one, a comprehension (counted where it loops
    once, with no ``if``, over a list counted so or ``range(n)``), or a name the per-element code binds last to
    one. None for anything else (a dict, a tensor, a helper's result: counted where they are made).

    Legacy's batch of such a list gave a Python list (``_restore_sparse_tensors`` builds one from the queue's
    ``dequeue_many``), but the tensor itself for a one-tensor list (``QueueBase._dequeue_return_value``); tf.data
    gives a tuple, so the rewrite makes a list of two or more again, and decides as the program runs
    (``one_or_list``) where only the program's run knows the count."""
    if isinstance(tensors, (cst.List, cst.Tuple)):
        plain = [e for e in tensors.elements if not isinstance(e, cst.StarredElement)]
        return len(plain), len(plain) == len(tensors.elements)
    if isinstance(tensors, cst.ListComp):
        loop = tensors.for_in
        if loop.inner_for_in is None and not loop.ifs:  # (one item per item of what it loops over)
            over = loop.iter
            if isinstance(over, cst.Call) and isinstance(over.func, cst.Name) and over.func.value == "range" and \
                    len(over.args) == 1 and isinstance(over.args[0].value, cst.Integer) and not over.args[0].keyword:
                return int(over.args[0].value.value, 0), True
            counted = listed_count(over, intermediates)
            if counted is not None and counted[1]:
                return counted
        return 0, False
    if isinstance(tensors, cst.Call) and isinstance(tensors.func, cst.Name) and \
            tensors.func.value in ("list", "tuple") and len(tensors.args) == 1 and not tensors.args[0].keyword and \
            not tensors.args[0].star:
        return listed_count(tensors.args[0].value, intermediates) or (0, False)
    if isinstance(tensors, cst.BinaryOperation) and isinstance(tensors.operator, cst.Add):
        left, right = listed_count(tensors.left, intermediates), listed_count(tensors.right, intermediates)
        if left is None and right is None:  # (tensors added, or two lists made elsewhere: not known here)
            return None
        left, right = left or (0, False), right or (0, False)  # (a list made elsewhere: of any length)
        return left[0] + right[0], left[1] and right[1]
    if isinstance(tensors, cst.Name):
        bound, touched, at = None, False, 0
        for i, stmt in enumerate(intermediates):
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                    isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == tensors.value:
                bound, touched, at = small.value, False, i
            elif tensors.value in names_in(stmt):
                touched = True  # (grown, cut or read after: still the list, its count known when the program runs)
        if bound is None or isinstance(bound, cst.Name):
            return None
        count = listed_count(bound, intermediates[:at])  # (``x = x + [c]``: the ``x`` bound before)
        return (0, False) if touched and count is not None else count
    return None


def dequeued(get_next: str, components: int, named: bool, small: cst.BaseSmallStatement) -> str:
    """The ``get_next()`` code ``small`` binds where a queue of ``components`` tensors was dequeued whole: legacy's
    dequeue gave a list of two or more (a dict for a queue with ``names``, the tensor for one), tf.data a tuple,
    so ``list(...)``; as it is where the targets unpack it (``rows, labels = ...``)."""
    unpacked = isinstance(small, cst.Assign) and any(isinstance(t.target, (cst.Tuple, cst.List)) for t in small.targets)
    return f"list({get_next})" if components > 1 and not named and not unpacked else get_next
