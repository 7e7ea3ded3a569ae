import os

import numpy as np
import tensorflow as tf

import rail45_lib.input as input
from rail45_lib import data


def main(data_dir):
    directory = os.path.join(data_dir, "h45_axle_runs", "labeled_by_index")
    input.write_axle_runs(directory)

    session = tf.compat.v1.Session()

    my_input_fn = data.get_input_fn(
        input_file_names=input.get_tfrecord_file_names_from_directory(directory),
        batch_size=4,
        num_epochs=1,
        shuffle=True,
        window_size=4,
        stride=4
    )
    batch_data = my_input_fn()

    session.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=session, coord=coord)

    batches = []
    for i in range(1000):
        try:
            out = session.run(batch_data)
        except tf.errors.OutOfRangeError:
            break
        features, axles = out
        batches.append([np.round(features["windows"].astype(np.float64), 3).tolist(),
                        axles.tolist(),
                        [s.decode() for s in features["segment"]]])

    coord.request_stop()
    coord.join(threads)
    session.close()
    return {"batches": batches, "end": "windows: %d" % sum(len(b[1]) for b in batches)}
