"""scan tells the truth (issues 17.5, 20.12, 20.15): every import form, what starts queue runners, zero-input
py_func producers, star imports, rebinding; its MIGRATE column is what migrate then does; names resolve in
linear time. No TensorFlow needed."""

from __future__ import annotations

import collections
import pathlib
import textwrap

import pytest
from scan_agreement import assert_column_agrees, scan_and_migrate

from tfdata_bridge._src.migrate import fast_names, rewriting
from tfdata_bridge._src.migrate.files import python_files
from tfdata_bridge.migrate import rewrite, scan, scan_source

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROGRAMS = ROOT / "tests" / "legacy_programs"


def _apis(source: str) -> list[tuple[int, str]]:
    return [(f.line, f.api) for f in scan_source(textwrap.dedent(source).lstrip("\n"))]


FOUND = {
    # tensorflow.python.* import forms (issue 17)
    "training-input-module": ("""
        from tensorflow.python.training import input as tf_input
        b = tf_input.batch([x], 2)
        """, [(2, "tf.compat.v1.train.batch")]),
    "training-input-function": ("""
        from tensorflow.python.training.input import shuffle_batch as sb
        b = sb([x], 2, 10, 5)
        """, [(2, "tf.compat.v1.train.shuffle_batch")]),
    "data-flow-ops": ("""
        from tensorflow.python.ops import data_flow_ops
        q = data_flow_ops.FIFOQueue(3, [dt])
        """, [(2, "tf.compat.v1.FIFOQueue")]),
    "data-flow-ops-dotted-import": ("""
        import tensorflow.python.ops.data_flow_ops as dfo
        q = dfo.RandomShuffleQueue(10, 2, [dt])
        """, [(2, "tf.compat.v1.RandomShuffleQueue")]),
    "queue-runner-module": ("""
        from tensorflow.python.training import queue_runner
        qr = queue_runner.QueueRunner(q, [op])
        queue_runner.add_queue_runner(qr)
        """, [(2, "tf.compat.v1.train.QueueRunner"), (3, "tf.compat.v1.train.add_queue_runner")]),
    "queue-runner-impl-through-tensorflow": ("""
        import tensorflow
        qr = tensorflow.python.training.queue_runner_impl.QueueRunner(q, [op])
        """, [(2, "tf.compat.v1.train.QueueRunner")]),
    "io-ops-reader": ("""
        from tensorflow.python.ops import io_ops
        r = io_ops.TFRecordReader()
        """, [(2, "tf.compat.v1.TFRecordReader")]),
    "lmdb-reader": ("""
        import tensorflow as tf
        reader = tf.LMDBReader()
        """, [(2, "tf.compat.v1.LMDBReader")]),
    # zero-input py_func producers, in every spelling; one with inputs is an ordinary op
    "py-func-producers": ("""
        import tensorflow.compat.v1 as tf
        from tensorflow.python.ops import script_ops
        a = tf.py_func(make, [], [tf.float32])
        b = tf.py_func(make, [x], [tf.float32])
        c = tf.numpy_function(func=make, inp=(), Tout=tf.int64)
        d = script_ops.py_func(make, inp=[], Tout=tf.int64)
        e = tf.py_func(make, inputs, tf.int64)
        """, [(3, "tf.compat.v1.py_func"), (5, "tf.compat.v1.py_func"), (6, "tf.compat.v1.py_func")]),
    # what starts queue runners
    "supervisor-and-its-start": ("""
        import tensorflow as tf
        sv = tf.train.Supervisor(logdir=d)
        with sv.managed_session() as sess:
            sv.start_queue_runners(sess)
        """, [(2, "tf.compat.v1.train.Supervisor"), (4, "tf.compat.v1.train.Supervisor.start_queue_runners")]),
    "supervisor-in-a-helper-with-a-reused-name": ("""
        from tensorflow.python.training import supervisor
        def run(sess):
            sv = supervisor.Supervisor(logdir=d)
            return sv.start_queue_runners(sess)
        def other(sv):
            return sv.start_queue_runners(sess)
        """, [(3, "tf.compat.v1.train.Supervisor"), (4, "tf.compat.v1.train.Supervisor.start_queue_runners")]),
    "supervisor-inline": ("""
        import tensorflow.compat.v1 as tf
        threads = tf.train.Supervisor(logdir=d).start_queue_runners(sess)
        """, [(2, "tf.compat.v1.train.Supervisor.start_queue_runners")]),
    "monitored-sessions": ("""
        import tensorflow.compat.v1 as tf
        from tensorflow.python.training import monitored_session
        with tf.train.MonitoredTrainingSession() as s:
            pass
        m = monitored_session.MonitoredSession()
        """, [(3, "tf.compat.v1.train.MonitoredTrainingSession"), (5, "tf.compat.v1.train.MonitoredSession")]),
    "slim-train-loops": ("""
        import tensorflow.contrib.slim as slim
        import tf_slim
        slim.learning.train(train_op, logdir)
        tf_slim.learning.train(train_op, logdir)
        """, [(3, "tf_slim.learning.train"), (4, "tf_slim.learning.train")]),
    # star imports (issue 20.12): the import is reported, the names it brings resolve
    "star-compat-v1": ("""
        from tensorflow.compat.v1 import *
        q = FIFOQueue(3, int32)
        b = train.batch([x], 2)
        """, [(1, "from tensorflow.compat.v1 import *"), (2, "tf.compat.v1.FIFOQueue"),
              (3, "tf.compat.v1.train.batch")]),
    "star-tensorflow": ("""
        from tensorflow import *
        def f():
            return train.shuffle_batch([x], 2, 10, 5)
        """, [(1, "from tensorflow import *"), (3, "tf.compat.v1.train.shuffle_batch")]),
    "star-training-input": ("""
        from tensorflow.python.training.input import *
        b = batch([x], 2)
        """, [(1, "from tensorflow.python.training.input import *"), (2, "tf.compat.v1.train.batch")]),
    # a star import of another module after the TensorFlow import (held-out round 19): it may rebind ``tf``
    # only where its module defines ``tf``, which one module cannot tell, so ``tf``'s uses stay findings
    "star-of-another-module-after-tf": ("""
        import tensorflow.compat.v1 as tf
        from os.path import *
        from mylib.loader import *
        q = tf.train.string_input_producer(files)
        def f():
            return tf.train.batch([x], 2)
        """, [(4, "tf.compat.v1.train.string_input_producer"), (6, "tf.compat.v1.train.batch")]),
    "star-of-another-module-after-a-from-import": ("""
        from tensorflow.compat.v1.train import batch
        from helpers import *
        b = batch([x], 2)
        """, [(3, "tf.compat.v1.train.batch")]),
    # rebinding (issue 20.12): what a name means where it is used
    "a-call-result-is-not-the-api": ("""
        import tensorflow.compat.v1 as tf
        images = tf.train.batch([x], 2)
        images.dequeue_many
        """, [(2, "tf.compat.v1.train.batch")]),
    "alias-of-compat-v1": ("""
        import tensorflow as tf
        v1 = tf.compat.v1
        q = v1.FIFOQueue(3, v1.int32)
        """, [(3, "tf.compat.v1.FIFOQueue")]),
    "import-in-try-and-except-both-count": ("""
        try:
            import tensorflow.compat.v1 as tf
        except ImportError:
            import tensorflow as tf
        b = tf.train.batch([x], 2)
        """, [(5, "tf.compat.v1.train.batch")]),
    "a-function-sees-the-module-end": ("""
        tf = None
        def f():
            return tf.train.batch([x], 2)
        import tensorflow.compat.v1 as tf
        """, [(3, "tf.compat.v1.train.batch")]),
}

NOT_FOUND = {
    "rebound-to-an-object": """
        import tensorflow as tf
        tf = object()
        b = tf.train.batch([x], 2)
        """,
    "rebound-then-used-in-a-function": """
        import tensorflow.compat.v1 as tf
        def f():
            return tf.FIFOQueue(3, dt)
        tf = make_fake()
        """,
    "rebound-in-a-function-only": """
        def f():
            import tensorflow as tf
            tf = fake
            return tf.train.batch([x], 2)
        """,
    "star-of-another-library": """
        from mylib import *
        b = train.batch([x], 2)
        """,
    "a-local-def-after-a-star-import": """
        from tensorflow.compat.v1 import *
        def FIFOQueue(n):
            return n
        FIFOQueue(3)
        """,
    "start-queue-runners-of-something-else": """
        import tensorflow as tf
        sv = make_supervisor()
        sv.start_queue_runners(sess)
        """,
    "py-func-with-inputs": """
        import tensorflow as tf
        y = tf.py_func(f, [x], tf.float32)
        """,
}


@pytest.mark.parametrize("source, expected", [pytest.param(s, e, id=k) for k, (s, e) in FOUND.items()])
def test_every_form_is_found(source, expected):
    assert _apis(source) == expected


@pytest.mark.parametrize("source", [pytest.param(s, id=k) for k, s in NOT_FOUND.items()])
def test_nothing_else_is_found(source):
    assert [a for a in _apis(source) if not a[1].startswith("from ")] == []


def test_a_star_import_binds_what_no_later_definition_replaces():
    source = "from tensorflow.compat.v1 import *\nFIFOQueue(3)\ndef FIFOQueue(n):\n    return n\n"
    assert _apis(source) == [(1, "from tensorflow.compat.v1 import *"), (2, "tf.compat.v1.FIFOQueue")]


# -- the MIGRATE column is what migrate then does --------------------------------------------------------------
REFUSED = {
    "variable-producer.py": """
        import tensorflow.compat.v1 as tf

        def main():
            counter = tf.Variable(0, dtype=tf.int64)
            batch = tf.train.batch([counter.assign_add(1)], batch_size=4)
            with tf.Session() as sess:
                coord = tf.train.Coordinator()
                threads = tf.train.start_queue_runners(sess=sess, coord=coord)
                return sess.run(batch)
        """,
    "tensorflow-python.py": """
        import tensorflow.compat.v1 as tf
        from tensorflow.python.training import input as tf_input

        def build(files):
            q = tf_input.string_input_producer(files, shuffle=False)
            _, line = tf.TextLineReader().read(q)
            return tf_input.batch([line], batch_size=2)
        """,
    "bare-queue.py": """
        import tensorflow.compat.v1 as tf
        from tensorflow.compat.v1 import FIFOQueue

        def feed():
            q = FIFOQueue(10, tf.int64)
            return q.dequeue_many(2)
        """,
    "supervised.py": """
        import tensorflow as tf

        def main(files):
            q = tf.train.string_input_producer(files)
            _, value = tf.WholeFileReader().read(q)
            images = tf.train.batch([value], batch_size=2)
            sv = tf.train.Supervisor(logdir="/tmp/x")
            with sv.managed_session() as sess:
                sv.start_queue_runners(sess)
                return sess.run(images)
        """,
}


def _corpus(tmp_path: pathlib.Path) -> pathlib.Path:
    for p in PROGRAMS.glob("*.py"):
        (tmp_path / p.name).write_text(p.read_text())
    for name, text in REFUSED.items():
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip("\n"))
    return tmp_path


@pytest.mark.timeout(600)
def test_the_migrate_column_agrees_with_what_migrate_does_on_every_site(tmp_path, monkeypatch):
    # the legacy programs and the refused forms here; the development corpus in test_migrate_corpus.py, which
    # reads the rewrite of the corpus its programs run from (the tree rewritten once for both)
    report, migrated = scan_and_migrate(_corpus(tmp_path), monkeypatch)
    assert {pathlib.Path(f.path).name for f in report.findings} >= set(REFUSED)
    assert_column_agrees(report, migrated)
    verdicts = {(pathlib.Path(f.path).name, f.api): f.tfdata for f in report.findings}
    assert verdicts[("pyfunc_batch.py", "tf.compat.v1.train.batch")] == "rewritten into tf.data"
    assert verdicts[("pyfunc_batch.py", "tf.compat.v1.py_func")] == "rewritten into tf.data"
    assert verdicts[("pyfunc_batch.py", "tf.compat.v1.train.Coordinator")].startswith("removed")
    assert verdicts[("variable-producer.py", "tf.compat.v1.train.batch")].startswith("left: no input producer")
    assert verdicts[("bare-queue.py", "tf.compat.v1.FIFOQueue")].startswith(  # a from-imported queue is taken
        "left: `q` is used other than by enqueue, close and one dequeue")  # (now, its one dtype read too)
    assert verdicts[("supervised.py", "tf.compat.v1.train.Supervisor")] == "left as it is"


def test_a_file_too_large_for_the_rewrite_says_its_sites_were_not_checked(monkeypatch):
    from tfdata_bridge._src.migrate import outcomes

    source = (PROGRAMS / "pyfunc_batch.py").read_text()
    assert {f.tfdata for f in scan_source(source, outcomes=True)} >= {"rewritten into tf.data"}
    monkeypatch.setattr(outcomes, "MAX_LINES", 10)
    monkeypatch.setattr(outcomes, "recognize", lambda source: pytest.fail("the rewrite ran"))
    verdicts = {f.tfdata for f in scan_source(source, outcomes=True)}
    [verdict] = verdicts
    assert verdict.startswith("not checked: ") and "over the 10 scan runs the rewrite on" in verdict


def test_fallback_compat_routes_each_file_with_a_left_pipeline_through_the_drop_in():
    routed = 0
    for name, text in REFUSED.items():
        source = textwrap.dedent(text).lstrip("\n")
        result = rewrite(source, to="tfdata", fallback="compat")
        if not result.refused:  # the rewrite takes it whole now (tensorflow.python.* imports): no drop-in needed
            assert result.fallback is None and "tfdata_bridge" not in result.code, name
            continue
        routed += 1
        assert result.fallback == "compat" and result.changed, name
        assert all(n.message.endswith("routed through the drop-in (`--to compat` applied to this file)")
                   for n in result.refused), name
        assert "tfdata_bridge.compat.v1" in result.code
        assert scan_source(source), name
        assert scan_source(result.code) == (), name  # no queue API is reached through TensorFlow any more
        assert rewrite(result.code, to="compat").code == result.code, name
    assert routed >= 2
    # a file the rewrite fully handles is not touched by the fallback
    program = (PROGRAMS / "pyfunc_batch.py").read_text()
    assert rewrite(program, to="tfdata", fallback="compat") == rewrite(program, to="tfdata")
    with pytest.raises(ValueError, match="the only fallback is fallback='compat', for to='tfdata'"):
        rewrite(program, to="compat", fallback="compat")


# -- --to compat: tensorflow.python.* imports, disable_eager_execution --------------------------------------------
def test_to_compat_points_tensorflow_python_uses_at_the_drop_in():
    source = textwrap.dedent("""
        import numpy as np
        from tensorflow.python.training import input as tf_input
        from tensorflow.python.ops.data_flow_ops import FIFOQueue

        q = FIFOQueue(3, [np.int64])
        b = tf_input.batch([q.dequeue()], 2)
        """).lstrip("\n")
    result = rewrite(source, to="compat")
    assert result.code == textwrap.dedent("""
        import numpy as np
        from tensorflow.python.training import input as tf_input
        from tensorflow.python.ops.data_flow_ops import FIFOQueue
        import tfdata_bridge.compat.v1

        q = tfdata_bridge.compat.v1.FIFOQueue(3, [np.int64])
        b = tfdata_bridge.compat.v1.train.batch([q.dequeue()], 2)
        """).lstrip("\n")
    assert [(n.line, n.kind) for n in result.notes] == [(5, "info"), (6, "info")]
    assert "through TensorFlow's own modules" in result.notes[0].message
    chain = "import tensorflow as tf\nb = tf.python.training.input.batch([x], 2)\n"
    assert rewrite(chain, to="compat").code == (
        "import tensorflow as tf\nimport tfdata_bridge.compat.v1\nb = tfdata_bridge.compat.v1.train.batch([x], 2)\n")
    assert scan_source(result.code) == scan_source(rewrite(result.code, to="compat").code)  # settled


ENTRY = textwrap.dedent("""
    import tensorflow as tf


    def main():
        q = tf.train.string_input_producer(["a"])


    if __name__ == "__main__":
        main()
    """)


@pytest.mark.parametrize("source, call", [
    pytest.param(ENTRY, "tf.disable_eager_execution()", id="tf1-style"),
    pytest.param(ENTRY.replace("import tensorflow as tf", "import tensorflow.compat.v1 as v1")
                 .replace("tf.train", "v1.train"), "v1.disable_eager_execution()", id="compat-v1-alias"),
    pytest.param(ENTRY.replace("import tensorflow as tf", "from tensorflow.compat.v1 import *")
                 .replace("tf.train.", "train."), "disable_eager_execution()", id="star-import"),
])
def test_to_compat_adds_graph_mode_to_an_entry_point_that_never_sets_it(source, call):
    source = textwrap.dedent(source).lstrip("\n")
    result = rewrite(source, to="compat")
    lines = result.code.splitlines()
    assert lines[1].startswith(call + "  # ")  # right after the import, before any graph is built
    [note] = [n for n in result.notes if "disable_eager_execution" in n.message]
    assert note.line == 2 and note.kind == "info"
    assert rewrite(result.code, to="compat").code == result.code  # not added twice


@pytest.mark.parametrize("source", [
    pytest.param(ENTRY.replace("def main():", "tf.compat.v1.disable_eager_execution()\n\n\ndef main():"),
                 id="already-graph-mode"),
    pytest.param(ENTRY.replace('if __name__ == "__main__":\n    main()', ""), id="a-library-module"),
    pytest.param(ENTRY.replace("tf.train.string_input_producer", "tf.compat.v1.train.string_input_producer"),
                 id="tf2-code-reaching-compat-v1"),
])
def test_to_compat_leaves_the_execution_mode_alone_where_it_is_not_needed(source):
    result = rewrite(textwrap.dedent(source).lstrip("\n"), to="compat")
    assert "disable_eager_execution()  #" not in result.code
    assert not any("disable_eager_execution" in n.message for n in result.notes)


# -- linear time (issue 20.15) ---------------------------------------------------------------------------------
def _one_name_assigned(n: int) -> str:
    lines = ["import tensorflow.compat.v1 as tf", "q = tf.FIFOQueue(3, tf.int32)"]
    lines += [f"x = x + tf.constant({i})" for i in range(n)]
    lines += ["b = tf.train.batch([x], 2)"]
    return "\n".join(lines) + "\n"


def test_resolution_work_grows_linearly_with_a_name_assigned_n_times(monkeypatch):
    examined = collections.Counter()
    reaching = fast_names.Resolver._reaching

    def counting(self, scope, name, pos, block):
        out = reaching(self, scope, name, pos, block)
        examined["bindings"] += len(out) + 1
        return out

    monkeypatch.setattr(fast_names.Resolver, "_reaching", counting)
    work = {}
    for n in (1000, 2000, 4000):
        examined.clear()
        assert [f.api for f in scan_source(_one_name_assigned(n))] == ["tf.compat.v1.FIFOQueue",
                                                                       "tf.compat.v1.train.batch"]
        work[n] = examined["bindings"]
    assert work[4000] <= 4.4 * work[1000] and work[2000] <= 2.2 * work[1000], work


def test_a_long_chain_of_assignments_resolves_without_recursing_through_it():
    source = "import tensorflow.compat.v1 as tf\nx = tf\n" + "x = x\n" * 5000 + "q = x.FIFOQueue(3)\n"
    assert _apis(source) == [(5003, "tf.compat.v1.FIFOQueue")]


def test_a_global_rebound_in_a_function_counts_where_the_function_runs_later():
    source = """
        import tensorflow.compat.v1 as tf
        def setup():
            global tf
            tf = fake
        def use():
            global tf
            return tf.train.batch([x], 2)
        """
    assert _apis(source) == [(7, "tf.compat.v1.train.batch")]  # the import or fake: the import may reach it


def test_the_codemods_never_ask_libcst_for_qualified_names_per_name(monkeypatch):
    """libcst's ``Scope.get_qualified_names_for`` looks at every binding of a name for each use (quadratic);
    ``--to compat`` resolves through ``fast_names`` instead."""
    from libcst.metadata import scope_provider

    calls = collections.Counter()
    original = scope_provider.Scope.get_qualified_names_for

    def counting(self, node):
        calls["n"] += 1
        return original(self, node)

    monkeypatch.setattr(scope_provider.Scope, "get_qualified_names_for", counting)
    # 200 assignments, not 2000: the check is that no call is made at all, which one use would break at any size
    # (the quadratic cost itself is the linear-time test's business above); 2000 cost ~6 s of CPU for it
    result = rewrite(_one_name_assigned(200), to="compat")
    assert result.code.startswith("import tfdata_bridge.compat.v1 as tf\n")
    assert calls["n"] == 0


def test_the_cli_fallback_option_reports_each_left_pipeline_as_routed_through_the_drop_in(tmp_path):
    import os
    import subprocess
    import sys

    path = tmp_path / "variable_producer.py"
    path.write_text(textwrap.dedent(REFUSED["variable-producer.py"]).lstrip("\n"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def cli(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "tfdata_bridge", "migrate", str(path), *args],
                              capture_output=True, text=True, timeout=120, env=env)

    out = cli("--to", "tfdata", "--fallback", "compat")
    assert out.returncode == 1, out.stderr
    assert "+import tfdata_bridge.compat.v1 as tf" in out.stdout
    assert f"{path}:5: left, through the drop-in: `train.batch` pipeline left unchanged: no input producer" \
        in out.stderr
    assert "routed through the drop-in" in out.stderr
    refused = cli("--to", "compat", "--fallback", "compat")
    assert refused.returncode == 2 and "--fallback compat goes with --to tfdata" in refused.stderr


READER_MODULE = """
    import tensorflow.compat.v1 as tf


    def read_example(filename_queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([], tf.int64)})
        return features["x"]
    """
TRAIN_MODULES = {  # the reader helper reached through each import form
    "from-import": ("from pkg.readers import read_example", "read_example"),
    "module-alias": ("import pkg.readers as readers", "readers.read_example"),
    "from-package": ("from pkg import readers", "readers.read_example"),
}


@pytest.mark.parametrize("form", sorted(TRAIN_MODULES))
def test_the_migrate_column_follows_a_pipeline_across_modules_as_migrate_does(tmp_path, form):
    # scan once ran the rewrite one file at a time, so a pipeline whose reader helper lives in another module
    # read "left" in both modules, where migrate on the folder rewrites both
    imported, call = TRAIN_MODULES[form]
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "readers.py").write_text(textwrap.dedent(READER_MODULE).lstrip("\n"))
    (tmp_path / "train.py").write_text(textwrap.dedent(f"""
        import tensorflow.compat.v1 as tf
        {imported}


        def inputs(files, batch_size):
            queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            x = {call}(queue)
            return tf.train.batch([x], batch_size=batch_size)
        """).lstrip("\n"))
    migrated = dict(rewriting.rewrite_files(python_files([str(tmp_path)]), "tfdata"))
    assert all(not scan_source(r.code) for r in migrated.values())  # migrate takes the pipeline whole
    findings = scan(tmp_path).findings
    assert {pathlib.Path(f.path).name for f in findings} == {"train.py", "readers.py"}
    assert {f.tfdata for f in findings} <= {"rewritten into tf.data", "removed (nothing else used it)"}, findings
    alone = scan(tmp_path / "train.py").findings  # the file on its own is its own tree: migrate leaves it too
    assert any(f.tfdata.startswith("left: ") for f in alone)
    assert rewriting.rewrite_file(str(tmp_path / "train.py"), "tfdata").code == (tmp_path / "train.py").read_text()
