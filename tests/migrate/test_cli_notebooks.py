"""Notebooks (issue 20, item 12): `scan` and `migrate` read a `.ipynb`'s code cells joined, IPython magics and
shell lines masked, as ruff does; findings and notes name the cell; `migrate --write` puts the changes back
into the cells and keeps everything else in the JSON (outputs, metadata, execution counts, formatting)."""

from __future__ import annotations

import copy
import json
import pathlib

import pytest

from tfdata_bridge._src.migrate.notebooks import read_notebook
from tfdata_bridge.cli import main
from tfdata_bridge.migrate import rewrite, scan, scan_source

CELLS = [
    ("markdown", "# The input pipeline\nIt uses `tf.train.batch` (not a finding: markdown)."),
    ("code", "%matplotlib inline\nimport itertools\n\nimport numpy as np\nimport tensorflow.compat.v1 as tf\n\n"
             "tf.disable_eager_execution()\nSTEPS = 12"),
    ("code", "!nvidia-smi\ncounter = itertools.count()\nrng = np.random.RandomState(0)\n\n\ndef make_example():\n"
             "    i = next(counter)\n    return rng.rand(2, 2).astype(np.float32) + i, np.int32(i)"),
    ("code", "%%time\nfeatures, label = tf.py_func(make_example, [], [tf.float32, tf.int32])\n"
             "feature_batch, label_batch = tf.train.batch([features, label], 4, shapes=[(2, 2), ()], capacity=8)"),
    ("code", "batches = []\nwith tf.Session() as sess:\n    coord = tf.train.Coordinator()\n"
             "    threads = tf.train.start_queue_runners(sess=sess, coord=coord)\n    try:\n"
             "        for _ in range(STEPS):\n"
             "            feature_values, label_values = sess.run([feature_batch, label_batch])\n"
             "            batches.append({'features': feature_values.tolist(), 'label': label_values.tolist()})\n"
             "    finally:\n        coord.request_stop()\n        coord.join(threads, stop_grace_period_secs=5)\n"
             "files = !ls\nlen(batches)"),
    ("code", "%%bash\necho tf.train.batch is not Python here"),
    ("code", "tf.train.batch?"),
]
MAGIC_PREFIXES = ("%", "!", "files = !")


def _notebook(cells=CELLS, as_list: bool = True, language: str = "python") -> dict:
    out = []
    for i, (kind, source) in enumerate(cells):
        cell = {"cell_type": kind, "id": f"c{i}", "metadata": {"tags": [f"t{i}"]},
                "source": source.splitlines(keepends=True) if as_list else source}
        if kind == "code":
            cell["execution_count"] = i
            cell["outputs"] = [{"name": "stdout", "output_type": "stream", "text": [f"caf\u00e9 {i}\n"]}]
        out.append(cell)
    return {"cells": out, "metadata": {"kernelspec": {"display_name": "Python 3", "language": language,
                                                      "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}


def _save(path: pathlib.Path, doc: dict) -> str:
    text = json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n"  # as nbformat writes it
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _python(cells: list[str]) -> str:
    """The cells' Python as one program: IPython lines dropped, every cell ending in a newline."""
    lines = [line for c in cells for line in (c + "\n").splitlines(keepends=True)
             if not line.lstrip().startswith(MAGIC_PREFIXES) and not line.rstrip().endswith("?")]
    return "".join(lines)


def _code_sources(doc: dict) -> list[str]:
    return ["".join(c["source"]) for c in doc["cells"] if c["cell_type"] == "code"]


def test_scan_reads_the_code_cells_and_names_cell_and_line(tmp_path, capsys):
    path = tmp_path / "pipeline.ipynb"
    _save(path, _notebook())
    report = scan(path)
    assert report.errors == () and report.files_scanned == 1
    got = [(f.cell, f.line, f.column, f.api.removeprefix("tf.compat.v1.")) for f in report.findings]
    assert got == [(4, 2, 19, "py_func"), (4, 3, 30, "train.batch"), (5, 3, 13, "train.Coordinator"),
                   (5, 4, 15, "train.start_queue_runners")]  # the zero-input py_func is its producer
    for f in report.findings:  # the cell's own line holds what the finding spells, at its column
        assert CELLS[f.cell - 1][1].splitlines()[f.line - 1][f.column - 1:].startswith(f.spelled)
    joined = _python([s for kind, s in CELLS if kind == "code" and not s.startswith("%%bash")])
    assert [f.api for f in report.findings] == [f.api for f in scan_source(joined)]
    code, out, _ = _run(capsys, "scan", "--check", str(tmp_path))  # found in a folder walk too
    assert code == 1 and f"{path}:cell 4:3:30  tf.compat.v1.train.batch" in out
    assert "4 legacy queue API use(s) in 1 of 1 file(s)" in out
    code, out, _ = _run(capsys, "scan", "--format", "json", str(path))
    assert [(f["cell"], f["line"]) for f in json.loads(out)["findings"]] == [(4, 2), (4, 3), (5, 3), (5, 4)]


@pytest.mark.parametrize("as_list", [True, False], ids=["source-as-lines", "source-as-one-string"])
def test_migrate_to_compat_changes_the_import_line_and_not_one_other_byte(tmp_path, capsys, as_list):
    path = tmp_path / "pipeline.ipynb"
    before = _save(path, _notebook(as_list=as_list))
    code, out, err = _run(capsys, "migrate", str(path), "--to", "compat")
    assert code == 1, err
    assert f"--- a/{path}:cell 2\n+++ b/{path}:cell 2\n" in out
    assert "-import tensorflow.compat.v1 as tf\n+import tfdata_bridge.compat.v1 as tf\n" in out
    assert path.read_text() == before  # a diff, nothing written
    code, _, err = _run(capsys, "migrate", str(path), "--to", "compat", "--write")
    assert code == 1 and f"rewrote {path}" in err
    assert path.read_text() == before.replace("import tensorflow.compat.v1 as tf",
                                              "import tfdata_bridge.compat.v1 as tf")
    assert _run(capsys, "migrate", str(path), "--to", "compat", "--write")[0] == 0


def test_migrate_to_tfdata_rewrites_a_pipeline_spread_over_cells_and_keeps_magics_and_outputs(tmp_path, capsys):
    path = tmp_path / "pipeline.ipynb"
    doc = _notebook()
    _save(path, doc)
    code, _, err = _run(capsys, "migrate", str(path), "--to", "tfdata", "--write")
    assert code == 1, err
    assert f"{path}:cell 4:3: note: batch, py_func rewritten to tf.data" in err
    new = json.loads(path.read_text())
    sources = _code_sources(new)
    # the cells, read in order, are exactly the rewrite of the cells' program
    old_python = _python([s for kind, s in CELLS if kind == "code" and not s.startswith("%%bash")])
    assert _python([s for s in sources if not s.startswith("%%bash")]) == rewrite(old_python, "tfdata").code
    assert "make_one_shot_iterator(dataset).get_next()" in sources[2] and "start_queue_runners" not in sources[3]
    # every IPython line is where it was: first lines, the shell assignment, the %%bash and help cells
    assert sources[0].startswith("%matplotlib inline\n") and sources[1].startswith("!nvidia-smi\n")
    assert sources[2].startswith("%%time\n") and "\nfiles = !ls\nlen(batches)" in sources[3]
    assert sources[4:] == [s for kind, s in CELLS if kind == "code"][4:]
    # everything but the sources is as it was
    strip = copy.deepcopy(new)
    for cell in strip["cells"] + doc["cells"]:
        cell.pop("source")
    assert strip == {**doc, "cells": doc["cells"]}
    assert new["cells"][0] == _notebook()["cells"][0]  # the markdown cell, source included
    assert _run(capsys, "migrate", str(path), "--to", "tfdata", "--write")[0] == 0  # a second run: nothing


def test_a_syntax_error_in_a_cell_names_the_cell_and_its_line_in_scan_and_migrate(tmp_path, capsys):
    cells = [("code", "import tensorflow.compat.v1 as tf\nx = 1"), ("markdown", "text"),
             ("code", "%time y = 2\ndef f(:\n    pass")]
    path = tmp_path / "broken.ipynb"
    before = _save(path, _notebook(cells))
    for argv in (["scan", str(path)], ["migrate", str(path), "--to", "compat", "--write"]):
        code, _, err = _run(capsys, *argv)
        assert code == 2
        assert f"{path}: skipped: does not parse (cell 3, line 2, column 7): invalid syntax" in err
    assert path.read_text() == before


@pytest.mark.parametrize("python", [
    pytest.param("x = (1\n     % 2)\n", id="modulo-continuing-a-bracket"),
    pytest.param("s = '''\n!not a shell line\n%not a magic\n'''\n", id="inside-a-triple-quoted-string"),
    pytest.param("y = 3 \\\n    % 2\n", id="after-a-backslash"),
    pytest.param("a = b != c\nd = e % f\ng %= 2\nh = i == j\n", id="operators"),
])
def test_only_ipython_lines_are_masked_never_python(python):
    notebook = read_notebook(json.dumps(_notebook([("code", "%load_ext foo\n" + python + "!echo done")])).encode())
    assert notebook.text == "__tfdata_bridge_magic_0__\n" + python + "__tfdata_bridge_magic_1__\n"
    assert notebook.magics == ("%load_ext foo", "!echo done")


def test_notebooks_that_hold_no_python_or_are_not_notebooks(tmp_path, capsys):
    legacy = [("code", "import tensorflow.compat.v1 as tf\nq = tf.FIFOQueue(3, tf.int32)")]
    _save(tmp_path / "r_kernel.ipynb", _notebook(legacy, language="R"))  # R code cells: nothing to read
    _save(tmp_path / ".ipynb_checkpoints" / "copy-checkpoint.ipynb", _notebook(legacy))  # Jupyter's copies
    (tmp_path / "truncated.ipynb").write_text('{"cells": [')
    (tmp_path / "old.ipynb").write_text(json.dumps({"nbformat": 3, "worksheets": []}))
    code, out, err = _run(capsys, "scan", str(tmp_path))
    assert code == 2 and "0 legacy queue API use(s) in 0 of 3 file(s)" in out
    assert f"{tmp_path / 'truncated.ipynb'}: skipped: is not a notebook (not JSON text" in err
    assert f"{tmp_path / 'old.ipynb'}: skipped: is not a notebook in nbformat 4" in err
    assert "upgrade it with `jupyter nbconvert --to notebook --nbformat 4`" in err
    code, out, err = _run(capsys, "migrate", str(tmp_path / "r_kernel.ipynb"), "--to", "compat", "--write")
    assert code == 0 and out == "" and err == ""
