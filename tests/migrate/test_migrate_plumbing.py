"""The plumbing of real training loops (issue 17 item 4) once the pipeline is tf.data, in the import styles and
shapes real code used: a Coordinator that only started and stopped runners (a loop over the QUEUE_RUNNERS
collection, ``and not coord.should_stop()`` in a test, ``coord.request_stop(e)`` in a handler), a Supervisor
whose only work was to initialise and start the runners, ``enqueue_many=True`` of in-memory data, a dict
changed between the parse and the batch. Text tests need no TensorFlow; one test runs a handful of programs
both ways in one process (``run_programs.py``) and compares what they deliver."""

from __future__ import annotations

import pathlib
import textwrap

import pytest
from both_ways import assert_delivers_the_same, run_both_ways

from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source

IMPORTS = [("import tensorflow.compat.v1 as tf", "tf"),
           ("import tensorflow as tf", "tf.compat.v1"),
           ("import tensorflow as tf\nv1 = tf.compat.v1", "v1")]


def _tfdata(source: str):
    result = rewrite(textwrap.dedent(source), to="tfdata")
    return result, result.code


def _messages(result) -> str:
    return " | ".join(n.message for n in result.notes)


def _queue_apis(code: str) -> list[str]:
    return [f.api for f in scan_source(code)]


# -- a Coordinator that only started and stopped runners ---------------------------------------------------------
COORD_LOOP = '''\
{imports}


def main(files):
    queue = {v1}.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = {v1}.TextLineReader().read(queue)
    a, b = {v1}.decode_csv(line, [[0], [0]])
    xs, ys = {v1}.train.batch([a, b], batch_size=2)
    out = []
    with {v1}.Session() as sess:
        coord = {v1}.train.Coordinator()
        try:
            threads = []
            for runner in {v1}.get_collection({v1}.GraphKeys.QUEUE_RUNNERS):
                {collect}
            step = 0
            while {test}:
                out.append(sess.run([xs, ys]))
                step += 1
        except Exception as exc:  # pylint: disable=broad-except
            {handler}
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return out
'''


@pytest.mark.parametrize("imports, v1", IMPORTS)
@pytest.mark.parametrize("collect", ["threads.extend(runner.create_threads(sess, coord=coord, daemon=True, start=True))",
                                     "threads += runner.create_threads(sess, coord, True, True)"])
@pytest.mark.parametrize("test", ["step < 3 and not coord.should_stop()", "not coord.should_stop() and step < 3"])
def test_a_coordinator_that_only_ran_the_runners_goes_with_them(imports, v1, collect, test):
    source = COORD_LOOP.format(imports=imports, v1=v1, collect=collect, test=test, handler="coord.request_stop(exc)")
    result, code = _tfdata(source)
    assert "queue-runner plumbing removed" in _messages(result), _messages(result)
    assert "Coordinator" not in code and "QUEUE_RUNNERS" not in code and "threads" not in code
    assert "while step < 3:" in code
    # the handler keeps what the coordinator did with the exception: OutOfRangeError ends quietly, others raise
    assert ".errors.OutOfRangeError:\n            pass" in code and "except Exception" not in code
    assert "pylint" not in code
    assert _queue_apis(code) == []


def test_a_handler_that_does_more_than_request_a_stop_keeps_its_other_work_and_raises_the_rest():
    source = COORD_LOOP.format(imports="import tensorflow.compat.v1 as tf", v1="tf",
                               collect="threads.extend(runner.create_threads(sess, coord=coord, start=True))",
                               test="step < 3 and not coord.should_stop()",
                               handler="out.append('stopped')\n            coord.request_stop(exc)")
    _, code = _tfdata(source)
    assert "except Exception as exc:" in code
    assert "out.append('stopped')\n            if not isinstance(exc, tf.errors.OutOfRangeError):\n" \
           "                raise" in code


def test_a_loop_that_requests_its_own_stop_keeps_the_coordinator():
    source = COORD_LOOP.format(imports="import tensorflow.compat.v1 as tf", v1="tf",
                               collect="threads.extend(runner.create_threads(sess, coord=coord, start=True))",
                               test="step < 3 and not coord.should_stop()",
                               handler="coord.request_stop(exc)").replace(
        "step += 1", "step += 1\n                if step == 2:\n                    coord.request_stop()")
    result, code = _tfdata(source)
    assert "not coord.should_stop()" in code and "coord.request_stop()" in code and "coord.join(threads" in code
    # the runners' loop goes (it starts nothing once no queue is left); the coordinator, the program's stop flag,
    # stays with every use of it
    assert "queue-runner plumbing removed" in _messages(result) and "QUEUE_RUNNERS" not in code
    assert "`coord` kept: a Coordinator used as the loop's stop flag, no runners" in _messages(result)
    assert "threads = []" in code and _queue_apis(code) == []  # (a stop flag is no queue use: scan.stop_flags)
    # the line the note names is the program's own (it named the rewritten module's, past the program's end)
    said = int(_messages(result).split("(read at line ")[1].split(")")[0])
    assert "coord.should_stop()" in source.splitlines()[said - 1], (said, _messages(result))


def test_a_runner_loop_over_another_collection_is_not_plumbing():
    source = COORD_LOOP.format(imports="import tensorflow.compat.v1 as tf", v1="tf",
                               collect="threads.extend(runner.create_threads(sess, coord=coord, start=True))",
                               test="step < 3", handler="coord.request_stop(exc)").replace(
        "tf.GraphKeys.QUEUE_RUNNERS", "'my_runners'")
    result, code = _tfdata(source)
    assert "my_runners" in code and "coord" in code


def test_a_main_module_whose_runners_ran_a_pipeline_rewritten_in_its_import_loses_them(tmp_path):
    lib = tmp_path / "inputs_lib.py"
    lib.write_text(textwrap.dedent('''\
        import tensorflow.compat.v1 as tf


        def inputs(files):
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            _, line = tf.TextLineReader().read(queue)
            a, b = tf.decode_csv(line, [[0], [0]])
            return tf.train.batch([a, b], batch_size=2)
        '''))
    main = tmp_path / "main.py"
    main.write_text(textwrap.dedent(COORD_LOOP.format(
        imports="import tensorflow as tf\nfrom inputs_lib import inputs", v1="tf.compat.v1",
        collect="threads.extend(runner.create_threads(sess, coord=coord, start=True))",
        test="step < 3 and not coord.should_stop()", handler="coord.request_stop(exc)")).replace(
        "    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)\n"
        "    _, line = tf.compat.v1.TextLineReader().read(queue)\n"
        "    a, b = tf.compat.v1.decode_csv(line, [[0], [0]])\n"
        "    xs, ys = tf.compat.v1.train.batch([a, b], batch_size=2)\n", "    xs, ys = inputs(files)\n"))
    both = rewrite_tree({str(lib): lib.read_text(), str(main): main.read_text()}, root=str(tmp_path))
    assert "Coordinator" not in both[str(main)].code
    assert _queue_apis(both[str(main)].code) == []
    # alone (its import not migrated with it), the main module keeps the runners its import's queues need
    alone = rewrite_tree({str(main): main.read_text()}, root=str(tmp_path))
    assert "Coordinator" in alone[str(main)].code


# -- a Supervisor that only initialised and ran the runners ------------------------------------------------------
SUPERVISED = '''\
{imports}


def pipeline(files):
    queue = {v1}.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = {v1}.TextLineReader().read(queue)
    a, b = {v1}.decode_csv(line, [[0], [0]])
    return {v1}.train.batch([a, b], batch_size=2, allow_smaller_final_batch=True)


def main(files):
    xs, ys = pipeline(files)
    out = []
    sv = {supervisor}({args})
    with sv.managed_session() as sess:
{body}
    return out
'''
LOOP = '''\
        while not sv.should_stop():
            out.append(sess.run([xs, ys]))'''


@pytest.mark.parametrize("imports, v1, supervisor", [
    ("import tensorflow.compat.v1 as tf", "tf", "tf.train.Supervisor"),
    ("import tensorflow as tf", "tf.compat.v1", "tf.compat.v1.train.Supervisor"),
    ("import tensorflow.compat.v1 as tf\nfrom tensorflow.compat.v1 import train", "tf", "train.Supervisor"),
    ("import tensorflow.compat.v1 as tf\nfrom tensorflow.python.training import supervisor", "tf",
     "supervisor.Supervisor"),
])
def test_a_supervisor_without_logdir_becomes_a_session_that_initialises_as_it_did(imports, v1, supervisor):
    source = SUPERVISED.format(imports=imports, v1=v1, supervisor=supervisor,
                               args="logdir=None, init_op=init, summary_op=None, saver=None", body=LOOP)
    source = source.replace("    out = []\n", f"    out = []\n    init = {v1}.local_variables_initializer()\n")
    result, code = _tfdata(source)
    assert "replaced by a Session" in _messages(result), _messages(result)
    assert "Supervisor" not in code and "should_stop" not in code
    assert f"with {v1}.Session() as sess:\n        sess.run(init)\n" in code
    assert f"except {v1}.errors.OutOfRangeError:\n            pass" in code  # managed_session's quiet end
    assert _queue_apis(code) == []


def test_the_supervisor_defaults_init_fn_and_feed_are_written_out_in_its_order():
    body = '''\
        sv.start_queue_runners(sess)
        for _ in range(3):
            if sv.should_stop():
                break
            out.append(sess.run([xs, ys]))
        sv.request_stop()'''
    source = SUPERVISED.format(imports="import tensorflow.compat.v1 as tf", v1="tf", supervisor="tf.train.Supervisor",
                               args="init_feed_dict={rate: 0.5}, init_fn=warm_start", body=body)
    _, code = _tfdata(source)
    start = code.index("with tf.Session() as sess:")
    assert code[start:].startswith(
        "with tf.Session() as sess:\n"
        "        sess.run(tf.global_variables_initializer(), feed_dict={rate: 0.5})\n"
        "        warm_start(sess)\n"
        "        sess.run(tf.group(tf.local_variables_initializer(), tf.tables_initializer()))\n"
        "        try:\n            for _ in range(3):\n                out.append(sess.run([xs, ys]))\n")
    assert "sv." not in code


def test_a_body_that_catches_out_of_range_itself_is_not_wrapped_again():
    body = '''\
        try:
            while not sv.should_stop():
                out.append(sess.run([xs, ys]))
        except tf.errors.OutOfRangeError:
            out.append("end")'''
    source = SUPERVISED.format(imports="import tensorflow.compat.v1 as tf", v1="tf", supervisor="tf.train.Supervisor",
                               args="", body=body)
    _, code = _tfdata(source)
    assert code.count("OutOfRangeError") == 1 and "while True:" in code


@pytest.mark.parametrize("args, body, why", [
    ("logdir=FLAGS.train_dir", LOOP, "has a `logdir`"),
    ("logdir='/tmp/run', save_model_secs=60", LOOP, "has a `logdir`"),
    ("summary_writer=writer", LOOP, "takes `summary_writer`"),
    ("is_chief=task == 0", LOOP, "takes `is_chief`"),
    ("", LOOP.replace("out.append(", "sv.saver.save(sess, 'x')\n            out.append("), "used beyond"),
    ("", LOOP.replace("out.append(", "if len(out) > 2:\n                sv.request_stop()\n            out.append("),
     "used beyond"),
    ("", "        sv.request_stop()\n" + LOOP, "tested after"),
])
def test_a_supervisor_that_does_more_is_kept_and_says_why(args, body, why):
    source = SUPERVISED.format(imports="import tensorflow.compat.v1 as tf", v1="tf", supervisor="tf.train.Supervisor",
                               args=args, body=body)
    result, code = _tfdata(source)
    assert "tf.train.Supervisor(" in code and "sv.managed_session()" in code
    assert "Supervisor kept" in _messages(result) and why in _messages(result), _messages(result)


def test_a_supervisor_is_kept_while_a_queue_pipeline_is_left():
    source = SUPERVISED.format(imports="import tensorflow.compat.v1 as tf", v1="tf", supervisor="tf.train.Supervisor",
                               args="", body=LOOP).replace("_, line = tf.TextLineReader().read(queue)",
                                                           "_, line = tf.LMDBReader().read(queue)")
    _, code = _tfdata(source)
    assert "tf.train.Supervisor()" in code


def test_scan_says_the_supervisor_goes():
    source = textwrap.dedent(SUPERVISED.format(imports="import tensorflow.compat.v1 as tf", v1="tf",
                                               supervisor="tf.train.Supervisor", args="", body=LOOP))
    said = {f.api: f.tfdata for f in scan_source(source, outcomes=True)}
    assert said["tf.compat.v1.train.Supervisor"].startswith("removed")


# -- enqueue_many of in-memory data ------------------------------------------------------------------------------
IN_MEMORY = '''\
import numpy as np
{imports}

ROWS = [[1, 2], [3, 4], [5, 6]]


def load(path):
    table = np.loadtxt(path, delimiter=",")
    return table[:, :2], table[:, 2].astype(np.int32)


def main(path, config):
    features, labels = load(path)
{made}
    batch = {v1}.train.{api}({tensors}, config.batch_size, enqueue_many=True, capacity=30{more})
    return batch
'''


@pytest.mark.parametrize("imports, v1", IMPORTS)
@pytest.mark.parametrize("made, tensors", [
    ("    x_all = {v1}.constant(features)\n    y_all = {v1}.constant(labels)", "[x_all, y_all]"),
    ("", "[features, labels]"),
    ("", "[{v1}.constant(ROWS), np.arange(3)]"),
    ("    table = {v1}.convert_to_tensor(np.asarray(ROWS, dtype=np.float32))", "{{'x': table, 'y': labels}}"),
    ("", "[features[:, 0], labels]"),
    ("", "[ROWS, np.zeros(3)]"),  # a module-level constant
])
def test_enqueue_many_of_in_memory_data_becomes_its_rows_repeated(imports, v1, made, tensors):
    source = IN_MEMORY.format(imports=imports, v1=v1, api="batch", made=made.format(v1=v1),
                              tensors=tensors.format(v1=v1), more="")
    result, code = _tfdata(source)
    assert not result.refused, _messages(result)
    assert ".from_tensor_slices((" in code and ".repeat()\n" in code and "enqueue_many=True" not in code
    assert ".batch(config.batch_size, drop_remainder=True)" in code
    assert _queue_apis(code) == []


def test_shuffle_batch_of_in_memory_data_shuffles_the_repeated_rows():
    source = IN_MEMORY.format(imports="import tensorflow.compat.v1 as tf", v1="tf", api="shuffle_batch", made="",
                              tensors="[features, labels]", more=", min_after_dequeue=10, seed=3")
    _, code = _tfdata(source)
    assert ".repeat()\n" in code and ".shuffle(30, seed=3)" in code


@pytest.mark.parametrize("made, tensors, why", [
    ("    x = tf.placeholder_with_default(tf.constant(ROWS), [None, 2])\n    tf.add_to_collection('rows', x)", "[x]",
     "may give another value"),  # (one no run can feed is its default: test_migrate_r34h_unfed_defaults.py)
    ("    x = tf.random_uniform([10, 2])", "[x]", "may give another value"),
    ("", "[path]", "not bound once"),
    ("    v = tf.Variable(ROWS)", "[v]", "may give another value"),
    ("    v = make_rows()", "[v]", "not a call the rewrite knows"),
])
def test_enqueue_many_of_what_may_change_at_each_run_is_refused(made, tensors, why):
    source = IN_MEMORY.format(imports="import tensorflow.compat.v1 as tf", v1="tf", api="batch", made=made,
                              tensors=tensors, more="")
    result, code = _tfdata(source)
    assert "tf.train.batch(" in code
    assert why in _messages(result) and "not in-memory data" in _messages(result), _messages(result)


def test_a_loader_that_uses_tensorflow_may_return_tensors():
    source = IN_MEMORY.format(imports="import tensorflow.compat.v1 as tf", v1="tf", api="batch", made="",
                              tensors="[features, labels]", more="").replace(
        "table = np.loadtxt(path, delimiter=\",\")", "table = tf.io.decode_csv(path, [[0.0]] * 3)")
    result, code = _tfdata(source)
    assert "tf.train.batch(" in code and "may return tensors" in _messages(result)


# -- a dict changed between the parse and the batch --------------------------------------------------------------
DICT = '''\
import tensorflow.compat.v1 as tf

SPEC = {"x": tf.FixedLenFeature([3], tf.float32), "label": tf.FixedLenFeature([1], tf.int64)}


def input_fn(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    features = tf.parse_single_example(serialized, SPEC)
{changes}
    batch = tf.train.batch(features, batch_size=4)
    labels = batch.pop("label")
    return batch, labels


def main(files):
    features, labels = input_fn(files)
    features["extra"] = labels
    return features
'''


@pytest.mark.parametrize("changes", [
    '    label = features.pop("label")\n    features["doubled"] = features["x"] * 2\n    features["label"] = label',
    '    features.update({"x_sum": tf.reduce_sum(features["x"])})',
    '    features["x"] += 1.0',
    '    del features["x"]\n    features.setdefault("x2", tf.zeros([3]))',
])
def test_a_dict_changed_in_place_before_its_batch_moves_into_the_map_function(changes):
    result, code = _tfdata(DICT.replace("{changes}", changes))
    assert not result.refused, _messages(result)
    fn = code[code.index("def parse_record"):code.index("file_names = (")]
    for line in changes.splitlines():
        assert line.strip() in fn
    assert fn.rstrip().endswith("return features")
    assert 'labels = batch.pop("label")' in code and 'features["extra"] = labels' in code  # after the batch: kept
    assert _queue_apis(code) == []


def test_a_dict_also_used_outside_the_pipeline_is_still_refused():
    source = DICT.replace("{changes}", '    features["label"] = features["label"] + 1\n    SEEN.append(features)')
    result, code = _tfdata(source)
    assert "tf.train.batch(" in code and "also used outside the pipeline" in _messages(result)


# -- both ways, in one process -----------------------------------------------------------------------------------
PROGRAMS = {
    # a Supervisor from tensorflow.python, its init_fn, a step loop with `if sv.should_stop(): break`
    "supervised_steps": '''\
import tensorflow as tf
from tensorflow.python.training import supervisor as supervisor_lib

v1 = tf.compat.v1
CALLS = []


def main(data_dir):
    files = sorted(v1.gfile.Glob(data_dir + "/table-*.csv"))
    queue = v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = v1.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.io.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    xs, ys = v1.train.batch([tf.stack([tf.cast(a, tf.float32), b]), label], batch_size=7,
                            allow_smaller_final_batch=True)
    sv = supervisor_lib.Supervisor(init_fn=CALLS.append, summary_op=None)
    out = []
    with sv.managed_session() as sess:
        sv.start_queue_runners(sess)
        while not sv.should_stop():
            x, y = sess.run([xs, ys])
            out.append([x.tolist(), y.tolist()])
    return {"batches": out, "end": "quiet" if len(CALLS) == 1 else "init_fn not called once"}
''',
    # a Coordinator with runners started one by one, a handler recording the exception, a compound test
    "runner_loop_handler": '''\
import tensorflow.compat.v1 as tf


def main(data_dir):
    files = [data_dir + "/records-%d.tfrecord" % i for i in range(2)]
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                    "label": tf.FixedLenFeature([1], tf.int64)})
    features["x_sum"] = tf.reduce_sum(features["x"])
    label = features.pop("label")
    features["label2"] = label * 2
    batch = tf.train.batch(features, batch_size=6, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = []
        for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
            threads += qr.create_threads(sess, coord=coord, daemon=True, start=True)
        step = 0
        try:
            while step < 100 and not coord.should_stop():
                got = sess.run(batch)
                out.append({k: v.tolist() for k, v in got.items()})
                step += 1
        except Exception as e:
            coord.request_stop(e)
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "end"}
''',
    # enqueue_many of numpy arrays, a list and a constant, several runner threads, a fixed number of steps
    "in_memory_threads": '''\
import numpy as np
import tensorflow as tf


def rows():
    grid = np.arange(26, dtype=np.float32).reshape(13, 2)
    return grid, list(range(13))


def main(data_dir):
    grid, ids = rows()
    names = tf.compat.v1.constant(["r%d" % i for i in range(13)])
    x, i, n = tf.compat.v1.train.batch([grid, ids, names], batch_size=5, enqueue_many=True, num_threads=3,
                                       capacity=40)
    sess = tf.compat.v1.Session()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess)
    out = [[v.tolist() if hasattr(v, "tolist") else v for v in sess.run([x, i, n])] for _ in range(8)]
    out = [[a, b, [s.decode() for s in c]] for a, b, c in out]
    sess.close()
    return {"batches": out, "end": "steps" if threads is not None else "no threads"}
''',
}


def test_the_rewritten_plumbing_delivers_what_the_original_delivers(tmp_path):
    original, migrated, data = tmp_path / "original", tmp_path / "migrated", tmp_path / "data"
    original.mkdir()
    migrated.mkdir()
    for name, text in PROGRAMS.items():
        (original / f"{name}.py").write_text(text)
    results = rewrite_tree({str(original / f"{n}.py"): t for n, t in PROGRAMS.items()}, root=str(original))
    for path, result in results.items():
        assert not result.refused, result.notes
        assert _queue_apis(result.code) == [], (path, result.code)
        (migrated / pathlib.Path(path).name).write_text(result.code)
    runs = run_both_ways({n: (original / f"{n}.py", migrated / f"{n}.py") for n in PROGRAMS}, data, timeout=600)
    for name, (before, after) in runs.items():
        assert_delivers_the_same(name, before, after, "exact", end=None)


def test_managed_session_arguments_become_the_session_s_by_name():
    body = LOOP
    source = SUPERVISED.format(imports="import tensorflow.compat.v1 as tf", v1="tf", supervisor="tf.train.Supervisor",
                               args="", body=body).replace("sv.managed_session()",
                                                           "sv.managed_session(FLAGS.master, cfg, start_standard_services=False)")
    _, code = _tfdata(source)
    assert "with tf.Session(target=FLAGS.master, config=cfg) as sess:" in code  # (not Session's graph=)


@pytest.mark.parametrize("imports, v1", IMPORTS)
def test_a_stop_on_exception_block_keeps_its_quiet_end_at_out_of_range(imports, v1):
    source = COORD_LOOP.format(imports=imports, v1=v1, collect="threads.extend(runner.create_threads(sess, coord))",
                               test="step < 3", handler="raise").replace(
        "        try:\n", "        with coord.stop_on_exception():\n").replace(
        "        except Exception as exc:  # pylint: disable=broad-except\n            raise\n", "")
    result, code = _tfdata(source)
    assert "queue-runner plumbing removed" in _messages(result), _messages(result)
    assert "coord" not in code and "stop_on_exception" not in code
    assert "        try:\n            step = 0\n" in code and ".errors.OutOfRangeError:\n            pass" in code
