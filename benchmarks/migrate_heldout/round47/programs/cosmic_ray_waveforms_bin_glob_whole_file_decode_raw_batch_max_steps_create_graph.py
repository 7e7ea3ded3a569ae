import tensorflow as tf
import numpy as np
import glob
import os

sz = 6  # signel data length
epoch = 1
max_steps = 10  # exit loop at this step num even if epoch num not reached


def createGraph(in_dir):
    input_paths = glob.glob(os.path.join(in_dir, "*.bin"))
    input_paths.sort()
    # print("load ", len(input_paths), "files")
    queue = tf.compat.v1.train.string_input_producer(input_paths, num_epochs=epoch, seed=21)
    reader = tf.compat.v1.WholeFileReader()
    key, value = reader.read(queue)
    image = tf.compat.v1.decode_raw(value, tf.float32)
    image = tf.reshape(image, [2, 1, tf.constant(sz), 1])

    image = tf.multiply(image, tf.constant(0.5))
    peak = tf.reduce_max(image, axis=[1, 2, 3])
    batch = tf.compat.v1.train.batch([image, peak], batch_size=2, num_threads=1)
    return batch


def main(data_dir):
    in_dir = os.path.join(data_dir, "h47_cosmic_waveforms", "input", "evaluation")
    os.makedirs(in_dir, exist_ok=True)
    rng = np.random.RandomState(4706)
    for i in range(8):
        rng.uniform(0, 4, size=(2, 1, sz, 1)).astype(np.float32).tofile(os.path.join(in_dir, "trig_%03d.bin" % i))

    batch = createGraph(in_dir)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
        while not coord.should_stop():
            wave, peak = sess.run(batch)
            batches.append([np.round(wave.astype(np.float64), 5).reshape(2, -1).tolist(),
                            np.round(peak.astype(np.float64), 5).tolist()])
            step += 1
            if step >= max_steps:
                break
    except tf.errors.OutOfRangeError:
        pass  # print("done")
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "triggers: %d" % (2 * len(batches))}
