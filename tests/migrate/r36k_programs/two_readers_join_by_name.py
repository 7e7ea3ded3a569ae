"""Two copies of the by-name helper's read into ``shuffle_batch_join`` (each clip once: multiset); this module
imports the helper's ``RECORD_BYTES`` itself, which the dataset reads."""
import os

import tensorflow as tf

from r36k_lib.clips import RECORD_BYTES, read_clip, write_clips


def get_batch(paths, batch_size, num_readers=2):
    filename_queue = tf.compat.v1.train.string_input_producer(paths, num_epochs=1, shuffle=True, seed=7)
    clip_list = [read_clip(filename_queue) for _ in range(num_readers)]
    return tf.compat.v1.train.shuffle_batch_join(clip_list, batch_size=batch_size, capacity=20,
                                                 min_after_dequeue=4, seed=7)


def main(data_dir):
    out = os.path.join(data_dir, "r36k_join")
    os.makedirs(out, exist_ok=True)
    paths = [write_clips(out, s, 4, seed + 9) for seed, s in enumerate(["e", "f", "g"])]  # 12 clips
    samples, label = get_batch(paths, 4)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, l = sess.run([samples, label])
                batches.append([s.tolist(), l.tolist(), [RECORD_BYTES] * len(l)])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
