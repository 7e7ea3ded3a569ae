"""scan: every use of a legacy queue-pipeline API, found by qualified name; nothing else."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap
import time

import pytest

from tfdata_bridge._src.symbols import SYMBOLS
from tfdata_bridge.migrate import scan, scan_source

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROGRAMS = ROOT / "tests" / "legacy_programs"


def _apis(source: str) -> list[tuple[int, str]]:
    return [(f.line, f.api) for f in scan_source(textwrap.dedent(source))]


@pytest.mark.parametrize(
    "source, expected",
    [
        pytest.param("import tensorflow as tf\nx = tf.compat.v1.train.batch([a], 2)\n",
                     [(2, "tf.compat.v1.train.batch")], id="tf2-import-compat-chain"),
        pytest.param("import tensorflow.compat.v1 as tf\nx = tf.train.shuffle_batch([a], 2, 10, 5)\n",
                     [(2, "tf.compat.v1.train.shuffle_batch")], id="compat-v1-alias"),
        pytest.param("import tensorflow.compat.v1 as tf1\nq = tf1.FIFOQueue(3, tf1.float32)\n",
                     [(2, "tf.compat.v1.FIFOQueue")], id="other-alias"),
        pytest.param("from tensorflow.compat.v1 import train\ntrain.batch_join(l, 2)\n",
                     [(2, "tf.compat.v1.train.batch_join")], id="from-import-module"),
        pytest.param("from tensorflow.compat import v1\nv1.train.start_queue_runners()\n",
                     [(2, "tf.compat.v1.train.start_queue_runners")], id="from-compat-import-v1"),
        pytest.param("from tensorflow.compat.v1.train import batch as b\nb([x], 2)\n",
                     [(2, "tf.compat.v1.train.batch")], id="from-import-function-alias"),
        pytest.param("import tensorflow as tf\nx = tf.train.shuffle_batch([a], 2, 10, 5)\n",
                     [(2, "tf.compat.v1.train.shuffle_batch")], id="tf1-spelling"),
        pytest.param("import tensorflow as tf\nr = tf.train.queue_runner.QueueRunner(q, [op])\n",
                     [(2, "tf.compat.v1.train.QueueRunner")], id="nested-attribute-alias"),
        pytest.param("import tensorflow as tf\nq = tf.io.RandomShuffleQueue(10, 2, [tf.int32])\n",
                     [(2, "tf.compat.v1.RandomShuffleQueue")], id="io-alias"),
        pytest.param("import tensorflow as tf\n\ndef f():\n    return (tf.compat.v1\n            .train.batch)\n",
                     [(4, "tf.compat.v1.train.batch")], id="chain-over-lines"),
        pytest.param("import tensorflow.compat.v1 as tf\nmake = tf.train.batch\nmake([x], 2)\n",
                     [(2, "tf.compat.v1.train.batch")], id="reference-not-call"),
    ],
)
def test_finds_by_qualified_name(source, expected):
    assert _apis(source) == expected


@pytest.mark.parametrize(
    "source",
    [
        pytest.param('import tensorflow.compat.v1 as tf\ns = "tf.train.batch(x, 2)"\n', id="string"),
        pytest.param("import tensorflow.compat.v1 as tf\n# tf.train.shuffle_batch([x], 2)\n", id="comment"),
        pytest.param("import tensorflow.compat.v1 as tf\n'''tf.FIFOQueue'''\n", id="docstring"),
        pytest.param("import tensorflow as tf\n\ndef f(tf):\n    return tf.train.batch([x], 2)\n", id="shadowed"),
        pytest.param("import mylib as tf\ntf.train.batch([x], 2)\n", id="not-tensorflow"),
        pytest.param("import tensorflow as tf\nds = tf.data.Dataset.range(3).batch(2)\n", id="tf-data-batch"),
        pytest.param("import tensorflow as tf\nq = tf.queue\n", id="module-alone"),
        pytest.param("from tensorflow.compat.v1.train import batch\n", id="import-only"),
        pytest.param("train.batch([x], 2)\nFIFOQueue(3)\n", id="no-import"),
    ],
)
def test_names_that_do_not_mean_a_queue_api_are_not_found(source):
    assert _apis(source) == []


@pytest.mark.parametrize("path, name, zero_input", [(p, s.name, s.zero_input) for s in SYMBOLS for p in s.paths
                                                     if not p.startswith("tf_slim.")])
def test_every_api_in_the_mapping_table_is_found(path, name, zero_input):
    use = f"{path}(f, [], tf.float32)" if zero_input else path  # a py_func is a producer when it has no inputs
    assert _apis(f"import tensorflow.compat.v1 as tf\nuse = tf.{use}\n") == [(2, f"tf.compat.v1.{name}")]
    [finding] = scan_source(f"import tensorflow as tf\nuse = tf.compat.v1.{use}\n")
    assert finding.api == f"tf.compat.v1.{name}"
    assert finding.dropin and finding.tfdata


# every legacy call in each program, by hand: scan must list these and nothing else
PROGRAM_APIS = {
    "batch_join": ["TFRecordReader", "train.string_input_producer", "train.batch_join"],
    "csv_decode": ["train.string_input_producer", "TextLineReader", "train.batch"],
    "dynamic_pad": ["py_func", "train.batch"],
    "feed_thread": ["FIFOQueue"],
    "fixed_length": ["train.string_input_producer", "FixedLengthRecordReader", "train.batch"],
    "maybe_batch": ["train.slice_input_producer", "train.maybe_batch"],
    "png_wholefile": ["train.string_input_producer", "WholeFileReader", "train.batch"],
    "pyfunc_batch": ["py_func", "train.batch"],
    "pyfunc_shuffle_batch": ["py_func", "train.shuffle_batch"],
    "slice_input_producer": ["train.slice_input_producer", "train.batch"],
    "tfrecord_shuffle_batch": ["train.string_input_producer", "TFRecordReader", "train.shuffle_batch"],
}
RUNNERS = ["train.Coordinator", "train.start_queue_runners"]


def _cli(*args: str, cwd: pathlib.Path = ROOT, stdin_tty: bool = False) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "tfdata_bridge", *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env=env)


def test_scan_json_on_the_legacy_programs_lists_every_legacy_call_and_nothing_else():
    out = _cli("scan", "--format", "json", str(PROGRAMS))
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""  # no progress bar when stderr is not a terminal
    doc = json.loads(out.stdout)
    assert doc["version"] == 1 and doc["errors"] == []
    assert set(doc["findings"][0]) == {"path", "cell", "line", "column", "api", "spelled", "dropin", "tfdata"}
    assert {f["cell"] for f in doc["findings"]} == {None}  # a cell number only in notebooks
    by_program: dict[str, list[str]] = {}
    for f in doc["findings"]:
        by_program.setdefault(pathlib.Path(f["path"]).stem, []).append(f["api"].removeprefix("tf.compat.v1."))
        line = pathlib.Path(f["path"]).read_text().splitlines()[f["line"] - 1]
        assert line[f["column"] - 1:].startswith(f["spelled"])
    for name, apis in PROGRAM_APIS.items():
        want = apis + (RUNNERS if name != "feed_thread" else [])
        assert sorted(by_program.pop(name)) == sorted(want), name
    assert by_program == {}  # make_data.py, run_programs.py: nothing


def test_check_exits_1_on_findings_and_0_on_a_clean_tree(tmp_path):
    (tmp_path / "clean.py").write_text("import tensorflow as tf\nds = tf.data.Dataset.range(3)\n")
    assert _cli("scan", "--check", str(tmp_path)).returncode == 0
    (tmp_path / "legacy.py").write_text("import tensorflow.compat.v1 as tf\nq = tf.FIFOQueue(3, tf.int32)\n")
    out = _cli("scan", "--check", str(tmp_path))
    assert out.returncode == 1
    assert f"{tmp_path / 'legacy.py'}:2:5" in out.stdout
    assert "tf.compat.v1.FIFOQueue" in out.stdout
    assert "1 legacy queue API use(s) in 1 of 2 file(s)" in out.stdout
    assert _cli("scan", str(tmp_path)).returncode == 0  # without --check: a report, not a failure


def test_tree_walk_skips_vcs_venvs_builds_and_excludes_and_reports_unparsable_files(tmp_path):
    legacy = "import tensorflow.compat.v1 as tf\nq = tf.FIFOQueue(3, tf.int32)\n"
    for rel in ["pkg/a.py", "pkg/tests/test_a.py", ".git/hooks/x.py", "venv/lib/b.py", "build/lib/c.py",
                "pkg/gen_pb2.py", "myenv/lib/d.py"]:
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(legacy)
    (tmp_path / "myenv" / "pyvenv.cfg").write_text("home = /usr\n")
    (tmp_path / "pkg" / "broken.py").write_text("import tensorflow as tf\ndef f(:\n")
    report = scan(tmp_path, exclude=["tests", "*_pb2.py"])
    assert sorted(pathlib.Path(f.path).relative_to(tmp_path).as_posix() for f in report.findings) == ["pkg/a.py"]
    assert [pathlib.Path(e.path).name for e in report.errors] == ["broken.py"]
    assert "does not parse" in report.errors[0].message
    out = _cli("scan", str(tmp_path), "--exclude", "tests", "--exclude", "*_pb2.py")
    assert out.returncode == 2
    assert "broken.py: skipped: does not parse" in out.stderr


def test_progress_bar_goes_to_a_terminal_stderr(tmp_path):
    pty = pytest.importorskip("pty")
    for i in range(60):
        (tmp_path / f"m{i}.py").write_text("import tensorflow as tf\n")
    code = ("import sys; from tfdata_bridge.cli import main; sys.exit(main(['scan', sys.argv[1]]))")
    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a terminal 100 columns wide
    proc = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE, stderr=slave,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    out, _ = proc.communicate(timeout=60)
    os.set_blocking(master, False)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except (BlockingIOError, OSError):
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(slave)
    os.close(master)
    seen = b"".join(chunks).decode(errors="replace")
    assert proc.returncode == 0
    assert "scanning" in seen and "/60 [" in seen
    assert b"0 legacy queue API use(s) in 0 of 60 file(s)" in out


def test_help_answers_without_importing_tensorflow():
    code = ("import sys, time; t = time.perf_counter(); from tfdata_bridge.cli import build_parser; "
            "build_parser().format_help(); print(time.perf_counter() - t); "
            "assert 'tensorflow' not in sys.modules and 'libcst' not in sys.modules")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    start = time.perf_counter()
    help_out = _cli("--help")
    elapsed = time.perf_counter() - start
    assert help_out.returncode == 0 and "scan" in help_out.stdout and "migrate" in help_out.stdout
    print(f"tfdata-bridge --help: {elapsed:.3f} s in a subprocess")  # measured, not asserted: the machine is shared


def test_the_public_migrate_api_is_sorted_and_present():
    import tfdata_bridge.migrate as migrate

    assert migrate.__all__ == sorted(migrate.__all__)
    assert all(hasattr(migrate, name) for name in migrate.__all__)


SCOPE_CASES = {
    "class-body-binding-is-not-seen-by-methods": """
        import tensorflow.compat.v1 as tf
        class A:
            tf = None
            x = tf.train.batch
            def f(self):
                return tf.train.batch
        """,
    "global-declaration": """
        import tensorflow.compat.v1 as tf
        def f():
            global tf
            tf = tf
            return tf.train.batch
        def g(tf=tf.train.shuffle_batch):
            return tf.train.batch
        """,
    "comprehension-and-lambda-variables": """
        import tensorflow.compat.v1 as tf
        a = [tf.train.batch for tf in range(3)]
        b = [tf.FIFOQueue for _ in range(3)]
        c = lambda tf: tf.train.batch
        d = lambda: tf.train.batch
        """,
    "imports-inside-functions-and-closures": """
        def f():
            import tensorflow.compat.v1 as v1
            def g():
                return v1.train.batch_join
            return g
        def h():
            return v1.train.batch
        """,
    "except-as-and-walrus": """
        import tensorflow.compat.v1 as tf
        try:
            pass
        except Exception as tf:
            pass
        print(tf.train.batch)
        def k():
            if (tf := 3):
                return tf.train.batch
        """,
    "non-ascii-and-parentheses": """
        import tensorflow.compat.v1 as tf
        batch([x], 2)
        s = "é"; q = tf.FIFOQueue(3, tf.int32)
        r = (tf.train
             .shuffle_batch)
        """,
}
# star imports and rebinding are where scan and libcst's QualifiedNameProvider part: see test_scan_names.py


@pytest.mark.parametrize("source", [pytest.param(textwrap.dedent(s), id=k) for k, s in SCOPE_CASES.items()]
                         + [pytest.param(p.read_text(), id=p.name) for p in sorted(PROGRAMS.glob("*.py"))])
def test_ast_resolution_means_what_libcst_qualified_names_mean(source):
    from tfdata_bridge._src.migrate.scanner import scan_source_cst

    def key(findings):  # libcst's text of a parenthesized chain keeps its parentheses; ast's is the chain
        return [(f.line, f.column, f.api, f.spelled.strip("()"), f.dropin, f.tfdata) for f in findings]

    assert key(scan_source(source)) == key(scan_source_cst(source))


def test_a_missing_path_is_an_error_not_an_empty_scan(tmp_path):
    out = _cli("scan", str(tmp_path / "nowhere"))
    assert out.returncode == 2
    assert "nowhere: skipped: cannot be read" in out.stderr


def test_a_session_starter_with_no_queue_pipeline_left_is_said_but_not_a_finding(tmp_path):
    """A monitored session or Supervisor kept for its hooks starts no runners once no queue is left in the
    scanned tree; beside any queue API use it is a finding again (it may be what runs that queue's runners)."""
    (tmp_path / "loop.py").write_text(textwrap.dedent("""\
        import tensorflow as tf
        from tensorflow.compat.v1.train import MonitoredTrainingSession
        sv = tf.compat.v1.train.Supervisor(logdir=None)
        with MonitoredTrainingSession() as sess:
            pass
        """))
    report = scan([str(tmp_path)])
    assert report.findings == ()
    assert [(f.line, f.api) for f in report.idle_starters] == [
        (3, "tf.compat.v1.train.Supervisor"), (4, "tf.compat.v1.train.MonitoredTrainingSession")]
    out = _cli("scan", "--check", str(tmp_path))
    assert out.returncode == 0, out.stdout
    assert "MonitoredTrainingSession kept: it starts no queue runners" in out.stdout
    assert json.loads(_cli("scan", "--format", "json", str(tmp_path)).stdout)["idle_starters"][0]["line"] == 3

    (tmp_path / "queue.py").write_text("import tensorflow.compat.v1 as tf\nq = tf.FIFOQueue(3, tf.int32)\n")
    report = scan([str(tmp_path)])
    assert {f.api for f in report.findings} == {
        "tf.compat.v1.FIFOQueue", "tf.compat.v1.train.Supervisor", "tf.compat.v1.train.MonitoredTrainingSession"}
    assert report.idle_starters == ()
    assert _cli("scan", "--check", str(tmp_path)).returncode == 1
