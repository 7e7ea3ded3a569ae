"""Issue 19: ``tfdata-bridge materialize`` writes a Python producer's output to sharded TFRecord files with
its spec; ``tfdata_bridge.materialized(dir)`` reads them back natively: the same elements (in order),
dtypes, shapes and structure, and a pipeline ``tfdata_bridge.distribute`` takes (its run through a real
dispatcher and two workers is in ``test_scaling_service_dropin.py``'s child). In this process: the
command is ``cli.main``, the producers are this module's."""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np
import pytest
import tensorflow as tf

import tfdata_bridge as tfdb
from tfdata_bridge import cli
from tfdata_bridge._src.scaling import materialize, portable, service

pytestmark = pytest.mark.timeout(120)
N = 11  # elements: shards of 4, 4, 3 (and 3, 3, 3, 2)


def rows() -> Any:
    """A generator producer of three components: a float matrix, an int label, a string."""
    for i in range(N):
        yield np.full((2, 3), i + 0.5, np.float32), np.int64(i), f"row {i}".encode()


def rows_spec() -> Any:  # a factory, as the command takes one
    return tfdb.pipeline(rows, dtypes=["float32", "int64", "string"], shapes=[[2, 3], [], []], capacity=4,
                         batch_size=4, allow_smaller_final_batch=True)


def ranges() -> Any:
    for i in range(N):
        yield {"x": np.arange(i, dtype=np.int32), "y": np.float64(i)}


def numbers() -> Any:
    for i in range(N):
        yield np.int64(i)


named_spec = tfdb.pipeline(ranges, dtypes=["int32", "float64"], shapes=[[None], []], names=["x", "y"], capacity=4,
                           batch_size=3, dynamic_pad=True)  # a spec itself; shapes that vary by element
shuffled_spec = tfdb.pipeline(numbers, dtypes="int64", shapes=[()], capacity=6,
                              batch_size=2, shuffle=True, min_after_dequeue=2, seed=1)  # a bare element


def listed(dataset: Any) -> list[Any]:
    """The elements, numpy values in their structure, as comparable lists."""
    def plain(value: Any) -> Any:
        value = value.numpy() if hasattr(value, "numpy") else value
        return value.tolist() if isinstance(value, np.ndarray) else value

    return [tf.nest.map_structure(plain, element) for element in dataset]


def expected(spec: Any) -> list[Any]:
    return listed(materialize.elements_of(spec))


@pytest.mark.parametrize("spec, shards", [(rows_spec(), 3), (named_spec, 4), (shuffled_spec, 1)],
                         ids=["tuple-3-shards", "dict-varying-shapes-4-shards", "single-shuffled-1-shard"])
def test_the_round_trip_gives_the_producers_elements_in_order_with_their_structure(tmp_path, spec, shards):
    written = materialize.write(spec, str(tmp_path), shards, origin="test")
    assert written.elements == N
    assert sorted(os.listdir(tmp_path)) == sorted([materialize.shard_name(i, shards) for i in range(shards)]
                                                  + ["spec.json"])
    back = tfdb.materialized(str(tmp_path))
    made = materialize.elements_of(spec)
    assert back.element_spec == made.element_spec
    assert listed(back) == expected(spec)
    assert tfdb.is_native(back)
    assert portable.dataset(back, service.REFUSAL) is back  # what tfdata_bridge.distribute checks


def test_the_spec_file_describes_the_elements_and_the_source_spec(tmp_path):
    materialize.write(named_spec, str(tmp_path), 2, origin="pkg.mod:named_spec")
    with open(tmp_path / "spec.json") as f:
        described = json.load(f)
    assert described["format"] == "tfdata_bridge.materialized/1"
    assert described["structure"] == "dict"
    assert described["components"] == [{"name": "x", "dtype": "int32", "shape": [None]},
                                       {"name": "y", "dtype": "float64", "shape": []}]
    assert described["files"] == ["part-00000-of-00002.tfrecord", "part-00001-of-00002.tfrecord"]
    assert (described["elements"], described["source"]) == (N, "pkg.mod:named_spec")
    assert described["spec"] == {"queue": "padding_fifo", "capacity": 4, "min_after_dequeue": 0, "seed": None,
                                 "consumer": "dequeue_many", "batch_size": 3, "dynamic_pad": True}


def test_the_command_writes_a_factorys_output_and_reports_it(tmp_path, capsys):
    out = str(tmp_path / "out")
    assert cli.main(["materialize", "test_scaling_materialize:rows_spec", out, "--shards", "2"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"wrote {N} elements of test_scaling_materialize:rows_spec to 2 TFRecord files in {out}")
    assert listed(tfdb.materialized(out)) == [(np.full((2, 3), i + 0.5).tolist(), i, f"row {i}".encode())
                                              for i in range(N)]  # what the producer yielded, in its order
    # a file path instead of a module, the spec itself instead of a factory; --overwrite replaces what is there
    assert cli.main(["materialize", f"{__file__}:shuffled_spec", out, "--overwrite"]) == 0
    assert sorted(os.listdir(out)) == ["part-00000-of-00001.tfrecord", "spec.json"]
    assert sorted(listed(tfdb.materialized(out))) == list(range(N))


@pytest.mark.parametrize("argv, words", [
    (["no_colon", "OUT"], "SOURCE must be MODULE:NAME or FILE.py:NAME"),
    (["no_such_module_here:spec", "OUT"], "cannot import 'no_such_module_here'"),
    (["test_scaling_materialize:missing", "OUT"], "test_scaling_materialize has no 'missing'"),
    (["test_scaling_materialize:N", "OUT"], "writes a PipelineSpec (tfdata_bridge.pipeline(...)) or a "
                                            "tf.data.Dataset, or a function returning one; got int"),
])
def test_the_command_refuses_a_bad_source_and_writes_nothing(tmp_path, capsys, argv, words):
    argv = [a.replace("OUT", str(tmp_path / "out")) for a in argv]
    assert cli.main(["materialize", *argv]) == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_folder_already_written_is_kept_unless_overwrite(tmp_path, capsys):
    materialize.write(shuffled_spec, str(tmp_path), 1)
    assert cli.main(["materialize", "test_scaling_materialize:rows_spec", str(tmp_path), "--shards", "2"]) == 2
    assert "already holds materialized files (part-00000-of-00001.tfrecord, spec.json); write to an empty " \
           "folder, or pass --overwrite" in capsys.readouterr().err
    assert sorted(listed(tfdb.materialized(str(tmp_path)))) == list(range(N))  # untouched


@pytest.mark.parametrize("shards", ["0", "two"])
def test_bad_shards_is_a_usage_error(tmp_path, capsys, shards):
    with pytest.raises(SystemExit) as e:
        cli.main(["materialize", "test_scaling_materialize:rows_spec", str(tmp_path), "--shards", shards])
    assert e.value.code == 2
    assert f"must be an int >= 1 (how many TFRecord files to write); got '{shards}'" in capsys.readouterr().err


def failing() -> Any:
    yield np.int64(1)
    raise KeyError("record 2 is bad")


def test_a_producers_error_propagates_leaving_nothing_new_and_the_old_files_whole(tmp_path):
    spec = tfdb.pipeline(failing, dtypes="int64", shapes=[()])
    with pytest.raises(KeyError, match="record 2 is bad"):
        materialize.write(spec, str(tmp_path), 2)
    assert os.listdir(tmp_path) == []
    materialize.write(shuffled_spec, str(tmp_path), 1)  # a folder already written, overwritten by a failing run
    with pytest.raises(KeyError, match="record 2 is bad"):
        materialize.write(spec, str(tmp_path), 2, overwrite=True)
    assert sorted(listed(tfdb.materialized(str(tmp_path)))) == list(range(N))  # kept whole


def test_a_folder_without_its_spec_file_is_refused_naming_it(tmp_path):
    with pytest.raises(FileNotFoundError) as e:
        tfdb.materialized(str(tmp_path))
    assert str(e.value) == (f"tfdata_bridge.materialized: {tmp_path / 'spec.json'} does not exist; write the folder "
                            "with `tfdata-bridge materialize MODULE:SPEC OUT_DIR --shards N` first (a folder without "
                            "spec.json was not finished)")
    materialize.write(rows_spec(), str(tmp_path), 2)
    os.remove(tmp_path / materialize.shard_name(1, 2))
    with pytest.raises(ValueError, match="1 of the 2 files .* are missing"):
        tfdb.materialized(str(tmp_path))
