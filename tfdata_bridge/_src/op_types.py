"""The one place for sets of TensorFlow op types the bridge decides by (no TensorFlow import).

Read by the drop-in (what may move into tf.data, what is a Python producer, what is a queue) and by
``is_native`` / ``native_report`` (what still runs Python or the legacy queue machinery).
"""

from __future__ import annotations

# Ops that call back into Python (``tf.py_func``, ``tf.numpy_function``, ``tf.py_function``).
PY_FUNC_OPS = frozenset({"PyFunc", "PyFuncStateless", "EagerPyFunc"})
# Those of them a zero-input producer is built from (``tf.py_func`` / ``tf.numpy_function`` with no inputs).
PRODUCER_OPS = frozenset({"PyFunc", "PyFuncStateless"})

# The queue kernels TensorFlow 2 builds (the resource-handle ones), which the drop-in reads from tf.data.
QUEUE_OPS = frozenset({"FIFOQueueV2", "RandomShuffleQueueV2", "PaddingFIFOQueueV2", "PriorityQueueV2"})

_QUEUES = ("FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue", "PriorityQueue")
_QUEUE_CALLS = ("QueueEnqueue", "QueueEnqueueMany", "QueueDequeue", "QueueDequeueMany", "QueueDequeueUpTo")
READER_KERNELS = ("TFRecordReader", "TextLineReader", "FixedLengthRecordReader", "WholeFileReader",
                  "IdentityReader", "LMDBReader")
_READS = ("ReaderRead", "ReaderReadUpTo")


def _with_v2(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(n for name in names for n in (name, f"{name}V2"))


# Every op of the legacy queue and reader machinery (a dataset holding one is not native tf.data).
LEGACY_OPS = _with_v2(_QUEUES + _QUEUE_CALLS + READER_KERNELS + _READS) - {"LMDBReaderV2"} | {"FakeQueue"}

# Stateful ops that only check or print their inputs: the same inputs still give the same values.
CHECK_OPS = frozenset({"Assert", "Print", "PrintV2"})

# Stateful random ops: each draws from a generator of its own (seeded by its op's seeds, else at random).
RANDOM_OPS = frozenset({
    "RandomUniform", "RandomUniformInt", "RandomStandardNormal", "TruncatedNormal", "RandomShuffle",
    "Multinomial", "RandomGamma", "RandomPoisson", "RandomPoissonV2", "ParameterizedTruncatedNormal",
    "RandomCrop", "SampleDistortedBoundingBox", "SampleDistortedBoundingBoxV2"})

# Stateful ops whose state is private to the op itself: a copy inside tf.data behaves like the original.
LIFTABLE_STATEFUL = PY_FUNC_OPS | RANDOM_OPS | frozenset({
    "Print", "PrintV2", "Assert", "Timestamp",
    "StatefulPartitionedCall", "PartitionedCall", "If", "While", "Case",
})

_PLACEHOLDER = "is a placeholder: its value comes from feed_dict, which a tf.data pipeline never sees"
_LOOP = "belongs to a v1 while_loop frame, which cannot move into a tf.data function"
# Ops that can never move into tf.data, and why.
NOT_LIFTABLE = {
    "Placeholder": _PLACEHOLDER,
    "PlaceholderV2": _PLACEHOLDER,
    "PlaceholderWithDefault": "is a placeholder: its value may come from feed_dict, which a tf.data pipeline "
                              "never sees",
    **{op: _LOOP for op in ("Enter", "RefEnter", "Exit", "RefExit", "NextIteration", "LoopCond")},
}

# Ops whose floating-point values no rewrite of grappler's or of the oneDNN pass changes: they move, select,
# convert, parse, draw or hand to Python, and compute nothing (``single_device.py``); a ``Placeholder`` in a
# function's graph is one of its arguments or captures, and the calls' functions are checked op by op.
VALUE_EXACT_OPS = PY_FUNC_OPS | RANDOM_OPS | CHECK_OPS | frozenset({
    "Placeholder", "Const", "Identity", "IdentityN", "Snapshot", "StopGradient", "PreventGradient", "EnsureShape",
    "CheckNumerics", "Reshape", "Squeeze", "ExpandDims", "Pack", "Unpack", "Concat", "ConcatV2", "Split",
    "SplitV", "Slice", "StridedSlice", "Gather", "GatherV2", "GatherNd", "Transpose", "Tile", "Reverse",
    "ReverseV2", "BroadcastTo", "Fill", "ZerosLike", "OnesLike", "Shape", "ShapeN", "Size", "Rank", "Select",
    "SelectV2", "Pad", "PadV2", "MirrorPad", "Cast", "Bitcast", "DecodeRaw", "DecodePaddedRaw", "DecodeCSV",
    "StringToNumber", "ParseTensor", "SerializeTensor", "ParseExample", "ParseExampleV2", "ParseSingleExample",
    "ParseSequenceExample", "ParseSequenceExampleV2", "ParseSingleSequenceExample",
    "PartitionedCall", "StatefulPartitionedCall", "If", "StatelessIf", "While", "StatelessWhile", "Case",
    "StatelessCase"})
