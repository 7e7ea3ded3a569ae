"""The ischlag feed thread: chunks of 4 rows (wrapping) fed by `enqueue_many` into a FIFOQueue whose `dequeue()`
feeds `train.batch`; the thread's `isDaemon()`, `is_alive()`, `name` read and dropped; a close run at the end;
RunOptions on every step (`import tensorflow.compat.v1 as tf`)."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

CHUNK = 4


def main(data_dir):
    folder = os.path.join(data_dir, "r44t_wrap")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.npy")
    np.save(path, np.arange(30, dtype=np.float32).reshape(10, 3))
    raw_data = np.load(path)
    raw_target = (np.arange(10) % 3).astype(np.int32)

    queue_input_data = tf.placeholder(tf.float32, shape=[CHUNK, 3])
    queue_input_target = tf.placeholder(tf.int32, shape=[CHUNK])
    queue = tf.FIFOQueue(capacity=20, dtypes=[tf.float32, tf.int32], shapes=[[3], []])
    enqueue_op = queue.enqueue_many([queue_input_data, queue_input_target])
    dequeue_op = queue.dequeue()
    close_op = queue.close(cancel_pending_enqueues=True)
    data_batch, target_batch = tf.train.batch(dequeue_op, batch_size=3, capacity=12)

    def enqueue(sess):
        under = 0
        max = len(raw_data)
        while True:
            upper = under + CHUNK
            if upper <= max:
                curr_data = raw_data[under:upper]
                curr_target = raw_target[under:upper]
                under = upper
            else:
                rest = upper - max
                curr_data = np.concatenate((raw_data[under:max], raw_data[0:rest]))
                curr_target = np.concatenate((raw_target[under:max], raw_target[0:rest]))
                under = rest
            try:
                sess.run(enqueue_op, feed_dict={queue_input_data: curr_data, queue_input_target: curr_target})
            except (tf.errors.CancelledError, tf.errors.AbortedError):
                break

    sess = tf.Session()
    enqueue_thread = threading.Thread(target=enqueue, args=[sess])
    enqueue_thread.isDaemon()
    enqueue_thread.daemon = True
    enqueue_thread.name
    enqueue_thread.start()
    enqueue_thread.is_alive()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord, sess=sess)
    batches = []
    for i in range(6):
        run_options = tf.RunOptions(timeout_in_ms=20000)
        d, t = sess.run([data_batch, target_batch], options=run_options)
        batches.append([d.tolist(), t.tolist()])
    sess.run(close_op)
    coord.request_stop()
    coord.join(threads)
    enqueue_thread.join()
    sess.close()
    return {"batches": batches, "end": "steps: %d" % len(batches)}
