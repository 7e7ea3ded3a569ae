"""compile(spec): what arrives, in what order, with what element_spec; and explain(spec) agreeing."""

import collections
import threading
import time

import numpy as np
import pytest

import tfdata_bridge as tfb
import tfdata_bridge._src.compiler.explain


class CountingSource:
    """A thread-safe source shared by all producer threads: makes each value once, records it."""

    def __init__(self, n):
        self.n, self.next, self.made = n, 0, []
        self.lock = threading.Lock()

    def __call__(self):
        with self.lock:
            if self.next >= self.n:
                raise StopIteration
            i = self.next
            self.next += 1
            self.made.append(i)
        return np.full(3, i, np.float32), np.int64(i)


def labels(dataset):
    out = []
    for item in dataset:
        out.extend(np.atleast_1d(item[1].numpy()).tolist())
    return out


@pytest.mark.parametrize("threads", range(1, 9))
@pytest.mark.parametrize("shuffle", [False, True])
@pytest.mark.parametrize("batch_size", [None, 7])
def test_every_element_arrives_exactly_once(threads, shuffle, batch_size):
    source = CountingSource(200)
    spec = tfb.pipeline(
        tfb.Producer.call(source, threads=threads), dtypes=["float32", "int64"], shapes=[[3], []],
        capacity=16, batch_size=batch_size, allow_smaller_final_batch=True,
        shuffle=shuffle, min_after_dequeue=4 if shuffle else 0,
    )
    got = labels(tfb.compile(spec))
    assert collections.Counter(got) == collections.Counter(source.made)
    assert sorted(got) == list(range(200))
    if threads == 1 and not shuffle:
        assert got == list(range(200))


def test_dequeue_many_drops_the_tail_and_has_a_static_batch_dim():
    spec = tfb.pipeline(CountingSource(50), dtypes=["float32", "int64"], shapes=[[3], []], batch_size=8)
    ds = tfb.compile(spec)
    assert ds.element_spec[0].shape.as_list() == [8, 3]
    got = [b[1].numpy().tolist() for b in ds]
    assert len(got) == 6 and got[-1] == list(range(40, 48))


def test_dequeue_up_to_keeps_the_tail_and_has_an_unknown_batch_dim():
    spec = tfb.pipeline(CountingSource(50), dtypes=["float32", "int64"], shapes=[[3], []],
                        batch_size=8, allow_smaller_final_batch=True)
    ds = tfb.compile(spec)
    assert ds.element_spec[0].shape.as_list() == [None, 3]
    got = [b[1].numpy().tolist() for b in ds]
    assert got[-1] == [48, 49]


def test_generator_epochs_and_reiteration_restart_the_producers():
    def rows():
        yield from range(5)

    spec = tfb.PipelineSpec(tfb.QueueSpec.fifo(4, "int32", []), (tfb.Producer.generator(rows, epochs=3),))
    ds = tfb.compile(spec)
    assert [int(x) for x in ds] == list(range(5)) * 3
    assert [int(x) for x in ds] == list(range(5)) * 3


def test_enqueue_many_splits_batches_into_elements():
    def batches():
        for i in range(4):
            yield {"x": np.arange(3) + 3 * i, "y": np.ones((3, 2), np.float32) * i}

    spec = tfb.pipeline(batches, dtypes={"x": "int64", "y": "float32"}, shapes={"x": [], "y": [2]},
                        enqueue_many=True, batch_size=5, allow_smaller_final_batch=True)
    out = list(tfb.compile(spec))
    assert np.concatenate([b["x"].numpy() for b in out]).tolist() == list(range(12))
    assert out[0]["y"].shape == (5, 2)


def test_padding_fifo_pads_each_batch_to_its_longest_element(tf):
    lengths = [1, 4, 2, 3, 5]

    def seqs():
        for n in lengths:
            yield np.arange(n, dtype=np.int32) + 1

    spec = tfb.pipeline(seqs, dtypes="int32", shapes=[[None]], batch_size=2, dynamic_pad=True,
                        allow_smaller_final_batch=True)
    got = [b.numpy() for b in tfb.compile(spec)]
    want = [b.numpy() for b in tf.data.Dataset.from_generator(
        seqs, output_signature=tf.TensorSpec([None], tf.int32)).padded_batch(2)]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_unknown_shapes_pass_through_one_at_a_time():
    def ragged():
        for n in range(1, 5):
            yield np.zeros(n, np.float32)

    ds = tfb.compile(tfb.pipeline(ragged, dtypes="float32"))
    assert [int(x.shape[0]) for x in ds] == [1, 2, 3, 4]


PRIORITIES = [5, -2, 7, 0, 9, 3, 2**40, -(2**40), 1, 4]  # distinct: TensorFlow's order is then defined


def tensorflows_priority_order(tf, priorities, values, dequeue_many=None):
    """What ``tf.queue.PriorityQueue`` (TensorFlow's own kernel) gives for one ``enqueue_many`` of
    ``(priorities, values)``, dequeued one by one (or ``dequeue_many`` at a time) until it is empty."""
    q = tf.queue.PriorityQueue(len(priorities), [tf.float32], shapes=[[]])
    q.enqueue_many((np.array(priorities, np.int64), np.array(values, np.float32)))
    q.close()
    out = []
    while True:
        try:
            p, v = q.dequeue() if dequeue_many is None else q.dequeue_many(dequeue_many)
        except tf.errors.OutOfRangeError:
            return out
        out.append((p.numpy().tolist(), v.numpy().tolist()))


@pytest.mark.parametrize("batch_size", [None, 2])
def test_priority_queue_delivers_tensorflows_priority_order(tf, batch_size):
    """One ``enqueue_many`` puts every element in the queue at once (so no dequeue can come between
    them); then the order the pipeline delivers is the priority order, compared as it arrives with what
    TensorFlow's PriorityQueue gives for the same elements, not sorted first."""
    values = [float(10 * i) for i in range(len(PRIORITIES))]

    def items():
        yield np.array(PRIORITIES, np.int64), np.array(values, np.float32)

    spec = tfb.PipelineSpec(tfb.QueueSpec.priority(len(PRIORITIES), ["float32"], [[]]),
                            (tfb.Producer.generator(items, enqueue_many=True),),
                            tfb.Consumer.batch(batch_size) if batch_size else tfb.Consumer.dequeue())
    ds = tfb.compile(spec)
    assert ds.element_spec[0].dtype.name == "int64"
    got = [(p.numpy().tolist(), v.numpy().tolist()) for p, v in ds]
    expected = tensorflows_priority_order(tf, PRIORITIES, values, batch_size)
    assert got == expected
    first = [p for p, _ in got] if batch_size is None else [p for batch in got for p in batch[0]]
    assert first == sorted(PRIORITIES) != PRIORITIES  # the queue did reorder what was enqueued


def test_priority_queue_keeps_arrival_order_among_equal_priorities(tf):
    """TensorFlow leaves the order of equal priorities unspecified (its heap's); the bridge promises
    arrival order. Across priorities the order is TensorFlow's."""
    priorities = [1, 1, 1, 0, 0, 2, 2, 1]
    values = [float(i) for i in range(len(priorities))]

    def items():
        yield np.array(priorities, np.int64), np.array(values, np.float32)

    spec = tfb.PipelineSpec(tfb.QueueSpec.priority(len(priorities), ["float32"], [[]]),
                            (tfb.Producer.generator(items, enqueue_many=True),))
    got = [(int(p), float(v)) for p, v in tfb.compile(spec)]
    expected = tensorflows_priority_order(tf, priorities, values)
    assert [p for p, _ in got] == [p for p, _ in expected] == sorted(priorities)
    assert collections.Counter(got) == collections.Counter(expected)
    assert got == [(0, 3.0), (0, 4.0), (1, 0.0), (1, 1.0), (1, 2.0), (1, 7.0), (2, 5.0), (2, 6.0)]


def test_string_components(tf):
    def words():
        yield from (("a", 1), (b"bb", 2), ("ccc", 3))

    ds = tfb.compile(tfb.pipeline(words, dtypes=["string", "int32"], shapes=[[], []], batch_size=3))
    (text, num), = list(ds)
    assert text.numpy().tolist() == [b"a", b"bb", b"ccc"] and num.numpy().tolist() == [1, 2, 3]


def test_a_producer_error_reaches_the_consumer(tf):
    def broken():
        yield 1
        raise KeyError("disk on fire")

    ds = tfb.compile(tfb.pipeline(broken, dtypes="int32", shapes=[]))
    with pytest.raises(Exception, match="disk on fire"):
        list(ds)


def test_breaking_out_stops_the_producer_threads():
    before = threading.active_count()
    spec = tfb.pipeline(lambda: np.float32(1), dtypes="float32", shapes=[], capacity=8, threads=3)
    it = iter(tfb.compile(spec))
    for _ in range(20):
        next(it)
    del it
    deadline = time.monotonic() + 30  # a hang guard: the threads end within milliseconds when quiet
    while time.monotonic() < deadline and any(t.name.startswith("tfdata_bridge-producer") for t in threading.enumerate()):
        time.sleep(0.05)
    assert not [t.name for t in threading.enumerate() if t.name.startswith("tfdata_bridge-producer")]
    assert threading.active_count() <= before + 2  # tf.data's own pool threads may linger


DETERMINISTIC_SPECS = {
    "batch": lambda src: tfb.pipeline(src, dtypes=["float32", "int64"], shapes=[[3], []], batch_size=4),
    "up_to": lambda src: tfb.pipeline(src, dtypes=["float32", "int64"], shapes=[[3], []], batch_size=4,
                                      allow_smaller_final_batch=True),
    "dequeue": lambda src: tfb.pipeline(src, dtypes=["float32", "int64"], shapes=[[3], []]),
    "calls": lambda src: tfb.pipeline(tfb.Producer.call(src, calls=9), dtypes=["float32", "int64"], shapes=[[3], []]),
}


@pytest.mark.parametrize("name", sorted(DETERMINISTIC_SPECS))
def test_explained_code_yields_what_compile_yields(name):
    def make_source():
        return CountingSource(23)

    compiled = list(tfb.compile(DETERMINISTIC_SPECS[name](make_source())))
    spec = DETERMINISTIC_SPECS[name](make_source())
    (producer_name,) = tfb._src.compiler.explain.producer_names(spec)
    namespace = {producer_name: make_source()}
    exec(tfb.explain(spec), namespace)
    explained = list(namespace["dataset"])
    assert len(explained) == len(compiled)
    for a, b in zip(compiled, explained):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x.numpy(), y.numpy())


def test_explain_writes_the_grouped_form_for_batches_and_one_element_per_call_otherwise():
    def src():
        yield from ()

    batched = tfb.explain(tfb.pipeline(src, dtypes=["float32", "int64"], shapes=[[3], []], batch_size=4))
    assert "GROUP = 4" in batched and "itertools.islice(elements, GROUP)" in batched
    assert "from_generator(lambda: _groups(_elements_0())" in batched
    assert "shape=(None, 3)" in batched and batched.index("dataset.unbatch()") < batched.index("dataset.batch(4")
    single = tfb.explain(tfb.pipeline(src, dtypes=["float32", "int64"], shapes=[[3], []]))  # no element waits
    assert "_groups" not in single and "unbatch" not in single
    assert "from_generator(_elements_0, output_signature=" in single


@pytest.mark.parametrize("names", [False, True])
def test_explained_grouped_code_with_several_threads_yields_the_compiled_multiset(names):
    """Four producer threads interleave, so only the multiset is fixed; dicts and strings stack too."""
    def make_source():
        words = CountingSource(41)

        def source():
            value, number = words()
            item = (str(int(number)), value, number)
            return dict(zip(("s", "v", "n"), item)) if names else item
        return source

    def spec_for(source):
        dtypes, shapes = ["string", "float32", "int64"], [[], [3], []]
        if names:
            dtypes, shapes = dict(zip("svn", dtypes)), dict(zip("svn", shapes))
        return tfb.pipeline(tfb.Producer.call(source, threads=4), dtypes=dtypes, shapes=shapes, batch_size=5,
                            allow_smaller_final_batch=True)

    def rows(dataset):
        out = []
        for batch in dataset:
            s, v, n = (batch[k] for k in "svn") if names else batch
            out += [(a.decode(), tuple(b), int(c)) for a, b, c in zip(s.numpy(), v.numpy().tolist(), n.numpy())]
        return collections.Counter(out)

    compiled = rows(tfb.compile(spec_for(make_source())))
    spec = spec_for(make_source())
    (producer_name,) = tfb._src.compiler.explain.producer_names(spec)
    text = tfb.explain(spec)
    assert "_groups(_copies[index]())" in text
    namespace = {producer_name: make_source()}
    exec(text, namespace)
    assert rows(namespace["dataset"]) == compiled and sum(compiled.values()) == 41
