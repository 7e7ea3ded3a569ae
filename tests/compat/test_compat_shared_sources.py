"""One source, several consumers: every element arrives exactly once, as in legacy TensorFlow.

In legacy TensorFlow the consumers of one queue compete for its elements: two readers on one filename
queue, a reader and a ``dequeue`` on it, ``dequeue_many`` and ``dequeue`` of one input producer, the
lists of a ``batch_join`` sharing one ``read()``. Each program here runs under ``tensorflow.compat.v1``
and under the drop-in, and what all consumers received together is compared as a multiset (which
consumer gets which element is up to the threads, in legacy as here); the legacy run checks the data
itself (each element once) so the comparison cannot pass on a wrong oracle.
"""

from __future__ import annotations

import threading
import warnings
from collections import Counter
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.warnings import FallbackWarning

LEGACY = tf.compat.v1
OOR = tf.errors.OutOfRangeError
pytestmark = pytest.mark.timeout(240)

FILES, RECORDS = 3, 8
PREPARE = "shared_sources_prepare"  # ops ``drain`` runs once the runners started


@pytest.fixture(scope="module")
def paths(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("shared")
    out = []
    for f in range(FILES):
        path = str(root / f"f{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as w:
            for i in range(RECORDS):
                w.write(str(100 * f + i).encode())
        out.append(path)
    return out


def every_record(files: int = FILES) -> list[int]:
    return sorted(100 * f + i for f in range(files) for i in range(RECORDS))


def drain(tf1: Any, build: Any, *, limit: int = 500, failing: bool = False) -> tuple[list[list[Any]], list[str]]:
    """Build in a fresh graph; start the runners; run each consumer (``build`` returns their fetches) in
    turn until each has raised ``OutOfRangeError`` (``failing``: any error, and ``coord.join`` may raise
    one). Returns what each consumer got, and the messages of the ``FallbackWarning``s."""
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fetches = build(tf1)
        with tf1.Session() as sess:
            sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            for op in tf1.get_collection(PREPARE):  # (the program's own enqueues)
                sess.run(op)
            got: list[list[Any]] = [[] for _ in fetches]
            running = list(range(len(fetches)))
            for _ in range(limit):
                if not running:
                    break
                for i in list(running):
                    try:
                        got[i].append(sess.run(fetches[i]))
                    except (tf.errors.OpError if failing else OOR):
                        running.remove(i)
            assert not running, "a consumer never ended"
            coord.request_stop()
            try:
                coord.join(threads, stop_grace_period_secs=10)
            except tf.errors.NotFoundError:
                if not failing:
                    raise
    return got, [str(w.message) for w in caught if issubclass(w.category, FallbackWarning)]


def ints(values: Any) -> list[int]:
    """Every number in ``values`` (batches, single values, byte strings of numbers), flat."""
    out: list[int] = []
    for v in values:
        arr = np.asarray(v).reshape(-1)
        out.extend(int(x) if not isinstance(x, bytes) else int(x.decode()) for x in arr.tolist())
    return out


def union(got: list[list[Any]]) -> list[int]:
    return sorted(x for consumer in got for x in ints(consumer))


def both(build: Any, **kwargs: Any) -> tuple[list[list[Any]], list[list[Any]], list[str]]:
    legacy, _ = drain(LEGACY, build, **kwargs)
    ours, messages = drain(bridge, build, **kwargs)
    return legacy, ours, messages


def number(tf1: Any, value: Any) -> Any:
    return tf1.strings.to_number(value, tf1.int32)


# --- issue 16.1: one read, several consumers ------------------------------------------------------------


@pytest.mark.parametrize("lists", [2, 3])
def test_batch_join_lists_sharing_one_read_get_each_record_once(paths, lists):
    """Lists that differ (each its own constant): the read's producer is shared by them (without
    ``allow_smaller_final_batch`` or a shuffle; with either, one native read: one_read_lists.py)."""
    def build(tf1):
        q = tf1.train.string_input_producer(paths[:1], shuffle=False, num_epochs=1)
        _, v = tf1.TFRecordReader().read(q)
        return [tf1.train.batch_join([[number(tf1, v) * (k + 1) // (k + 1)] for k in range(lists)], batch_size=2)]

    legacy, ours, messages = both(build)
    assert union(legacy) == every_record(1)
    assert union(ours) == union(legacy)
    assert len(messages) == 1 and "input producer" in messages[0] and "exactly one" in messages[0]


@pytest.mark.parametrize("lists", [2, 3])
def test_batch_join_lists_copying_one_read_get_each_record_once(paths, lists):
    """Lists built by one loop (copies of one producer) become one list read by parallel calls
    (lift_copies.py): each record once, and nothing to share."""
    def build(tf1):
        q = tf1.train.string_input_producer(paths[:1], shuffle=False, num_epochs=1)
        _, v = tf1.TFRecordReader().read(q)
        return [tf1.train.batch_join([[number(tf1, v)] for _ in range(lists)], batch_size=2)]

    legacy, ours, messages = both(build)
    assert union(legacy) == every_record(1)
    assert union(ours) == union(legacy)
    assert messages == []


def test_inception_style_eval_input_one_preprocessing_per_thread(paths):
    """Each list does its own work on the one shared read (a helper builds each), with a key."""
    def preprocess(tf1, key, value, k):
        return [number(tf1, value) * 10 + k % 1, key]

    def build(tf1):
        q = tf1.train.string_input_producer(paths, shuffle=False, num_epochs=2)
        reader = tf1.TFRecordReader()
        key, value = reader.read(q)
        return [tf1.train.batch_join([preprocess(tf1, key, value, k) for k in range(4)], batch_size=5,
                                     allow_smaller_final_batch=True)[0]]

    legacy, ours, _ = both(build)
    assert union(legacy) == sorted(x * 10 for x in every_record() * 2)
    assert union(ours) == union(legacy)


def test_input_producer_dequeue_many_and_dequeue_compete():
    """TensorFlow's own input-producer test shape: dequeue_many takes all three, dequeue then ends."""
    def program(tf1):
        graph = tf.Graph()
        with graph.as_default():
            q = tf1.train.input_producer([[1, 2], [3, 4], [5, 6]], num_epochs=1, shuffle=False)
            many, one = q.dequeue_many(3), q.dequeue()
            with tf1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                first = sess.run(many).tolist()
                with pytest.raises(OOR):
                    sess.run(one)
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return first

    assert program(LEGACY) == program(bridge) == [[1, 2], [3, 4], [5, 6]]


@pytest.mark.parametrize("first", ["dequeue", "dequeue_up_to"])
def test_two_dequeue_ops_of_one_input_producer_share_its_rows(first):
    def build(tf1):
        q = tf1.train.range_input_producer(20, num_epochs=2, shuffle=False)
        a = q.dequeue() if first == "dequeue" else q.dequeue_up_to(3)
        return [a, q.dequeue_up_to(2)]

    legacy, ours, _ = both(build)
    assert union(legacy) == sorted(list(range(20)) * 2)
    assert union(ours) == union(legacy)


# --- issue 20.2: more shapes ------------------------------------------------------------------------------


def test_two_readers_on_one_filename_queue_fetched_directly(paths):
    def build(tf1):
        q = tf1.train.string_input_producer(paths, shuffle=False, num_epochs=2)
        return [number(tf1, tf1.TFRecordReader().read(q)[1]), number(tf1, tf1.TFRecordReader().read(q)[1])]

    legacy, ours, _ = both(build)
    assert union(legacy) == every_record() * 0 + sorted(every_record() * 2)
    assert union(ours) == union(legacy)


def test_two_readers_each_in_its_own_batch(paths):
    def reader_batch(tf1, q, size):
        _, value = tf1.TFRecordReader().read(q)
        return tf1.train.batch([number(tf1, value)], size, allow_smaller_final_batch=True)

    def build(tf1):
        q = tf1.train.string_input_producer(paths, shuffle=False, num_epochs=1)
        return [reader_batch(tf1, q, 3), reader_batch(tf1, q, 4)]

    legacy, ours, _ = both(build)
    assert union(legacy) == every_record()
    assert union(ours) == union(legacy)


def test_one_read_in_two_batches_and_fetched_directly(paths):
    """One reader's read used by two train.batch calls (one a shuffle_batch) and fetched on its own."""
    def build(tf1):
        q = tf1.train.string_input_producer(paths, shuffle=False, num_epochs=1)
        value = number(tf1, tf1.TFRecordReader().read(q)[1])
        b1 = tf1.train.batch([value], 2, allow_smaller_final_batch=True)
        b2 = tf1.train.shuffle_batch([value + 0], 2, capacity=6, min_after_dequeue=1, allow_smaller_final_batch=True)
        return [b1, b2, value]

    legacy, ours, _ = both(build)
    assert union(legacy) == every_record()
    assert union(ours) == union(legacy)


def test_a_dequeued_file_name_is_skipped_by_the_reader(paths):
    def build(tf1):
        q = tf1.train.string_input_producer(paths, shuffle=False, num_epochs=1)
        name = q.dequeue()
        _, value = tf1.TFRecordReader().read(q)
        return [name, number(tf1, value)]

    def program(tf1):
        graph = tf.Graph()
        with graph.as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            name, value = build(tf1)
            with tf1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                taken = sess.run(name)
                values = []
                while True:
                    try:
                        values.append(int(sess.run(value)))
                    except OOR:
                        break
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return taken, sorted(values)

    legacy, ours = program(LEGACY), program(bridge)
    assert legacy == (paths[0].encode(), [r for r in every_record() if r >= 100])
    assert ours == legacy


def test_a_reader_s_read_up_to_and_a_batch_of_dequeued_names_share_the_file_names(paths):
    """Variants: a reader's read_up_to fetched directly while a batch dequeues the same queue's names."""
    def build(tf1):
        q = tf1.train.string_input_producer(paths * 2, shuffle=False, num_epochs=1)
        _, values = tf1.TFRecordReader().read_up_to(q, 5)
        names = tf1.train.batch([q.dequeue()], 1, allow_smaller_final_batch=True)
        return [number(tf1, values), tf1.strings.length(names) * 0 - 1]

    legacy, ours, _ = both(build)
    for got in (legacy, ours):  # each of the 6 names went to the reader (its 8 records) or to the batch (a -1)
        records = [x for x in union(got) if x >= 0]
        assert len(records) % RECORDS == 0 and all(c <= 2 for c in Counter(records).values())
        assert len(records) // RECORDS + union(got).count(-1) == 2 * FILES


class FailsAfter:
    """A thread-safe py_func body: 0, 1, 2, ... and an error on call ``n`` + 1."""

    def __init__(self, n: int) -> None:
        self.n, self.calls, self.lock = n, 0, threading.Lock()

    def __call__(self) -> np.int64:
        with self.lock:
            self.calls += 1
            i = self.calls
        if i > self.n:
            raise ValueError("fails after 50 calls")
        return np.int64(i)


def test_batch_join_members_sharing_one_py_func_call_it_once_per_element():
    def run(tf1):
        graph = tf.Graph()
        with graph.as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn = FailsAfter(50)
            value = tf1.py_func(fn, [], tf.int64)
            value.set_shape([])
            batch = tf1.train.batch_join([[value], [value * 1000]], batch_size=4)
            got = []
            with tf1.Session() as sess:
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                try:
                    while True:
                        got.extend(sess.run(batch).tolist())
                except tf.errors.OpError:
                    pass
                coord.request_stop()
                try:
                    coord.join(threads, stop_grace_period_secs=10)
                except Exception:  # noqa: BLE001 - the producer's error, as legacy
                    pass
        return got

    legacy, ours = run(LEGACY), run(bridge)
    for got in (legacy, ours):
        calls = sorted(x // 1000 if x >= 1000 else x for x in got)
        assert len(set(calls)) == len(calls), "a py_func call's value arrived twice"
        assert all(1 <= c <= 50 for c in calls)
    assert len(legacy) == 48
    assert len(ours) == len(legacy)


# --- when the consumers are known -----------------------------------------------------------------------


def test_a_consumer_added_after_the_graph_ran_is_refused_not_duplicated(paths):
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = bridge.train.string_input_producer(paths, shuffle=False, num_epochs=1)
        first = bridge.TFRecordReader().read(q)[1]
        with bridge.Session() as sess:
            sess.run(bridge.local_variables_initializer())
            assert sess.run(first) == b"0"
            second = bridge.TFRecordReader().read(q)[1]
            with pytest.raises(RuntimeError, match="before the first sess.run"):
                sess.run(second)


def test_a_consumer_added_after_the_stream_was_shared_joins_it(paths):
    def program(tf1):
        graph = tf.Graph()
        with graph.as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            q = tf1.train.string_input_producer(paths, shuffle=False, num_epochs=1)
            reads = [number(tf1, tf1.TFRecordReader().read(q)[1]) for _ in range(2)]
            with tf1.Session() as sess:
                sess.run(tf1.local_variables_initializer())
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                got = [int(sess.run(reads[0]))]
                reads.append(number(tf1, tf1.TFRecordReader().read(q)[1]))
                for read in reads[::-1]:
                    while True:
                        try:
                            got.append(int(sess.run(read)))
                        except OOR:
                            break
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=10)
        return sorted(got)

    assert program(LEGACY) == program(bridge) == every_record()


def test_a_single_consumer_stays_native_tf_data(paths):
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        q = bridge.train.string_input_producer(paths, shuffle=False, num_epochs=1)
        _, value = bridge.TFRecordReader().read(q)
        batch = bridge.train.batch([number(bridge, value)], 4, allow_smaller_final_batch=True)
        with bridge.Session() as sess:
            sess.run(bridge.local_variables_initializer())
            assert bridge.train.start_queue_runners(sess) == []
            got = []
            with pytest.raises(OOR):
                while True:
                    got.extend(sess.run(batch).tolist())
    assert sorted(got) == every_record()
    assert not [w for w in caught if issubclass(w.category, FallbackWarning)]
    assert not {op.type for op in graph.get_operations() if "Queue" in op.type or "Reader" in op.type}


# --- the property: random pipelines with several consumers, legacy vs drop-in -----------------------------


def random_program(seed: int, paths: list[str], missing: str | None = None) -> tuple[Any, list[int], str]:
    """A random pipeline over one input producer (file names read by readers, or numbers dequeued) with
    two or three consumers: direct reads and dequeues, batches and joins over new or earlier reads. Returns
    ``build``, every element it must deliver (once each) and a description for failures. ``missing``: a
    file that does not exist, put among the files at random (the program reads files)."""
    rng = np.random.default_rng(seed)
    files = paths[: int(rng.integers(1, len(paths) + 1))]
    over_files = bool(rng.integers(2)) or missing is not None
    good = len(files)
    if missing is not None:
        files = files[:]
        files.insert(int(rng.integers(0, len(files) + 1)), missing)
    kinds = (["read", "read_again", "batch_new", "batch_read", "join_read", "join_readers", "dequeue", "join_one_read"]
             if over_files else ["dequeue", "dequeue_up_to", "batch_dequeue", "join_dequeue"])
    plan = [str(rng.choice(kinds)) for _ in range(int(rng.integers(2, 4)))]
    shuffle, sizes = bool(rng.integers(2)), [int(rng.integers(1, 5)) for _ in plan]
    op_seed = seed if rng.integers(2) else None  # (no seed: each run its own order, as most programs have it)
    described = (f"seed {seed}: {len(files)} file(s), shuffle={shuffle} (seed {op_seed}), consumers {plan}, "
                 f"sizes {sizes}")

    def build(tf1):
        if over_files:
            q = tf1.train.string_input_producer(files, num_epochs=1, shuffle=shuffle, seed=op_seed)
        else:
            q = tf1.train.range_input_producer(17, num_epochs=1, shuffle=shuffle, seed=op_seed)
        reads: list[Any] = []

        def read():
            reads.append(number(tf1, tf1.TFRecordReader().read(q)[1]))
            return reads[-1]

        def earlier():
            return reads[0] if reads else read()

        fetches = []
        for kind, size in zip(plan, sizes):
            batch = dict(batch_size=size, allow_smaller_final_batch=True)
            if kind == "read":
                fetches.append(read())
            elif kind == "read_again":
                fetches.append(earlier())
            elif kind == "batch_new":
                fetches.append(tf1.train.batch([read()], **batch))
            elif kind == "batch_read":
                fetches.append(tf1.train.batch([earlier() + 0], **batch))
            elif kind == "join_read":
                value = earlier()
                fetches.append(tf1.train.batch_join([[value], [value * 1]], **batch))
            elif kind == "join_one_read":  # lists of one new read, each its own ops (one_read_lists.py)
                value = read()
                fetches.append(tf1.train.batch_join([[value + k - k] for k in range(3)], **batch))
            elif kind == "join_readers":
                fetches.append(tf1.train.batch_join([[read()], [read()]], **batch))
            elif kind == "dequeue":
                fetches.append(q.dequeue())
            elif kind == "dequeue_up_to":
                fetches.append(q.dequeue_up_to(size))
            elif kind == "batch_dequeue":
                fetches.append(tf1.train.batch([q.dequeue() * 1], **batch))
            else:  # join_dequeue
                row = q.dequeue()
                fetches.append(tf1.train.batch_join([[row], [row + 0]], **batch))
        return fetches

    expected = every_record(good) if over_files else list(range(17))
    return build, expected, described


def delivered(got: list[list[Any]], paths: list[str], missing: str | None = None) -> list[int]:
    """Every element the consumers got; a dequeued file name stands for its records (no reader read it;
    the ``missing`` file's for none)."""
    names = {p.encode(): f for f, p in enumerate(paths)}
    out: list[int] = []
    for consumer in got:
        for value in consumer:
            for x in np.asarray(value).reshape(-1).tolist():
                if missing is not None and x == missing.encode():
                    continue
                if isinstance(x, bytes) and x in names:
                    out.extend(100 * names[x] + i for i in range(RECORDS))
                else:
                    out.append(int(x))
    return sorted(out)


@pytest.mark.parametrize("producer", ["input_producer_pairs", "range_input_producer", "slice_input_producer"])
def test_an_unseeded_shuffled_producer_split_among_dequeues_gives_each_row_once(producer):
    # (held-out round 39's image list: ``input_producer`` of (file, label) pairs, ``shuffle=True`` and no seed,
    # dequeued by two copies of a read function in a ``batch_join``. Each copy's share of the rows was cut from
    # its own random order: rows came twice and others never, in 19 runs of 20)
    rows = 12

    def build(tf1):
        if producer == "input_producer_pairs":
            q = tf1.train.input_producer([[str(i), str(100 + i)] for i in range(rows)], num_epochs=1)

            def take():
                row = q.dequeue()
                return [number(tf1, row[0]), number(tf1, row[1]) - 100]
        elif producer == "range_input_producer":
            q = tf1.train.range_input_producer(rows, num_epochs=1)

            def take():
                row = q.dequeue()
                return [row, row * 1]
        else:
            item, twin = tf1.train.slice_input_producer([tf1.range(rows), tf1.range(rows)], num_epochs=1)

            def take():
                return [item + 0, twin * 1]
        first, second = tf1.train.batch_join([take() for _ in range(2)], batch_size=3, shapes=[(), ()])
        with tf1.control_dependencies([tf1.debugging.assert_equal(first, second)]):  # (each row's two parts)
            return [tf1.identity(first)]

    for _ in range(3):  # (a wrong split shows in most runs; three make a pass by luck unlikely)
        legacy, ours, _ = both(build)
        assert union(legacy) == list(range(rows))
        assert union(ours) == list(range(rows))


@pytest.mark.parametrize("seed", range(10))
def test_random_pipelines_with_several_consumers_deliver_each_element_once(paths, seed):
    build, expected, described = random_program(seed, paths)
    legacy, _ = drain(LEGACY, build)
    ours, _ = drain(bridge, build)
    assert delivered(legacy, paths) == expected, described
    assert delivered(ours, paths) == expected, described


@pytest.mark.parametrize("seed", range(10, 16))
def test_random_pipelines_with_several_consumers_and_a_missing_file_deliver_each_element_at_most_once(
        paths, tmp_path, seed):
    # which records the other consumers and threads had when the read failed is up to the threads, in legacy
    # as here: what arrived must be records of the files, none twice, and every consumer must end
    missing = str(tmp_path / "missing.tfrecord")
    build, expected, described = random_program(seed, paths, missing)
    for tf1 in (LEGACY, bridge):
        got, _ = drain(tf1, build, failing=True)
        values = delivered(got, paths, missing)
        assert len(values) == len(set(values)) and set(values) <= set(expected), (tf1.__name__, described)


class Calls:
    """A thread-safe zero-input py_func body: 1, 2, ... ``n``, then ``StopIteration`` (the end)."""

    def __init__(self, n: int) -> None:
        self.n, self.calls, self.lock = n, 0, threading.Lock()

    def __call__(self) -> np.int64:
        with self.lock:
            self.calls += 1
            i = self.calls
        if i > self.n:
            raise StopIteration
        return np.int64(i)


def random_other_program(seed: int) -> tuple[Any, list[int], str]:
    """A random pipeline over a source with no input producer: ``limit_epochs`` (one op over a counter), a
    zero-input ``py_func``, a ``tf.data`` iterator's ``get_next``, or a value computed from a bridge
    queue's dequeue; two or three consumers: direct fetches, batches, shuffle batches and joins over it or
    a value computed from it. Returns ``build``, every element it must deliver (once each) and a
    description for failures."""
    rng = np.random.default_rng(1000 + seed)
    source = str(rng.choice(["limit_epochs", "py_func", "iterator", "queue"]))
    kinds = ["direct", "batch", "shuffle_batch", "join", "computed_batch"]
    plan = [str(rng.choice(kinds)) for _ in range(int(rng.integers(2, 4)))]
    sizes = [int(rng.integers(1, 5)) for _ in plan]
    width, epochs, count = int(rng.integers(1, 4)), int(rng.integers(1, 6)), int(rng.integers(10, 30))
    described = f"seed {seed}: {source} (width {width}, epochs {epochs}, count {count}), consumers {plan}, sizes {sizes}"

    def build(tf1):
        many = source == "limit_epochs"  # (its value is the whole vector: the batches take its rows)
        if source == "limit_epochs":
            value = tf1.train.limit_epochs(tf.range(width, dtype=tf.int64), num_epochs=epochs)
        elif source == "py_func":
            value = tf1.py_func(Calls(count), [], tf.int64)
            value.set_shape([])
        elif source == "iterator":
            value = tf1.data.make_one_shot_iterator(tf1.data.Dataset.range(count)).get_next()
        else:
            q = tf1.FIFOQueue(64, [tf.int64], shapes=[[]])
            tf1.add_to_collection(PREPARE, q.enqueue_many([tf.range(count, dtype=tf.int64)]))
            tf1.add_to_collection(PREPARE, q.close())
            value = q.dequeue() * 1
        fetches = []
        for kind, size in zip(plan, sizes):
            batch = dict(batch_size=size, enqueue_many=many, allow_smaller_final_batch=True)
            if kind == "direct":
                fetches.append(value)
            elif kind == "batch":
                fetches.append(tf1.train.batch([value], **batch))
            elif kind == "shuffle_batch":
                fetches.append(tf1.train.shuffle_batch([value], capacity=8, min_after_dequeue=1, seed=seed, **batch))
            elif kind == "join":
                fetches.append(tf1.train.batch_join([[value], [value + 0]], **batch))
            else:  # computed_batch
                fetches.append(tf1.train.batch([value * 3 // 3], **batch))
        return fetches

    if source == "limit_epochs":
        expected = sorted(list(range(width)) * epochs)
    else:
        expected = list(range(1, count + 1)) if source == "py_func" else list(range(count))
    return build, expected, described


@pytest.mark.parametrize("seed", range(8))
def test_random_pipelines_over_sources_without_a_producer_deliver_each_element_once(seed):
    build, expected, described = random_other_program(seed)
    legacy, _ = drain(LEGACY, build)
    ours, _ = drain(bridge, build)
    assert union(legacy) == expected, described
    assert union(ours) == expected, described


def test_fetching_a_read_beside_the_one_batch_over_it_fails_rather_than_duplicates(paths):
    """Legacy: the direct fetch steals a record from the batch. The drop-in cannot share a stream it
    already gave to the batch alone, so the direct fetch fails with the reason, never repeats a record."""
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = bridge.train.string_input_producer(paths, shuffle=False, num_epochs=1)
        value = number(bridge, bridge.TFRecordReader().read(q)[1])
        batch = bridge.train.batch([value], 4)
        with bridge.Session() as sess:
            sess.run(bridge.local_variables_initializer())
            assert sorted(sess.run(batch).tolist()) == [0, 1, 2, 3]
            with pytest.raises(tf.errors.InvalidArgumentError, match="taken over by tf.train.batch"):
                sess.run(value)


# --- sources other than input producers -------------------------------------------------------------------


def test_a_bridge_queue_dequeued_by_several_ops_gives_each_element_once():
    """A queue the program fills and closes: dequeued directly, in a batch, and by two lists of a batch_join."""
    def build(tf1):
        q = tf1.FIFOQueue(50, [tf.int64], shapes=[[]])
        tf1.add_to_collection(PREPARE, q.enqueue_many([tf.range(40, dtype=tf.int64)]))
        tf1.add_to_collection(PREPARE, q.close())
        row = q.dequeue()
        return [q.dequeue(), tf1.train.batch([q.dequeue() + 0], 3, allow_smaller_final_batch=True),
                tf1.train.batch_join([[row], [row * 1]], 2, allow_smaller_final_batch=True)]

    legacy, ours, _ = both(build)
    assert union(legacy) == union(ours) == list(range(40))


def test_batch_join_lists_sharing_limit_epochs_get_each_epoch_once():
    def build(tf1):
        value = tf1.train.limit_epochs(tf.constant([1, 2, 3], tf.int64), num_epochs=4)
        return [tf1.train.batch_join([[value], [value + 10]], 1, allow_smaller_final_batch=True)]

    legacy, ours, messages = both(build)
    assert sorted(x % 10 for x in union(legacy)) == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
    assert sorted(x % 10 for x in union(ours)) == sorted(x % 10 for x in union(legacy))  # (which list: either)
    assert any("counts toward its num_epochs" in m for m in messages)


# --- limit_epochs: one counter, several consumers (legacy: every run of its op counts toward num_epochs) ---


def _epochs(tf1: Any, n: int = 5) -> Any:
    return tf1.train.limit_epochs(tf.constant([1, 2, 3], tf.int64), num_epochs=n)


def _epochs_helper(tf1: Any) -> Any:  # made in a helper, with a name and a computed tensor
    return tf1.train.limit_epochs(tf1.range(1, 4, dtype=tf.int64) * 1, num_epochs=5, name="helper_epochs")


LIMIT_SHAPES = {
    "batch_and_shuffle_batch": lambda tf1, v: [
        tf1.train.batch([v], 2, enqueue_many=True, allow_smaller_final_batch=True),
        tf1.train.shuffle_batch([v * 1], 2, capacity=8, min_after_dequeue=1, enqueue_many=True,
                                allow_smaller_final_batch=True)],
    "batch_and_direct_fetch": lambda tf1, v: [tf1.train.batch([v], 4, enqueue_many=True,
                                                              allow_smaller_final_batch=True), v],
    "two_direct_reads_of_a_computed_value_and_a_batch": lambda tf1, v: [
        v + 0, tf1.train.batch([v * 2 // 2], 2, enqueue_many=True, allow_smaller_final_batch=True), v],
    "maybe_batch_and_batch_join": lambda tf1, v: [
        tf1.train.maybe_batch([v], tf.constant(True), 3, enqueue_many=True, allow_smaller_final_batch=True),
        tf1.train.batch_join([[v], [v - 0]], 2, enqueue_many=True, allow_smaller_final_batch=True)],
}


@pytest.mark.parametrize("make", [_epochs, _epochs_helper], ids=["inline", "helper"])
@pytest.mark.parametrize("shape", list(LIMIT_SHAPES))
def test_consumers_of_one_limit_epochs_get_num_epochs_values_in_all(make, shape):
    def build(tf1):
        return LIMIT_SHAPES[shape](tf1, make(tf1))

    legacy, ours, _ = both(build)
    assert sorted(set(union(legacy))) == [1, 2, 3]
    per_epoch = Counter(union(legacy))  # each of the 5 epochs once, whichever consumer took it
    assert per_epoch == Counter({1: 5, 2: 5, 3: 5}) or set(per_epoch.values()) == {5}, per_epoch
    assert union(ours) == union(legacy)


def test_a_single_batch_over_limit_epochs_needs_no_initializer_and_stays_native():
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        batch = bridge.train.batch([_epochs(bridge, 3)], 2, enqueue_many=True, allow_smaller_final_batch=True)
        got = []
        with bridge.Session() as sess, pytest.raises(OOR):
            for _ in range(20):
                got.extend(sess.run(batch).tolist())
    assert sorted(got) == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert not [w for w in caught if issubclass(w.category, FallbackWarning)]


def test_shared_limit_epochs_without_the_initializer_fails_as_legacy_rather_than_repeat():
    """Uninitialized, each consumer could only count its own epochs: every value once per consumer.
    Legacy fails there (its counter does not exist yet); so does the drop-in, with legacy's error."""
    def program(tf1):
        graph = tf.Graph()
        with graph.as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = _epochs(tf1, 2)
            batches = [tf1.train.batch([value], 2, enqueue_many=True), tf1.train.batch([value + 0], 2, enqueue_many=True)]
            with tf1.Session() as sess:
                coord = tf1.train.Coordinator()
                threads = tf1.train.start_queue_runners(sess, coord)
                with pytest.raises(tf.errors.OpError):  # (legacy: OutOfRangeError, its queue cancelled)
                    sess.run(batches[0])
                coord.request_stop()
                with pytest.raises(tf.errors.OpError) as raised:
                    coord.join(threads, stop_grace_period_secs=10)
        return raised.value

    legacy, ours = program(LEGACY), program(bridge)
    assert type(ours) is type(legacy) is tf.errors.NotFoundError
    assert "limit_epochs/epochs" in legacy.message and "limit_epochs/epochs" in ours.message


def test_a_limit_epochs_consumer_added_after_the_graph_ran_is_refused_not_duplicated():
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = _epochs(bridge, 2)
        first = bridge.train.batch([value], 3, enqueue_many=True)
        with bridge.Session() as sess:
            sess.run(bridge.local_variables_initializer())
            assert sorted(sess.run(first).tolist()) == [1, 2, 3]
            second = bridge.train.batch([value * 1], 3, enqueue_many=True)
            with pytest.raises(RuntimeError, match="before the first sess.run"):
                sess.run(second)


def test_a_taken_over_direct_read_of_limit_epochs_without_the_initializer_says_why():
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = _epochs(bridge, 2)
        batch = bridge.train.batch([value], 3, enqueue_many=True)
        with bridge.Session() as sess:
            assert sorted(sess.run(batch).tolist()) == [1, 2, 3]
            with pytest.raises(tf.errors.InvalidArgumentError, match="run tf.local_variables_initializer"):
                sess.run(value)


def test_two_batches_over_one_seeded_random_op_never_repeat_its_values():
    """Legacy: one kernel per random op, so two batch calls over it share out one sequence. Each lifted
    pipeline has its own kernel: the second starts from other seeds rather than repeat the first's values;
    the first keeps legacy's seeds, so one consumer alone gets legacy's very values."""
    def build(tf1, both_batches=True):
        row = tf.cast(tf1.train.range_input_producer(20, num_epochs=1, shuffle=False).dequeue(), tf.int64)
        r = tf1.random.uniform([], 0, 10**9, dtype=tf.int64, seed=7)
        first = tf1.train.batch([r + row * 0], 2, allow_smaller_final_batch=True)
        if not both_batches:
            return [first]
        return [first, tf1.train.batch([r * 1 + row * 0], 3, allow_smaller_final_batch=True)]

    for tf1 in (LEGACY, bridge):
        got = union(drain(tf1, build)[0])
        assert len(got) == 20 and len(set(got)) == 20, tf1
    alone = [drain(tf1, lambda tf1: build(tf1, both_batches=False))[0] for tf1 in (LEGACY, bridge)]
    assert ints(alone[1][0]) == ints(alone[0][0])


# --- variants: other readers, a monitored session ---------------------------------------------------------


@pytest.fixture(scope="module")
def text_paths(tmp_path_factory: Any) -> list[str]:
    root = tmp_path_factory.mktemp("shared_text")
    out = []
    for f in range(FILES):
        path = root / f"t{f}.csv"
        path.write_text("header\n" + "".join(f"{100 * f + i}\n" for i in range(RECORDS)))
        out.append(str(path))
    return out


def test_two_text_line_readers_with_headers_in_one_batch_and_fetched_directly(text_paths):
    def build(tf1):
        q = tf1.train.string_input_producer(text_paths, shuffle=True, seed=3, num_epochs=2)
        first = tf1.TextLineReader(skip_header_lines=1)
        batch = tf1.train.batch([number(tf1, first.read(q)[1])], 5, allow_smaller_final_batch=True)
        return [batch, number(tf1, tf1.TextLineReader(skip_header_lines=1).read(q)[1])]

    legacy, ours, _ = both(build)
    assert union(legacy) == sorted(every_record() * 2)
    assert union(ours) == union(legacy)


def test_a_monitored_session_shares_the_stream_too(paths):
    def program(tf1):
        graph = tf.Graph()
        with graph.as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            q = tf1.train.string_input_producer(paths, shuffle=False, num_epochs=1)
            reads = [number(tf1, tf1.TFRecordReader().read(q)[1]) for _ in range(2)]
            got = []
            with tf1.train.MonitoredSession() as sess:
                for read in reads:
                    while True:
                        try:
                            got.append(int(sess.run(read)))
                        except OOR:
                            break
        return sorted(got)

    assert program(LEGACY) == program(bridge) == every_record()


def test_one_dequeue_in_a_lifted_list_and_a_list_that_stays_legacy(paths):
    """A batch_join whose lists share one dequeue(): one list reads a variable (it stays in legacy
    TensorFlow and runs the dequeue itself), the other lifts."""
    def build(tf1):
        q = tf1.train.range_input_producer(30, num_epochs=1, shuffle=False)
        row = q.dequeue()
        offset = tf1.Variable(0, dtype=tf.int32, name="offset")
        return [tf1.train.batch_join([[row + offset], [row * 1]], 4, allow_smaller_final_batch=True)]

    legacy, ours, _ = both(build)
    assert union(legacy) == list(range(30))
    assert union(ours) == union(legacy)


def test_a_shared_stream_needs_no_start_queue_runners_where_the_drop_in_needed_none(paths):
    """The drop-in read an input producer without start_queue_runners; sharing it must not make such a
    program hang (the shared queue's runner starts with the run that shares it)."""
    graph = tf.Graph()
    with graph.as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        q = bridge.train.string_input_producer(paths, shuffle=False, num_epochs=1)
        reads = [number(bridge, bridge.TFRecordReader().read(q)[1]) for _ in range(2)]
        got = []
        with bridge.Session() as sess:
            for read in reads:
                while True:
                    try:
                        got.append(int(sess.run(read)))
                    except OOR:
                        break
    assert sorted(got) == every_record()
