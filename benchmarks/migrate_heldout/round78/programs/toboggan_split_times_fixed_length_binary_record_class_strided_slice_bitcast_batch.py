"""Toboggan-run split times in binary files (lane byte, 3 pad bytes, three float32 splits): a CIFAR-style
read_run(filename_queue) filling a record class, strided_slice + bitcast, inputs(eval_data, data_dir,
batch_size) with an unshuffled one-epoch producer and a one-thread batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

LANE_BYTES = 1
PAD_BYTES = 3
N_SPLITS = 3
RECORD_BYTES = LANE_BYTES + PAD_BYTES + 4 * N_SPLITS
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 10


def write_runs(data_dir):
    rng = np.random.RandomState(678)
    for k in range(1, 3):
        with open(os.path.join(data_dir, 'runs_%d.bin' % k), 'wb') as f:
            for _ in range(5):
                lane = np.array([rng.randint(1, 5)], dtype=np.uint8).tobytes()
                splits = np.round(rng.uniform(8, 20, size=N_SPLITS), 2).astype('<f4').tobytes()
                f.write(lane + b'\x00' * PAD_BYTES + splits)


def read_run(filename_queue):
    class TobogganRecord(object):
        pass
    result = TobogganRecord()

    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES)
    result.key, value = reader.read(filename_queue)
    record_bytes = tf.decode_raw(value, tf.uint8)

    result.lane = tf.cast(tf.strided_slice(record_bytes, [0], [LANE_BYTES]), tf.int32)
    split_bytes = tf.reshape(
        tf.strided_slice(record_bytes, [LANE_BYTES + PAD_BYTES], [RECORD_BYTES]), [N_SPLITS, 4])
    result.splits = tf.bitcast(split_bytes, tf.float32)
    return result


def inputs(eval_data, data_dir, batch_size):
    if not eval_data:
        filenames = [os.path.join(data_dir, 'runs_%d.bin' % i) for i in range(1, 3)]
    else:
        filenames = [os.path.join(data_dir, 'runs_%d.bin' % i) for i in range(1, 3)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file: ' + f)

    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    read_input = read_run(filename_queue)
    lane = tf.reshape(read_input.lane, [])
    total = tf.reduce_sum(read_input.splits)
    read_input.splits.set_shape([N_SPLITS])

    return tf.train.batch([read_input.splits, total, lane], batch_size=batch_size,
                          num_threads=1, capacity=NUM_EXAMPLES_PER_EPOCH_FOR_EVAL + 3 * batch_size)


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_toboggan')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    write_runs(out_dir)
    splits, totals, lanes = inputs(eval_data=True, data_dir=out_dir, batch_size=5)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        num_iter = NUM_EXAMPLES_PER_EPOCH_FOR_EVAL // 5
        step = 0
        while step < num_iter and not coord.should_stop():
            s, t, l = sess.run([splits, totals, lanes])
            batches.append([np.round(s.astype(np.float64), 2).tolist(),
                            np.round(t.astype(np.float64), 2).tolist(), l.tolist()])
            step += 1
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return {"batches": batches, "end": "runs: %d" % sum(len(b[2]) for b in batches)}
