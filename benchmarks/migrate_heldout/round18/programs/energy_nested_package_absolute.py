"""Smart meters: the pipeline in a package with sub-packages (`energy_lib.io.readers`,
`energy_lib.features.calendar`) imported by absolute names; the batch functions imported from
`tensorflow.compat.v1.train`."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1.train import Coordinator, batch as make_batch, start_queue_runners

from energy_lib.features.calendar import add_calendar
from energy_lib.io import readers

KEYS = ("meter", "hour", "peak", "weekday", "kwh")


def write_exports(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for meter in ("north", "south"):
        path = os.path.join(folder, "meter-%s.csv" % meter)
        with open(path, "w") as out:
            out.write("meter,timestamp,kwh,voltage\n")
            for i in range(9):
                out.write("%s,2024-03-%02dT%02d:00,%.3f,%.1f\n" % (meter, 1 + i // 4, (i * 5) % 24, 0.4 + 0.15 * i,
                                                                   229.0 + i % 3))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_exports(os.path.join(data_dir, "h18_energy"))
    reading = add_calendar(readers.parse_reading(readers.meter_lines(paths, num_epochs=1)))
    batch = make_batch({key: reading[key] for key in KEYS}, batch_size=4, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = Coordinator()
        threads = start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                values = sess.run(batch)
                batches.append({"meter": [m.decode() for m in values["meter"]], "hour": values["hour"].tolist(),
                                "peak": values["peak"].tolist(), "weekday": values["weekday"].tolist(),
                                "kwh": [round(float(v), 4) for v in values["kwh"]]})
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "done"}
