"""No program left broken (issue 17.6): programs the tf.data rewrite refuses, migrated with
``--to tfdata --fallback compat``, and a TensorFlow 1.x style entry point migrated with ``--to compat``, run
on TensorFlow 2.21 and deliver what the originals deliver under ``tensorflow.compat.v1`` graph mode.

Two subprocesses: the originals, then the migrated files (which first check, still in eager mode, that the
drop-in's eager refusals say the fix).
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from tfdata_bridge.migrate import rewrite, scan_source

pytestmark = pytest.mark.timeout(600)

ROOT = pathlib.Path(__file__).resolve().parents[2]

PROGRAMS = {
    # a producer that reads a variable: the rewrite has no source to lift, so it refuses
    "variable_producer": """
        import tensorflow.compat.v1 as tf

        tf.disable_eager_execution()


        def main():
            with tf.Graph().as_default():
                counter = tf.Variable(0, dtype=tf.int64)
                batch = tf.train.batch([counter.assign_add(1) * 10], batch_size=4, capacity=8)
                with tf.Session() as sess:
                    sess.run(tf.global_variables_initializer())
                    coord = tf.train.Coordinator()
                    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
                    out = [sess.run(batch).tolist() for _ in range(3)]
                    coord.request_stop()
                    coord.join(threads, stop_grace_period_secs=30)
            return out
        """,
    # TensorFlow's own modules, and a helper: the rewrite does not follow them
    "tensorflow_python_reader": """
        import sys

        import tensorflow.compat.v1 as tf
        from tensorflow.python.training import input as tf_input

        tf.disable_eager_execution()


        def lines(files):
            queue = tf_input.string_input_producer(files, num_epochs=1, shuffle=False)
            _, line = tf.TextLineReader().read(queue)
            return tf_input.batch([line], batch_size=3, allow_smaller_final_batch=True)


        def main():
            with tf.Graph().as_default():
                batch = lines(sys.argv[1:])
                out = []
                with tf.Session() as sess:
                    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
                    coord = tf.train.Coordinator()
                    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
                    try:
                        while True:
                            out.append([v.decode() for v in sess.run(batch)])
                    except tf.errors.OutOfRangeError:
                        pass
                    coord.request_stop()
                    coord.join(threads, stop_grace_period_secs=30)
            return out
        """,
    # a queue imported on its own and fed by a thread: the rewrite wants a module alias
    "bare_queue_feed_thread": """
        import threading

        import tensorflow.compat.v1 as tf
        from tensorflow.compat.v1 import FIFOQueue

        tf.disable_eager_execution()


        def main():
            with tf.Graph().as_default():
                x = tf.placeholder(tf.int64, [])
                queue = FIFOQueue(4, tf.int64, shapes=[[]])
                enqueue, close = queue.enqueue(x), queue.close()
                batch = queue.dequeue_up_to(3)
                out = []
                with tf.Session() as sess:
                    def feed():
                        for i in range(10):
                            sess.run(enqueue, feed_dict={x: i * i})
                        sess.run(close)

                    thread = threading.Thread(target=feed, daemon=True)
                    thread.start()
                    try:
                        while True:
                            out.append(sess.run(batch).tolist())
                    except tf.errors.OutOfRangeError:
                        pass
                    thread.join(timeout=60)
            return out
        """,
}

# TensorFlow 1.x style: `import tensorflow as tf`, no execution mode set; the reference is the same code on
# tensorflow.compat.v1 in graph mode (on TensorFlow 2 the original cannot run at all)
TF1_STYLE = """
    import tensorflow as tf


    def main():
        with tf.Graph().as_default():
            row = tf.train.slice_input_producer([tf.range(10)], num_epochs=1, shuffle=False)
            batch = tf.train.batch(row, batch_size=4, allow_smaller_final_batch=True)
            out = []
            with tf.Session() as sess:
                sess.run(tf.local_variables_initializer())
                coord = tf.train.Coordinator()
                threads = tf.train.start_queue_runners(sess=sess, coord=coord)
                try:
                    while True:
                        out.append(sess.run(batch).tolist())
                except tf.errors.OutOfRangeError:
                    pass
                coord.request_stop()
                coord.join(threads, stop_grace_period_secs=30)
        return out


    if __name__ == "__main__":
        main()
    """

RUNNER = """
import json, runpy, sys
out = {}
if sys.argv[1] == "migrated":
    import tfdata_bridge.compat.v1 as bridge  # eager still: what the refusals say
    for name, make in [("producer", lambda: bridge.train.string_input_producer(["a"])),
                       ("reader", lambda: bridge.TFRecordReader())]:
        try:
            make()
        except RuntimeError as exc:
            out["eager_" + name] = str(exc)
data, paths = sys.argv[2], sys.argv[3:]
for path in paths:
    sys.argv[1:] = [data]
    module = runpy.run_path(path, run_name="program")
    out[path.rsplit("/", 1)[-1]] = module["main"]()
print(json.dumps(out))
"""


def _run(kind: str, data: pathlib.Path, paths: list[pathlib.Path]) -> dict:
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", RUNNER, kind, str(data), *map(str, paths)], capture_output=True,
                         text=True, timeout=500, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_refused_programs_migrated_with_the_fallback_and_a_tf1_entry_point_run_as_legacy(tmp_path):
    data = tmp_path / "lines.txt"
    data.write_text("".join(f"line {i}\n" for i in range(8)))
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    original.mkdir()
    migrated.mkdir()
    for name, text in PROGRAMS.items():
        source = textwrap.dedent(text).lstrip("\n")
        (original / f"{name}.py").write_text(source)
        result = rewrite(source, to="tfdata", fallback="compat")
        if result.refused:  # the rewrite refused it: the file goes through the drop-in
            assert result.fallback == "compat", name
        else:  # the rewrite takes it whole now (tensorflow.python.* imports since the dataflow recognizer)
            assert result.fallback is None and "tfdata_bridge" not in result.code, name
        assert scan_source(result.code) == (), name  # nothing reaches TensorFlow's own queues
        (migrated / f"{name}.py").write_text(result.code)
    tf1 = textwrap.dedent(TF1_STYLE).lstrip("\n")
    (original / "tf1_style.py").write_text(
        tf1.replace("import tensorflow as tf\n", "import tensorflow.compat.v1 as tf\ntf.disable_eager_execution()\n"))
    result = rewrite(tf1, to="compat")
    assert "tf.disable_eager_execution()" in result.code.splitlines()[1]
    (migrated / "tf1_style.py").write_text(result.code)
    names = [*(f"{n}.py" for n in PROGRAMS), "tf1_style.py"]
    legacy = _run("original", data, [original / n for n in names])
    ours = _run("migrated", data, [migrated / n for n in names])
    for name in names:
        assert ours[name] == legacy[name], name  # every program here is deterministic in legacy: same order
    assert legacy["variable_producer.py"] == [[10, 20, 30, 40], [50, 60, 70, 80], [90, 100, 110, 120]]
    assert legacy["tensorflow_python_reader.py"][-1] == ["line 6", "line 7"]
    assert sum(legacy["bare_queue_feed_thread.py"], []) == [i * i for i in range(10)]
    assert legacy["tf1_style.py"] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    for what in ("eager_producer", "eager_reader"):
        assert "not supported when eager execution is enabled" in ours[what]  # TensorFlow's words first
        assert "tf.compat.v1.disable_eager_execution() at the top of the program" in ours[what]
        assert "migrate --to tfdata" in ours[what]
