"""``limit_epochs``' source: its value, counted on legacy's epoch counter by whichever consumer runs it.

Legacy's ``limit_epochs(t, num_epochs=N)`` is one op, ``count_up_to`` on a local counter: every run of it,
by whichever consumer (a batch's runner thread, a direct ``sess.run``, a list of a ``batch_join``),
counts toward the N, so all its consumers together get N values. The drop-in's value is a frontier
source (``frontier.py``): a batch over it lifts into tf.data and reads the source's dataset. Each
consumer's dataset (``limit_dataset``) counts on that same counter once the program has initialized
it (``local_variables_initializer()``, which legacy needs): the counter is the kernel the consumers
share, and legacy's data follows by construction (N in all, each consumer's end where the counter
says, the initializer re-arming it). Uninitialized, a dataset counts its own N, so that a program
with one consumer needs no initializer, as the drop-in promises.

With several consumers the own count would give each of them N, so the source is an ``EpochLimit``
stream of ``shared_streams``: when the graph first runs with several live consumers (two batches, a
batch and a direct read, the lists of one ``batch_join``), it becomes *shared* and every consumer's
dataset is rebuilt to count on the counter only (``strict``): uninitialized, it fails with the
counter's own error (``NotFoundError``, as legacy's runners did) rather than hand each consumer N. One ``FallbackWarning`` says so. Nothing moves out of tf.data: an
epoch is one element, so one ``count_up_to`` per element costs nothing next to the element itself.

A direct read (``sess.run(value)``) is legacy's ``count_up_to`` once the counter is initialized, and
the next element of its own dataset before (``_counted_or_read``).
"""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.tf import plain, tf

tf1 = tf.compat.v1
ENDLESS = 2**63 - 1


class EpochLimit:
    """The stream of one ``limit_epochs`` (see the module docstring), for ``shared_streams``: its
    consumers share the counter, so sharing starts nothing (no ``runner``)."""

    runner = None

    def __init__(self, label: str) -> None:
        self._label = label
        self._shared = False

    shared = property(lambda self: self._shared)

    def describe(self) -> str:
        return self._label

    def share(self) -> None:
        """From now on every consumer's dataset counts on the counter alone (``strict``)."""
        self._shared = True

    def sharing(self) -> str:
        """What sharing does, for ``shared_streams``' warning."""
        return ("In legacy TensorFlow every run of it counts toward its num_epochs, so each of them counts its "
                "values on legacy's epoch counter, and all of them together get num_epochs values; that counter "
                "must be initialized first (tf.local_variables_initializer(), as legacy needs), or they fail with "
                "the counter's error, as in legacy")

    def taken_over_fix(self) -> str:
        """The fix ``shared_streams`` gives for a direct read that a batch took over."""
        return "run tf.local_variables_initializer() first (both then count on its epoch counter, as legacy)"


def limit_dataset(lift: Any, num_epochs: int, variable: Any, strict: bool) -> Any:
    """``lift``'s (single) value, made afresh for each element, as many as the counter allows: each element
    counts on ``variable`` (``count_up_to``, through a handle opened by ``shared_name``: a one-shot
    iterator refuses captured resources) once it is initialized; before, the dataset's own count ends
    it after ``num_epochs``, or, ``strict`` (the source is shared), the counter's own error is raised.

    "If initialized, count; else the own count" is TensorFlow's v1 ``Switch`` / ``Merge``, not a ``tf.cond``:
    a cond's two branch functions were two more traces at each build of the dataset (at the call, in the
    batch that lifts it), and two more functions for grappler at each run signature."""
    produce = lift.function(0)
    op = variable.handle.op
    shared_name, container = op.get_attr("shared_name").decode(), op.get_attr("container").decode()

    def counted(index: Any) -> Any:
        handle = tf.raw_ops.VarHandleOp(dtype=tf.int64, shape=[], shared_name=shared_name, container=container)
        if strict:
            with tf.control_dependencies([tf.raw_ops.ResourceCountUpTo(resource=handle, limit=num_epochs,
                                                                       T=tf.int64)]):
                return index, tf.constant(True)
        own, initialized = tf.raw_ops.Switch(data=index, pred=tf.raw_ops.VarIsInitializedOp(resource=handle))
        # (an op with a dead control input is dead, and an Identity of the branch's output is dead where the
        # branch is not taken, as v1's cond pivots are: the count runs only where the counter is initialized)
        with tf.control_dependencies([tf.identity(initialized)]):
            count = tf.raw_ops.ResourceCountUpTo(resource=handle, limit=num_epochs, T=tf.int64)
        with tf.control_dependencies([count]):
            counted_more = tf.constant(True)
        return index, tf.raw_ops.Merge(inputs=[own < num_epochs, counted_more]).output

    # tf.compat.v1's map: the counter's OutOfRangeError ends the dataset
    allowed = tf1.data.Dataset.range(ENDLESS).map(plain(counted)).take_while(plain(lambda _, more: more))
    return allowed.map(plain(lambda *_: produce()[0]))


def refused(spec: Any, message: str) -> Any:
    """A dataset of ``spec``'s structure (a ``tf.TensorSpec``: the direct read's iterator's), failing at its
    first element with ``message`` (``InvalidArgumentError``): for a direct read that a batch took over
    (``shared_streams``), whose iterator op runs whichever branch of its test is taken. Made from a
    constant, not from the source's dataset again: one function to trace, not four."""
    shape = tf.TensorShape(spec.shape)
    zeros = tf.zeros([0 if d is None else d for d in shape.as_list()] if shape.rank is not None else [], spec.dtype)

    def fail(value: Any) -> Any:
        with tf.control_dependencies([tf.debugging.Assert(False, [message])]):
            return tf.identity(value)

    return tf1.data.Dataset.from_tensors(tf1.placeholder_with_default(zeros, shape)).map(plain(fail))


def counted_or_read(tensor: Any, num_epochs: int, variable: Any, iterator: Any, name: str) -> tuple[Any, Any]:
    """A read of ``limit_epochs``' value not lifted into a batch, and its iterator's op: once the program
    has initialized the epoch counter, legacy's ``count_up_to`` on it (so running
    ``local_variables_initializer()`` again lets the tensor through again, as in legacy); before, the
    next element of ``iterator`` (its own dataset, which needs no initializer).

    The test waits for the iterator op, which runs whichever branch is taken: a one-shot iterator whose
    first run is cancelled (by the counter's ``OutOfRangeError`` in the same step) fails every later run
    with ``CancelledError``."""
    handle = variable.handle
    ready = iterator.string_handle()
    with tf.control_dependencies([ready]):
        initialized = tf.raw_ops.VarIsInitializedOp(resource=handle)
    # TensorFlow's v1 Switch / Merge, not a tf.cond (two branch functions to trace): an op with a dead
    # control input is dead, so only the branch taken runs
    # control inputs on an Identity of each branch's output (a control edge from the Switch op itself is
    # never dead), as v1's cond pivots
    read, count = (tf.identity(branch) for branch in tf.raw_ops.Switch(data=initialized, pred=initialized))
    with tf.control_dependencies([count]):
        counted = tf.raw_ops.ResourceCountUpTo(resource=handle, limit=num_epochs, T=tf.int64)
    with tf.control_dependencies([counted]):
        value = tf.identity(tensor)
    with tf.control_dependencies([read]):
        next_value = iterator.get_next()
    return tf.raw_ops.Merge(inputs=[next_value, value], name=name).output, ready.op.inputs[0].op
