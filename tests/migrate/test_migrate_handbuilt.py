"""Hand-built queues of the large models (issue 17): queues filled by copies of one enqueue op and a
``QueueRunner`` (``runner_queue.py``, ``enqueue_copies.py``), ``PaddingFIFOQueue`` included.

The programs of ``handbuilt_programs/`` (a helper module in ``hb_lib/``) are migrated together with
``--to tfdata`` and run against their originals in one TensorFlow process: the same rows and batch sizes
(several enqueue threads: a multiset), padded as legacy padded them, the same end. The text tests say which
forms are rewritten and which are left, with the reason, and that ``scan``'s MIGRATE column agrees.
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, rewrites_once, run_programs
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge._src.symbols import STARTS_RUNNERS
from tfdata_bridge.migrate import rewrite, scan_source

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module", autouse=True)
def _rewrite_once():
    """A text test rewrites its variant and then asks scan's MIGRATE column of the same text, which rewrites it
    again: the second is the first's result (``both_ways.rewrites_once``)."""
    with rewrites_once():
        yield

HERE = pathlib.Path(__file__).resolve().parent / "handbuilt_programs"
# program -> how its batches compare with the original's
PROGRAMS = {
    "copies_of_one_read": "multiset",
    "inception_class_other_module": "multiset",
    "inception_copies_shuffle": "multiset",
    "inception_flag_choices": "multiset",
    "fifo_inline_runner": "multiset",
    "padded_class_listcomp": "order",
    "padded_enqueue_times_k": "multiset",
    "padded_python_modules": "multiset",
    # a reader helper (same module, another module, a method) fills the queue; TF1-style `import tensorflow as tf`
    # with `tf.queue.*` queues; queues kept on an object (made in `__init__`, or in a method `__init__` calls)
    "helper_shuffle_threads": "multiset",
    "helper_other_module_fifo": "order",
    "tf1_style_queue_namespace": "order",
    "tf1_style_shuffle_namespace": "multiset",
    "object_queue_whole_files": "multiset",
    "object_queue_in_init": "order",
    # a runner never added to the collection, its threads started by hand (`create_threads(..., start=True)`),
    # made beside the queue or returned with it (`return queue, runner`)
    "runner_started_by_hand": "order",
    "runner_returned_with_queue": "order",
    # a RandomShuffleQueue read one element at a time by a plain `dequeue()`: the elements' chain, shuffled
    "shuffle_queue_one_dequeue": "multiset",
    "tf1_style_shuffle_one_dequeue": "multiset",
    "shuffled_one_by_one": "multiset",  # (the queue in a helper of another module, its ops a comprehension)
    # a queue builder of another module (``builder_inline.py``), imported by name or through a module alias, given
    # the caller's file queue or an inline producer; its runner started by hand or registered in the builder
    "builder_padded_from_import": "order",
    "builder_row_queue_alias": "order",
}


def _migrated() -> dict[pathlib.Path, str]:
    files = sorted(HERE.rglob("*.py"))
    results = rewrite_tree({str(p): p.read_text() for p in files}, root=str(HERE))
    for path, result in results.items():
        assert not result.refused, (path, result.notes)
        assert "tfdata_bridge" not in result.code
        assert [f.api for f in scan_source(result.code) if not f.dropin.startswith(STARTS_RUNNERS)] == [], path
    return {pathlib.Path(p): r.code for p, r in results.items()}


def test_the_migrated_programs_deliver_what_their_originals_deliver(tmp_path):
    assert {p.stem for p in HERE.glob("*.py")} == set(PROGRAMS)
    migrated = tmp_path / "migrated"
    for path, code in _migrated().items():
        out = migrated / path.relative_to(HERE)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(code)
    originals = [HERE / f"{n}.py" for n in PROGRAMS]
    runs = run_programs([*originals, *(migrated / f"{n}.py" for n in PROGRAMS)], tmp_path / "data")
    for name, compare in PROGRAMS.items():
        want, got = runs[str(HERE / f"{name}.py")], runs[str(migrated / f"{name}.py")]
        assert_delivers_the_same(name, want, got, compare)
        if name.startswith("padded"):  # every row padded with zeros to its batch's longest, both ways
            assert all(all(b[-1]) for b in want["batches"]) and all(all(b[-1]) for b in got["batches"]), name


def _variant(name: str, old: str, new: str) -> str:
    text = (HERE / f"{name}.py").read_text()
    assert old in text, old
    return text.replace(old, new)


_TIMES_K = '[queue.enqueue([sequence["inputs"], sequence["labels"], length])] * num_enqueuing_threads'
_RUNNER = "tf.train.add_queue_runner(tf.train.QueueRunner(queue, enqueue_ops))"


_NAMED = '    input_tensors = [sequence["inputs"], sequence["labels"], length]\n'


@pytest.mark.parametrize("old, new", [
    pytest.param(_TIMES_K, _TIMES_K.replace("] * num_enqueuing_threads",
                                            " for _ in range(num_enqueuing_threads)]").replace("[[", "[["),
                 id="list-comprehension"),
    pytest.param(_TIMES_K, "num_enqueuing_threads * [queue.enqueue([sequence['inputs'], sequence['labels'], length])]",
                 id="k-times-list"),
    pytest.param(_RUNNER, "tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner("
                          "enqueue_ops=enqueue_ops, queue=queue))", id="keywords"),
    pytest.param("    enqueue_ops = " + _TIMES_K + "\n    " + _RUNNER,
                 "    qr = tf.train.QueueRunner(queue, " + _TIMES_K + ")\n"
                 "    tf.add_to_collection(tf.GraphKeys.QUEUE_RUNNERS, qr)", id="runner-in-collection"),
    pytest.param(_TIMES_K, "[queue.enqueue(input_tensors)] * num_enqueuing_threads",
                 id="a-named-list-of-tensors"),
])
def test_the_copies_of_one_enqueue_op_are_rewritten_in_each_form(old, new):
    source = _variant("padded_enqueue_times_k", old, new)
    if "input_tensors" in new:
        source = source.replace("    queue = tf.PaddingFIFOQueue(", _NAMED + "    queue = tf.PaddingFIFOQueue(")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert ".padded_batch(batch_size, drop_remainder=True)" in result.code
    assert "num_parallel_calls=num_enqueuing_threads" in result.code
    sites = scan_source(source, outcomes=True)
    assert sites and not [f for f in sites if f.tfdata.startswith("left: ")]  # (MonitoredSession: "left as it is")


@pytest.mark.parametrize("old, new, why", [
    pytest.param(_TIMES_K, '[queue.enqueue([sequence["inputs"], sequence["labels"], length]), '
                           'queue.enqueue([sequence["inputs"], sequence["labels"], length + 1])]',
                 "filled by more than one enqueue op", id="two-different-ops"),
    pytest.param(_TIMES_K, '[queue.enqueue([sequence["inputs"], sequence["labels"], length + i]) '
                           'for i in range(num_enqueuing_threads)]',
                 "the runner's ops are not `[enqueue_op] * k`", id="comprehension-index-used"),
    pytest.param(_RUNNER, _RUNNER + "\n    tf.add_to_collection('ops', enqueue_ops)",
                 "`enqueue_ops` are used beyond the queue's runner", id="ops-used-elsewhere"),
    pytest.param(_TIMES_K, "[queue.enqueue(input_tensors)] * num_enqueuing_threads\n    "
                           "tf.add_to_collection('inputs', input_tensors)",
                 "`input_tensors` is used beyond the enqueue op", id="enqueued-list-used-elsewhere"),
    pytest.param(_RUNNER, "tf.train.add_queue_runner(tf.train.QueueRunner(queue, enqueue_ops, "
                          "cancel_op=queue.close()))", "cancel_op", id="cancel-op-not-cancelling"),
])
def test_a_form_that_is_not_copies_of_one_op_is_left_with_its_reason(old, new, why):
    source = _variant("padded_enqueue_times_k", old, new)
    if "input_tensors" in new:
        source = source.replace("    queue = tf.PaddingFIFOQueue(", _NAMED + "    queue = tf.PaddingFIFOQueue(")
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any(why in n.message for n in result.refused), result.notes
    queue = [f for f in scan_source(source, outcomes=True) if f.api.endswith("PaddingFIFOQueue")]
    assert queue and all(f.tfdata.startswith("left: ") for f in queue)


_PREPROCESS = '''    image = tf.reverse(image, axis=[0]) if train else image
    return image * 2.0'''


@pytest.mark.parametrize("old, new, why", [
    pytest.param("            image_buffer, label_index = parse_example_proto(example_serialized)",
                 "            image_buffer, label_index = parse_example_proto(examples_queue.dequeue())",
                 "", id="a-dequeue-per-copy"),
])
def test_copies_that_each_take_their_own_element_are_left_with_the_reason(old, new, why):
    source = _variant("inception_copies_shuffle", old, new)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    join = [n.message for n in result.refused if "batch_join" in n.message]
    assert join and why in join[0], result.notes
    sites = [f for f in scan_source(source, outcomes=True) if f.api.endswith("batch_join")]
    assert sites and all(f.tfdata.startswith("left: ") for f in sites)


@pytest.mark.parametrize("old, new", [
    pytest.param(_PREPROCESS, "    if thread_id % 2:\n        image = tf.reverse(image, axis=[0])\n    return image * 2.0",
                 id="index-picks-the-distortion"),
    pytest.param("image = tf.identity(image, name=\"preprocessed_%d\" % thread_id)",
                 "image = image + tf.cast(thread_id, tf.float32)", id="index-in-a-value"),
])
def test_copies_that_differ_by_the_index_take_it_after_the_examples_queue(old, new):
    # (run against legacy in test_migrate_thread_copies.py)
    source = _variant("inception_copies_shuffle", old, new)
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert ".shuffle(min_queue_examples + 3 * batch_size)\n            .enumerate()\n" \
        "            .map(parse_record_copies, num_parallel_calls=num_preprocess_threads)" in result.code
    assert "def parse_record(example_serialized, thread_id):" in result.code
    sites = [f for f in scan_source(source, outcomes=True) if f.api.endswith("batch_join")]
    assert sites and not [f for f in sites if f.tfdata.startswith("left: ")]


def test_an_index_given_by_keyword_to_a_parameter_nothing_reads_is_the_first_copy():
    source = _variant("inception_copies_shuffle", "image_preprocessing(image_buffer, train, thread_id)",
                      "image_preprocessing(image_buffer, thread_id=thread_id, train=train)")
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert "image_preprocessing(image_buffer, thread_id=0, train=train)" in result.code
    assert ".map(parse_record, num_parallel_calls=num_preprocess_threads)" in result.code
    assert "for thread_id in" not in result.code and "% 0)" in result.code


_TWO_IFS = """\
if train:
    a = make(1)
else:
    a = make(2)
n = 45
if train:
    q = queue(n, a)
else:
    q = other(n, a)
"""


@pytest.mark.parametrize("change, merged", [
    pytest.param(("", ""), True, id="independent-statement-between"),
    pytest.param(("n = 45", "n = a.size"), False, id="between-reads-a-branch"),
    pytest.param(("n = 45", "train = not train"), False, id="test-rebound"),
    pytest.param(("if train:", "if train():"), False, id="test-calls"),
    pytest.param(("n = 45", "print(n)"), False, id="not-an-assignment"),
])
def test_two_ifs_of_one_plain_test_merge_into_one_choice(change, merged):
    import libcst as cst

    from tfdata_bridge._src.migrate.choice_shapes import merge_same_tests

    body = list(cst.parse_module(_TWO_IFS.replace(*change)).body)
    out = merge_same_tests(body)
    assert (out is not body) == merged
    if merged:
        code = cst.Module(out).code
        assert code.startswith("n = 45\nif train:\n    a = make(1)\n    q = queue(n, a)\nelse:\n    a = make(2)\n")


def test_the_flag_choices_of_inception_become_one_chain_per_path_and_scan_agrees():
    source = (HERE / "inception_flag_choices.py").read_text()
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert result.code.count("make_one_shot_iterator") == 4  # train/eval x k readers/one reader
    assert ".shuffle(min_queue_examples + 3 * batch_size)" in result.code
    sites = scan_source(source, outcomes=True)
    assert sites and not [f for f in sites if f.tfdata.startswith("left: ")]
    assert not scan_source(result.code)


_BATCH_CALL = "    pixels, lengths = loader.batch(4)"
_DECLARED = "        self._queue = None\n        self._make_queue()\n"


@pytest.mark.parametrize("old, new, why", [
    pytest.param(_BATCH_CALL, _BATCH_CALL + "\n    more = loader.batch(4)", "used 2 times", id="batched-twice"),
    pytest.param(_DECLARED, "        self._make_queue()\n        self._queue = None\n", "is set in `__init__` too",
                 id="reset-after-the-maker"),
    pytest.param("    def batch(self, size):", "    def fill(self):\n        return self._queue.size()\n\n"
                 "    def batch(self, size):", "read by ImageFolderLoader.fill", id="queue-read-elsewhere"),
    pytest.param("[op] * self.threads", "[op, self._queue.enqueue([pixels, name_length + 1])]",
                 "the runner's ops are not `[enqueue_op] * k`", id="two-different-ops"),
])
def test_a_queue_kept_on_an_object_is_left_with_the_reason_where_its_batches_would_differ(old, new, why):
    source = _variant("object_queue_whole_files", old, new)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any(why in n.message for n in result.refused), result.notes


def test_the_kept_queue_forms_keep_their_methods_and_spell_tf1_names_through_compat_v1():
    whole = rewrite((HERE / "object_queue_whole_files.py").read_text(), to="tfdata")
    assert not whole.refused, whole.notes
    code = whole.code
    assert "def _load(" not in code and "tf.WholeFileReader" not in code and "import FIFOQueue" not in code
    assert "self.dataset = " in code and ".batch(size, drop_remainder=False)" in code
    assert "def parse_record(name, data):" in code  # the file name, its record key, comes with the contents
    for name in ("tf1_style_queue_namespace", "tf1_style_shuffle_namespace"):
        result = rewrite((HERE / f"{name}.py").read_text(), to="tfdata")
        assert not result.refused, result.notes
        assert "tf.compat.v1.data.make_one_shot_iterator(" in result.code
        assert "tf.data." not in result.code.replace("tf.compat.v1.data.", ""), name  # (TF2's tf.data: no iterators)


_BY_HAND = "        threads += runner.create_threads(sess, coord=coord, start=True)\n"


@pytest.mark.parametrize("new", [
    pytest.param("        threads.extend(runner.create_threads(sess, coord=coord, start=True))\n", id="extend"),
    pytest.param("        runner.create_threads(sess, coord, start=True)\n", id="a-statement-of-its-own"),
])
def test_a_runner_started_by_hand_goes_with_its_queue_in_each_form(new):
    result = rewrite(_variant("runner_started_by_hand", _BY_HAND, new), to="tfdata")
    assert not result.refused, result.notes
    code = result.code.split('"""', 2)[2]  # (after the docstring)
    assert "create_threads" not in code and "tf.train.QueueRunner(" not in code
    assert ".padded_batch(4, drop_remainder=True)" in result.code


@pytest.mark.parametrize("new, why", [
    pytest.param(_BY_HAND.replace(", start=True", ""), "is not added by `add_queue_runner(runner)`",
                 id="threads-made-not-started"),
    pytest.param("        def start():\n            return runner.create_threads(sess, coord=coord, start=True)\n\n"
                 "        threads += start()\n", "is not added by `add_queue_runner(runner)`",
                 id="started-in-a-nested-function"),
])
def test_a_runner_started_otherwise_is_left_with_the_reason(new, why):
    source = _variant("runner_started_by_hand", _BY_HAND, new)
    result = rewrite(source, to="tfdata")
    assert result.code == source
    assert any(why in n.message for n in result.refused), result.notes


_LOOPED = '''
import tensorflow.compat.v1 as tf


def elements(files):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    queue = tf.RandomShuffleQueue(16, 4, [tf.float32])
    enqueue_ops = []
    for _ in range(2):
        _, line = tf.TextLineReader().read(filename_queue)
        enqueue_ops.append(queue.enqueue([tf.strings.to_number(line)]))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, enqueue_ops))
    return queue.dequeue()
'''

_RETURNED = '''
import tensorflow as tf


def build(files):
    filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1)
    _, raw = tf.compat.v1.TextLineReader().read(filename_queue)
    queue = tf.queue.PaddingFIFOQueue(8, [tf.string], shapes=[[]])
    op = queue.enqueue([raw])
    runner = tf.compat.v1.train.QueueRunner(queue, [op])
    return queue, runner


def main(files):
    queue, runner = build(files)
    return queue.dequeue(), runner
'''

_FED = '''
import tensorflow.compat.v1 as tf


def make_replay(capacity):
    ph = tf.placeholder(tf.float32, [2])
    replay = tf.RandomShuffleQueue(capacity, 10, [tf.float32], shapes=[[2]])
    push = replay.enqueue([ph])
    return replay, push, ph


def main(sess, rows):
    replay, push, ph = make_replay(100)
    batch = replay.dequeue_many(4)
    for row in rows:
        sess.run(push, feed_dict={ph: row})
    return batch
'''

_ON_SELF = '''
import tensorflow.compat.v1 as tf


class Pool(object):
    def __init__(self, files):
        filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader().read(filename_queue)
        self.pool = tf.RandomShuffleQueue(16, 4, [tf.string])
        enqueue_ops = [self.pool.enqueue([line])] * 2
        tf.train.add_queue_runner(tf.train.QueueRunner(self.pool, enqueue_ops))

    def lines(self, n):
        return self.pool.dequeue_many(n)
'''


@pytest.mark.parametrize("source, kind, why", [
    pytest.param(_LOOPED, "RandomShuffleQueue", "read by a plain `dequeue()` that no batch call takes",
                 id="readers-loop-read-directly"),
    pytest.param(_RETURNED, "PaddingFIFOQueue", "returned to its callers, which read it", id="returned-with-runner"),
    pytest.param(_FED, "RandomShuffleQueue", "through placeholders (the feed-thread pattern) and returned to its "
                 "callers", id="fed-queue-returned-by-a-helper"),
    pytest.param(_ON_SELF, "RandomShuffleQueue", "read outside `__init__`", id="kept-on-self-read-elsewhere"),
])
def test_a_hand_built_queue_left_says_what_fills_it_and_why_it_is_left(source, kind, why):
    result = rewrite(source, to="tfdata")
    assert result.code == source
    notes = [n.message for n in result.refused if f"{kind}` left" in n.message]
    assert notes and why in notes[0], result.notes
    assert "feed-thread pattern) is not rewritten yet" not in notes[0]
    queue = [f for f in scan_source(source, outcomes=True) if f.api.endswith(kind)]
    assert queue and all(f.tfdata.startswith("left: ") and why in f.tfdata for f in queue), queue


_SPREAD = '''
import tensorflow.compat.v1 as tf


def read_one(filename_queue):
    _, raw = tf.TextLineReader().read(filename_queue)
    return raw


def build(filename_queue):
    raw = read_one(filename_queue)
    queue = tf.PaddingFIFOQueue(8, [tf.string], shapes=[[]])
    op = queue.enqueue([raw])
    runner = tf.train.QueueRunner(queue, [op])
    return queue, runner


def main(files):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1)
    queue, runner = build(filename_queue)
    return queue.dequeue(), runner
'''


@pytest.mark.parametrize("source, line, why", [
    pytest.param(_LOOPED, 6, "stays with the pipeline left at line 7 of the same function",
                 id="producer-beside-its-queue"),
    pytest.param(_LOOPED, 10, "stays with the pipeline left at line 7 of the same function",
                 id="reader-in-the-loop"),
    pytest.param(_SPREAD, 6, "`read_one` is called by `build`, whose pipeline at line 12 is left", id="reader-helper-of-the-queue's-function"),
    pytest.param(_SPREAD, 19, "`filename_queue` is passed to `build` (line 20)", id="producer-passed-on"),
])
def test_the_reader_and_producer_of_a_left_queue_point_at_its_reason(source, line, why):
    result = rewrite(source, to="tfdata")
    notes = [n.message for n in result.refused if n.line == line]
    assert notes and why in notes[0], result.notes
    assert "not part of a pipeline the rewrite recognises" not in notes[0]


_BUILDER = '''\
import tensorflow.compat.v1 as tf

CAPACITY = 12


def build(filename_queue):
    _, line = tf.TextLineReader().read(filename_queue)
    queue = tf.FIFOQueue(CAPACITY, [tf.string], shapes=[[]])
    runner = tf.train.QueueRunner(queue, [queue.enqueue([line])])
    return queue, runner
'''
_CALLER = '''\
{imports}
from lib import builders


def main(files):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    queue, runner = builders.build(filename_queue)
    lines = queue.dequeue_many(4)
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = runner.create_threads(sess, coord=coord, start=True)
    return sess.run(lines), threads
'''


@pytest.mark.parametrize("imports, inlined", [
    ("import tensorflow.compat.v1 as tf", True),
    # the caller's `tf` is another module than the builder's: its statements would mean other calls there
    ("import tensorflow as tf\ntf = tf.compat.v1", False),
])
def test_a_queue_builder_of_another_module_is_inlined_only_where_its_names_mean_the_same(tmp_path, imports, inlined):
    (tmp_path / "lib").mkdir()
    sources = {str(tmp_path / "lib" / "__init__.py"): "", str(tmp_path / "lib" / "builders.py"): _BUILDER,
               str(tmp_path / "main.py"): _CALLER.format(imports=imports)}
    results = rewrite_tree(sources, root=str(tmp_path))
    main, lib = results[str(tmp_path / "main.py")], results[str(tmp_path / "lib" / "builders.py")]
    assert main.source == sources[str(tmp_path / "main.py")]  # (the result is of the text as given)
    if inlined:
        assert not main.refused and not lib.refused, (main.notes, lib.notes)
        assert "def build(" not in lib.code and "builders.build(" not in main.code
        assert "builders.CAPACITY" in main.code or ".batch(4" in main.code
        assert "make_one_shot_iterator(" in main.code and "FIFOQueue(" not in main.code
    else:
        assert main.code == sources[str(tmp_path / "main.py")] and lib.code == _BUILDER
        assert main.refused


_ACTORS = '''
import threading

import tensorflow.compat.v1 as tf


def play(sess, push, holders, rows):
    state, reward = holders
    for row in rows:
        sess.run(push, feed_dict={state: row[:2], reward: row[2]})


def replay_memory(capacity):
    state = tf.placeholder(tf.float32, [2])
    reward = tf.placeholder(tf.float32, [])
    memory = tf.RandomShuffleQueue(capacity, 8, [tf.float32, tf.float32], shapes=[[2], []])
    return memory, memory.enqueue([state, reward]), (state, reward)


def learner(sess, logs):
    memory, push, holders = replay_memory(64)
    states, rewards = memory.dequeue_up_to(5)
    actors = [threading.Thread(target=play, args=(sess, push, holders, rows)) for rows in logs]
    for actor in actors:
        actor.start()
    return states, rewards
'''


def test_a_replay_queue_fed_by_actor_threads_of_another_function_is_rewritten_at_its_caller():
    # (held-out round 12's replay actors: the queue made in a builder, read by its caller, fed by thread targets;
    # the builder is inlined at its one call, ``feed_builders.py``, and the feed-thread rewrite takes it there)
    result = rewrite(_ACTORS, to="tfdata")
    assert "RandomShuffleQueue(" not in result.code and "def replay_memory" not in result.code, result.code
    assert ".shuffle(64)" in result.code and ".batch(5, drop_remainder=False)" in result.code
    assert [n.kind for n in result.notes] == ["info"], result.notes


def test_a_replay_queue_builder_used_beside_its_call_names_its_builder_reader_and_feeders():
    # (the builder also read otherwise: not inlined, and the queue, returned, is left with the reason)
    text = _ACTORS.replace("    memory, push, holders = replay_memory(64)\n",
                           "    memory, push, holders = replay_memory(64)\n    learner.builder = replay_memory\n")
    result = rewrite(text, to="tfdata")
    assert result.code == text
    notes = [n.message for n in result.refused if "RandomShuffleQueue` left" in n.message]
    assert notes, result.notes
    assert "here `replay_memory` makes it and `learner` reads it; the threads of `play` feed it" in notes[0]
    assert "an interleave of them and a `RandomShuffleQueue` a `shuffle`" in notes[0]
