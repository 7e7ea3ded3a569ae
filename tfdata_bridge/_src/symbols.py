"""The one registry of legacy queue APIs: each API's path under ``tf.compat.v1``, its drop-in shim, the
tf.data chain it becomes (for the ``train.batch`` family printed from its plan: ``plan.from_batch_call``),
what ``scan`` and ``migrate --to tfdata`` say and do with it, each reader's tf.data source, and the legacy
signatures. The drop-in's shims and warnings, ``scan`` and ``migrate`` all read it, so they never disagree.

Names are relative to ``tensorflow.compat.v1`` (``"train.batch"`` is ``tf.compat.v1.train.batch``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tfdata_bridge._src import plan
from tfdata_bridge._src.plan import printer

_Q = "tfdata_bridge._src.compat.graph_queues"
_B = "tfdata_bridge._src.compat.batching"
_R = "tfdata_bridge._src.compat.runners"
_P = "tfdata_bridge._src.compat.input_producers"
_F = "tfdata_bridge._src.compat.readers"
STARTS_RUNNERS = "starts the graph's queue runners"


@dataclass(frozen=True)
class LegacySymbol:
    name: str  # the canonical path under tf.compat.v1
    aliases: tuple[str, ...]  # other paths under tf.compat.v1 that name the same object
    shim: str | None  # "module:attribute" of the drop-in replacement, None where TensorFlow's own is kept
    chain: str  # the idiomatic tf.data chain it becomes (the drop-in's warnings and ``scan`` say it)
    # what ``migrate --to tfdata`` does with it: "pipeline" (rewritten with the pipeline it belongs to, when
    # that pipeline is one the tool recognises), "plumbing" (removed where nothing else uses it, otherwise
    # left: harmless without queue runners) or "kept" (left as it is)
    to_tfdata: str = "pipeline"
    # what ``scan`` says the drop-in does, where it is not "compiled into tf.data: <chain>" or TensorFlow's own
    dropin: str = ""
    starts_runners: bool = False  # it starts the queue runners of the graph (a Supervisor, a monitored session)
    zero_input: bool = False  # a use only when called with no inputs (a ``py_func`` producer)
    rewritten: bool = False  # ``migrate --to tfdata`` rewrites it as part of a pipeline it recognises

    @property
    def paths(self) -> tuple[str, ...]:
        return (self.name,) + self.aliases


# The generic chain of each train.batch-family function, printed from its plan with the parameters' names.
_JOIN_HEAD = "tf.data.Dataset.sample_from_datasets(datasets)"  # one dataset per tensor list


def batch_chain(api: str) -> str:
    """``api``'s chain over a dataset of the producer's values, in its parameters' names."""
    join = api.endswith("_join")
    shuffle = "shuffle_batch" in api
    call = plan.BatchCall(
        api, plan.Code("batch_size"), plan.Code("capacity"), plan.Code("1" if join else "num_threads"),
        keep="element" if "maybe_" in api else None, allow_smaller_final_batch=plan.Code("allow_smaller_final_batch"),
        shuffle=shuffle, seed=plan.Code("seed") if shuffle else None)
    if join:  # each tensor list's dataset maps its own ops
        return printer.inline(_JOIN_HEAD, plan.from_batch_call(call))
    return printer.inline("dataset", plan.from_batch_call(call, element=plan.Fn("produce", "produce")))


SYMBOLS: tuple[LegacySymbol, ...] = (
    LegacySymbol(
        "FIFOQueue", ("queue.FIFOQueue",), f"{_Q}:FIFOQueue",
        "tf.data.Dataset.from_generator(...).batch(n, drop_remainder=True)",
        rewritten=True,
    ),
    LegacySymbol(
        "RandomShuffleQueue", ("queue.RandomShuffleQueue", "io.RandomShuffleQueue"), f"{_Q}:RandomShuffleQueue",
        "tf.data.Dataset.from_generator(...).shuffle(capacity).batch(n, drop_remainder=True)"
    ),
    LegacySymbol(
        "PaddingFIFOQueue", ("queue.PaddingFIFOQueue", "io.PaddingFIFOQueue"), f"{_Q}:PaddingFIFOQueue",
        "tf.data.Dataset.from_generator(...).padded_batch(n, drop_remainder=True)"
    ),
    LegacySymbol(
        "PriorityQueue", ("queue.PriorityQueue", "io.PriorityQueue"), f"{_Q}:PriorityQueue",
        "tf.data.Dataset.from_generator(...)  # ordered by priority within the queue's capacity"
    ),
    LegacySymbol(
        "QueueBase", ("queue.QueueBase", "io.QueueBase"), f"{_Q}:QueueBase",
        "tf.data.Dataset"
    ),
    LegacySymbol(
        "train.batch", (), f"{_B}:batch",
        batch_chain("train.batch"),
        rewritten=True,
    ),
    LegacySymbol(
        "train.maybe_batch", (), f"{_B}:maybe_batch",
        batch_chain("train.maybe_batch"),
        rewritten=True,
    ),
    LegacySymbol(
        "train.batch_join", (), f"{_B}:batch_join",
        batch_chain("train.batch_join"),
        rewritten=True,
    ),
    LegacySymbol(
        "train.maybe_batch_join", (), f"{_B}:maybe_batch_join",
        batch_chain("train.maybe_batch_join")
    ),
    LegacySymbol(
        "train.shuffle_batch", (), f"{_B}:shuffle_batch",
        batch_chain("train.shuffle_batch"),
        rewritten=True,
    ),
    LegacySymbol(
        "train.maybe_shuffle_batch", (), f"{_B}:maybe_shuffle_batch",
        batch_chain("train.maybe_shuffle_batch"),
        rewritten=True,
    ),
    LegacySymbol(
        "train.shuffle_batch_join", (), f"{_B}:shuffle_batch_join",
        batch_chain("train.shuffle_batch_join"),
        rewritten=True,
    ),
    LegacySymbol(
        "train.maybe_shuffle_batch_join", (), f"{_B}:maybe_shuffle_batch_join",
        batch_chain("train.maybe_shuffle_batch_join")
    ),
    LegacySymbol(
        "train.string_input_producer", (), f"{_P}:string_input_producer",
        "tf.data.Dataset.from_tensor_slices(string_tensor).shuffle(len(string_tensor), "
        "seed=seed).repeat(num_epochs)",
        rewritten=True,
    ),
    LegacySymbol(
        "train.input_producer", (), f"{_P}:input_producer",
        "tf.data.Dataset.from_tensor_slices(input_tensor).shuffle(len(input_tensor), seed=seed).repeat(num_epochs)",
        rewritten=True,  # dequeued into a batch, or read directly (migrate/tensors.py)
    ),
    LegacySymbol(
        "train.range_input_producer", (), f"{_P}:range_input_producer",
        "tf.data.Dataset.range(limit).shuffle(limit, seed=seed).repeat(num_epochs)",
        rewritten=True,  # dequeued into a batch, or read directly (migrate/tensors.py)
    ),
    LegacySymbol(
        "train.slice_input_producer", (), f"{_P}:slice_input_producer",
        "tf.data.Dataset.from_tensor_slices(tuple(tensor_list)).shuffle(len(tensor_list[0]), "
        "seed=seed).repeat(num_epochs)",
        rewritten=True,
    ),
    LegacySymbol(
        "train.limit_epochs", (), f"{_P}:limit_epochs",
        "tf.data.Dataset.from_tensors(tensor).repeat(num_epochs)"
    ),
    LegacySymbol(
        "train.match_filenames_once", ("io.match_filenames_once",), f"{_P}:match_filenames_once",
        "tf.data.Dataset.list_files(pattern, shuffle=False)  # or tf.io.matching_files(pattern)"
    ),
    LegacySymbol(
        "ReaderBase", (), f"{_F}:ReaderBase",
        "files.flat_map(<the reader's dataset>)"
    ),
    LegacySymbol(
        "TFRecordReader", (), f"{_F}:TFRecordReader",
        "files.flat_map(lambda f: tf.data.TFRecordDataset(f, compression_type=...)).map(parse, "
        "num_parallel_calls=num_threads)",
        rewritten=True,
    ),
    LegacySymbol(
        "TextLineReader", (), f"{_F}:TextLineReader",
        "files.flat_map(lambda f: tf.data.TextLineDataset(f).skip(skip_header_lines))",
        rewritten=True,
    ),
    LegacySymbol(
        "FixedLengthRecordReader", (), f"{_F}:FixedLengthRecordReader",
        "files.flat_map(lambda f: tf.data.FixedLengthRecordDataset(f, record_bytes, header_bytes, footer_bytes))",
        rewritten=True,
    ),
    LegacySymbol(
        "WholeFileReader", (), f"{_F}:WholeFileReader",
        "files.map(lambda f: (f, tf.io.read_file(f)))",
        rewritten=True,
    ),
    LegacySymbol(
        "IdentityReader", (), f"{_F}:IdentityReader",
        "files.map(lambda f: (f, f))",
        rewritten=True,
    ),
    LegacySymbol(
        "train.QueueRunner", ("train.queue_runner.QueueRunner",), f"{_R}:QueueRunner",
        "tf.data.Dataset.map(..., num_parallel_calls=len(enqueue_ops))  # tf.data runs its own threads",
        to_tfdata="plumbing",
    ),
    LegacySymbol(
        "train.add_queue_runner", ("train.queue_runner.add_queue_runner",), f"{_R}:add_queue_runner",
        "# nothing to register: a tf.data pipeline starts its own threads",
        to_tfdata="plumbing",
    ),
    LegacySymbol(
        "train.start_queue_runners", ("train.queue_runner.start_queue_runners",), f"{_R}:start_queue_runners",
        "# nothing to start: iterating the dataset starts it",
        to_tfdata="plumbing",
    ),
    LegacySymbol(
        "train.Coordinator", (), None,
        "# not needed with tf.data; kept working with the bridge's runners",
        to_tfdata="plumbing",
    ),
)

# What starts queue runners, and the Python producers that feed queues: not queue APIs themselves, but a
# program that has them has a queue pipeline.
SYMBOLS += (
    LegacySymbol(
        "LMDBReader", (), None,
        "no core tf.data source: a Python generator over lmdb"
    ),
    LegacySymbol(
        "py_func", ("numpy_function",), None,
        "tf.data.Dataset.from_generator(...)  # the function called once per element",
        dropin="lifted into tf.data: the function runs in tf.data's threads, with the batch it feeds",
        zero_input=True,
    ),
    LegacySymbol(
        "train.Supervisor", (), None,
        "# a tf.data pipeline needs no runners",
        to_tfdata="kept",
        dropin=f"{STARTS_RUNNERS}: the drop-in's Supervisor, which shares sources, makes its sessions the drop-in "
               "Session (with its config) and also starts lifted pipelines",
        starts_runners=True,
    ),
    LegacySymbol(
        "train.Supervisor.start_queue_runners", ("train.Supervisor().start_queue_runners",), None,
        "# nothing to start: iterating the dataset starts it",
        to_tfdata="kept",
        dropin=f"{STARTS_RUNNERS}: the drop-in's Supervisor, which shares sources and also starts lifted pipelines",
        starts_runners=True,
    ),
    LegacySymbol(
        "train.MonitoredTrainingSession", (), None,
        "# a tf.data pipeline needs no runners",
        to_tfdata="kept",
        dropin=f"{STARTS_RUNNERS}: the drop-in's monitored session, which also starts lifted pipelines",
        starts_runners=True,
    ),
    LegacySymbol(
        "train.MonitoredSession", (), None,
        "# a tf.data pipeline needs no runners",
        to_tfdata="kept",
        dropin=f"{STARTS_RUNNERS}: the drop-in's monitored session, which also starts lifted pipelines",
        starts_runners=True,
    ),
    LegacySymbol(
        "train.SingularMonitoredSession", (), None,
        "# a tf.data pipeline needs no runners",
        to_tfdata="kept",
        dropin=f"{STARTS_RUNNERS}: the drop-in's monitored session, which also starts lifted pipelines",
        starts_runners=True,
    ),
    LegacySymbol(
        "tf_slim.learning.train", (), None,
        "# a tf.data pipeline needs no runners",
        to_tfdata="kept",
        dropin=f"{STARTS_RUNNERS} (through a Supervisor)",
        starts_runners=True,
    ),
)

# Each legacy reader and where its records come from in tf.data: the dataset class `migrate` writes (None: no
# tf.data class reads them: migrate reads the files with tf.io.read_file, or leaves the reader) and what the
# drop-in reads them with (its messages name it; it keeps legacy's rules for a file that is not a whole
# number of fixed-length records, which FixedLengthRecordDataset refuses).
READER_SOURCES: dict[str, tuple[str | None, str]] = {
    "TFRecordReader": ("TFRecordDataset", "tf.data.TFRecordDataset"),
    "TextLineReader": ("TextLineDataset", "tf.data.TextLineDataset"),
    "FixedLengthRecordReader": ("FixedLengthRecordDataset", "dataset of tf.io.read_file slices"),
    "WholeFileReader": (None, "dataset of tf.io.read_file"),
    "IdentityReader": (None, "dataset of its work strings"),
}



def reader_dataset(reader: str) -> str | None:
    """The tf.data class ``migrate`` reads ``reader``'s files with (``TFRecordDataset``), or None."""
    return READER_SOURCES[reader][0]


def reader_dropin(reader: str) -> str:
    """What the drop-in reads ``reader``'s files with (its messages name it)."""
    return READER_SOURCES[reader][1]


# The parameters of the legacy functions, in order: the one copy of their signatures (migrate binds calls
# by it; tests/compat/test_compat_signatures.py checks it against TensorFlow's own: training/input.py,
# io_ops.py, script_ops.py).
SIGNATURES: dict[str, tuple[str, ...]] = {
    "train.string_input_producer": ("string_tensor", "num_epochs", "shuffle", "seed", "capacity", "shared_name",
                                    "name", "cancel_op"),
    "train.slice_input_producer": ("tensor_list", "num_epochs", "shuffle", "seed", "capacity", "shared_name",
                                   "name"),
    "train.input_producer": ("input_tensor", "element_shape", "num_epochs", "shuffle", "seed", "capacity",
                             "shared_name", "summary_name", "name", "cancel_op"),
    "train.range_input_producer": ("limit", "num_epochs", "shuffle", "seed", "capacity", "shared_name", "name"),
    "train.batch": ("tensors", "batch_size", "num_threads", "capacity", "enqueue_many", "shapes", "dynamic_pad",
                    "allow_smaller_final_batch", "shared_name", "name"),
    "train.maybe_batch": ("tensors", "keep_input", "batch_size", "num_threads", "capacity", "enqueue_many",
                          "shapes", "dynamic_pad", "allow_smaller_final_batch", "shared_name", "name"),
    "train.shuffle_batch": ("tensors", "batch_size", "capacity", "min_after_dequeue", "num_threads", "seed",
                            "enqueue_many", "shapes", "allow_smaller_final_batch", "shared_name", "name"),
    "train.maybe_shuffle_batch": ("tensors", "batch_size", "capacity", "min_after_dequeue", "keep_input",
                                  "num_threads", "seed", "enqueue_many", "shapes", "allow_smaller_final_batch",
                                  "shared_name", "name"),
    "TFRecordReader": ("name", "options"),
    "TextLineReader": ("skip_header_lines", "name"),
    "FixedLengthRecordReader": ("record_bytes", "header_bytes", "footer_bytes", "hop_bytes", "name", "encoding"),
    "WholeFileReader": ("name",),
    "IdentityReader": ("name",),
    "ReaderBase.read": ("queue", "name"),
    "ReaderBase.read_up_to": ("queue", "num_records", "name"),
    "py_func": ("func", "inp", "Tout", "stateful", "name"),
    "numpy_function": ("func", "inp", "Tout", "stateful", "name"),
}


BY_PATH: dict[str, LegacySymbol] = {path: sym for sym in SYMBOLS for path in sym.paths}


def lookup(path: str) -> LegacySymbol:
    """The entry for a path under ``tf.compat.v1`` (``"train.batch"``); ``KeyError`` if it is not a queue API."""
    return BY_PATH[path]


def canonical(path: str) -> str:
    """How ``scan`` names an entry: ``tf.compat.v1.train.batch``; ``tf_slim.learning.train`` as it is."""
    return path if path.startswith("tf_slim.") else f"tf.compat.v1.{path}"
