"""End to end: each legacy program under tests/legacy_programs, migrated both ways, runs on TensorFlow 2.21
and delivers what the original delivers under tensorflow.compat.v1 (same examples and batch shapes; the
same order where the original is deterministic; the same end of data).

One subprocess runs everything: the originals, their `--to tfdata` forms, then the `--to compat` forms.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

from tfdata_bridge.migrate import rewrite, scan_source

pytestmark = pytest.mark.timeout(600)

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROGRAMS = ROOT / "tests" / "legacy_programs"
RUNNER = PROGRAMS / "run_programs.py"

# program -> how to compare it with the original: "order" (deterministic), "multiset", "numbered" (several
# producer threads into a shuffle: examples consistent and distinct, batch shapes equal)
REWRITTEN = {
    "batch_join": "multiset",
    "csv_decode": "order",
    "dynamic_pad": "order",
    "feed_thread": "order",
    "fixed_length": "order",
    "maybe_batch": "order",
    "png_wholefile": "order",
    "pyfunc_batch": "order",
    "pyfunc_shuffle_batch": "numbered",
    "slice_input_producer": "multiset",
    "tfrecord_shuffle_batch": "multiset",
}
ALL = REWRITTEN  # every program is rewritten both ways


def _run(args: list[str]) -> dict:
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(RUNNER), *args], capture_output=True, text=True, timeout=500, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, dict[str, dict]]:
    root = tmp_path_factory.mktemp("migrate_programs")
    data = root / "data"
    paths: dict[str, dict[str, str]] = {"original": {}, "tfdata": {}, "compat": {}}
    for name in ALL:
        source = (PROGRAMS / f"{name}.py").read_text()
        paths["original"][name] = str(PROGRAMS / f"{name}.py")
        for target in ("tfdata", "compat"):
            folder = root / target
            folder.mkdir(exist_ok=True)
            path = folder / f"{name}.py"
            path.write_text(rewrite(source, to=target).code)
            paths[target][name] = str(path)
    # one process: the originals, then the --to tfdata forms, then the drop-in's (imported only after the others ran)
    results = _run(["--make-data", str(data), *paths["original"].values(), *paths["tfdata"].values(),
                    *paths["compat"].values()])
    return {kind: {name: results[path] for name, path in by_name.items()} for kind, by_name in paths.items()}


def _rows(batch, columns: bool) -> list[str]:
    if isinstance(batch, dict):
        cols = [batch[k] for k in sorted(batch)]
    elif columns:
        cols = batch
    else:
        return [json.dumps(x) for x in batch]
    return [json.dumps(r) for r in zip(*cols)]


def _summary(result: dict, name: str) -> tuple[list[list[str]], list[int]]:
    batches = [_rows(b, columns=name == "csv_decode") for b in result["batches"]]
    return batches, [len(b) for b in batches]


def _assert_same_delivery(original: dict, migrated: dict, name: str) -> None:
    assert "error" not in original, original
    assert "error" not in migrated, migrated
    assert migrated["end"] == original["end"]
    batches, sizes = _summary(migrated, name)
    want, want_sizes = _summary(original, name)
    assert sizes == want_sizes
    assert len(batches) > 1
    how = ALL[name]
    if how == "order":
        assert migrated["batches"] == original["batches"]
    elif how == "multiset":
        assert sorted(r for b in batches for r in b) == sorted(r for b in want for r in b)
    else:  # numbered examples from several producer threads, shuffled: consistent, distinct, as many
        for result in (original, migrated):
            labels = [x for b in result["batches"] for x in b["label"]]
            assert len(set(labels)) == len(labels)
            for b in result["batches"]:
                assert all(f == [label * 0.5] * 3 for f, label in zip(b["features"], b["label"]))


@pytest.mark.parametrize("name", sorted(REWRITTEN))
def test_to_tfdata_program_delivers_what_the_original_delivers(runs, name):
    _assert_same_delivery(runs["original"][name], runs["tfdata"][name], name)


@pytest.mark.parametrize("name", sorted(ALL))
def test_to_compat_program_delivers_what_the_original_delivers(runs, name):
    _assert_same_delivery(runs["original"][name], runs["compat"][name], name)


@pytest.mark.parametrize("name", sorted(REWRITTEN))
def test_to_tfdata_output_needs_neither_the_bridge_nor_queues(name):
    result = rewrite((PROGRAMS / f"{name}.py").read_text(), to="tfdata")
    assert result.changed and not result.refused, result.notes
    assert "tfdata_bridge" not in result.code
    assert scan_source(result.code) == ()
    assert rewrite(result.code, to="tfdata").code == result.code  # a second run changes nothing


@pytest.mark.parametrize("name", sorted(ALL))
def test_to_compat_changes_only_the_import(name):
    source = (PROGRAMS / f"{name}.py").read_text()
    result = rewrite(source, to="compat")
    assert result.code == source.replace("import tensorflow.compat.v1 as tf\n", "import tfdata_bridge.compat.v1 as tf\n")
    assert result.changed
    assert rewrite(result.code, to="compat").code == result.code
