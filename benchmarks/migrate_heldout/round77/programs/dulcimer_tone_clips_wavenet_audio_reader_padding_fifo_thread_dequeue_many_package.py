"""Hammered-dulcimer tone clips of different lengths through a WaveNet-style `AudioReader` (package
`dulcimer77`): the training script's shape (`coord = tf.train.Coordinator()`, `reader = AudioReader(...)`,
`audio_batch = reader.dequeue(args.batch_size)`, `threads = tf.train.start_queue_runners(...)`,
`reader.start_threads(sess)`, a fixed number of steps, `coord.request_stop()` / `coord.join(threads)`)."""
import argparse
import os

import numpy as np
import tensorflow.compat.v1 as tf

from dulcimer77.audio_reader import AudioReader

BATCH_SIZE = 2
NUM_STEPS = 3


def get_arguments():
    parser = argparse.ArgumentParser(description='WaveNet example network')
    parser.add_argument('--batch_size', type=int, default=BATCH_SIZE)
    parser.add_argument('--data_dir', type=str, default='./dulcimer')
    parser.add_argument('--num_steps', type=int, default=NUM_STEPS)
    return parser.parse_args([])


def write_clips(folder):
    rng = np.random.RandomState(7707)
    os.makedirs(folder, exist_ok=True)
    for i in range(6):
        length = rng.randint(2, 6)
        np.save(os.path.join(folder, "tone_%02d.npy" % i), np.round(rng.uniform(-1, 1, size=length), 3)
                .astype(np.float32))


def main(data_dir):
    args = get_arguments()
    args.data_dir = os.path.join(data_dir, "h77_dulcimer")
    write_clips(args.data_dir)

    coord = tf.train.Coordinator()
    with tf.name_scope('create_inputs'):
        reader = AudioReader(args.data_dir, coord)
        audio_batch = reader.dequeue(args.batch_size)

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    reader.start_threads(sess)

    batches = []
    try:
        for step in range(args.num_steps):
            audio = sess.run(audio_batch)
            batches.append([np.round(audio[:, :, 0], 3).tolist()])
    finally:
        coord.request_stop()
        coord.join(threads)
        for t in reader.threads:
            t.join()
    sess.close()
    return {"batches": batches, "end": "clips: %d" % sum(len(b[0]) for b in batches)}
