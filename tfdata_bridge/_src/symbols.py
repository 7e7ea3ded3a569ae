"""The one mapping table: each legacy queue API, the spec it becomes, its idiomatic tf.data chain and
its caveats. The drop-in's shims (and their warnings), ``explain`` and the migration tool all read it,
so the three never disagree.

Names are relative to ``tensorflow.compat.v1`` (``"train.batch"`` is ``tf.compat.v1.train.batch``).
"""

from __future__ import annotations

from dataclasses import dataclass

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
    spec: str  # the spec constructor it corresponds to
    chain: str  # the idiomatic tf.data chain it is compiled into
    caveats: str = ""
    # what ``migrate --to tfdata`` does with it: "pipeline" (rewritten with the pipeline it belongs to, when
    # that pipeline is one the tool recognises), "plumbing" (removed where nothing else uses it, otherwise
    # left: harmless without queue runners) or "kept" (left as it is)
    to_tfdata: str = "pipeline"
    # what ``scan`` says the drop-in does, where it is not "compiled into tf.data: <chain>" or TensorFlow's own
    dropin: str = ""
    starts_runners: bool = False  # it starts the queue runners of the graph (a Supervisor, a monitored session)
    zero_input: bool = False  # a use only when called with no inputs (a ``py_func`` producer)

    @property
    def paths(self) -> tuple[str, ...]:
        return (self.name,) + self.aliases


SYMBOLS: tuple[LegacySymbol, ...] = (
    LegacySymbol(
        "FIFOQueue", ("queue.FIFOQueue",), f"{_Q}:FIFOQueue",
        "QueueSpec.fifo(capacity, dtypes, shapes, names)",
        "tf.data.Dataset.from_generator(...).batch(n, drop_remainder=True)",
        "dequeue_many drops a tail shorter than n at the end; dequeue_up_to keeps it.",
    ),
    LegacySymbol(
        "RandomShuffleQueue", ("queue.RandomShuffleQueue", "io.RandomShuffleQueue"), f"{_Q}:RandomShuffleQueue",
        "QueueSpec.random_shuffle(capacity, min_after_dequeue, dtypes, shapes, names, seed)",
        "tf.data.Dataset.from_generator(...).shuffle(capacity).batch(n, drop_remainder=True)",
        "The legacy queue mixes across all it holds, up to capacity whenever the producer is ahead, so the "
        "shuffle buffer is (nearly) capacity; it fills before the first element leaves (legacy's first "
        "dequeue waited for min_after_dequeue + n). Order differs from the legacy queue's for the same seed.",
    ),
    LegacySymbol(
        "PaddingFIFOQueue", ("queue.PaddingFIFOQueue", "io.PaddingFIFOQueue"), f"{_Q}:PaddingFIFOQueue",
        "QueueSpec.padding_fifo(capacity, dtypes, shapes, names)",
        "tf.data.Dataset.from_generator(...).padded_batch(n, drop_remainder=True)",
        "Batches are padded to their longest element, with zeros (empty strings for strings).",
    ),
    LegacySymbol(
        "PriorityQueue", ("queue.PriorityQueue", "io.PriorityQueue"), f"{_Q}:PriorityQueue",
        "QueueSpec.priority(capacity, types, shapes, names)",
        "tf.data.Dataset.from_generator(...)  # ordered by priority within the queue's capacity",
        "tf.data has no priority order: the bridge orders the elements buffered at each dequeue, as the "
        "legacy queue did.",
    ),
    LegacySymbol(
        "QueueBase", ("queue.QueueBase", "io.QueueBase"), f"{_Q}:QueueBase",
        "QueueSpec", "tf.data.Dataset",
        "from_list() and QueueBase(dtypes, shapes, names, queue_ref) handle queues made by TensorFlow itself.",
    ),
    LegacySymbol(
        "train.batch", (), f"{_B}:batch",
        "pipeline(producers, batch_size=..., capacity=..., threads=num_threads)",
        "tf.data.Dataset.map(produce, num_parallel_calls=num_threads).batch(batch_size, "
        "drop_remainder=not allow_smaller_final_batch)",
        "allow_smaller_final_batch=False drops the last partial batch (tf.data keeps it by default); "
        "dynamic_pad=True becomes padded_batch.",
    ),
    LegacySymbol(
        "train.maybe_batch", (), f"{_B}:maybe_batch",
        "pipeline(producers, batch_size=...) with a keep_input filter",
        "tf.data.Dataset.map(produce).filter(keep_input).batch(batch_size)",
    ),
    LegacySymbol(
        "train.batch_join", (), f"{_B}:batch_join",
        "pipeline([producer_1, ..., producer_k], batch_size=...)",
        "tf.data.Dataset.sample_from_datasets([...]).batch(batch_size)  # or interleave",
        "Each tensor list is its own producer with one thread; their order interleaves.",
    ),
    LegacySymbol(
        "train.maybe_batch_join", (), f"{_B}:maybe_batch_join",
        "pipeline([producer_1, ..., producer_k], batch_size=...) with a keep_input filter",
        "tf.data.Dataset.sample_from_datasets([...]).filter(keep_input).batch(batch_size)",
    ),
    LegacySymbol(
        "train.shuffle_batch", (), f"{_B}:shuffle_batch",
        "pipeline(producers, batch_size=..., shuffle=True, min_after_dequeue=..., capacity=...)",
        "tf.data.Dataset.map(produce, num_parallel_calls=num_threads).shuffle(capacity)"
        ".batch(batch_size, drop_remainder=not allow_smaller_final_batch)",
        "Order differs from the legacy queue's for the same seed; every element still arrives once.",
    ),
    LegacySymbol(
        "train.maybe_shuffle_batch", (), f"{_B}:maybe_shuffle_batch",
        "pipeline(..., shuffle=True) with a keep_input filter",
        "tf.data.Dataset.map(produce).filter(keep_input).shuffle(capacity).batch(batch_size)",
    ),
    LegacySymbol(
        "train.shuffle_batch_join", (), f"{_B}:shuffle_batch_join",
        "pipeline([producer_1, ..., producer_k], shuffle=True, ...)",
        "tf.data.Dataset.sample_from_datasets([...]).shuffle(capacity).batch(batch_size)",
    ),
    LegacySymbol(
        "train.maybe_shuffle_batch_join", (), f"{_B}:maybe_shuffle_batch_join",
        "pipeline([producer_1, ..., producer_k], shuffle=True, ...) with a keep_input filter",
        "tf.data.Dataset.sample_from_datasets([...]).filter(keep_input).shuffle(capacity)"
        ".batch(batch_size)",
    ),
    LegacySymbol(
        "train.string_input_producer", (), f"{_P}:string_input_producer",
        "a file-name source (native: no Python producer)",
        "tf.data.Dataset.from_tensor_slices(string_tensor).shuffle(len(string_tensor), seed=seed)"
        ".repeat(num_epochs)",
        "Without shuffle, no .shuffle(...). num_epochs needs no local_variables_initializer().",
    ),
    LegacySymbol(
        "train.input_producer", (), f"{_P}:input_producer",
        "a row source (native: no Python producer)",
        "tf.data.Dataset.from_tensor_slices(input_tensor).shuffle(len(input_tensor), seed=seed).repeat(num_epochs)",
    ),
    LegacySymbol(
        "train.range_input_producer", (), f"{_P}:range_input_producer",
        "a range source (native: no Python producer)",
        "tf.data.Dataset.range(limit).shuffle(limit, seed=seed).repeat(num_epochs)",
    ),
    LegacySymbol(
        "train.slice_input_producer", (), f"{_P}:slice_input_producer",
        "a slice source (native: no Python producer)",
        "tf.data.Dataset.from_tensor_slices(tuple(tensor_list)).shuffle(len(tensor_list[0]), seed=seed)"
        ".repeat(num_epochs)",
    ),
    LegacySymbol(
        "train.limit_epochs", (), f"{_P}:limit_epochs",
        "a repeated source (native: no Python producer)",
        "tf.data.Dataset.from_tensors(tensor).repeat(num_epochs)",
    ),
    LegacySymbol(
        "train.match_filenames_once", ("io.match_filenames_once",), f"{_P}:match_filenames_once",
        "the file names of a pattern",
        "tf.data.Dataset.list_files(pattern, shuffle=False)  # or tf.io.matching_files(pattern)",
        "Still a local variable, as legacy; an input producer given it lists the files inside tf.data.",
    ),
    LegacySymbol(
        "ReaderBase", (), f"{_F}:ReaderBase",
        "a record source over a file-name source",
        "files.flat_map(<the reader's dataset>)",
        "ReaderBase(reader_ref) over a reader op made elsewhere is TensorFlow's own.",
    ),
    LegacySymbol(
        "TFRecordReader", (), f"{_F}:TFRecordReader",
        "a TFRecord source (native)",
        "files.flat_map(lambda f: tf.data.TFRecordDataset(f, compression_type=...)).map(parse, "
        "num_parallel_calls=num_threads)",
        "parse_single_example after read() becomes parse_example after batch() where the result is the same.",
    ),
    LegacySymbol(
        "TextLineReader", (), f"{_F}:TextLineReader",
        "a text-line source (native)",
        "files.flat_map(lambda f: tf.data.TextLineDataset(f).skip(skip_header_lines))",
        "decode_csv after read() runs on whole batches where the result is the same.",
    ),
    LegacySymbol(
        "FixedLengthRecordReader", (), f"{_F}:FixedLengthRecordReader",
        "a fixed-length record source (native)",
        "files.flat_map(lambda f: tf.data.FixedLengthRecordDataset(f, record_bytes, header_bytes, footer_bytes))",
        "hop_bytes cuts overlapping records from tf.io.read_file(f).",
    ),
    LegacySymbol(
        "WholeFileReader", (), f"{_F}:WholeFileReader",
        "a whole-file source (native)",
        "files.map(lambda f: (f, tf.io.read_file(f)))",
    ),
    LegacySymbol(
        "IdentityReader", (), f"{_F}:IdentityReader",
        "a work-string source (native)",
        "files.map(lambda f: (f, f))",
    ),
    LegacySymbol(
        "train.QueueRunner", ("train.queue_runner.QueueRunner",), f"{_R}:QueueRunner",
        "Producer(fn, threads=len(enqueue_ops))",
        "tf.data.Dataset.map(..., num_parallel_calls=len(enqueue_ops))  # tf.data runs its own threads",
        to_tfdata="plumbing",
    ),
    LegacySymbol(
        "train.add_queue_runner", ("train.queue_runner.add_queue_runner",), f"{_R}:add_queue_runner",
        "Producer", "# nothing to register: a tf.data pipeline starts its own threads",
        to_tfdata="plumbing",
    ),
    LegacySymbol(
        "train.start_queue_runners", ("train.queue_runner.start_queue_runners",), f"{_R}:start_queue_runners",
        "compile(spec)", "# nothing to start: iterating the dataset starts it",
        "Returns only the runner threads still needed (those whose producer could not be lifted into tf.data).",
        to_tfdata="plumbing",
    ),
    LegacySymbol(
        "train.Coordinator", (), None, "", "# not needed with tf.data; kept working with the bridge's runners",
        to_tfdata="plumbing",
    ),
)

# What starts queue runners, and the Python producers that feed queues: not queue APIs themselves, but a
# program that has them has a queue pipeline.
SYMBOLS += (
    LegacySymbol(
        "LMDBReader", (), None, "an LMDB record source", "no core tf.data source: a Python generator over lmdb",
        "TensorFlow's own reader, unchanged by the drop-in.",
    ),
    LegacySymbol(
        "py_func", ("numpy_function",), None, "Producer(func) (a zero-input producer)",
        "tf.data.Dataset.from_generator(...)  # the function called once per element",
        "Only a call with no inputs is a producer; one with inputs is an ordinary op.",
        dropin="lifted into tf.data: the function runs in tf.data's threads, with the batch it feeds", zero_input=True,
    ),
    LegacySymbol(
        "train.Supervisor", (), None, "compile(spec)", "# a tf.data pipeline needs no runners",
        "Starts the graph's queue runners in managed_session / prepare_or_wait_for_session.",
        to_tfdata="kept", dropin=f"{STARTS_RUNNERS}: TensorFlow's own Supervisor over the bridge's runners",
        starts_runners=True,
    ),
    LegacySymbol(
        "train.Supervisor.start_queue_runners", ("train.Supervisor().start_queue_runners",), None,
        "compile(spec)", "# nothing to start: iterating the dataset starts it",
        to_tfdata="kept", dropin=f"{STARTS_RUNNERS}: TensorFlow's own Supervisor over the bridge's runners",
        starts_runners=True,
    ),
    LegacySymbol(
        "train.MonitoredTrainingSession", (), None, "compile(spec)",
        "# a tf.data pipeline needs no runners", to_tfdata="kept",
        dropin=f"{STARTS_RUNNERS}: the drop-in's monitored session, which also starts lifted pipelines", starts_runners=True,
    ),
    LegacySymbol(
        "train.MonitoredSession", (), None, "compile(spec)",
        "# a tf.data pipeline needs no runners", to_tfdata="kept",
        dropin=f"{STARTS_RUNNERS}: the drop-in's monitored session, which also starts lifted pipelines", starts_runners=True,
    ),
    LegacySymbol(
        "train.SingularMonitoredSession", (), None, "compile(spec)",
        "# a tf.data pipeline needs no runners", to_tfdata="kept",
        dropin=f"{STARTS_RUNNERS}: the drop-in's monitored session, which also starts lifted pipelines", starts_runners=True,
    ),
    LegacySymbol(
        "tf_slim.learning.train", (), None, "compile(spec)", "# a tf.data pipeline needs no runners",
        "slim's train loop runs a Supervisor, which starts the graph's queue runners.",
        to_tfdata="kept", dropin=f"{STARTS_RUNNERS} (through a Supervisor)", starts_runners=True,
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

# The parameters of the legacy functions, in order: the one copy of their signatures (migrate binds calls
# by it; tests/test_compat_signatures.py checks it against TensorFlow's own: training/input.py,
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
