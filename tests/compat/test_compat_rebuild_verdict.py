"""A batch rebuilt over a shared stream judges its ops once (issue 16: the drop-in's fixed cost).

A reader's count asked for after a batch over its reads (``reader.num_records_produced()``, a record-counting
script's last line) shares the reader's stream (``shared_streams.share_now``), and the batch's pipeline is built
again over it (``graph_batch.build``'s ``rebuild``). The lifted ops are the same ones: whether they may run on the
whole batch (``graph_batch._vectorizable``, which infers their shapes in a scratch graph) is judged once and
kept for the rebuild. The data and the counts are legacy's; each program is a variant of the form (a TFRecord
file parsed, a CSV file decoded; the reader and the parse in a class, or inline).
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
import tensorflow as tf

import tfdata_bridge.compat.v1 as bridge
from tfdata_bridge._src.compat import graph_batch

LEGACY = tf.compat.v1


@pytest.fixture(scope="module")
def files(tmp_path_factory: Any) -> dict[str, list[str]]:
    root = tmp_path_factory.mktemp("rebuild_verdict")
    records, lines = [], []
    for f in range(2):
        path = str(root / f"g{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as writer:
            for i in range(5 + f):
                writer.write(tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(int64_list=tf.train.Int64List(value=[f * 100 + i])),
                    "pair": tf.train.Feature(int64_list=tf.train.Int64List(value=[i, 2 * i + f])),
                })).SerializeToString())
        records.append(path)
        path = str(root / f"g{f}.csv")
        with open(path, "w") as out:
            out.write("".join(f"{f * 100 + i},{i * 0.5}\n" for i in range(4 + f)))
        lines.append(path)
    return {"records": records, "lines": lines}


class Games:
    """The reader and the parse in a class, as a record-counting script has them."""

    def __init__(self, tf1: Any, paths: list[str]) -> None:
        self.tf1 = tf1
        self.queue = tf1.train.string_input_producer(paths, num_epochs=1, shuffle=False)
        self.reader = tf1.TFRecordReader()

    def game(self) -> list[Any]:
        tf1 = self.tf1
        _, serialized = self.reader.read(self.queue)
        parsed = tf1.parse_single_example(serialized, {"x": tf1.FixedLenFeature([], tf1.int64),
                                                       "pair": tf1.FixedLenFeature([2], tf1.int64)})
        return [parsed["x"], parsed["pair"][0] - parsed["pair"][1]]


def parsed_records(tf1: Any, files: dict[str, list[str]]) -> tuple[list[Any], Any]:
    games = Games(tf1, files["records"])
    batch = tf1.train.batch(games.game(), batch_size=4, allow_smaller_final_batch=True)
    return batch, games.reader


def decoded_lines(tf1: Any, files: dict[str, list[str]]) -> tuple[list[Any], Any]:
    queue = tf1.train.string_input_producer(files["lines"], num_epochs=1, shuffle=False)
    reader = tf1.TextLineReader()
    _, line = reader.read(queue)
    key, value = tf1.decode_csv(line, [[0], [0.0]])
    batch = tf1.train.batch([key * 2, value + 1.0], batch_size=3, allow_smaller_final_batch=True)
    return batch, reader


def run(tf1: Any, build: Any, files: dict[str, list[str]]) -> Any:
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch, reader = build(tf1, files)
        counts = [reader.num_records_produced(), reader.num_work_units_completed()]
        with tf1.Session() as sess:
            sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            got = []
            try:
                while True:
                    got.append([v.tolist() for v in sess.run(batch)])
            except tf.errors.OutOfRangeError:
                pass
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
            return got, [int(c) for c in sess.run(counts)]


@pytest.mark.parametrize("build", [parsed_records, decoded_lines], ids=["parse_single_example", "decode_csv"])
def test_a_batch_rebuilt_over_a_shared_stream_judges_its_ops_once_with_legacys_data(files, build, monkeypatch):
    judged, built = [], []
    judge, dataset = graph_batch._vectorizable, graph_batch._dataset

    def judging(req: Any, lift: Any) -> bool:
        judged.append(judge(req, lift))
        return judged[-1]

    def building(*args: Any, **kwargs: Any) -> Any:
        built.append(dataset(*args, **kwargs))
        return built[-1]

    legacy = run(LEGACY, build, files)
    monkeypatch.setattr(graph_batch, "_vectorizable", judging)
    monkeypatch.setattr(graph_batch, "_dataset", building)
    ours = run(bridge, build, files)
    assert ours == legacy
    assert legacy[1][1] == 2 and legacy[1][0] == sum(len(b[0]) for b in legacy[0]) > 0
    assert [vectorized for _, _, vectorized, _ in built] == [True, True]  # built, then rebuilt over the kernels
    assert judged == [True]  # judged (its shapes inferred) once: the rebuild kept the verdict
