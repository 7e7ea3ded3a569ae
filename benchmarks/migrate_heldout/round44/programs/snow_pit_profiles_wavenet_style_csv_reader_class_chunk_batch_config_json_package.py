"""Snow pit profiles (one CSV per pit, one row per layer: depth, temperature, density, grain size) cut into
chunks of receptive_field + sample_size layers by a WaveNet-style CsvReader configured from a JSON file."""
import json
import os

import numpy as np
import tensorflow as tf

from snow44_lib import CsvReader, load_config

PITS = {
    "pit_north.csv": [(0, -1.5, 180.0, 0.5), (10, -3.0, 240.0, 0.8), (20, -4.2, 290.0, 1.0),
                      (30, -5.1, 320.0, 1.5), (40, -5.8, 355.0, 2.0)],
    "pit_south.csv": [(0, -0.5, 150.0, 0.3), (10, -1.8, 210.0, 0.7), (20, -2.9, 260.0, 1.2),
                      (30, -3.6, 300.0, 1.8), (40, -4.0, 340.0, 2.5)],
}


def main(data_dir):
    folder = os.path.join(data_dir, "h44_snow_pits")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    files = []
    for name in sorted(PITS):
        path = os.path.join(folder, name)
        with open(path, "w") as f:
            f.write("depth_cm,temp_c,density_kg_m3,grain_mm\n")
            for row in PITS[name]:
                f.write("%d,%.1f,%.1f,%.1f\n" % row)
        files.append(path)
    notes = os.path.join(folder, "field_notes.txt")
    with open(notes, "w") as f:
        f.write("observer: AK; sky: overcast\n")
    files.append(notes)
    config_path = os.path.join(folder, "snow_config.json")
    with open(config_path, "w") as f:
        json.dump({"data_dim": 3, "data_suffix": ".csv", "header_lines": 1, "num_epochs": 1}, f)

    config = load_config(config_path)
    reader = CsvReader(files, receptive_field=2, sample_size=2, config=config)
    depth_batch, data_batch = reader.get_batch()

    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            depth, data = sess.run([depth_batch, data_batch])
            batches.append([depth.tolist(), np.round(data.astype(np.float64), 1).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "layers: %d" % sum(len(b[0]) for b in batches)}
