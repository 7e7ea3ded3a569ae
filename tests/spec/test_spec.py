"""The spec IR: construction, normalisation and validation messages (rule, value, fix)."""

import subprocess
import sys

import numpy as np
import pytest

from tfdata_bridge._src.spec import Consumer, PipelineSpec, Producer, QueueSpec, Signature, pipeline


def gen():
    yield 1


def test_signature_normalises_tf_and_numpy_dtypes(tf):
    sig = Signature.of([tf.float32, np.int64, "string"], [[2, None], tf.TensorShape([]), None])
    assert sig.dtypes == ("float32", "int64", "string")
    assert sig.shapes == ((2, None), (), None)
    assert not sig.fully_defined


def test_single_dtype_signature_is_bare_and_takes_one_shape():
    assert Signature.of("int32", [3]).shapes == ((3,),)
    assert Signature.of("int32", [[3]]).shapes == ((3,),)
    assert Signature.of("int32", []).shapes == ((),)
    assert Signature.of("int32").single
    assert not Signature.of(["int32"]).single


def test_dict_dtypes_give_names_in_order():
    sig = Signature.of({"a": "int32", "b": "float32"}, {"a": [], "b": [2]})
    assert sig.names == ("a", "b") and sig.shapes == ((), (2,))


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(dtypes=["int32"], shapes=[[], []]),
         r"Queue shapes must have the same length as dtypes, received len\(shapes\)=2, len\(dtypes\)=1; give one"),
        (dict(dtypes=["int32", "int32"], names=["a", "a"]), "has duplicates"),
        (dict(dtypes=["nope"]), "dtype 'nope' is not supported"),
        (dict(dtypes=[]), "needs at least one component"),
    ],
)
def test_signature_rejects_bad_arguments(kwargs, message):
    with pytest.raises((ValueError, TypeError), match=message):
        Signature.of(**kwargs)


def test_capacity_must_exceed_min_after_dequeue_with_tf_message():
    with pytest.raises(ValueError, match=r"capacity 16 must be bigger than min_after_dequeue 32\. Raise capacity"):
        QueueSpec.random_shuffle(16, 32, ["int32"], [[]])


@pytest.mark.parametrize("capacity, error", [(0, ValueError), (-1, ValueError), (2.5, TypeError), (True, TypeError)])
def test_capacity_must_be_positive_int(capacity, error):
    with pytest.raises(error, match=r"capacity \(.*\) must be a positive int"):
        QueueSpec.fifo(capacity, ["int32"], [[]])


def test_min_after_dequeue_only_for_shuffle():
    with pytest.raises(ValueError, match="only applies to a random_shuffle queue"):
        QueueSpec("fifo", 4, Signature.of(["int32"]), min_after_dequeue=2)


def test_padding_fifo_needs_ranks():
    with pytest.raises(ValueError, match="padding_fifo queue needs the rank"):
        QueueSpec.padding_fifo(4, ["int32"], [None])


def test_dequeue_many_needs_defined_shapes():
    with pytest.raises(ValueError, match="dequeue_many needs fully defined shapes.*padding_fifo"):
        pipeline(gen, dtypes=["int32"], shapes=[[None]], batch_size=2)


def test_dynamic_pad_is_not_for_shuffle_queues():
    queue = QueueSpec.random_shuffle(8, 2, ["int32"], [[]])
    with pytest.raises(ValueError, match="dynamic_pad pads batches from a padding_fifo or fifo queue"):
        PipelineSpec(queue, (Producer.of(gen),), Consumer.dequeue_many(2, dynamic_pad=True))


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Producer.call(gen, threads=0), r"threads \(0\) must be an int >= 1"),
        (lambda: Producer.generator(gen, epochs=0), r"epochs \(0\) must be an int >= 1 or None"),
        (lambda: Producer.call(lambda: 1, calls=-2), r"calls \(-2\) must be"),
        (lambda: Producer("not callable"), "is not callable"),
        (lambda: Consumer.dequeue_many(0), r"batch_size \(0\) must be an int >= 1"),
    ],
)
def test_producer_and_consumer_validation(make, message):
    with pytest.raises((ValueError, TypeError), match=message):
        make()


def test_producer_of_detects_generator_functions():
    assert Producer.of(gen).kind == "generator"
    assert Producer.of(lambda: 1).kind == "call"


def test_pipeline_builder_maps_batch_arguments():
    spec = pipeline(gen, dtypes="int32", shapes=[], batch_size=4, allow_smaller_final_batch=True, threads=3)
    assert spec.consumer.mode == "dequeue_up_to" and spec.consumer.batch_size == 4
    assert spec.producers[0].threads == 3 and spec.queue.kind == "fifo"
    assert not spec.deterministic
    shuffled = pipeline(gen, dtypes="int32", shapes=[], shuffle=True, min_after_dequeue=3, capacity=10, seed=7)
    assert shuffled.queue.kind == "random_shuffle" and shuffled.queue.seed == 7


def test_specs_are_frozen():
    spec = pipeline(gen, dtypes="int32", shapes=[])
    with pytest.raises(AttributeError):
        spec.prefetch = 3


def test_spec_modules_do_not_import_tensorflow():
    code = (
        "import sys, importlib.util, pathlib\n"
        "sys.modules['tensorflow'] = None\n"
        "root = pathlib.Path('tfdata_bridge/_src/spec')\n"
        "import types; pkg = types.ModuleType('tfdata_bridge'); pkg.__path__ = ['tfdata_bridge']; sys.modules['tfdata_bridge'] = pkg\n"
        "import tfdata_bridge._src.spec as s\n"
        "s.pipeline(lambda: 1, dtypes='int32', shapes=[], batch_size=2)\n"
        "print('ok')\n"
    )
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
