"""Hand-built queues with a ``QueueRunner`` (issue 17, item 2), in the spellings real code used: a prefetch
``FIFOQueue`` of already-made tensors (slim's ``prefetch_queue``, object detection's ``prefetcher``) in the
function that dequeues it, in a helper returning it (same module, through another function, another module),
with ``names=`` or a literal list; the k-reader queue spelled ``tf.queue.*`` and its runner made as
``qr = QueueRunner(...)`` registered apart. Text tests need no TensorFlow; ``test_..._deliver_what_legacy_delivers``
runs a handful of these programs both ways, in one process."""

from __future__ import annotations

import pathlib

import pytest
from both_ways import assert_delivers_the_same, run_both_ways

from tfdata_bridge.migrate import rewrite, scan_source
from tfdata_bridge._src.migrate.recognize import recognize
from tfdata_bridge._src.migrate.tree import rewrite_tree

READ = '''\
    files = sorted({v1}.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = {v1}.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = {v1}.TFRecordReader().read(filename_queue)
    feats = {v1}.parse_single_example(serialized, {{"x": {v1}.FixedLenFeature([3], {v1}.float32),
                                                 "label": {v1}.FixedLenFeature([], {v1}.int64)}})
    xs, labels = {v1}.train.batch([feats["x"], feats["label"]], batch_size=8)
'''

LOOP = '''
def main(data_dir):
    fetch = make(data_dir)
    out, end = [], None
    with {v1}.Session() as sess:
        sess.run({v1}.local_variables_initializer())
        coord = {v1}.train.Coordinator()
        threads = {v1}.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(fetch)
                out.append(got if isinstance(got, list) else [got])
        except {v1}.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {{"batches": [[a.tolist() for a in b] for b in out], "end": end}}
'''

IMPORTS = {"v1": ("import tensorflow.compat.v1 as tf", "tf"),
           "tf2": ("import tensorflow as tf", "tf.compat.v1"),
           "alias": ("import tensorflow as tf\nv1 = tf.compat.v1", "v1")}

# the prefetch queue in the function that dequeues it: each its own runner spelling and structure
IN_FUNCTION = {
    "literal_list": '''\
    batch_queue = {v1}.FIFOQueue(2, dtypes=[xs.dtype, labels.dtype], shapes=[xs.get_shape(), labels.get_shape()])
    enqueue_op = batch_queue.enqueue([xs, labels])
    {v1}.train.add_queue_runner({v1}.train.QueueRunner(batch_queue, [enqueue_op]))
    {v1}.summary.scalar("fill", {v1}.cast(batch_queue.size(), {v1}.float32) * 0.5)
    images, lbls = batch_queue.dequeue()
    return [images, lbls]
''',
    "registered_runner": '''\
    q = {v1}.FIFOQueue(capacity=4, dtypes=[{v1}.float32, {v1}.int64])
    qr = {v1}.train.QueueRunner(q, [q.enqueue((xs, labels))])
    {v1}.train.add_queue_runner(qr)
    pair = q.dequeue()
    return pair
''',
    "collection_one_tensor": '''\
    q = {v1}.FIFOQueue(3, [{v1}.float32])
    op = q.enqueue([xs])
    runner = {v1}.train.queue_runner.QueueRunner(queue=q, enqueue_ops=[op])
    {v1}.add_to_collection({v1}.GraphKeys.QUEUE_RUNNERS, runner)
    return q.dequeue()
''',
}


def _program(body: str, imports: str, v1: str) -> str:
    return f"{imports}\n\n\ndef make(data_dir):\n" + READ.format(v1=v1) + body.format(v1=v1) + LOOP.format(v1=v1)


def _code(result) -> str:
    """The rewritten code without its comments (which name what went)."""
    return "\n".join(line for line in result.code.splitlines() if not line.lstrip().startswith("#")) + "\n"


def _refused(result) -> str:
    return " | ".join(n.message for n in result.refused)


@pytest.mark.parametrize("form, style", [("literal_list", "tf2"), ("registered_runner", "alias"),
                                         ("collection_one_tensor", "v1"), ("literal_list", "v1")])
def test_a_prefetch_queue_in_the_dequeuing_function_goes(form, style):
    imports, v1 = IMPORTS[style]
    result = rewrite(_program(IN_FUNCTION[form], imports, v1), to="tfdata")
    assert not result.refused, _refused(result)
    code = _code(result)
    assert "FIFOQueue" not in code and "QueueRunner" not in code and ".dequeue()" not in code
    assert "QUEUE_RUNNERS" not in code and "summary.scalar" not in code
    assert scan_source(code) == ()
    assert any("the prefetch queue goes" in n.message for n in result.notes)
    want = {"literal_list": "images, lbls = xs, labels\n", "registered_runner": "pair = [xs, labels]\n",
            "collection_one_tensor": "return xs\n"}[form]
    assert want in code
    assert all(o.rewritten for o in recognize(_program(IN_FUNCTION[form], imports, v1)))


HELPER = '''\
{imports}


def prefetch(tensor_dict, capacity):
    names = list(tensor_dict.keys())
    dtypes = [t.dtype for t in tensor_dict.values()]
    prefetch_queue = {v1}.FIFOQueue(capacity, dtypes=dtypes, names=names, name="prefetch_queue")
    enqueue_op = prefetch_queue.enqueue(tensor_dict)
    {v1}.train.queue_runner.add_queue_runner({v1}.train.queue_runner.QueueRunner(prefetch_queue, [enqueue_op]))
    {v1}.summary.scalar("queue/%s/fraction_full" % prefetch_queue.name,
                      {v1}.cast(prefetch_queue.size(), {v1}.float32) * (1. / capacity))
    return prefetch_queue


def inputs(data_dir):
{read}    return prefetch({{"x": xs, "label": labels}}, 2)


def make(data_dir):
    input_queue = inputs(data_dir)
    tensor_dict = input_queue.dequeue()
    return [tensor_dict["x"], tensor_dict["label"]]
'''


@pytest.mark.parametrize("style", ["v1", "tf2"])
def test_a_helper_returning_a_prefetch_queue_returns_its_tensors(style):
    imports, v1 = IMPORTS[style]
    source = HELPER.format(imports=imports, v1=v1, read=READ.format(v1=v1)) + LOOP.format(v1=v1)
    result = rewrite(source, to="tfdata")
    assert not result.refused, _refused(result)
    code = _code(result)
    assert "    return tensor_dict\n" in code  # the helper keeps its name and signature
    assert "    tensor_dict = input_queue\n" in code  # through `inputs`, which returns the helper's call
    assert "names = list(" not in code and "FIFOQueue" not in code and scan_source(code) == ()
    assert "start_queue_runners" not in code


def test_a_prefetch_queue_dequeued_twice_or_closed_is_left_with_the_reason():
    imports, v1 = IMPORTS["v1"]
    twice = HELPER.format(imports=imports, v1=v1, read=READ.format(v1=v1)).replace(
        "    tensor_dict = input_queue.dequeue()\n",
        "    tensor_dict = input_queue.dequeue()\n    other = input_queue.dequeue()\n")
    result = rewrite(twice, to="tfdata")
    assert "is used beyond one `input_queue.dequeue()` (each dequeue takes other elements)" in _refused(result)
    assert "FIFOQueue(capacity" in result.code
    # (two threads running the one op: each evaluation once, in an order they race for; one thread's is one)
    threads = _program(IN_FUNCTION["literal_list"].replace("[enqueue_op])", "[enqueue_op] * 2)"), imports, v1)
    result = rewrite(threads, to="tfdata")
    said = " ".join(n.message for n in result.notes)
    assert not result.refused and "legacy's 2 runner threads raced for that order" in said, said
    closed = _program(IN_FUNCTION["literal_list"].replace("    images, lbls", "    close = batch_queue.close()\n"
                                                          "    images, lbls"), imports, v1)
    result = rewrite(closed, to="tfdata")
    assert "batch_queue = tf.FIFOQueue(2" in result.code  # another use of the queue: not this shape, left


def test_a_prefetch_queue_dequeued_per_clone_keeps_the_queue():
    """slim's deployment: each clone dequeues its own batch (in a loop, or in a function called per clone); the
    one expression would give every clone the same batch."""
    imports, v1 = IMPORTS["v1"]
    loop = _program(IN_FUNCTION["literal_list"].replace(
        "    images, lbls = batch_queue.dequeue()\n",
        "    clones = []\n    for _ in range(2):\n        clones.append(batch_queue.dequeue())\n"
        "    images, lbls = clones[0]\n"), imports, v1)
    nested = _program(IN_FUNCTION["literal_list"].replace(
        "    images, lbls = batch_queue.dequeue()\n",
        "    def clone_fn():\n        return batch_queue.dequeue()\n    images, lbls = clone_fn()\n"), imports, v1)
    for source in (loop, nested):
        result = rewrite(source, to="tfdata")
        assert "batch_queue.dequeue()" in result.code
    helper = HELPER.format(imports=imports, v1=v1, read=READ.format(v1=v1)).replace(
        "    tensor_dict = input_queue.dequeue()\n",
        "    for _ in range(2):\n        tensor_dict = input_queue.dequeue()\n")
    result = rewrite(helper, to="tfdata")
    assert "`input_queue.dequeue()` runs in a loop or a nested function" in _refused(result)


def test_an_enqueued_name_assigned_again_before_the_dequeue_keeps_the_queue():
    imports, v1 = IMPORTS["v1"]
    source = _program(IN_FUNCTION["literal_list"].replace("    images, lbls", "    xs = xs * 2.0\n    images, lbls"),
                      imports, v1)
    result = rewrite(source, to="tfdata")
    assert "`xs`, which the tensors enqueued in `batch_queue` are made of, is also read apart from" in _refused(result)
    assert "batch_queue.dequeue()" in result.code


def test_a_padding_queue_dequeued_one_element_at_a_time_is_a_prefetch_queue_too():
    imports, v1 = IMPORTS["tf2"]
    source = _program(IN_FUNCTION["literal_list"].replace("{v1}.FIFOQueue(2,", "{v1}.PaddingFIFOQueue(2,"),
                      imports, v1)
    assert "PaddingFIFOQueue" in source
    result = rewrite(source, to="tfdata")
    assert not result.refused, _refused(result)
    assert "images, lbls = xs, labels\n" in result.code and "PaddingFIFOQueue" not in _code(result)


def test_a_prefetch_helper_called_from_no_function_of_its_module_is_left_alone():
    imports, v1 = IMPORTS["v1"]
    lib = HELPER.format(imports=imports, v1=v1, read=READ.format(v1=v1)).split("\n\ndef inputs")[0] + "\n"
    result = rewrite(lib, to="tfdata")
    assert "`prefetch` returns the queue and is not called in its module" in _refused(result)
    assert "FIFOQueue" in result.code


LIB = HELPER.split("\n\ndef inputs")[0] + "\n"
USER = '''\
{imports}

from qlib import prefetcher


def inputs(data_dir):
{read}    return prefetcher.prefetch({{"x": xs, "label": labels}}, 2)


def make(data_dir):
    tensor_dict = inputs(data_dir).dequeue()
    return [tensor_dict["x"], tensor_dict["label"]]
'''


def _tree(tmp_path: pathlib.Path, user: str, lib: str) -> dict[str, object]:
    (tmp_path / "qlib").mkdir()
    (tmp_path / "qlib" / "__init__.py").write_text("")
    files = {tmp_path / "prog.py": user, tmp_path / "qlib" / "prefetcher.py": lib}
    for p, text in files.items():
        p.write_text(text)
    return {pathlib.Path(p).name: r for p, r in
            rewrite_tree({str(p): t for p, t in files.items()}, root=str(tmp_path)).items()}


def test_a_prefetch_helper_of_another_module_goes_with_its_callers(tmp_path):
    imports, v1 = IMPORTS["tf2"]
    out = _tree(tmp_path, USER.format(imports=imports, read=READ.format(v1=v1)) + LOOP.format(v1=v1),
                LIB.format(imports=imports, v1=v1))
    for r in out.values():
        assert not r.refused, _refused(r)
        assert scan_source(r.code) == ()
    assert "    return tensor_dict\n" in out["prefetcher.py"].code
    assert "tensor_dict = inputs(data_dir)\n" in out["prog.py"].code


def test_a_prefetch_helper_of_another_module_used_otherwise_stays_a_queue(tmp_path):
    imports, v1 = IMPORTS["v1"]
    user = USER.format(imports=imports, read=READ.format(v1=v1)) + LOOP.format(v1=v1) + \
        "\n\ndef peek(t):\n    return prefetcher.prefetch(t, 1).size()\n"
    out = _tree(tmp_path, user, LIB.format(imports=imports, v1=v1))
    assert "FIFOQueue(capacity" in out["prefetcher.py"].code
    assert ".dequeue()" in out["prog.py"].code  # the callers keep the queue they get
    assert "`prefetch` of qlib/prefetcher.py is also used where no pipeline is rewritten" in _refused(out["prog.py"])


K_READERS = '''\
{imports}


def make(data_dir, num_readers=2):
    files = sorted({v1}.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = {v1}.train.string_input_producer(files, num_epochs=1, shuffle=False)
    examples_queue = {queue}(capacity=64, min_after_dequeue=10, dtypes=[{v1}.string])
    enqueue_ops = []
    for _ in range(num_readers):
        reader = {v1}.TFRecordReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(examples_queue.enqueue([value]))
{runner}
    serialized = examples_queue.dequeue()
    feats = {v1}.parse_single_example(serialized, {{"x": {v1}.FixedLenFeature([3], {v1}.float32)}})
    return {v1}.train.batch([feats["x"]], batch_size=6, allow_smaller_final_batch=True)
'''
RUNNERS = {
    "inline": "    {v1}.train.add_queue_runner({v1}.train.QueueRunner(examples_queue, enqueue_ops))",
    "registered": "    qr = {v1}.train.queue_runner.QueueRunner(examples_queue, enqueue_ops)\n"
                  "    {v1}.train.queue_runner.add_queue_runner(qr)",
    "collection": "    runner = {v1}.train.QueueRunner(examples_queue, enqueue_ops=enqueue_ops)\n"
                  "    {v1}.add_to_collection({v1}.GraphKeys.QUEUE_RUNNERS, runner)",
}


@pytest.mark.parametrize("style, queue, runner", [("v1", "tf.RandomShuffleQueue", "collection"),
                                                  ("tf2", "tf.queue.RandomShuffleQueue", "registered"),
                                                  ("alias", "v1.queue.RandomShuffleQueue", "inline")])
def test_k_readers_into_a_shuffle_queue_any_runner_spelling_become_an_interleave(style, queue, runner):
    imports, v1 = IMPORTS[style]
    source = K_READERS.format(imports=imports, v1=v1, queue=queue, runner=RUNNERS[runner].format(v1=v1))
    result = rewrite(source, to="tfdata")
    assert not result.refused, _refused(result)
    code = _code(result)
    assert "cycle_length=num_readers" in code and ".shuffle(64)" in code
    assert "QueueRunner" not in code and "QUEUE_RUNNERS" not in code and scan_source(code) == ()


ENQUEUE_MANY = '''\
{imports}


def make(data_dir):
    files = sorted({v1}.gfile.Glob(data_dir + "/records-*.tfrecord"))
    filename_queue = {v1}.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = {v1}.TFRecordReader()
    _, values = reader.read_up_to(filename_queue, 4)
    queue = {v1}.RandomShuffleQueue(capacity=100, min_after_dequeue=20, dtypes=[{v1}.string], shapes=[[]])
    enqueue_op = queue.enqueue_many([values])
    {v1}.train.add_queue_runner({v1}.train.QueueRunner(queue, [enqueue_op] * 2))
    serialized = queue.dequeue_up_to(7)  # (dequeue_many would drop a tail that the shuffle picks: no multiset)
    return {v1}.parse_example(serialized, {{"x": {v1}.FixedLenFeature([3], {v1}.float32)}})["x"]
'''


def test_groups_enqueued_by_enqueue_many_are_unbatched_then_batched():
    imports, v1 = IMPORTS["v1"]
    result = rewrite(ENQUEUE_MANY.format(imports=imports, v1=v1), to="tfdata")
    assert not result.refused, _refused(result)
    code = _code(result)
    # (each file's records grouped inside the interleave: a group never spans two files, as legacy's)
    assert ".batch(4), cycle_length=1)\n        .unbatch()\n        .shuffle(100)\n" \
           "        .batch(7, drop_remainder=False)" in code
    assert "RandomShuffleQueue" not in code and scan_source(code) == ()


def test_a_runner_with_a_close_op_of_its_own_is_left_with_the_reason():
    imports, v1 = IMPORTS["v1"]

    def migrated(close_op):
        runner = f"    tf.train.add_queue_runner(tf.train.QueueRunner(examples_queue, enqueue_ops, close_op={close_op}))"
        return rewrite(K_READERS.format(imports=imports, v1=v1, queue="tf.RandomShuffleQueue", runner=runner),
                       to="tfdata")

    # ``close_op=None`` is the runner's default (``QueueRunner`` closes its own queue then): rewritten
    result = migrated("None")
    assert not result.refused and "QueueRunner(" not in result.code, result.notes
    # a close op of another queue is the runner's own: left, saying so
    result = migrated("tf.FIFOQueue(4, [tf.string]).close()")
    assert "the queue's `QueueRunner` takes close_op: only a queue and its enqueue ops are rewritten" in \
        _refused(result)


@pytest.mark.timeout(600)  # a TensorFlow process and a handful of tree rewrites, on a busy machine
def test_the_migrated_programs_deliver_what_legacy_delivers(tmp_path):
    """A handful of these programs, original and migrated, in one TensorFlow process."""
    v1_imports, v1 = IMPORTS["v1"]
    tf2_imports, tf2 = IMPORTS["tf2"]
    alias_imports, alias = IMPORTS["alias"]
    programs = {  # name: (source, helper module or None, "order" / "multiset")
        "in_function": (_program(IN_FUNCTION["literal_list"], tf2_imports, tf2), None, "order"),
        "one_tensor": (_program(IN_FUNCTION["collection_one_tensor"], v1_imports, v1), None, "order"),
        "helper": (HELPER.format(imports=alias_imports, v1=alias, read=READ.format(v1=alias))
                   + LOOP.format(v1=alias), None, "order"),
        "other_module": (USER.format(imports=v1_imports, read=READ.format(v1=v1)) + LOOP.format(v1=v1),
                         LIB.format(imports=v1_imports, v1=v1), "order"),
        "k_readers": (K_READERS.format(imports=tf2_imports, v1=tf2, queue="tf.queue.RandomShuffleQueue",
                                       runner=RUNNERS["registered"].format(v1=tf2)) + LOOP.format(v1=tf2),
                      None, "multiset"),
        "enqueue_many": (ENQUEUE_MANY.format(imports=v1_imports, v1=v1) + LOOP.format(v1=v1), None, "multiset"),
    }
    original, migrated, data = tmp_path / "original", tmp_path / "migrated", tmp_path / "data"
    paths = {}
    for name, (source, lib, _) in programs.items():
        folder = original / name  # each program its own folder: its helper package beside it
        (folder / "qlib").mkdir(parents=True)
        (folder / "qlib" / "__init__.py").write_text("")
        files = {folder / f"{name}.py": source}
        if lib is not None:
            files[folder / "qlib" / "prefetcher.py"] = lib
        for p, text in files.items():
            p.write_text(text)
        results = rewrite_tree({str(p): t for p, t in files.items()}, root=str(folder))
        for p, r in results.items():
            assert not r.refused, (name, _refused(r))
            assert "tfdata_bridge" not in r.code and scan_source(r.code) == ()
            out = migrated / pathlib.Path(p).relative_to(original)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(r.code)
        paths[name] = folder / f"{name}.py"
    # one process: a program's ``qlib`` is the one in its own folder (the runner puts that first, then forgets it)
    runs = run_both_ways({name: (p, migrated / p.relative_to(original)) for name, p in paths.items()}, data)
    for name, (_, _, kind) in programs.items():
        want, got = runs[name]
        # in order: floats to 1e-6 (a session and a dataset function may round one ulp apart); as multisets: exact
        assert_delivers_the_same(name, want, got, kind, close_floats=kind == "order")
