"""A lifted producer subgraph: the ``GraphDef`` of the ops to re-import, the map function that
re-imports it (``import_graph_def`` with ``input_map`` for the frontier), and the upstream dataset of
the bridge queues on its frontier. ``lifting.analyze`` decides what goes in; this module builds it."""

from __future__ import annotations

import dataclasses
import random
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tfdata_bridge._src import op_types, tf_private
from tfdata_bridge._src.compat import legacy_numerics
from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.tf import plain, tf

tf1 = tf.compat.v1


@dataclass(frozen=True)
class QueueRead:
    """A frontier source (see ``frontier.py``): a bridge queue read by ``method`` (``dequeue``,
    ``dequeue_many``, ``dequeue_up_to``) with ``n``. The queue's kernel shares its elements among
    readers, so there is no stream to split."""

    queue: Any
    method: str
    n: int | None
    stream = None

    @property
    def width(self) -> int:
        return len(self.queue.dtypes)

    def describe(self) -> str:
        return f"queue {self.queue.name!r}"

    def present(self, needed: frozenset[int]) -> tuple[int, ...]:
        return tuple(range(self.width))

    def dataset(self, needed: frozenset[int] | None = None, shard: tuple[int, int] = (0, 1), chunk: int = 1) -> Any:
        """The queue's elements (batched as the dequeue batches them), as flat tuples in queue order.
        ``chunk``: for a consumer that buffers elements anyway (a batch pipeline), how many one call of the
        queue kernel may take (``dequeue_up_to``, which waits for that many until the queue is closed): one
        kernel call per element cost a pipeline over a queue a map call per element."""
        from tfdata_bridge._src.compat import queue_reading

        if self.method == "dequeue" and chunk > 1:  # (its flat tuples are the queue's components, in order)
            return tf_private.unbatch(queue_reading.reader(self.queue, "dequeue_up_to", chunk))
        ds = queue_reading.reader(self.queue, "dequeue", None)
        if self.method != "dequeue":
            ds = ds.batch(self.n, drop_remainder=self.method == "dequeue_many")
        return ds


@dataclass(frozen=True)
class Upstream:
    """A frontier source of a lift and the frontier tensors read from it: ``tensors`` maps each
    tensor's name to its component index in the source's reads."""

    source: Any
    tensors: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Lift:
    """A liftable subgraph: the nodes to re-import, the tensors to return, and its upstream queues."""

    graph_def: Any
    outputs: tuple[Any, ...]  # the original tensors, in the order the function returns them
    upstreams: tuple[Upstream, ...]
    mapped_inputs: frozenset[str]  # frontier tensor names some lifted node reads
    py_funcs: tuple[Any, ...]
    number: str = ""  # the frontier name of the record's number, taken first (py_func_records.py), or ""

    def function(self, copy: int = 0) -> Callable[..., list[Any]]:
        """A map function: takes the upstream queues' flat element components (in ``upstreams`` order)
        and returns the lifted values of ``outputs``, with their original static shapes.

        ``copy`` numbers the copies of one producer that run side by side (``num_threads``). Legacy
        threads share one kernel per random op, so a seeded op gives each thread different values; each
        copy here has its own kernels, so copies after the first get the op's ``seed2`` shifted, rather
        than repeating the first copy's values. Copy 0 keeps the legacy seeds (one thread: the legacy
        values, in order)."""
        graph_def = self.graph_def if copy == 0 else _reseeded(self.graph_def, copy)
        outputs, mapped = self.outputs, self.mapped_inputs
        layout = [(up, self._present(up)) for up in self.upstreams]
        py_funcs = list(self.py_funcs)
        number = self.number

        def lifted(*components: Any) -> list[Any]:
            frontier: dict[str, Any] = {}
            flat = list(components)
            if number:  # (the source enumerated: the number, then its element)
                frontier[number], flat = flat[0], tf.nest.flatten(flat[1:])
            for up, present in layout:
                comps, flat = flat[:len(present)], flat[len(present):]
                by_index = dict(zip(present, comps))
                for name, index in up.tensors:
                    if index in by_index:
                        frontier[name] = by_index[index]
            wanted = [t.name for t in outputs if t.name not in frontier]
            imported: dict[str, Any] = {}
            if wanted:
                values = tf1.import_graph_def(
                    graph_def, input_map={k: v for k, v in frontier.items() if k in mapped},
                    return_elements=wanted, name="lifted",
                )
                imported = dict(zip(wanted, values))
                tf_private.keep_alive(tf1.get_default_graph(), py_funcs)
            results = []
            for t in outputs:
                value = frontier[t.name] if t.name in frontier else imported[t.name]
                value = tf.identity(value)
                value.set_shape(t.shape)  # set_shape() calls are not part of a GraphDef
                results.append(value)
            return results

        return plain(lifted)

    def _present(self, up: Upstream) -> tuple[int, ...]:
        """The components of ``up``'s reads that its dataset yields: those some lifted op reads or the
        lift returns (the source may leave out the rest, such as a key nobody reads)."""
        wanted = self.mapped_inputs | {t.name for t in self.outputs}
        return up.source.present(frozenset(i for name, i in up.tensors if name in wanted))

    def source(self, reads: dict[int, dict[str, Any]] | None = None) -> Any:
        """The upstream dataset whose elements are the frontier components ``function`` takes (each
        upstream's ``_present`` ones, in ``upstreams`` order), or None (no upstream).

        ``reads`` maps ``id(upstream.source)`` to how to read it (``graph_batch`` decides): ``shard``, the
        ``(index, count)`` share of its stream where several sources split one; for a Python producer,
        ``copies``, ``capacity`` and ``chunk``."""
        if not self.upstreams:
            return None
        reads = reads or {}
        datasets = tuple(up.source.dataset(self._present(up), **reads.get(id(up.source), {}))
                         for up in self.upstreams)
        if len(datasets) == 1:
            return datasets[0].enumerate() if self.number else datasets[0]

        def flat(*parts: Any) -> tuple[Any, ...]:
            return tuple(c for part in parts for c in (part if isinstance(part, tuple) else (part,)))

        zipped = tf1.data.Dataset.zip(datasets).map(plain(flat))
        return zipped.enumerate() if self.number else zipped

    @property
    def python_ops(self) -> tuple[str, ...]:
        """The lifted Python ops (``py_func`` and friends), as ``name (type)``."""
        return tuple(f"{node.name} ({node.op})" for node in self.graph_def.node if node.op in op_types.PY_FUNC_OPS)

    @property
    def python_producers(self) -> tuple[Any, ...]:
        """The Python producers on the frontier (``py_producers.PyProducer``)."""
        from tfdata_bridge._src.compat.py_producers import PyProducer

        return tuple(up.source for up in self.upstreams if isinstance(up.source, PyProducer))

    @property
    def pure(self) -> bool:
        """Whether the lifted ops are all stateless (no random op, ``py_func``, ``Print``...) but for
        ``Assert`` (``parse_single_example``'s rank check), which only checks its inputs: the same inputs
        always give the same values, so the ops may run on a whole batch at once (a batch that fails a
        check is retried record by record: ``batch_retry.py``)."""
        return not any((tf_private.op_is_stateful(node.op) and node.op != "Assert") or node.op in op_types.PY_FUNC_OPS
                       for node in self.graph_def.node) and not len(self.graph_def.library.function)


def build(graph: Any, names: set[str], outputs: tuple[Any, ...], upstreams: tuple[Upstream, ...]) -> Lift:
    """The ``Lift`` of the ops named ``names`` (device placements and colocations dropped)."""
    graph_def = tf1.GraphDef()
    graph_def.versions.CopyFrom(graph.graph_def_versions)
    frontier = {name for up in upstreams for name, _ in up.tensors}
    mapped: set[str] = set()
    py_funcs = []
    for op in graph.get_operations():
        if op.name not in names:
            continue
        node = op.node_def
        node.device = ""
        if "_class" in node.attr:  # colocation with ops that are not copied
            del node.attr["_class"]
        for inp in node.input:
            name = inp if ":" in inp or inp.startswith("^") else f"{inp}:0"
            if name in frontier:
                mapped.add(name)
        graph_def.node.append(node)
        if op.type in op_types.PY_FUNC_OPS:
            token = op.get_attr("token")
            func = tf_private.py_func_for_token(token.decode() if isinstance(token, bytes) else token)
            if func is not None:
                py_funcs.append(func)
    _copy_functions(graph, graph_def)
    graph_def = _as_the_session_ran_it(graph, graph_def, outputs, upstreams)
    read = {inp if ":" in inp else f"{inp}:0" for node in graph_def.node for inp in node.input
            if not inp.startswith("^")}
    mapped &= read  # (a frontier value grappler folded away, a known shape's size, is no longer read)
    return Lift(graph_def, outputs, upstreams, frozenset(mapped), tuple(py_funcs))


# graphs holding a lift whose floats were given a ``Session``'s grappler rewrites: an ``InteractiveSession`` made
# on one afterwards runs them as a ``Session`` would, where legacy's ran its ops as written (it warns, session.py)
REWRITTEN: "weakref.WeakSet[Any]" = weakref.WeakSet()


def _as_the_session_ran_it(graph: Any, graph_def: Any, outputs: tuple[Any, ...], upstreams: Any) -> Any:
    """``graph_def`` with the float rewrites the session's grappler made to legacy's ops (``legacy_numerics``).
    Under an ``InteractiveSession`` of the graph (the default session while the pipeline is built), none: it
    places the pruned graph, and grappler then rewrites nothing (``x / c`` stays a division, ``x + 0.11 - 127.5``
    a chain; measured, round 63)."""
    session = tf.compat.v1.get_default_session()
    if isinstance(session, tf.compat.v1.InteractiveSession) and session.graph is graph:
        return graph_def
    frontier = {}
    for up in upstreams:
        for name, _ in up.tensors:
            try:
                tensor = graph.get_tensor_by_name(name)
            except (KeyError, ValueError):
                continue
            frontier[name] = (tensor.dtype.base_dtype, tensor.shape)
    rewritten = legacy_numerics.session_passes(graph_def, frontier, [t.op.name for t in outputs])
    if rewritten is not None:
        graph_def = rewritten
    if legacy_numerics.reduce_divisions(graph_def) or rewritten is not None:  # the session's grappler did this
        REWRITTEN.add(graph)
    return graph_def


def _function_refs(nodes: Any) -> set[str]:
    refs: set[str] = set()
    for node in nodes:
        for attr in node.attr.values():
            if attr.func.name:
                refs.add(attr.func.name)
            refs.update(f.name for f in attr.list.func)
    return refs


def _copy_functions(graph: Any, graph_def: Any) -> None:
    """Copy into ``graph_def`` the functions its nodes call (``tf.cond``/``while_loop`` v2 branches and
    bodies, ``tf.function`` calls), and the functions those call."""
    wanted = _function_refs(graph_def.node)
    if not wanted:
        return
    library = {f.signature.name: f for f in graph.as_graph_def().library.function}
    done: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name in done or name not in library:
            continue
        done.add(name)
        fdef = library[name]
        graph_def.library.function.append(fdef)
        wanted |= _function_refs(fdef.node_def)
        wanted |= {node.op for node in fdef.node_def if node.op in library}


_SEED_STRIDE = 0x9E3779B1  # the golden-ratio constant: spreads copies' seed2 values apart
# graph -> {name of a seeded random op: the next copy number free for a pipeline lifting it}
_seed_copies: GraphTable[dict[str, int]] = GraphTable("lifted_seed_copies")


def first_copy(graph: Any, lifts: Any, copies: int) -> int:
    """The first copy number (``Lift.function``) for a pipeline running ``copies`` copies of ``lifts``' ops.

    Legacy ran one kernel per random op, whichever runner thread, of whichever batch call, ran it: a seeded
    op's values are one sequence, shared out among its consumers. Each pipeline here has its own kernels:
    two batch calls over one seeded op, both at copy 0, would each deliver that sequence from its start,
    the same values twice. So the first pipeline lifting such an op keeps copy 0 (legacy's seeds, legacy's
    values with one consumer), and each later one starts after the copies of those before it."""
    names = {node.name for lift in lifts for node in lift.graph_def.node if _seeded(node)}
    if not names:
        return 0
    table = _seed_copies.setdefault(graph, {})
    start = max(table.get(name, 0) for name in names)
    for name in names:
        table[name] = start + copies
    return start


def _seeded(node: Any) -> bool:
    return ("seed" in node.attr and "seed2" in node.attr and bool(node.attr["seed"].i or node.attr["seed2"].i)
            and tf_private.op_is_stateful(node.op))


def pinned_seeds(lift: Lift) -> Lift:
    """``lift`` with every unseeded stateful random op (``seed`` and ``seed2`` 0: TensorFlow draws a fresh seed
    for each kernel) given a seed pair drawn now, once, for each. Several iterators over one source split
    among its readers (``InputQueue``'s shards, ``shard(k, i)``) each run their own kernels: unseeded, an
    input producer's ``random_shuffle`` gave each share its own order, so one element went to two readers and
    another to none; pinned, every share sees the same order of each epoch, and the program is still
    shuffled differently at each run, as legacy's was."""
    if not any(_unseeded(node) for node in _all_nodes(lift.graph_def)):
        return lift
    draw = random.SystemRandom()
    out = tf1.GraphDef()
    out.CopyFrom(lift.graph_def)
    for node in _all_nodes(out):
        if _unseeded(node):
            node.attr["seed"].i, node.attr["seed2"].i = draw.randrange(1, 2**31 - 1), draw.randrange(1, 2**31 - 1)
    return dataclasses.replace(lift, graph_def=out)


def _all_nodes(graph_def: Any) -> list[Any]:
    return [*graph_def.node, *(node for f in graph_def.library.function for node in f.node_def)]


def _unseeded(node: Any) -> bool:
    return ("seed" in node.attr and "seed2" in node.attr and not (node.attr["seed"].i or node.attr["seed2"].i)
            and tf_private.op_is_stateful(node.op))


def _reseeded(graph_def: Any, copy: int) -> Any:
    """``graph_def`` with every seeded stateful random op's ``seed2`` shifted for copy ``copy``."""
    out = tf1.GraphDef()
    out.CopyFrom(graph_def)
    for node in out.node:
        if _seeded(node):
            node.attr["seed2"].i = (node.attr["seed2"].i + copy * _SEED_STRIDE) % (2**31 - 1)
    return out
