"""Wind-turbine SCADA arrays loaded from .npy, sliced by slice_input_producer (no shuffle, one epoch), batched by one
thread and run until coord.should_stop() / OutOfRangeError, following the 8-step recipe of a queue README."""
import os

import numpy as np
import tensorflow as tf
from tensorflow.compat import v1 as tf1


def get_batch_data(folder, batch_size):
    readings = np.load(os.path.join(folder, "scada_readings.npy"))
    power = np.load(os.path.join(folder, "scada_power.npy"))
    # 1. slice tensors into the filename-like queue
    input_queue = tf1.train.slice_input_producer([readings, power], num_epochs=1, shuffle=False)
    reading, kw = input_queue[0], input_queue[1]
    # 2. batch them with a single thread
    reading_batch, kw_batch = tf1.train.batch([reading, kw], batch_size=batch_size, num_threads=1, capacity=32,
                                              allow_smaller_final_batch=False)
    return reading_batch, kw_batch


def main(data_dir):
    folder = os.path.join(data_dir, "h37_wind_turbine")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(37)
    np.save(os.path.join(folder, "scada_readings.npy"), rng.uniform(0, 25, (11, 3)).astype(np.float32))
    np.save(os.path.join(folder, "scada_power.npy"), rng.randint(0, 2000, 11).astype(np.int32))

    reading_batch, kw_batch = get_batch_data(folder, 4)
    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.global_variables_initializer())
        sess.run(tf1.local_variables_initializer())
        # 3. a coordinator  4. start the enqueue threads
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess, coord)
        try:
            # 6. dequeue  7. stop on should_stop / OutOfRange
            while not coord.should_stop():
                r, k = sess.run([reading_batch, kw_batch])
                batches.append([np.round(r.astype(np.float64), 3).tolist(), k.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            # 8. stop and join
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "turbine readings: %d" % sum(len(b[1]) for b in batches)}
