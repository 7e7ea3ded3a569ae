"""``tfdata-bridge materialize`` and ``tfdata_bridge.materialized(dir)``: a Python producer's output
written once to sharded TFRecord files, read back by a native dataset (no Python op), which the tf.data
service, ``tf.distribute``'s auto-sharding and tf.data checkpoints can all take.

The folder holds ``part-00000-of-0000N.tfrecord`` ... and ``spec.json``:

- each record is a ``tf.train.Example`` with one bytes feature per component (``c0``, ``c1``, ...), the
  component's ``TensorProto`` (``tf.io.serialize_tensor``'s format, read by ``tf.io.parse_tensor``):
  any dtype, any shape, a shape that varies from element to element too;
- element ``i`` goes to shard ``i % N``, so the reader's ``interleave`` (cycle ``N``, block 1, in
  order) gives the elements in the order they were made; with the service's ``DYNAMIC`` sharding each
  file is a split;
- ``spec.json`` (``FORMAT``): each component's name, dtype and shape (``null`` for an unknown
  dimension or rank), the element's structure (``tuple``, ``dict`` or ``single``), the files, the
  element count, where the elements came from, and the source spec's queue and consumer (batch size,
  shuffle): apply those to ``materialized(dir)`` as ``explain(spec)`` shows.

A spec is materialized element by element: its queue becomes a fifo and its consumer ``dequeue`` (its
producers, threads and process workers stay as they are), so the files hold what the producers made,
before any shuffle or batch. Files are written under temporary names and renamed, ``spec.json`` last: a
folder with a ``spec.json`` is complete.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tfdata_bridge._src.spec.consumer import Consumer
from tfdata_bridge._src.spec.pipeline import PipelineSpec
from tfdata_bridge._src.tf import plain, tf

FORMAT = "tfdata_bridge.materialized/1"
SPEC_FILE = "spec.json"


@dataclass(frozen=True)
class Written:
    """What ``write`` wrote: ``elements`` in ``files`` (paths), described by ``spec_file``."""

    elements: int
    files: tuple[str, ...]
    spec_file: str


def shard_name(index: int, shards: int) -> str:
    return f"part-{index:05d}-of-{shards:05d}.tfrecord"


def elements_of(source: Any) -> Any:
    """The dataset whose elements are written: a spec's producers' elements (fifo, ``dequeue``), or a
    ``tf.data.Dataset`` as it is. ``TypeError`` for anything else."""
    if isinstance(source, PipelineSpec):
        from tfdata_bridge._src.compiler.dataset import compile as compile_spec

        queue = source.queue
        if queue.kind == "random_shuffle":
            queue = dataclasses.replace(queue, kind="fifo", min_after_dequeue=0, seed=None)
        return compile_spec(dataclasses.replace(source, queue=queue, consumer=Consumer.dequeue()))
    if isinstance(source, tf.data.Dataset):
        return source
    raise TypeError(f"tfdata-bridge materialize writes a PipelineSpec (tfdata_bridge.pipeline(...)) or a "
                    f"tf.data.Dataset, or a function returning one; got {type(source).__name__}")


def write(source: Any, out_dir: str, shards: int, *, origin: str = "", overwrite: bool = False,
          progress: Callable[[int], None] | None = None) -> Written:
    """Write ``source``'s elements (``elements_of``) to ``shards`` TFRecord files and ``spec.json`` in
    ``out_dir`` (made if missing); ``origin`` says where they came from (``module:name``); ``progress``
    is called with the count so far now and then. ``ValueError`` for a bad ``shards`` or a folder that
    already holds materialized files (unless ``overwrite``: they are replaced once the new ones are
    whole); the producer's own error as it was, with nothing new left behind and the old files kept."""
    if not isinstance(shards, int) or isinstance(shards, bool) or shards < 1:
        raise ValueError(f"shards must be an int >= 1 (how many TFRecord files to write); got {shards!r}")
    dataset = elements_of(source)
    specs = tf.nest.flatten(dataset.element_spec)
    if not all(isinstance(s, tf.TensorSpec) for s in specs):
        raise ValueError(f"materialize writes elements of dense tensors; this element has "
                         f"{dataset.element_spec!r}. Make each component a dense tensor")
    os.makedirs(out_dir, exist_ok=True)
    old = sorted(n for n in os.listdir(out_dir) if n == SPEC_FILE or (n.startswith("part-") and ".tfrecord" in n))
    if old and not overwrite:
        raise ValueError(f"{out_dir} already holds materialized files ({', '.join(old[:3])}"
                         f"{', ...' if len(old) > 3 else ''}); write to an empty folder, or pass --overwrite "
                         "(overwrite=True) to replace them")
    names = [shard_name(i, shards) for i in range(shards)]
    temporary = [os.path.join(out_dir, f".{name}.tmp") for name in names]
    writers = [tf.io.TFRecordWriter(path) for path in temporary]
    count = 0
    try:
        for element in dataset:
            writers[count % shards].write(_example(tf.nest.flatten(element)))
            count += 1
            if progress is not None and count % 100 == 0:
                progress(count)
    except BaseException:
        for w in writers:
            w.close()
        for path in temporary:
            if os.path.exists(path):
                os.remove(path)
        raise
    for w in writers:
        w.close()
    if progress is not None:
        progress(count)
    files = tuple(os.path.join(out_dir, name) for name in names)
    for name in sorted(old, key=lambda n: n != SPEC_FILE):  # the old go once the new are whole (spec.json first)
        if name not in names:
            os.remove(os.path.join(out_dir, name))
    for path, final in zip(temporary, files):
        os.replace(path, final)
    spec_file = os.path.join(out_dir, SPEC_FILE)
    with open(spec_file + ".tmp", "w") as f:
        json.dump(_describe(dataset.element_spec, names, count, origin, source), f, indent=1)
    os.replace(spec_file + ".tmp", spec_file)
    return Written(count, files, spec_file)


def materialized(out_dir: str) -> Any:
    """The native ``tf.data.Dataset`` of what ``tfdata-bridge materialize`` wrote to ``out_dir``: the
    same elements (in the order they were made), dtypes, shapes and structure. ``FileNotFoundError`` /
    ``ValueError`` naming what is missing or wrong."""
    spec_file = os.path.join(out_dir, SPEC_FILE)
    if not os.path.exists(spec_file):
        raise FileNotFoundError(f"tfdata_bridge.materialized: {spec_file} does not exist; write the folder with "
                                "`tfdata-bridge materialize MODULE:SPEC OUT_DIR --shards N` first (a folder "
                                "without spec.json was not finished)")
    with open(spec_file) as f:
        spec = json.load(f)
    if spec.get("format") != FORMAT:
        raise ValueError(f"tfdata_bridge.materialized: {spec_file} has format {spec.get('format')!r}, this "
                         f"version reads {FORMAT!r}; write the folder again with this version's command")
    files = [os.path.join(out_dir, name) for name in spec["files"]]
    missing = [path for path in files if not os.path.exists(path)]
    if missing:
        raise ValueError(f"tfdata_bridge.materialized: {len(missing)} of the {len(files)} files {spec_file} "
                         f"lists are missing ({missing[0]}, ...); copy the whole folder, or write it again")
    components = spec["components"]
    features = {f"c{i}": tf.io.FixedLenFeature([], tf.string) for i in range(len(components))}

    def parse(record: Any) -> Any:
        parsed = tf.io.parse_single_example(record, features)
        values = []
        for i, component in enumerate(components):
            value = tf.io.parse_tensor(parsed[f"c{i}"], tf.dtypes.as_dtype(component["dtype"]))
            shape = component["shape"]
            values.append(tf.ensure_shape(value, None if shape is None else tf.TensorShape(shape)))
        if spec["structure"] == "dict":
            return {c["name"]: v for c, v in zip(components, values)}
        return values[0] if spec["structure"] == "single" else tuple(values)

    names = tf.data.Dataset.from_tensor_slices(files)
    records = names.interleave(tf.data.TFRecordDataset, cycle_length=len(files), block_length=1)
    return records.map(plain(parse))


def _example(components: list[Any]) -> bytes:
    feature = {f"c{i}": tf.train.Feature(bytes_list=tf.train.BytesList(
        value=[tf.make_tensor_proto(value.numpy()).SerializeToString()])) for i, value in enumerate(components)}
    return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()


def _describe(element_spec: Any, names: list[str], count: int, origin: str, source: Any) -> dict[str, Any]:
    if isinstance(element_spec, dict):
        structure, keys = "dict", sorted(element_spec)  # tf.nest.flatten's order
    elif isinstance(element_spec, tf.TensorSpec):
        structure, keys = "single", [None]
    else:
        structure, keys = "tuple", [None] * len(tf.nest.flatten(element_spec))
    components = [{"name": key, "dtype": spec.dtype.name,
                   "shape": None if spec.shape.rank is None else spec.shape.as_list()}
                  for key, spec in zip(keys, tf.nest.flatten(element_spec))]
    described: dict[str, Any] = {"format": FORMAT, "structure": structure, "components": components,
                                 "files": names, "elements": count, "source": origin}
    if isinstance(source, PipelineSpec):  # how the spec batched them: to apply to materialized(dir)
        queue, consumer = source.queue, source.consumer
        described["spec"] = {"queue": queue.kind, "capacity": queue.capacity,
                             "min_after_dequeue": queue.min_after_dequeue, "seed": queue.seed,
                             "consumer": consumer.mode, "batch_size": consumer.batch_size,
                             "dynamic_pad": consumer.dynamic_pad}
    return described
