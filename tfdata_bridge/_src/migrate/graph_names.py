"""A program that reaches its pipeline through the graph's names, or through the serialized graph, keeps its queues.

    meta_graph_def = tf.train.export_meta_graph(graph=graph)         # the queues and their runners, serialized
    tf.train.import_meta_graph(meta_graph_def)                       # brought back into a fresh graph
    wind_b = graph.get_tensor_by_name("input_batch:1")               # the batch op's second output, by name

Once a pipeline is tf.data its ops are gone: the batch is an iterator's ``get_next`` (``IteratorGetNext:1``), the
reader, the decode ops and the queues live in the dataset's functions, and the graph holds no queue runner. So

- a lookup by name (``get_tensor_by_name``, ``get_operation_by_name``, ``as_graph_element``) of a pipeline op's
  name (a ``name=`` given to a batch, producer, reader, queue or decode call, or such an op's default name:
  ``batch``, ``input_producer``, ``ReaderReadV2``...) names nothing, and a name the module computes cannot be
  told apart from one;
- a serialized graph (``export_meta_graph``, ``Saver(...).export_meta_graph``, ``as_graph_def``,
  ``import_graph_def``, ``import_meta_graph``, ``write_graph``) no longer holds what the program, or the
  program that reads it, finds there (the queue runners, the names).

A module with such a call is left whole, with the reason (``collection_reads.left_whole``), and in a tree so is
every module it imports, and (for a lookup by name, whose pipeline its caller may build) every module
importing it. A collection the program fills itself with the batch's tensors
(``tf.add_to_collection("inputs", batch)`` then ``tf.get_collection("inputs")``) holds the tf.data tensors
instead, in the same graph, and is no reason; nor is a name given only to a scope or looked up that is no
pipeline op's (``get_tensor_by_name("logits:0")``). A module with none of these words costs no visit.
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.metadata import PositionProvider

from tfdata_bridge._src.migrate.calls import code_of, last_name, wrapped
from tfdata_bridge._src.migrate.walk import Visitor

_LOOKUPS = {"get_tensor_by_name", "get_operation_by_name", "as_graph_element"}
_SERIALIZED = {"export_meta_graph", "import_meta_graph", "as_graph_def", "import_graph_def", "write_graph"}
_WORDS = ("by_name", "as_graph_element", "meta_graph", "graph_def", "write_graph")  # (a module with none: no visit)

# the calls whose ``name=`` names an op the tf.data chain no longer has (the batch family, producers, readers and
# their reads, queues and their ops, the per-element ops that move into the dataset's functions)
_PIPELINE_CALLS = {
    "batch", "shuffle_batch", "batch_join", "shuffle_batch_join", "maybe_batch", "maybe_shuffle_batch",
    "maybe_batch_join", "maybe_shuffle_batch_join", "string_input_producer", "slice_input_producer",
    "range_input_producer", "input_producer", "limit_epochs", "match_filenames_once", "TFRecordReader",
    "TextLineReader", "WholeFileReader", "FixedLengthRecordReader", "IdentityReader", "LMDBReader", "read",
    "read_up_to", "FIFOQueue", "RandomShuffleQueue", "PaddingFIFOQueue", "PriorityQueue", "dequeue",
    "dequeue_many", "dequeue_up_to", "enqueue", "enqueue_many", "decode_csv", "decode_raw", "parse_example",
    "parse_single_example", "decode_image", "decode_jpeg", "decode_png", "py_func", "numpy_function",
}
# the default names of those ops (the batch family's and the producers' scopes, the ops' own type names)
_DEFAULT_NAMES = {
    "batch", "shuffle_batch", "batch_join", "shuffle_batch_join", "input_producer", "limit_epochs",
    "matching_filenames", "fifo_queue", "random_shuffle_queue", "padding_fifo_queue", "priority_queue",
    "ReaderReadV2", "ReaderReadUpToV2", "TFRecordReaderV2", "TextLineReaderV2", "WholeFileReaderV2",
    "FixedLengthRecordReaderV2", "IdentityReaderV2", "LMDBReader", "QueueDequeueV2", "QueueDequeueManyV2",
    "QueueDequeueUpToV2", "QueueEnqueueV2", "QueueEnqueueManyV2", "DecodeCSV", "DecodeRaw", "ParseExample",
    "ParseExampleV2", "ParseSingleExample", "DecodeImage", "DecodeJpeg", "DecodePng", "PyFunc", "PyFuncStateless",
}
_COPY = re.compile(r"_\d+$")  # ``batch_1``: the second op given the name ``batch``


def _literal(node: cst.BaseExpression) -> str | None:
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _first(call: cst.Call) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is None and not arg.star or arg.keyword is not None and arg.keyword.value in ("name", "obj"):
            return arg.value
    return None


class _Reads(Visitor):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self) -> None:
        super().__init__()
        self.named: set[str] = set()  # ``name=`` of the module's pipeline calls
        self.lookups: list[tuple[int, cst.Call, str | None]] = []  # (line, call, the literal name or None)
        self.serialized: tuple[int, cst.Call] | None = None

    def visit_Call(self, node: cst.Call) -> None:
        name = last_name(node.func)
        if name in _PIPELINE_CALLS:
            for arg in node.args:
                if arg.keyword is not None and arg.keyword.value == "name":
                    given = _literal(arg.value)
                    if given:
                        self.named.add(given)
        elif name in _LOOKUPS:
            value = _first(node)
            if value is not None:
                line = self.get_metadata(PositionProvider, node).start.line
                self.lookups.append((line, node, _literal(value)))
        elif name in _SERIALIZED and self.serialized is None:
            self.serialized = (self.get_metadata(PositionProvider, node).start.line, node)


def _pipeline_op(name: str, named: set[str]) -> bool:
    """Whether a graph name (``input/input_batch:1``, ``batch_1``) is, or is under, a pipeline op's name."""
    parts = name.split(":", 1)[0].split("/")
    return any(p in named or p in _DEFAULT_NAMES or _COPY.sub("", p) in named | _DEFAULT_NAMES for p in parts if p)


def asks_graph(module: cst.Module) -> bool:
    """Whether the module may look the graph up by name or serialize it (a word test: no visit)."""
    code = code_of(module)
    return any(w in code for w in _WORDS)


def _reads(module: cst.Module, force: bool = False) -> _Reads | None:
    if not force and not asks_graph(module):
        return None
    reads = _Reads()
    wrapped(module).visit(reads)
    return reads


def pipeline_names(module: cst.Module) -> set[str]:
    """The ``name=`` strings of the module's pipeline calls (a tree's lookups are checked against all its
    modules': ``tree.py`` asks only where one of its modules ``asks_graph``)."""
    return _reads(module, force=True).named


def named_graph_read(module: cst.Module, where: str = "", named: set[str] | None = None) -> str | None:
    """Why the module's pipelines must stay queues (``where``: the module's path, for a tree; ``named``: the
    tree's pipeline names, by default the module's own), or None."""
    reads = _reads(module)
    if reads is None:
        return None
    names = reads.named | (named or set())
    fix = "look the tensors up from the returned values, or keep the queues (`migrate --to compat`)"
    for line, call, literal in reads.lookups:
        if literal is None or _pipeline_op(literal, names):
            at = f"{where}:{line}" if where else f"line {line}"
            what = f"the name `{literal}`" if literal is not None else "a name the program computes"
            return (f"the program looks a tensor or op up by name (`{module.code_for_node(call)}` at {at}): "
                    f"{what} {'is' if literal is not None else 'may be'} a queue pipeline op's, gone once the "
                    f"pipeline is tf.data (its batch is an iterator's `get_next`), so the lookup would find "
                    f"nothing; {fix}")
    if reads.serialized is not None:
        line, call = reads.serialized
        at = f"{where}:{line}" if where else f"line {line}"
        return (f"the program serializes or imports the graph (`{module.code_for_node(call)}` at {at}): once its "
                "pipelines are tf.data that graph holds no queues, queue runners or pipeline op names, so what is "
                f"looked up in it would not match; {fix}")
    return None


__all__ = ["asks_graph", "named_graph_read", "pipeline_names"]
