"""A source helper of a sub-package wrapped by two per-element helpers of other modules, nested in one call
(`add_scaled(sources.parse_row(sources.lines_of(...)), 2.0)`), the batch imported as `make_batch` from
`tensorflow.compat.v1.train` and fed a dict comprehension."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1.train import Coordinator, batch as make_batch, start_queue_runners

from r18_lib.writing import write_rows
from r18_pkg.feats.extra import add_scaled
from r18_pkg.io import sources

KEYS = ("name", "count", "scaled", "even")


def main(data_dir):
    paths = write_rows(os.path.join(data_dir, "r18_nest_pkg"), "rows")
    row = add_scaled(sources.parse_row(sources.lines_of(paths, num_epochs=1)), 2.0)
    batch = make_batch({key: row[key] for key in KEYS}, batch_size=4, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = Coordinator()
        threads = start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                values = sess.run(batch)
                batches.append({"name": [n.decode() for n in values["name"]], "count": values["count"].tolist(),
                                "scaled": [round(float(v), 4) for v in values["scaled"]],
                                "even": values["even"].tolist()})
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "done"}
