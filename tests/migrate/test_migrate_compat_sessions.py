"""``migrate --to compat`` makes every session class of a file it converts the drop-in's (``compat_sessions.py``):
TensorFlow's own would run the graph before the drop-in shares an input producer between its consumers."""

from __future__ import annotations

import textwrap

import pytest

from tests.migrate import both_ways
from tfdata_bridge.migrate import rewrite

pytestmark = pytest.mark.timeout(300)


def _d(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


FIXES = [
    pytest.param(
        "import tensorflow as tf\nq = tf.compat.v1.train.string_input_producer(['a'])\n"
        "with tf.compat.v1.Session() as sess:\n    tf.compat.v1.train.start_queue_runners(sess)\n",
        "import tensorflow as tf\nimport tfdata_bridge.compat.v1\n"
        "q = tfdata_bridge.compat.v1.train.string_input_producer(['a'])\n"
        "with tfdata_bridge.compat.v1.Session() as sess:\n    tfdata_bridge.compat.v1.train.start_queue_runners(sess)\n",
        id="tf2-file-keeps-import-tensorflow"),
    pytest.param(
        "import tensorflow.compat.v1 as tf\nfrom tensorflow.compat.v1 import Session\n"
        "q = tf.train.string_input_producer(['a'])\nsess = Session()\n",
        "import tfdata_bridge.compat.v1 as tf\nfrom tensorflow.compat.v1 import Session\nimport tfdata_bridge.compat.v1\n"
        "q = tf.train.string_input_producer(['a'])\nsess = tfdata_bridge.compat.v1.Session()\n",
        id="class-imported-on-its-own"),
    pytest.param(
        "import tensorflow.compat.v1 as tf\nfrom tensorflow.python.client import session as session_lib\n"
        "q = tf.train.string_input_producer(['a'])\nsess = session_lib.Session(config=None)\n",
        "import tfdata_bridge.compat.v1 as tf\nfrom tensorflow.python.client import session as session_lib\n"
        "import tfdata_bridge.compat.v1\nq = tf.train.string_input_producer(['a'])\n"
        "sess = tfdata_bridge.compat.v1.Session(config=None)\n",
        id="tensorflow-python-client-module"),
    pytest.param(
        "import tensorflow.compat.v1 as tf\nfrom tensorflow.python.client.session import InteractiveSession as IS\n"
        "q = tf.train.string_input_producer(['a'])\nsess = IS()\n",
        "import tfdata_bridge.compat.v1 as tf\nfrom tensorflow.python.client.session import InteractiveSession as IS\n"
        "import tfdata_bridge.compat.v1\nq = tf.train.string_input_producer(['a'])\n"
        "sess = tfdata_bridge.compat.v1.InteractiveSession()\n",
        id="interactive-session-renamed"),
    pytest.param(
        "import tensorflow.compat.v1 as tf\nfrom tensorflow.python.training.monitored_session import MonitoredSession\n"
        "from tensorflow.python.training import supervisor\nq = tf.train.string_input_producer(['a'])\n"
        "s = MonitoredSession()\nsv = supervisor.Supervisor(logdir=None)\n",
        "import tfdata_bridge.compat.v1 as tf\nfrom tensorflow.python.training.monitored_session import MonitoredSession\n"
        "from tensorflow.python.training import supervisor\nimport tfdata_bridge.compat.v1\n"
        "q = tf.train.string_input_producer(['a'])\n"
        "s = tfdata_bridge.compat.v1.train.MonitoredSession()\nsv = tfdata_bridge.compat.v1.train.Supervisor(logdir=None)\n",
        id="monitored-session-and-supervisor-from-training-modules"),
    pytest.param(
        "import tensorflow.compat.v1 as tf1\nimport tensorflow.compat.v1 as v1\nx = tf1.train.batch([a], 2)\n"
        "s = v1.InteractiveSession()\n",
        "import tfdata_bridge.compat.v1 as tf1\nimport tensorflow.compat.v1 as v1\nimport tfdata_bridge.compat.v1\n"
        "x = tf1.train.batch([a], 2)\ns = tfdata_bridge.compat.v1.InteractiveSession()\n",
        id="second-alias-reaching-no-queue"),
    pytest.param(
        "import tensorflow as tf\nx = tf.train.batch([a], 2)\nt = tf.compat.v1.Session()\n",
        "import tfdata_bridge.compat.v1\nimport tfdata_bridge.compat.v1 as tf\nx = tf.train.batch([a], 2)\n"
        "t = tfdata_bridge.compat.v1.Session()\n",
        id="tf1-file-through-the-drop-ins-compat"),
    pytest.param(
        _d("""
        import tensorflow as tf
        class Trainer:
            def __init__(self):
                self.x = tf.compat.v1.train.batch([a], 2)
            def go(self):
                Session = list
                make = tf.compat.v1.Session
                return make(graph=None), Session()
        """),
        _d("""
        import tensorflow as tf
        import tfdata_bridge.compat.v1
        class Trainer:
            def __init__(self):
                self.x = tfdata_bridge.compat.v1.train.batch([a], 2)
            def go(self):
                Session = list
                make = tfdata_bridge.compat.v1.Session
                return make(graph=None), Session()
        """),
        id="class-method-reused-name"),
]


@pytest.mark.parametrize("before, after", FIXES)
def test_session_classes_of_a_converted_file_become_the_drop_ins(before, after):
    result = rewrite(before, to="compat")
    assert result.code == after
    assert any("now names `tfdata_bridge.compat.v1." in n.message and n.kind == "info" for n in result.notes)
    assert rewrite(after, to="compat").code == after


@pytest.mark.parametrize("source", [
    pytest.param("import tensorflow as tf\nsess = tf.compat.v1.Session()\n", id="no-queue-api"),
    pytest.param("import tensorflow.compat.v1 as tf\nx = tf.train.batch([a], 2)\nsess = tf.Session()\n",
                 id="already-the-drop-ins-after-the-import"),
    pytest.param("from tensorflow.compat.v1 import train, Session\ntrain.batch([a], 2)\nsess = Session()\n",
                 id="imported-from-a-module-turned-into-the-drop-in"),
    pytest.param("import tfdata_bridge.compat.v1 as tf\nx = tf.train.batch([a], 2)\nsess = tf.Session()\n",
                 id="already-migrated"),
])
def test_sessions_that_are_or_become_the_drop_ins_are_left(source):
    result = rewrite(source, to="compat")
    assert "tfdata_bridge.compat.v1.Session" not in result.code
    assert not any("now names" in n.message and "Session" in n.message for n in result.notes)


TWO_READERS = _d('''
    import tensorflow as tf


    def main(data_dir):
        files = sorted(tf.io.gfile.glob(data_dir + "/records-*.tfrecord"))
        queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
        batches = []
        for _ in range(2):
            _, record = tf.compat.v1.TFRecordReader().read(queue)
            label = tf.io.parse_single_example(record, {"label": tf.io.FixedLenFeature([], tf.int64)})["label"]
            batches.append(tf.compat.v1.train.batch([label], 16, allow_smaller_final_batch=True))
        rows = []
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.local_variables_initializer())  # the graph runs before the runners start
            coord = tf.compat.v1.train.Coordinator()
            threads = tf.compat.v1.train.start_queue_runners(sess, coord)
            for batch in batches:
                try:
                    while True:
                        rows.extend(sess.run(batch).tolist())
                except tf.errors.OutOfRangeError:
                    pass
            coord.request_stop()
            coord.join(threads)
        return {"batches": [sorted(rows)], "end": "OutOfRangeError"}
''')


def test_a_converted_tf2_program_with_two_readers_gives_each_record_once(tmp_path):
    migrated = rewrite(TWO_READERS, to="compat").code
    assert "tfdata_bridge.compat.v1.Session()" in migrated
    pair = both_ways.write_pair(tmp_path, "two_readers", TWO_READERS, migrated)
    want, got = both_ways.run_both_ways({"two_readers": pair}, tmp_path / "data")["two_readers"]
    assert "error" not in want and (got["batches"], got["end"]) == (want["batches"], want["end"])
    assert len(want["batches"][0]) == 4 * 45 == len(set(want["batches"][0]))
