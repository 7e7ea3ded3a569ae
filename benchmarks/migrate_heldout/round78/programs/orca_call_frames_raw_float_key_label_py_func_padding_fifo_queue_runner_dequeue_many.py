"""Orca call frames: raw float32 frame files, label looked up from the key by py_func, a hand-built
PaddingFIFOQueue with its own QueueRunner, dequeue_many."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

N_MELS = 3
BATCH = 2
POD_OF = {}


def make_calls(out_dir):
    rng = np.random.RandomState(7878)
    names = []
    for i in range(8):
        n_frames = 2 + (i * 3) % 4
        frames = np.round(rng.uniform(-1, 1, size=(n_frames, N_MELS)), 2).astype(np.float32)
        name = 'call_%02d.f32' % i
        with open(os.path.join(out_dir, name), 'wb') as f:
            f.write(frames.tobytes())
        POD_OF[name] = i % 3
        names.append(os.path.join(out_dir, name))
    return names


def _pod_label(key):
    return np.int64(POD_OF[os.path.basename(key.decode())])


def build_queue(filenames, batch_size):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    frames = tf.reshape(tf.decode_raw(value, tf.float32), [-1, N_MELS])
    n_frames = tf.shape(frames)[0]
    label = tf.py_func(_pod_label, [key], tf.int64, stateful=False)
    label.set_shape([])

    queue = tf.PaddingFIFOQueue(capacity=32, dtypes=[tf.float32, tf.int32, tf.int64],
                                shapes=[[None, N_MELS], [], []])
    enqueue_op = queue.enqueue([frames, n_frames, label])
    qr = tf.train.QueueRunner(queue, [enqueue_op])
    tf.train.add_queue_runner(qr)
    return queue.dequeue_many(batch_size)


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_orca')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    filenames = make_calls(out_dir)
    frames, lengths, pods = build_queue(filenames, BATCH)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, n, p = sess.run([frames, lengths, pods])
                batches.append([np.round(f.astype(np.float64), 2).tolist(), n.tolist(), p.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "calls: %d" % sum(len(b[1]) for b in batches)}
